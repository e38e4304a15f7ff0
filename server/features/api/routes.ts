import { Router, type Request, type Response } from 'express';
import type { AppContext } from '../../context';
import { methods, path, type RouteName } from '../../../shared/routes';
import { apiController } from './controller';
import { operation, publicOperation } from './http';
import { openApiDocument } from './openapi';
import { API_OPERATIONS } from './operations';

type Handler = (req: Request, res: Response) => Promise<void>;
const verbs = { GET: 'get', POST: 'post', PATCH: 'patch', DELETE: 'delete' } as const;

/**
 * /api/v1 (issue #28): mounted before the session pipeline (server/app.ts), so no cookie, CSRF
 * token or session is read or written here; a bearer token is the only way in. Each route carries
 * its whole chain (http.ts), ending in the problem+json error handler.
 */
export function apiRoutes(ctx: AppContext): Router {
  const router = Router();
  const c = apiController(ctx);
  const handlers: Partial<Record<RouteName, Handler>> = {
    'api.board-users.index': c.boardUsers.index,
    'api.board-users.store': c.boardUsers.store,
    'api.board-users.show': c.boardUsers.show,
    'api.board-users.update': c.boardUsers.update,
    'api.board-users.destroy': c.boardUsers.destroy,
    'api.board-users.restore': c.boardUsers.restore,
    'api.insights.index': c.insights.index,
    'api.insights.store': c.insights.store,
    'api.insights.show': c.insights.show,
    'api.insights.update': c.insights.update,
    'api.insights.publish': c.insights.publish,
    'api.insights.share': c.insights.share,
    'api.insights.unshare': c.insights.unshare,
    'api.activity.index': c.activity.index,
  };

  let document: unknown;
  router.get(
    path('api.openapi'),
    ...publicOperation((_req, res) => {
      document ??= openApiDocument(ctx.config.APP_NAME, ctx.config.APP_URL);
      res.set('Cache-Control', 'public, max-age=300').json(document);
    }),
  );
  for (const op of API_OPERATIONS) {
    const handler = handlers[op.route];
    if (!handler) throw new Error(`API operation ${op.route} has no handler`);
    const verb = verbs[methods(op.route)[0] as keyof typeof verbs];
    router[verb](path(op.route), ...operation(ctx, op.ability, handler));
  }
  return router;
}

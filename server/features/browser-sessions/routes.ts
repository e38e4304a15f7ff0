import { Router } from 'express';
import type { AppContext } from '../../context';
import { guards } from '../auth/guards';
import { requirePasswordConfirmed } from '../auth/middleware';
import { browserSessionsController } from './controller';
import { path } from '../../../shared/routes';

/** The signed-in browsers of Profile/Edit (the list itself is its `sessions` prop). */
export function browserSessionRoutes(ctx: AppContext): Router {
  const router = Router();
  const c = browserSessionsController(ctx);
  const { signedIn } = guards(ctx);
  router.delete(path('browser-sessions.destroy-others'), ...signedIn, c.destroyOthers);
  router.delete(path('browser-sessions.destroy'), ...signedIn, requirePasswordConfirmed(ctx), c.destroy);
  return router;
}

import { Router } from 'express';
import type { AppContext } from '../../context';
import { publicInsightsController } from './controller';

/** Public insight pages: no sign-in. */
export function publicInsightRoutes(ctx: AppContext): Router {
  const router = Router();
  const c = publicInsightsController(ctx);
  router.get('/p/:orgSlug', c.index);
  router.get('/p/:orgSlug/:token', c.show);
  return router;
}

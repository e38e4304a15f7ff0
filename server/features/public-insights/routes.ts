import { Router } from 'express';
import type { AppContext } from '../../context';
import { publicInsightsController } from './controller';
import { path } from '../../../shared/routes';

/** Public insight pages: no sign-in. */
export function publicInsightRoutes(ctx: AppContext): Router {
  const router = Router();
  const c = publicInsightsController(ctx);
  router.get(path('public-insights.index'), c.index);
  router.get(path('public-insights.show'), c.show);
  return router;
}

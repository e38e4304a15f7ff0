import { Router } from 'express';
import type { AppContext } from '../../context';
import { guards } from '../auth/guards';
import { dashboardController } from './controller';

export function dashboardRoutes(ctx: AppContext): Router {
  const router = Router();
  const c = dashboardController(ctx);
  const { inOrganization } = guards(ctx);
  router.get('/dashboard', ...inOrganization, c.show);
  return router;
}

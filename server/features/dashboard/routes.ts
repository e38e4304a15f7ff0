import { Router } from 'express';
import type { AppContext } from '../../context';
import { guards } from '../auth/guards';
import { dashboardController } from './controller';
import { path } from '../../../shared/routes';

export function dashboardRoutes(ctx: AppContext): Router {
  const router = Router();
  const c = dashboardController(ctx);
  const { inOrganization } = guards(ctx);
  router.get(path('dashboard'), ...inOrganization, c.show);
  return router;
}

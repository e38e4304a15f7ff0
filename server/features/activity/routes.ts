import { Router } from 'express';
import type { AppContext } from '../../context';
import { guards } from '../auth/guards';
import { organizationFromRoute } from '../../tenancy/guard';
import { activityLogController } from './controller';
import { path } from '../../../shared/routes';

/** The organisation's activity log and its CSV export: 404 for an organisation out of reach, then 403 below admin. */
export function activityRoutes(ctx: AppContext): Router {
  const router = Router();
  const c = activityLogController(ctx);
  const { verified } = guards(ctx);
  const readLog = [...verified, organizationFromRoute(ctx, 'viewActivity')];
  router.get(path('activity-logs.index'), ...readLog, c.index);
  router.get(path('activity-logs.export'), ...readLog, c.export);
  return router;
}

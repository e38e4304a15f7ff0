import { Router } from 'express';
import type { AppContext } from '../../context';
import { guards } from '../auth/guards';
import { tenantRecord } from '../../tenancy/guard';
import { path } from '../../../shared/routes';
import { portalAccessController } from './controller';

/** A board user's portal access: another organisation's board user is a 404 before any role check. */
export function portalAccessRoutes(ctx: AppContext): Router {
  const router = Router();
  const c = portalAccessController(ctx);
  const record = [...guards(ctx).inOrganization, tenantRecord(ctx, 'board_users')];
  router.post(path('board-users.portal-access.store'), ...record, c.store);
  router.delete(path('board-users.portal-access.destroy'), ...record, c.destroy);
  return router;
}

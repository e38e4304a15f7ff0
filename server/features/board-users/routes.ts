import { Router } from 'express';
import type { AppContext } from '../../context';
import { guards } from '../auth/guards';
import { tenantRecord } from '../../tenancy/guard';
import { boardUsersController } from './controller';
import { boardUsersBulkController } from './bulk-controller';
import { path } from '../../../shared/routes';

export function boardUserRoutes(ctx: AppContext): Router {
  const router = Router();
  const c = boardUsersController(ctx);
  const { inOrganization } = guards(ctx);
  const record = [...inOrganization, tenantRecord(ctx, 'board_users')];
  // Fixed paths before /:id.
  router.get(path('board-users.index'), ...inOrganization, c.index);
  router.get(path('board-users.create'), ...inOrganization, c.create);
  router.get(path('board-users.export'), ...inOrganization, c.export);
  router.get(path('board-users.options'), ...inOrganization, c.options);
  router.post(path('board-users.store'), ...inOrganization, c.store);
  const bulk = boardUsersBulkController(ctx);
  router.post(path('board-users.bulk'), ...inOrganization, bulk.apply);
  router.post(path('board-users.bulk-export'), ...inOrganization, bulk.export);
  router.get(path('board-users.show'), ...record, c.show);
  router.get(path('board-users.edit'), ...record, c.edit);
  router.put(path('board-users.update'), ...record, c.update);
  router.patch(path('board-users.update'), ...record, c.update);
  router.delete(path('board-users.destroy'), ...record, c.destroy);
  router.put(path('board-users.restore'), ...record, c.restore);
  return router;
}

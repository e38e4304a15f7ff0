import { Router } from 'express';
import type { AppContext } from '../../context';
import { guards } from '../auth/guards';
import { tenantRecord } from '../../tenancy/guard';
import { boardUsersController } from './controller';
import { boardUsersBulkController } from './bulk-controller';

export function boardUserRoutes(ctx: AppContext): Router {
  const router = Router();
  const c = boardUsersController(ctx);
  const { inOrganization } = guards(ctx);
  const record = [...inOrganization, tenantRecord(ctx, 'board_users')];
  // Fixed paths before /:id.
  router.get('/board-users', ...inOrganization, c.index);
  router.get('/board-users/create', ...inOrganization, c.create);
  router.get('/board-users/export', ...inOrganization, c.export);
  router.get('/board-users/options', ...inOrganization, c.options);
  router.post('/board-users', ...inOrganization, c.store);
  const bulk = boardUsersBulkController(ctx);
  router.post('/board-users/bulk', ...inOrganization, bulk.apply);
  router.post('/board-users/bulk/export', ...inOrganization, bulk.export);
  router.get('/board-users/:id', ...record, c.show);
  router.get('/board-users/:id/edit', ...record, c.edit);
  router.put('/board-users/:id', ...record, c.update);
  router.patch('/board-users/:id', ...record, c.update);
  router.delete('/board-users/:id', ...record, c.destroy);
  router.put('/board-users/:id/restore', ...record, c.restore);
  return router;
}

import { Router } from 'express';
import type { AppContext } from '../../context';
import { guards } from '../auth/guards';
import { tenantRecord } from '../../tenancy/guard';
import { insightsController } from './controller';
import { insightsBulkController } from './bulk-controller';

export function insightRoutes(ctx: AppContext): Router {
  const router = Router();
  const c = insightsController(ctx);
  const { inOrganization } = guards(ctx);
  const record = [...inOrganization, tenantRecord(ctx, 'insights')];
  router.get('/insights', ...inOrganization, c.index);
  router.get('/insights/create', ...inOrganization, c.create);
  router.post('/insights/preview', ...inOrganization, c.preview);
  router.post('/insights', ...inOrganization, c.store);
  const bulk = insightsBulkController(ctx);
  router.post('/insights/bulk', ...inOrganization, bulk.apply);
  router.post('/insights/bulk/export', ...inOrganization, bulk.export);
  router.get('/insights/:id', ...record, c.show);
  router.get('/insights/:id/edit', ...record, c.edit);
  router.put('/insights/:id', ...record, c.update);
  router.patch('/insights/:id', ...record, c.update);
  router.delete('/insights/:id', ...record, c.destroy);
  router.put('/insights/:id/restore', ...record, c.restore);
  router.post('/insights/:id/publish', ...record, c.publish);
  router.post('/insights/:id/archive', ...record, c.archive);
  router.post('/insights/:id/share', ...record, c.share);
  router.delete('/insights/:id/share', ...record, c.unshare);
  return router;
}

import { Router } from 'express';
import type { AppContext } from '../../context';
import { guards } from '../auth/guards';
import { tenantRecord } from '../../tenancy/guard';
import { insightsController } from './controller';
import { insightsBulkController } from './bulk-controller';
import { path } from '../../../shared/routes';

export function insightRoutes(ctx: AppContext): Router {
  const router = Router();
  const c = insightsController(ctx);
  const { inOrganization } = guards(ctx);
  const record = [...inOrganization, tenantRecord(ctx, 'insights')];
  router.get(path('insights.index'), ...inOrganization, c.index);
  router.get(path('insights.create'), ...inOrganization, c.create);
  router.post(path('insights.preview'), ...inOrganization, c.preview);
  router.post(path('insights.store'), ...inOrganization, c.store);
  const bulk = insightsBulkController(ctx);
  router.post(path('insights.bulk'), ...inOrganization, bulk.apply);
  router.post(path('insights.bulk-export'), ...inOrganization, bulk.export);
  router.get(path('insights.show'), ...record, c.show);
  router.get(path('insights.edit'), ...record, c.edit);
  router.put(path('insights.update'), ...record, c.update);
  router.patch(path('insights.update'), ...record, c.update);
  router.delete(path('insights.destroy'), ...record, c.destroy);
  router.put(path('insights.restore'), ...record, c.restore);
  router.post(path('insights.publish'), ...record, c.publish);
  router.post(path('insights.archive'), ...record, c.archive);
  router.post(path('insights.share'), ...record, c.share);
  router.delete(path('insights.unshare'), ...record, c.unshare);
  return router;
}

import { Router } from 'express';
import type { AppContext } from '../../context';
import { guards } from '../../http/guards';
import { insightsController } from './controller';

export function insightRoutes(ctx: AppContext): Router {
  const router = Router();
  const c = insightsController(ctx);
  const { inOrganization } = guards(ctx);
  router.get('/insights', ...inOrganization, c.index);
  router.get('/insights/create', ...inOrganization, c.create);
  router.post('/insights/preview', ...inOrganization, c.preview);
  router.post('/insights', ...inOrganization, c.store);
  router.get('/insights/:id', ...inOrganization, c.show);
  router.get('/insights/:id/edit', ...inOrganization, c.edit);
  router.put('/insights/:id', ...inOrganization, c.update);
  router.patch('/insights/:id', ...inOrganization, c.update);
  router.delete('/insights/:id', ...inOrganization, c.destroy);
  router.put('/insights/:id/restore', ...inOrganization, c.restore);
  router.post('/insights/:id/publish', ...inOrganization, c.publish);
  router.post('/insights/:id/archive', ...inOrganization, c.archive);
  router.post('/insights/:id/share', ...inOrganization, c.share);
  router.delete('/insights/:id/share', ...inOrganization, c.unshare);
  return router;
}

import { Router } from 'express';
import type { AppContext } from '../../context';
import { guards } from '../auth/guards';
import { subscriptionsController } from './controller';

export function subscriptionRoutes(ctx: AppContext): Router {
  const router = Router();
  const c = subscriptionsController(ctx);
  const { inOrganization } = guards(ctx);
  router.get('/subscription', ...inOrganization, c.show);
  router.get('/subscription/edit', ...inOrganization, c.edit);
  router.get('/subscription/history', ...inOrganization, c.history);
  router.put('/subscription', ...inOrganization, c.update);
  router.post('/subscription/cancel', ...inOrganization, c.cancel);
  router.post('/subscription/resume', ...inOrganization, c.resume);
  return router;
}

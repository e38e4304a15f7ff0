import { Router } from 'express';
import type { AppContext } from '../../context';
import { guards } from '../auth/guards';
import { subscriptionsController } from './controller';
import { path } from '../../../shared/routes';

export function subscriptionRoutes(ctx: AppContext): Router {
  const router = Router();
  const c = subscriptionsController(ctx);
  const { inOrganization } = guards(ctx);
  router.get(path('subscription.show'), ...inOrganization, c.show);
  router.get(path('subscription.edit'), ...inOrganization, c.edit);
  router.get(path('subscription.history'), ...inOrganization, c.history);
  router.put(path('subscription.update'), ...inOrganization, c.update);
  router.post(path('subscription.cancel'), ...inOrganization, c.cancel);
  router.post(path('subscription.resume'), ...inOrganization, c.resume);
  return router;
}

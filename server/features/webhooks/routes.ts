import { Router } from 'express';
import type { AppContext } from '../../context';
import { guards } from '../auth/guards';
import { organizationFromRoute } from '../../tenancy/guard';
import { path } from '../../../shared/routes';
import { webhookController } from './controller';

/** /organizations/:id/webhooks…: admins and owners (404 for another organisation, then 403). */
export function webhookRoutes(ctx: AppContext): Router {
  const router = Router();
  const c = webhookController(ctx);
  const { verified } = guards(ctx);
  const admin = organizationFromRoute(ctx, 'manageOrganization');
  router.get(path('webhooks.index'), ...verified, admin, c.index);
  router.post(path('webhooks.store'), ...verified, admin, c.store);
  router.get(path('webhooks.show'), ...verified, admin, c.show);
  router.put(path('webhooks.update'), ...verified, admin, c.update);
  router.delete(path('webhooks.destroy'), ...verified, admin, c.destroy);
  router.post(path('webhooks.rotate'), ...verified, admin, c.rotate);
  router.post(path('webhooks.test'), ...verified, admin, c.test);
  return router;
}

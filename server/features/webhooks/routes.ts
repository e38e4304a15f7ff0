import { Router } from 'express';
import type { AppContext } from '../../context';
import { guards } from '../auth/guards';
import { organizationFromRoute, organizationRecordFromRoute } from '../../tenancy/guard';
import { findEndpoint } from './repository';
import { path } from '../../../shared/routes';
import { webhookController } from './controller';

/**
 * /organizations/:id/webhooks…: admins and owners. Another organisation's id, or an endpoint that is
 * not this organisation's, answers 404 before any role check (then 403).
 */
export function webhookRoutes(ctx: AppContext): Router {
  const router = Router();
  const c = webhookController(ctx);
  const { verified } = guards(ctx);
  const admin = organizationFromRoute(ctx, 'manageOrganization');
  // The endpoint named by the path: this organisation's (404), then the role (403).
  const endpoint = organizationRecordFromRoute(ctx, 'endpointId', findEndpoint, 'manageOrganization');
  router.get(path('webhooks.index'), ...verified, admin, c.index);
  router.post(path('webhooks.store'), ...verified, admin, c.store);
  router.get(path('webhooks.show'), ...verified, ...endpoint, c.show);
  router.put(path('webhooks.update'), ...verified, ...endpoint, c.update);
  router.delete(path('webhooks.destroy'), ...verified, ...endpoint, c.destroy);
  router.post(path('webhooks.rotate'), ...verified, ...endpoint, c.rotate);
  router.post(path('webhooks.test'), ...verified, ...endpoint, c.test);
  return router;
}

import { Router } from 'express';
import type { AppContext } from '../../context';
import { guards } from '../auth/guards';
import { organizationFromRoute } from '../../tenancy/guard';
import { path } from '../../../shared/routes';
import { apiTokenController } from './controller';

/**
 * An organisation's API tokens: admins and owners (and platform admins) — the policy's
 * `manageOrganization`, which is exactly "manage the organisation's settings". Another
 * organisation's id answers 404 before any role check.
 */
export function apiTokenRoutes(ctx: AppContext): Router {
  const router = Router();
  const c = apiTokenController(ctx);
  const { verified } = guards(ctx);
  const org = organizationFromRoute(ctx, 'manageOrganization');
  router.get(path('api-tokens.index'), ...verified, org, c.index);
  router.post(path('api-tokens.store'), ...verified, org, c.store);
  router.delete(path('api-tokens.destroy'), ...verified, org, c.destroy);
  return router;
}

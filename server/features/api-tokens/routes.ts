import { Router } from 'express';
import type { AppContext } from '../../context';
import { guards } from '../auth/guards';
import { organizationFromRoute, organizationRecordFromRoute } from '../../tenancy/guard';
import { path } from '../../../shared/routes';
import { apiTokenController } from './controller';
import { tokenExists } from './repository';

/**
 * An organisation's API tokens: admins and owners (and platform admins) — the policy's
 * `manageOrganization`, which is exactly "manage the organisation's settings". Another
 * organisation's id, or a token that is not this organisation's, answers 404 before any role check.
 */
export function apiTokenRoutes(ctx: AppContext): Router {
  const router = Router();
  const c = apiTokenController(ctx);
  const { verified } = guards(ctx);
  const manage = organizationFromRoute(ctx, 'manageOrganization');
  // The token named by the path: this organisation's (404), then the role (403).
  const token = organizationRecordFromRoute(ctx, 'tokenId', tokenExists, 'manageOrganization');
  router.get(path('api-tokens.index'), ...verified, manage, c.index);
  router.post(path('api-tokens.store'), ...verified, manage, c.store);
  router.delete(path('api-tokens.destroy'), ...verified, ...token, c.destroy);
  return router;
}

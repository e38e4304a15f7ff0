import { Router } from 'express';
import type { AppContext } from '../../context';
import { guards } from '../auth/guards';
import { requirePasswordConfirmed } from '../auth/middleware';
import { organizationController } from './controller';
import { organizationFromRoute } from '../../tenancy/guard';
import { organizationSessionController } from './session-controller';
import { path } from '../../../shared/routes';

/**
 * Organisations. These routes use `verified`, not `inOrganization`: they name the organisation
 * in the path (or create one), and a user without any organisation must be able to create one.
 */
export function organizationRoutes(ctx: AppContext): Router {
  const router = Router();
  const c = organizationController(ctx);
  const s = organizationSessionController(ctx);
  const { guest, signedIn, verified } = guards(ctx);
  const org = (ability: Parameters<typeof organizationFromRoute>[1]) => organizationFromRoute(ctx, ability);

  // Signing in to one organisation (same throttle as /login).
  router.get(path('org-login'), ...guest, s.showSlugForm);
  router.post(path('org-login.find'), ...guest, s.findSlug);
  router.get(path('org-login.show'), ...guest, s.showLogin);
  router.post(path('org-login.store'), ...guest, s.login);

  // The session's current organisation.
  router.get(path('organizations.select'), ...signedIn, s.showSelect);
  router.post(path('organizations.select.store'), ...signedIn, s.select);

  router.get(path('organizations.index'), ...verified, c.index);
  router.get(path('organizations.create'), ...verified, c.create);
  router.post(path('organizations.store'), ...verified, c.store);
  router.get(path('organizations.show'), ...verified, org('read'), c.show);
  router.get(path('organizations.edit'), ...verified, org('manageOrganization'), c.edit);
  router.put(path('organizations.update'), ...verified, org('manageOrganization'), c.update);
  router.patch(path('organizations.update'), ...verified, org('manageOrganization'), c.update);
  router.put(path('organizations.read-receipts'), ...verified, org('manageOrganization'), c.updateReadReceipts);
  // 404 → 403 → password confirmation → action.
  router.delete(path('organizations.destroy'), ...verified, org('deleteOrganization'), requirePasswordConfirmed(ctx), c.destroy);
  router.post(path('organizations.transfer'), ...verified, org('transferOwnership'), requirePasswordConfirmed(ctx), c.transfer);
  router.post(path('organizations.switch'), ...verified, org('read'), s.switch);
  return router;
}

import { Router } from 'express';
import type { AppContext } from '../../context';
import { guards } from '../auth/guards';
import { requirePasswordConfirmed } from '../auth/middleware';
import { organizationController } from './controller';
import { organizationFromRoute } from '../../tenancy/guard';
import { organizationSessionController } from './session-controller';

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
  router.get('/org-login', ...guest, s.showSlugForm);
  router.post('/org-login', ...guest, s.findSlug);
  router.get('/org-login/:slug', ...guest, s.showLogin);
  router.post('/org-login/:slug', ...guest, s.login);

  // The session's current organisation.
  router.get('/organizations/select', ...signedIn, s.showSelect);
  router.post('/organizations/select', ...signedIn, s.select);

  router.get('/organizations', ...verified, c.index);
  router.get('/organizations/create', ...verified, c.create);
  router.post('/organizations', ...verified, c.store);
  router.get('/organizations/:id', ...verified, org('read'), c.show);
  router.get('/organizations/:id/edit', ...verified, org('manageOrganization'), c.edit);
  router.put('/organizations/:id', ...verified, org('manageOrganization'), c.update);
  router.patch('/organizations/:id', ...verified, org('manageOrganization'), c.update);
  // 404 → 403 → password confirmation → action.
  router.delete('/organizations/:id', ...verified, org('deleteOrganization'), requirePasswordConfirmed(ctx), c.destroy);
  router.post('/organizations/:id/transfer', ...verified, org('transferOwnership'), requirePasswordConfirmed(ctx), c.transfer);
  router.post('/organizations/:id/switch', ...verified, org('read'), s.switch);
  return router;
}

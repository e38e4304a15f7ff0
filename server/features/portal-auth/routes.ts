import { Router } from 'express';
import type { AppContext } from '../../context';
import { requirePortalMember } from '../../tenancy/portal';
import { path } from '../../../shared/routes';
import { portalAuthController } from './controller';

/** Board members sign in by e-mailed link (or passkey) and out; never as staff. */
export function portalAuthRoutes(ctx: AppContext): Router {
  const router = Router();
  const c = portalAuthController(ctx);
  router.post(path('org-login.link'), c.requestLink);
  router.get(path('portal.sign-in'), c.showLink);
  router.post(path('portal.sign-in.store'), c.useLink);
  router.post(path('portal.passkeys.login-options'), c.passkeyLoginOptions);
  router.post(path('portal.passkeys.login'), c.passkeyLogin);
  router.post(path('portal.logout'), requirePortalMember, c.logout);
  router.post(path('portal.passkeys.options'), requirePortalMember, c.passkeyRegistrationOptions);
  router.post(path('portal.passkeys.store'), requirePortalMember, c.storePasskey);
  router.delete(path('portal.passkeys.destroy'), requirePortalMember, c.destroyPasskey);
  return router;
}

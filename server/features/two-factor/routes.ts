import { Router } from 'express';
import type { AppContext } from '../../context';
import { guards } from '../auth/guards';
import { requirePasswordConfirmed } from '../auth/middleware';
import { organizationFromRoute } from '../../tenancy/guard';
import { twoFactorController } from './controller';
import { path } from '../../../shared/routes';

/** Two-factor sign-in, under the paths Fortify gives them. */
export function twoFactorRoutes(ctx: AppContext): Router {
  const router = Router();
  const c = twoFactorController(ctx);
  const { guest, signedIn, verified } = guards(ctx);
  const confirmed = requirePasswordConfirmed(ctx);

  router.post(path('two-factor.enable'), ...signedIn, confirmed, c.enable);
  router.post(path('two-factor.confirm'), ...signedIn, confirmed, c.confirm);
  // Turning it off asks for the password itself.
  router.delete(path('two-factor.disable'), ...signedIn, c.disable);
  router.get(path('two-factor.qr-code'), ...signedIn, confirmed, c.qrCode);
  router.get(path('two-factor.secret-key'), ...signedIn, confirmed, c.secretKey);
  router.get(path('two-factor.recovery-codes'), ...signedIn, confirmed, c.recoveryCodes);
  router.post(path('two-factor.regenerate-recovery-codes'), ...signedIn, confirmed, c.regenerateRecoveryCodes);

  router.get(path('two-factor.login'), ...guest, c.showChallenge);
  router.post(path('two-factor.login.store'), ...guest, c.challenge);

  router.put(path('organizations.two-factor-requirement'), ...verified, organizationFromRoute(ctx, 'manageOrganization'), c.updateRequirement);
  return router;
}

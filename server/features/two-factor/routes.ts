import { Router } from 'express';
import type { AppContext } from '../../context';
import { guards } from '../auth/guards';
import { requirePasswordConfirmed } from '../auth/middleware';
import { organizationFromRoute } from '../../tenancy/guard';
import { twoFactorController } from './controller';

/** Two-factor sign-in, under the paths Fortify gives them. */
export function twoFactorRoutes(ctx: AppContext): Router {
  const router = Router();
  const c = twoFactorController(ctx);
  const { guest, signedIn, verified } = guards(ctx);
  const confirmed = requirePasswordConfirmed(ctx);

  router.post('/user/two-factor-authentication', ...signedIn, confirmed, c.enable);
  router.post('/user/confirmed-two-factor-authentication', ...signedIn, confirmed, c.confirm);
  // Turning it off asks for the password itself.
  router.delete('/user/two-factor-authentication', ...signedIn, c.disable);
  router.get('/user/two-factor-qr-code', ...signedIn, confirmed, c.qrCode);
  router.get('/user/two-factor-secret-key', ...signedIn, confirmed, c.secretKey);
  router.get('/user/two-factor-recovery-codes', ...signedIn, confirmed, c.recoveryCodes);
  router.post('/user/two-factor-recovery-codes', ...signedIn, confirmed, c.regenerateRecoveryCodes);

  router.get('/two-factor-challenge', ...guest, c.showChallenge);
  router.post('/two-factor-challenge', ...guest, c.challenge);

  router.put('/organizations/:id/two-factor-requirement', ...verified, organizationFromRoute(ctx, 'manageOrganization'), c.updateRequirement);
  return router;
}

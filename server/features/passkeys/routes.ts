import { Router } from 'express';
import type { AppContext } from '../../context';
import { guards } from '../auth/guards';
import { requirePasswordConfirmed } from '../auth/middleware';
import { passkeysController } from './controller';
import { path } from '../../../shared/routes';

/** Passkeys: several per user, managed on the profile; signing in with one alone. */
export function passkeyRoutes(ctx: AppContext): Router {
  const router = Router();
  const c = passkeysController(ctx);
  const { guest, signedIn } = guards(ctx);
  const confirmed = requirePasswordConfirmed(ctx);

  router.post(path('passkeys.options'), ...signedIn, confirmed, c.registrationOptions);
  router.post(path('passkeys.store'), ...signedIn, confirmed, c.store);
  router.put(path('passkeys.update'), ...signedIn, c.rename);
  router.delete(path('passkeys.destroy'), ...signedIn, confirmed, c.destroy);

  router.post(path('passkeys.login-options'), ...guest, c.authenticationOptions);
  router.post(path('passkeys.login'), ...guest, c.login);
  return router;
}

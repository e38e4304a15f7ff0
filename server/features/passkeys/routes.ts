import { Router } from 'express';
import type { AppContext } from '../../context';
import { guards } from '../auth/guards';
import { requirePasswordConfirmed } from '../auth/middleware';
import { passkeysController } from './controller';

/** Passkeys: several per user, managed on the profile; signing in with one alone. */
export function passkeyRoutes(ctx: AppContext): Router {
  const router = Router();
  const c = passkeysController(ctx);
  const { guest, signedIn } = guards(ctx);
  const confirmed = requirePasswordConfirmed(ctx);

  router.post('/user/passkeys/options', ...signedIn, confirmed, c.registrationOptions);
  router.post('/user/passkeys', ...signedIn, confirmed, c.store);
  router.put('/user/passkeys/:id', ...signedIn, c.rename);
  router.delete('/user/passkeys/:id', ...signedIn, confirmed, c.destroy);

  router.post('/passkeys/login/options', ...guest, c.authenticationOptions);
  router.post('/passkeys/login', ...guest, c.login);
  return router;
}

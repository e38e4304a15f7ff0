import { Router } from 'express';
import type { AppContext } from '../../context';
import { guards } from '../auth/guards';
import { requirePasswordConfirmed } from '../auth/middleware';
import { profileController } from './controller';
import { path } from '../../../shared/routes';

export function profileRoutes(ctx: AppContext): Router {
  const router = Router();
  const c = profileController(ctx);
  const { signedIn } = guards(ctx);
  router.get(path('profile.edit'), ...signedIn, c.edit);
  router.patch(path('profile.update'), ...signedIn, c.update);
  router.put(path('user-password.update'), ...signedIn, c.updatePassword);
  router.delete(path('profile.destroy'), ...signedIn, requirePasswordConfirmed(ctx), c.destroy);
  return router;
}

import { Router } from 'express';
import type { AppContext } from '../../context';
import { guards } from '../auth/guards';
import { requirePasswordConfirmed } from '../auth/middleware';
import { profileController } from './controller';

export function profileRoutes(ctx: AppContext): Router {
  const router = Router();
  const c = profileController(ctx);
  const { signedIn } = guards(ctx);
  router.get('/profile', ...signedIn, c.edit);
  router.patch('/profile', ...signedIn, c.update);
  router.put('/password', ...signedIn, c.updatePassword);
  router.delete('/profile', ...signedIn, requirePasswordConfirmed(ctx), c.destroy);
  return router;
}

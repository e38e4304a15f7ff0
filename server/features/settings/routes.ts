import { Router } from 'express';
import type { AppContext } from '../../context';
import { guards } from '../auth/guards';
import { settingsController } from './controller';

export function settingsRoutes(ctx: AppContext): Router {
  const router = Router();
  const c = settingsController(ctx);
  const { signedIn } = guards(ctx);
  router.get('/settings', ...signedIn, c.edit);
  router.patch('/settings', ...signedIn, c.update);
  return router;
}

import { Router } from 'express';
import type { AppContext } from '../../context';
import { guards } from '../auth/guards';
import { settingsController } from './controller';
import { path } from '../../../shared/routes';

export function settingsRoutes(ctx: AppContext): Router {
  const router = Router();
  const c = settingsController(ctx);
  const { signedIn } = guards(ctx);
  router.get(path('settings.edit'), ...signedIn, c.edit);
  router.patch(path('settings.update'), ...signedIn, c.update);
  return router;
}

import { Router } from 'express';
import type { AppContext } from '../../context';
import { guards } from '../auth/guards';
import { historyController } from './controller';
import { path } from '../../../shared/routes';

export function historyRoutes(ctx: AppContext): Router {
  const router = Router();
  const c = historyController(ctx);
  const { signedIn } = guards(ctx);
  router.get(path('history'), ...signedIn, c.index);
  return router;
}

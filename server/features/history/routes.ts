import { Router } from 'express';
import type { AppContext } from '../../context';
import { guards } from '../auth/guards';
import { historyController } from './controller';

export function historyRoutes(ctx: AppContext): Router {
  const router = Router();
  const c = historyController(ctx);
  const { signedIn } = guards(ctx);
  router.get('/history', ...signedIn, c.index);
  return router;
}

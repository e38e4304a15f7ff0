import { Router } from 'express';
import type { AppContext } from '../../context';
import { localeController } from './controller';

export function localeRoutes(ctx: AppContext): Router {
  const router = Router();
  const c = localeController(ctx);
  router.post('/locale', c.update);
  return router;
}

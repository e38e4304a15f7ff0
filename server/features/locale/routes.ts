import { Router } from 'express';
import type { AppContext } from '../../context';
import { localeController } from './controller';
import { path } from '../../../shared/routes';

export function localeRoutes(ctx: AppContext): Router {
  const router = Router();
  const c = localeController(ctx);
  router.post(path('locale.update'), c.update);
  return router;
}

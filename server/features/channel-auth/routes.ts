import { Router } from 'express';
import type { AppContext } from '../../context';
import { broadcastingController } from './controller';
import { path } from '../../../shared/routes';

export function broadcastingRoutes(ctx: AppContext): Router {
  const router = Router();
  const c = broadcastingController(ctx);
  router.post(path('broadcasting.auth'), c.channel);
  router.post(path('broadcasting.user-auth'), c.user);
  return router;
}

import { Router } from 'express';
import type { AppContext } from '../../context';
import { broadcastingController } from './controller';

export function broadcastingRoutes(ctx: AppContext): Router {
  const router = Router();
  const c = broadcastingController(ctx);
  router.post('/broadcasting/auth', c.channel);
  router.post('/broadcasting/user-auth', c.user);
  return router;
}

import express, { Router } from 'express';
import type { AppContext } from '../../context';
import { realtimeWebhookController } from './controller';
import { path } from '../../../shared/routes';

/**
 * The realtime server's webhooks (REVERB_WEBHOOK_URL → APP_URL/webhooks/realtime). Mounted before
 * sessions and CSRF: the sender has no session, and the HMAC signature of the raw body is what
 * authenticates it — the one route exempt from CSRF.
 */
export function realtimeWebhookRoutes(ctx: AppContext): Router {
  const router = Router();
  const c = realtimeWebhookController(ctx);
  router.post(path('realtime.webhook'), express.raw({ type: () => true, limit: '1mb' }), c.receive);
  return router;
}

import type { Request, Response } from 'express';
import type { AppContext } from '../../context';
import { verifyWebhook, WEBHOOK_KEY_HEADER, WEBHOOK_SIGNATURE_HEADER } from '../../lib/webhook-events';
import { webhookBatchSchema } from './schema';
import { applyPresenceEvents } from './service';

function parseJson(raw: Buffer): unknown {
  try {
    return JSON.parse(raw.toString('utf8'));
  } catch {
    return undefined;
  }
}

export function realtimeWebhookController(ctx: AppContext) {
  const app = { key: ctx.config.REVERB_APP_KEY, secret: ctx.config.REVERB_APP_SECRET };
  return {
    /** POST /webhooks/realtime: signed by the realtime server with the app secret, or refused. */
    async receive(req: Request, res: Response) {
      const raw = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
      const signed = verifyWebhook(app, { key: req.get(WEBHOOK_KEY_HEADER), signature: req.get(WEBHOOK_SIGNATURE_HEADER) }, raw);
      if (!signed) {
        req.log?.warn({ key: req.get(WEBHOOK_KEY_HEADER) ?? null }, 'realtime webhook refused: bad key or signature');
        res.status(401).json({ message: 'Invalid webhook signature.' });
        return;
      }
      const batch = webhookBatchSchema.safeParse(parseJson(raw));
      if (!batch.success) {
        res.status(422).json({ message: 'The webhook body is not a Pusher webhook batch.' });
        return;
      }
      const report = await applyPresenceEvents(ctx, batch.data);
      res.json({ received: batch.data.events.length, ...report });
    },
  };
}

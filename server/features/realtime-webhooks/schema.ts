import { z } from 'zod';

/**
 * A webhook batch from the realtime server (Pusher's format, server/lib/webhook-events.ts).
 * Events the app does not use pass through unread; the fields of the presence ones are checked.
 */
export const webhookBatchSchema = z.object({
  time_ms: z.number().int().positive(),
  events: z
    .array(
      z.looseObject({
        name: z.string().max(100),
        channel: z.string().max(200),
        user_id: z.string().max(200).optional(),
      }),
    )
    .max(10_000),
});

export type WebhookBatch = z.infer<typeof webhookBatchSchema>;

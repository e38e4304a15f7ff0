/**
 * Webhooks in Pusher's format (what Pusher and soketi send), for the app's receiver and for the sender:
 * a POST whose JSON body is `{"time_ms": <ms>, "events": [...]}`, with headers `X-Pusher-Key` (the app key)
 * and `X-Pusher-Signature` (hex HMAC-SHA256 of the raw body with the app secret). Each event:
 *
 *   {"name":"channel_occupied","channel":"…"}
 *   {"name":"channel_vacated","channel":"…"}
 *   {"name":"member_added","channel":"presence-…","user_id":"…"}
 *   {"name":"member_removed","channel":"presence-…","user_id":"…"}
 *   {"name":"client_event","channel":"…","event":"client-…","data":"<string>","socket_id":"…","user_id":"…" (presence only)}
 *   {"name":"cache_miss","channel":"cache-…"}
 *
 * This file has no dependencies beyond node:crypto so the app (and server/config.ts) can import it.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

export const WEBHOOK_EVENT_TYPES = ['channel_occupied', 'channel_vacated', 'member_added', 'member_removed', 'client_event', 'cache_miss'] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

export type WebhookEvent =
  | { name: 'channel_occupied' | 'channel_vacated' | 'cache_miss'; channel: string }
  | { name: 'member_added' | 'member_removed'; channel: string; user_id: string }
  | { name: 'client_event'; channel: string; event: string; data: string; socket_id: string; user_id?: string };

export interface WebhookBody {
  /** When the batch was made (ms since the epoch): a receiver can tell a late, retried delivery by it. */
  time_ms: number;
  events: WebhookEvent[];
}

export const WEBHOOK_KEY_HEADER = 'x-pusher-key';
export const WEBHOOK_SIGNATURE_HEADER = 'x-pusher-signature';

export function signWebhook(secret: string, rawBody: string | Buffer): string {
  return createHmac('sha256', secret).update(rawBody).digest('hex');
}

/** For a receiver: true when the key is the app's and the signature is the body's HMAC with the secret. */
export function verifyWebhook(app: { key: string; secret: string }, headers: { key?: string | null; signature?: string | null }, rawBody: string | Buffer): boolean {
  if (headers.key !== app.key || typeof headers.signature !== 'string') return false;
  const expected = Buffer.from(signWebhook(app.secret, rawBody));
  const given = Buffer.from(headers.signature);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

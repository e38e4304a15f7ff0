import { createHmac, randomBytes } from 'node:crypto';

/**
 * Signing as the Standard Webhooks spec says (standardwebhooks.com): the signed content is
 * `{webhook-id}.{webhook-timestamp}.{body}`, the key is the base64 after `whsec_`, and
 * `webhook-signature` is `v1,<base64 HMAC-SHA256>`, several separated by spaces (a rotation).
 */
export const SECRET_PREFIX = 'whsec_';

/** A new secret: `whsec_` and the base64 of 32 random bytes. */
export const newWebhookSecret = () => SECRET_PREFIX + randomBytes(32).toString('base64');

export function signature(secret: string, id: string, timestamp: number, body: string): string {
  const key = Buffer.from(secret.startsWith(SECRET_PREFIX) ? secret.slice(SECRET_PREFIX.length) : secret, 'base64');
  return `v1,${createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest('base64')}`;
}

/** The three headers of one attempt, signed with every given secret. */
export function webhookHeaders(secrets: string[], id: string, timestamp: number, body: string): Record<string, string> {
  return {
    'webhook-id': id,
    'webhook-timestamp': String(timestamp),
    'webhook-signature': secrets.map((s) => signature(s, id, timestamp, body)).join(' '),
  };
}

import type { AppContext } from '../../context';
import { decryptString, deriveKey, encryptString } from '../../lib/encryption';
import type { WebhookEndpoint } from './repository';

/** Signing secrets are kept sealed under a key derived from APP_KEY (as the two-factor secrets are). */
const secretKey = (ctx: AppContext) => deriveKey(ctx.key, 'webhook-signing-secret');

export const sealSecret = (ctx: AppContext, secret: string) => encryptString(secretKey(ctx), secret);
export const openSecret = (ctx: AppContext, sealed: string) => decryptString(secretKey(ctx), sealed);

/** The secrets that sign now: the current one, and the previous one while its 24 hours last. */
export function signingSecrets(ctx: AppContext, endpoint: Pick<WebhookEndpoint, 'secret' | 'previous_secret' | 'previous_secret_expires_at'>, now: Date): string[] {
  const secrets = [openSecret(ctx, endpoint.secret)];
  if (endpoint.previous_secret && endpoint.previous_secret_expires_at && endpoint.previous_secret_expires_at > now) secrets.push(openSecret(ctx, endpoint.previous_secret));
  return secrets.filter((s): s is string => s !== null);
}

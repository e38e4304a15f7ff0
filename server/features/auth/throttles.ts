import type { AppContext } from '../../context';
import { HttpError, ValidationError } from '../../errors';
import { msg } from '../../i18n/message';
import type { Throttle } from '../../lib/rate-limiter';

/**
 * The sign-in throttles, keyed as the attacks are (ADR 0019). All count failures in
 * `ctx.limiter`, so every web node sees the same counts. The limits are in the README's
 * production section too.
 */

/** Who is signing in, as far as the throttles care: their address, and whether they get a form (else an API answer). */
export interface LoginClient {
  ip: string | null;
  wantsPage: boolean;
}

const addressOf = (client: LoginClient) => client.ip ?? 'unknown';

/** This person at this address (Fortify's key): a typo or five. The only count a success clears. */
export const emailAndAddress = (client: LoginClient, email: string): Throttle => ({
  key: `login|${email.toLowerCase()}|${addressOf(client)}`,
  maxAttempts: 5,
  decaySeconds: 60,
});

/**
 * One address trying many accounts (password spraying). A large office behind one NAT, one in
 * twenty mistyping at 9:00, makes a handful of failures in five minutes, not twenty.
 */
export const fromAddress = (client: LoginClient): Throttle => ({ key: `login-ip|${addressOf(client)}`, maxAttempts: 20, decaySeconds: 300 });

/** One account tried from many addresses. Unknown addresses count the same (no hint which exist). */
export const ofAccount = (email: string): Throttle => ({ key: `login-account|${email.toLowerCase()}`, maxAttempts: 10, decaySeconds: 600 });

/** Everything a failed password sign-in counts against. */
export const signInThrottles = (client: LoginClient, email: string): Throttle[] => [emailAndAddress(client, email), fromAddress(client), ofAccount(email)];

/**
 * The two-factor challenge, per pending account whatever the address or session (Fortify keys
 * it by the login id): the password is already known to whoever stands there.
 */
export const twoFactorChallenge = (userId: number): Throttle => ({ key: `two-factor|${userId}`, maxAttempts: 5, decaySeconds: 60 });

/** A passkey names no account until it is checked: per address. */
export const passkeySignIn = (client: LoginClient): Throttle => ({ key: `passkey|${addressOf(client)}`, maxAttempts: 5, decaySeconds: 60 });

/**
 * Takes an attempt from `throttles` before the password, code or passkey is checked (parallel
 * guesses cannot slip under a limit) and refuses while any is over its limit: a field error for
 * forms, 429 for API clients. A failure keeps the attempt counted; the caller gives it back (or
 * clears its own key) on success.
 */
export async function takeAttempt(ctx: AppContext, client: LoginClient, throttles: readonly Throttle[], field = 'email'): Promise<void> {
  const seconds = await ctx.limiter.take(throttles);
  if (!seconds) return;
  ctx.logger.warn({ ip: client.ip, seconds }, 'sign-in throttled');
  const message = msg('validation.auth.throttle', { seconds });
  if (!client.wantsPage) throw new HttpError(429, message, { 'Retry-After': String(seconds) });
  throw new ValidationError({ [field]: message });
}

/**
 * Asking for a portal sign-in link: every request counts, known address or not (the answer and
 * the count are the same for both). Per address asked for, per client address.
 */
export const portalLinkThrottles = (client: LoginClient, email: string): Throttle[] => [
  { key: `portal-link|${email.toLowerCase()}`, maxAttempts: 3, decaySeconds: 900 },
  { key: `portal-link-ip|${addressOf(client)}`, maxAttempts: 10, decaySeconds: 900 },
];

/** Opening sign-in links: a guesser of tokens is stopped long before a 256-bit token could fall. */
export const portalLinkUse = (client: LoginClient): Throttle => ({ key: `portal-link-use|${addressOf(client)}`, maxAttempts: 20, decaySeconds: 300 });

import type { AppContext } from '../context';
import type { User } from '../db/types';
import { ValidationError } from '../errors';
import { msg } from '../i18n/message';
import type { Throttle } from '../lib/rate-limiter';
import type { Actor } from '../lib/unit-of-work';
import { verifyPassword } from '../lib/passwords';

/**
 * The one check of a signed-in user's current password, for every form that asks for it
 * (confirm password, two-factor off, other browsers, password change, account deletion, and any
 * later one): ADR 0019. A stolen session cookie must not become a password-guessing oracle, so
 * failures are counted per user — across sessions, addresses and forms — and logged.
 */

export const WRONG_PASSWORD = msg('validation.auth.passwordIncorrect');
export const WRONG_CURRENT_PASSWORD = msg('validation.auth.currentPasswordIncorrect');

/** Five failures a minute per user. */
export const passwordThrottle = (userId: number): Throttle => ({ key: `current-password|${userId}`, maxAttempts: 5, decaySeconds: 60 });

/** Who typed the password: the acting user, and their address for the log. */
export type PasswordTypist = Pick<Actor, 'ip'> & { user: User };

/**
 * What is wrong with `password` as `acting.user`'s current password: null when it is right, else
 * the field's message (`wrong`, or "too many attempts" with the seconds left). A success clears
 * this user's count only: sign-in counts are another concern and are left alone.
 */
export async function currentPasswordProblem(ctx: AppContext, acting: PasswordTypist, password: string, wrong = WRONG_PASSWORD): Promise<string | null> {
  const throttle = passwordThrottle(acting.user.id);
  const who = { userId: acting.user.id, ip: acting.ip };
  // Counted before the hash is checked: parallel guesses cannot slip under the limit.
  const seconds = await ctx.limiter.take([throttle]);
  if (seconds) {
    ctx.logger.warn({ ...who, seconds }, 'current password check throttled');
    return msg('validation.auth.passwordThrottle', { seconds });
  }
  if (await verifyPassword(acting.user.password, password)) {
    await ctx.limiter.clear(throttle.key);
    return null;
  }
  ctx.logger.warn({ ...who, failures: await ctx.limiter.hits(throttle.key) }, 'current password refused');
  return wrong;
}

/** Throws the field's error unless `password` is the acting user's current password. */
export async function requireCurrentPassword(ctx: AppContext, acting: PasswordTypist, password: string, field = 'password', wrong = WRONG_PASSWORD): Promise<void> {
  const problem = await currentPasswordProblem(ctx, acting, password, wrong);
  if (problem) throw new ValidationError({ [field]: problem });
}

/** The guard as a validation check, for a form that reports every field's problem at once. */
export const currentPasswordCheck =
  (ctx: AppContext, acting: PasswordTypist, wrong = WRONG_PASSWORD) =>
  (password: string): Promise<string | null> =>
    currentPasswordProblem(ctx, acting, password, wrong);

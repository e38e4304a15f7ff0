import type { AppContext } from '../../context';
import { isUniqueViolation } from '../../db/errors';
import type { User } from '../../db/types';
import { HttpError, ValidationError } from '../../errors';
import { randomToken, safeEqual, sha256 } from '../../lib/crypto';
import { inTransaction, systemActor, type Actor } from '../../lib/unit-of-work';
import { RESET_MINUTES, sendResetMail, sendVerificationMail } from './mails';
import { dummyHash, hashPassword, verifyPassword } from '../../lib/passwords';
import { deleteResetToken, findResetToken, revokeRememberTokens, saveResetToken } from './token-repository';
import { deleteSessionsOfUser } from '../../http/session-repository';
import { findUserByEmail, insertUser, updateUser } from '../../account/user-repository';
import { signInThrottles, takeAttempt, type LoginClient } from './throttles';
import { msg } from '../../i18n/message';

export const BAD_CREDENTIALS = msg('validation.auth.failed');

/**
 * Checks e-mail and password under the sign-in throttles (auth/throttles.ts: per e-mail +
 * address, per address, per account). A success clears only its own e-mail + address count: an
 * attacker who signs in to an account of their own between guesses keeps the rest.
 * `extraCheck` lets organisation sign-in refuse non-members (the password was right: that counts
 * against the e-mail + address only, as before). Each attempt is counted before the password is
 * checked (RateLimiter.take), so parallel guesses count too.
 */
export async function checkCredentials(ctx: AppContext, client: LoginClient, input: { email: string; password: string }, extraCheck?: (user: User) => Promise<string | null>): Promise<User> {
  const [own, ...shared] = signInThrottles(client, input.email);
  await takeAttempt(ctx, client, [own, ...shared]);
  const user = await findUserByEmail(ctx.db, input.email);
  const ok = user ? await verifyPassword(user.password, input.password) : (await verifyPassword(await dummyHash(), input.password), false);
  if (!user || !ok) throw new ValidationError({ email: BAD_CREDENTIALS });
  // The password was right: the address and the account get their attempt back.
  await ctx.limiter.giveBack(shared);
  const refusal = extraCheck ? await extraCheck(user) : null;
  if (refusal) throw new ValidationError({ email: refusal });
  await ctx.limiter.clear(own.key);
  return user;
}

export const EMAIL_TAKEN = msg('validation.auth.emailTaken');

/** Validation check: the address belongs to no account (but `exceptUserId`'s own). */
export const emailAvailable =
  (ctx: AppContext, exceptUserId?: number) =>
  async (email: string): Promise<string | null> => {
    const owner = await findUserByEmail(ctx.db, email);
    return owner && owner.id !== exceptUserId ? EMAIL_TAKEN : null;
  };

/** The address was checked by validation (emailAvailable); the unique index settles a race. */
export async function register(ctx: AppContext, actor: Actor, input: { name: string; email: string; password: string }): Promise<User> {
  const password = await hashPassword(input.password);
  try {
    return await inTransaction(ctx, actor, async (uow) => {
      const user = await insertUser(uow.db, { name: input.name, email: input.email, password });
      await sendVerificationMail(ctx, uow, user);
      return user;
    });
  } catch (error) {
    // Two sign-ups racing for one address: the unique index decides.
    if (isUniqueViolation(error)) throw new ValidationError({ email: EMAIL_TAKEN });
    throw error;
  }
}

export const RESET_THROTTLE_SECONDS = 60;
export const RESET_SENT = msg('messages.auth.resetSent');

/** Same answer whether or not the address exists; at most one mail a minute per address. */
export async function sendPasswordResetLink(ctx: AppContext, email: string): Promise<void> {
  const user = await findUserByEmail(ctx.db, email);
  if (!user) return;
  const existing = await findResetToken(ctx.db, user.email);
  if (existing && ctx.clock.now().getTime() - existing.created_at.getTime() < RESET_THROTTLE_SECONDS * 1000) return;
  const token = randomToken(32);
  await inTransaction(ctx, systemActor, async (uow) => {
    await saveResetToken(uow.db, user.email, sha256(token), ctx.clock.now());
    await sendResetMail(ctx, uow, user, token);
  });
}

export const INVALID_RESET = msg('validation.auth.resetInvalid');

/** The user and token row a reset link names, if the token is right and fresh. */
async function validReset(ctx: AppContext, email: string, token: string | undefined) {
  const user = await findUserByEmail(ctx.db, email);
  const row = user ? await findResetToken(ctx.db, user.email) : undefined;
  const fresh = row && ctx.clock.now().getTime() - row.created_at.getTime() < RESET_MINUTES * 60_000;
  if (!user || !row || !fresh || token === undefined || !safeEqual(row.token_hash, sha256(token))) return null;
  return { user, row };
}

/** Validation check on the reset form's e-mail: its token is right and fresh. */
export const resetTokenValid =
  (ctx: AppContext) =>
  async (email: string, valid: { token?: string }): Promise<string | null> =>
    (await validReset(ctx, email, valid.token)) ? null : INVALID_RESET;

/** Sets the new password, burns the token and signs out every session of the user. */
export async function resetPassword(ctx: AppContext, actor: Actor, input: { token: string; email: string; password: string }): Promise<void> {
  const found = await validReset(ctx, input.email, input.token);
  if (!found) throw new ValidationError({ email: INVALID_RESET });
  const { user, row } = found;
  const hashed = await hashPassword(input.password);
  await inTransaction(ctx, { ...actor, user }, async (uow) => {
    await updateUser(uow.db, user.id, { password: hashed });
    await deleteResetToken(uow.db, row.email);
    await deleteSessionsOfUser(uow.db, user.id);
    await revokeRememberTokens(uow.db, user.id);
    await uow.log({ organization_id: null, kind: 'user.password_reset', subject_id: user.id });
  });
}

export const RESEND_MAX = 6;

export async function resendVerification(ctx: AppContext, actor: Actor, user: User): Promise<'sent' | 'verified'> {
  if (user.email_verified_at) return 'verified';
  const key = `verify-resend|${user.id}`;
  if (await ctx.limiter.attempt(key, RESEND_MAX, 60)) {
    throw new HttpError(429, msg('messages.errors.tooManyRequestsRetry', { seconds: await ctx.limiter.availableIn(key) }));
  }
  await inTransaction(ctx, actor, (uow) => sendVerificationMail(ctx, uow, user));
  return 'sent';
}

/** The activity entry of a completed sign-in (auth/session.ts completes it on the request). */
export async function recordSignIn(ctx: AppContext, actor: Actor, user: User, organizationId: number | null): Promise<void> {
  await inTransaction(ctx, actor, (uow) => uow.log({ organization_id: organizationId, kind: 'user.signed_in', subject_id: user.id }));
}

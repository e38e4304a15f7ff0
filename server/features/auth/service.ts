import type { Request, Response } from 'express';
import type { AppContext } from '../../context';
import type { User } from '../../db/types';
import { HttpError, ValidationError } from '../../http/errors';
import { randomToken, safeEqual, sha256 } from '../../lib/crypto';
import { actorFrom, inTransaction, systemActor } from '../../lib/unit-of-work';
import { flashClearHistory } from '../../http/session-bridge';
import { CURRENT_ORG_KEY, userOrganizations } from '../organizations/tenancy';
import { RESET_MINUTES, sendResetMail, sendVerificationMail } from './mails';
import { dummyHash, hashPassword, verifyPassword } from './passwords';
import { forgetRememberCookie, issueRememberToken, REMEMBER_SELECTOR, revokeRememberTokens } from './remember';
import { noteDevice } from '../browser-sessions/device-cookie';
import { findUserByEmail, insertUser, updateUser } from './user-repository';

export const LOGIN_MAX_ATTEMPTS = 5;
export const LOGIN_DECAY_SECONDS = 60;
export const BAD_CREDENTIALS = 'These credentials do not match our records.';

const wantsPage = (req: Request) => req.isInertia || req.accepts(['html', 'json']) === 'html';

export function loginThrottleKey(req: Request, email: string): string {
  return `login|${email.toLowerCase()}|${req.ip}`;
}

/** Refuses while the key is locked: a field error for forms, 429 for API clients. */
export async function ensureNotThrottled(ctx: AppContext, req: Request, key: string, field = 'email'): Promise<void> {
  if (!(await ctx.limiter.tooMany(key, LOGIN_MAX_ATTEMPTS))) return;
  const seconds = await ctx.limiter.availableIn(key);
  const message = `Too many sign-in attempts. Please try again in ${seconds} seconds.`;
  if (!wantsPage(req)) throw new HttpError(429, message, { 'Retry-After': String(seconds) });
  throw new ValidationError({ [field]: message });
}

/**
 * Checks e-mail and password under the sign-in throttle (5 failures a minute per e-mail + IP).
 * `extraCheck` lets organisation sign-in refuse non-members under the same throttle.
 */
export async function checkCredentials(
  ctx: AppContext,
  req: Request,
  input: { email: string; password: string },
  extraCheck?: (user: User) => Promise<string | null>,
): Promise<User> {
  const key = loginThrottleKey(req, input.email);
  await ensureNotThrottled(ctx, req, key);
  const user = await findUserByEmail(ctx.db, input.email);
  const ok = user ? await verifyPassword(user.password, input.password) : (await verifyPassword(await dummyHash(), input.password), false);
  if (!user || !ok) {
    await ctx.limiter.hit(key, LOGIN_DECAY_SECONDS);
    throw new ValidationError({ email: BAD_CREDENTIALS });
  }
  const refusal = extraCheck ? await extraCheck(user) : null;
  if (refusal) {
    await ctx.limiter.hit(key, LOGIN_DECAY_SECONDS);
    throw new ValidationError({ email: refusal });
  }
  await ctx.limiter.clear(key);
  return user;
}

/** A fresh session id for the signed-in user (no fixation), remember-me, current organisation, log line. */
export async function completeLogin(ctx: AppContext, req: Request, res: Response, user: User, remember: boolean, organizationId?: number): Promise<void> {
  req.session.regenerate();
  req.session.userId = user.id;
  req.session.forget('auth.password_confirmed_at');
  req.user = user;
  if (remember) req.session.put(REMEMBER_SELECTOR, await issueRememberToken(ctx, ctx.db, res, user.id));
  await noteDevice(ctx, req, res, user);
  let orgId = organizationId;
  if (!orgId) {
    const mine = await userOrganizations(ctx.db, user.id);
    if (mine.length === 1) orgId = mine[0].id;
  }
  if (orgId) req.session.put(CURRENT_ORG_KEY, orgId);
  else req.session.forget(CURRENT_ORG_KEY);
  const orgForLog = orgId ?? null;
  await inTransaction(ctx, { ...actorFrom(req), userId: user.id }, (uow) =>
    uow.log({ organization_id: orgForLog, event: 'signed_in', subject_type: 'user', subject_id: user.id, description: `${user.name} signed in` }),
  );
}

export async function logout(ctx: AppContext, req: Request, res: Response): Promise<void> {
  if (req.user) await revokeRememberTokens(ctx.db, req.user.id);
  forgetRememberCookie(ctx, res);
  // A new id and no data: the CSRF token, derived from the id, rotates with it.
  req.session.invalidate();
  req.user = undefined;
  // Pages seen while signed in stay in this tab's history, encrypted: Back must not show them.
  flashClearHistory(req);
}

export const EMAIL_TAKEN = 'The email has already been taken.';

/** Validation check: the address belongs to no account (but `exceptUserId`'s own). */
export const emailAvailable =
  (ctx: AppContext, exceptUserId?: number) =>
  async (email: string): Promise<string | null> => {
    const owner = await findUserByEmail(ctx.db, email);
    return owner && owner.id !== exceptUserId ? EMAIL_TAKEN : null;
  };

/** The address was checked by validation (emailAvailable); the unique index settles a race. */
export async function register(ctx: AppContext, req: Request, input: { name: string; email: string; password: string }): Promise<User> {
  const password = await hashPassword(input.password);
  try {
    return await inTransaction(ctx, actorFrom(req), async (uow) => {
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

export function isUniqueViolation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: string }).code === '23505';
}

export const RESET_THROTTLE_SECONDS = 60;
export const RESET_SENT = 'If an account exists for that email address, we have emailed a password reset link.';

/** Same answer whether or not the address exists; at most one mail a minute per address. */
export async function sendPasswordResetLink(ctx: AppContext, email: string): Promise<void> {
  const user = await findUserByEmail(ctx.db, email);
  if (!user) return;
  const existing = await ctx.db.selectFrom('password_reset_tokens').select('created_at').where('email', '=', user.email.toLowerCase()).executeTakeFirst();
  if (existing && ctx.clock.now().getTime() - existing.created_at.getTime() < RESET_THROTTLE_SECONDS * 1000) return;
  const token = randomToken(32);
  await inTransaction(ctx, systemActor, async (uow) => {
    await uow.db
      .insertInto('password_reset_tokens')
      .values({ email: user.email.toLowerCase(), token_hash: sha256(token), created_at: ctx.clock.now() })
      .onConflict((oc) => oc.column('email').doUpdateSet({ token_hash: sha256(token), created_at: ctx.clock.now() }))
      .execute();
    await sendResetMail(ctx, uow, user, token);
  });
}

export const INVALID_RESET = 'This password reset token is invalid or has expired.';

/** The user and token row a reset link names, if the token is right and fresh. */
async function validReset(ctx: AppContext, email: string, token: string | undefined) {
  const user = await findUserByEmail(ctx.db, email);
  const row = user
    ? await ctx.db.selectFrom('password_reset_tokens').selectAll().where('email', '=', user.email.toLowerCase()).executeTakeFirst()
    : undefined;
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
export async function resetPassword(ctx: AppContext, req: Request, input: { token: string; email: string; password: string }): Promise<void> {
  const found = await validReset(ctx, input.email, input.token);
  if (!found) throw new ValidationError({ email: INVALID_RESET });
  const { user, row } = found;
  const hashed = await hashPassword(input.password);
  await inTransaction(ctx, { ...actorFrom(req), userId: user.id }, async (uow) => {
    await updateUser(uow.db, user.id, { password: hashed });
    await uow.db.deleteFrom('password_reset_tokens').where('email', '=', row.email).execute();
    await uow.db.deleteFrom('sessions').where('user_id', '=', user.id).execute();
    await revokeRememberTokens(uow.db, user.id);
    await uow.log({ organization_id: null, event: 'password_reset', subject_type: 'user', subject_id: user.id, description: `${user.name} reset their password` });
  });
}

export async function confirmPassword(ctx: AppContext, req: Request, password: string): Promise<void> {
  const user = req.user!;
  const key = `confirm|${user.id}|${req.ip}`;
  await ensureNotThrottled(ctx, req, key, 'password');
  if (!(await verifyPassword(user.password, password))) {
    await ctx.limiter.hit(key, LOGIN_DECAY_SECONDS);
    throw new ValidationError({ password: 'The provided password is incorrect.' });
  }
  await ctx.limiter.clear(key);
  req.session.put('auth.password_confirmed_at', Math.floor(ctx.clock.now().getTime() / 1000));
}

export const RESEND_MAX = 6;

export async function resendVerification(ctx: AppContext, req: Request): Promise<'sent' | 'verified'> {
  const user = req.user!;
  if (user.email_verified_at) return 'verified';
  const key = `verify-resend|${user.id}`;
  if (await ctx.limiter.attempt(key, RESEND_MAX, 60)) {
    throw new HttpError(429, `Too many requests. Please try again in ${await ctx.limiter.availableIn(key)} seconds.`);
  }
  await inTransaction(ctx, actorFrom(req), (uow) => sendVerificationMail(ctx, uow, user));
  return 'sent';
}

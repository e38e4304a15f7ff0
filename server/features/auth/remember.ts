import type { Request, Response } from 'express';
import { serialize } from 'cookie';
import type { AppContext } from '../../context';
import type { Db } from '../../db/types';
import { randomToken, safeEqual, sha256 } from '../../lib/crypto';
import { insertRememberToken, takeRememberToken } from './token-repository';

export const REMEMBER_COOKIE = 'remember_web';
/** Session key: the selector of the remember-me token this browser holds (so it can be revoked with the session). */
export const REMEMBER_SELECTOR = 'auth.remember_selector';

/**
 * "Remember me" as selector + validator: the cookie holds both, the database only the
 * validator's hash. Every use rotates the validator, so a stolen cookie works at most once.
 */
export async function issueRememberToken(ctx: AppContext, db: Db, res: Response, userId: number): Promise<string> {
  const selector = randomToken(12);
  const validator = randomToken(32);
  const expires = new Date(ctx.clock.now().getTime() + ctx.config.REMEMBER_LIFETIME_DAYS * 86_400_000);
  await insertRememberToken(db, { user_id: userId, selector, token_hash: sha256(validator), expires_at: expires });
  res.append('Set-Cookie', rememberCookie(ctx, `${selector}:${validator}`, ctx.config.REMEMBER_LIFETIME_DAYS * 86_400));
  return selector;
}

export function forgetRememberCookie(ctx: AppContext, res: Response): void {
  res.append('Set-Cookie', rememberCookie(ctx, '', 0));
}

function rememberCookie(ctx: AppContext, value: string, maxAge: number): string {
  return serialize(REMEMBER_COOKIE, value, {
    httpOnly: true,
    sameSite: 'lax',
    secure: ctx.config.APP_URL.startsWith('https:'),
    path: '/',
    maxAge,
  });
}

/** The user id a valid remember cookie stands for; the used token is consumed either way. */
export async function consumeRememberToken(ctx: AppContext, req: Request): Promise<number | null> {
  const raw = req.cookies[REMEMBER_COOKIE];
  if (!raw?.includes(':')) return null;
  const [selector, validator] = raw.split(':', 2);
  const row = await takeRememberToken(ctx.db, selector);
  if (!row || row.expires_at.getTime() < ctx.clock.now().getTime() || !safeEqual(row.token_hash, sha256(validator))) return null;
  return row.user_id;
}

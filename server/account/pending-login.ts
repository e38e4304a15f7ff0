import type { Request } from 'express';
import type { AppContext } from '../context';
import type { User } from '../db/types';
import { findUserById, twoFactorOn } from './user-repository';

/**
 * Between the password and the second factor: who is signing in, and how (remember me, the
 * organisation of a slug sign-in). Kept in the guest session for ten minutes; nothing is signed
 * in until the challenge is passed.
 */
const KEY = 'login.two_factor';
export const PENDING_MINUTES = 10;

interface Pending {
  id: number;
  remember: boolean;
  organizationId: number | null;
  at: number;
}

/** When the user has two-factor sign-in on, remembers the sign-in and answers true (go to the challenge). */
export async function deferToChallenge(ctx: AppContext, req: Request, user: User, options: { remember: boolean; organizationId?: number }): Promise<boolean> {
  if (!(await twoFactorOn(ctx.db, user.id))) return false;
  // A new id for the half-signed-in session too: the guest id before the password is not reused.
  req.session.regenerate();
  req.session.put(KEY, { id: user.id, remember: options.remember, organizationId: options.organizationId ?? null, at: ctx.clock.now().getTime() } satisfies Pending);
  return true;
}

export async function pendingLogin(ctx: AppContext, req: Request): Promise<{ user: User; remember: boolean; organizationId: number | null } | null> {
  const pending = req.session.get<Pending>(KEY);
  if (!pending || typeof pending.id !== 'number') return null;
  if (ctx.clock.now().getTime() - pending.at > PENDING_MINUTES * 60_000) {
    req.session.forget(KEY);
    return null;
  }
  const user = await findUserById(ctx.db, pending.id);
  return user ? { user, remember: pending.remember, organizationId: pending.organizationId } : null;
}

export function forgetPendingLogin(req: Request): void {
  req.session.forget(KEY);
}

/** Fresh recovery codes wait in the session (encrypted) until the page has read them once. */
export const RECOVERY_CODES_KEY = 'two_factor.recovery_codes';
export const recoveryCodesWaiting = (req: Request) => req.session.has(RECOVERY_CODES_KEY);

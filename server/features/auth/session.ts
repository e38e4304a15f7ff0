import type { Request, Response } from 'express';
import type { AppContext } from '../../context';
import type { User } from '../../db/types';
import { requestActor } from '../../tenancy/from-request';
import { flashClearHistory } from '../../http/session-bridge';
import { clearCurrentOrganization, setCurrentOrganization } from '../../tenancy/current';
import { userOrganizations } from '../../tenancy/repository';
import { forgetRememberCookie, issueRememberToken, REMEMBER_SELECTOR } from './remember';
import { noteDevice } from '../../account/new-device';
import { revokeRememberTokens } from './token-repository';
import { recordSignIn } from './service';
import type { LoginClient } from './throttles';

/**
 * The HTTP side of signing in and out (the session, the remember-me cookie): helpers for the
 * controllers, kept out of service.ts so the services never see Express.
 */

const PASSWORD_CONFIRMED_AT = 'auth.password_confirmed_at';

export function loginClient(req: Request): LoginClient {
  return { ip: req.ip ?? null, wantsPage: req.isInertia || req.accepts(['html', 'json']) === 'html' };
}

/** A fresh session id for the signed-in user (no fixation), remember-me, current organisation, log line. */
export async function completeLogin(ctx: AppContext, req: Request, res: Response, user: User, remember: boolean, organizationId?: number): Promise<void> {
  req.session.regenerate();
  req.session.userId = user.id;
  req.session.forget(PASSWORD_CONFIRMED_AT);
  req.user = user;
  if (remember) req.session.put(REMEMBER_SELECTOR, await issueRememberToken(ctx, ctx.db, res, user.id));
  await noteDevice(ctx, req, res, user);
  let orgId = organizationId;
  if (!orgId) {
    const mine = await userOrganizations(ctx.db, user.id);
    if (mine.length === 1) orgId = mine[0].id;
  }
  if (orgId) setCurrentOrganization(req, orgId);
  else clearCurrentOrganization(req);
  const orgForLog = orgId ?? null;
  await recordSignIn(ctx, requestActor(req, user), user, orgForLog);
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

/** The password was just confirmed: sensitive actions need no new prompt for a while. */
export function markPasswordConfirmed(ctx: AppContext, req: Request): void {
  req.session.put(PASSWORD_CONFIRMED_AT, Math.floor(ctx.clock.now().getTime() / 1000));
}

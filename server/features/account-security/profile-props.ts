import type { Request } from 'express';
import type { AppContext } from '../../context';
import * as twoFactor from '../two-factor/service';
import * as browserSessions from '../browser-sessions/service';
import * as passkeys from '../passkeys/service';

/** The security sections of Profile/Edit: two-factor sign-in, passkeys, signed-in browsers. */
export async function securityProps(ctx: AppContext, req: Request) {
  const user = req.user!;
  return {
    twoFactor: { ...(await twoFactor.status(ctx, user.id)), recoveryCodesReady: twoFactor.recoveryCodesWaiting(req) },
    sessions: await browserSessions.list(ctx, user.id, req.session.id),
    passkeys: await passkeys.list(ctx, user.id),
  };
}

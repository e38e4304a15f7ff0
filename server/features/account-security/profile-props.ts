import type { AppContext } from '../../context';
import type { User } from '../../db/types';
import * as twoFactor from '../two-factor/service';
import * as browserSessions from '../browser-sessions/service';
import * as passkeys from '../passkeys/service';

/**
 * The security sections of Profile/Edit: two-factor sign-in, passkeys, signed-in browsers. The
 * controller passes what it read from the session (this browser's session id, and whether new
 * recovery codes wait to be shown once).
 */
export async function securityProps(ctx: AppContext, user: User, session: { id: string; recoveryCodesReady: boolean }) {
  return {
    twoFactor: { ...(await twoFactor.status(ctx, user.id)), recoveryCodesReady: session.recoveryCodesReady },
    sessions: await browserSessions.list(ctx, user.id, session.id),
    passkeys: await passkeys.list(ctx, user.id),
  };
}

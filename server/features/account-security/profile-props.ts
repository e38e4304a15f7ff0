import type { Request } from 'express';
import type { AppContext } from '../../context';
import * as twoFactor from '../two-factor/service';

/** The security sections of Profile/Edit: two-factor sign-in. */
export async function securityProps(ctx: AppContext, req: Request) {
  const user = req.user!;
  return {
    twoFactor: { ...(await twoFactor.status(ctx, user.id)), recoveryCodesReady: twoFactor.recoveryCodesWaiting(req) },
  };
}

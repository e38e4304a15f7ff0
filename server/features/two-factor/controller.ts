import type { Request, Response } from 'express';
import type { AppContext } from '../../context';
import { flash } from '../../http/session-bridge';
import { decryptString, deriveKey, encryptString } from '../../lib/encryption';
import { actingFrom, actingIn, requestActor } from '../../tenancy/from-request';
import { validate } from '../../lib/validation';
import { intendedUrl } from '../auth/middleware';
import { takeAttempt, twoFactorChallenge } from '../auth/throttles';
import { completeLogin, loginClient } from '../auth/session';
import { routeOrganization } from '../../tenancy/guard';
import { forgetPendingLogin, pendingLogin } from '../../account/pending-login';
import { challengeSchema, confirmTwoFactorSchema, disableTwoFactorSchema, requirementSchema } from './schema';
import * as twoFactor from './service';
import { setRequirement } from './requirement';

import { RECOVERY_CODES_KEY as CODES_KEY } from '../../account/pending-login';
import { msg } from '../../i18n/message';
import { localize } from '../../i18n/message';
import { requestLocale } from '../../i18n/locale';
import { translator } from '../../i18n/message';
import { route } from '../../../shared/routes';
const codesKey = (ctx: AppContext) => deriveKey(ctx.key, 'recovery-codes-once');

const wantsJson = (req: Request) => !req.isInertia && req.accepts(['html', 'json']) === 'json';

/**
 * Inertia visits go back to the profile with a toast; API clients (Fortify's) get 200 JSON. An
 * instruction (what to do next) is an `info` toast, not a success: nothing is finished yet.
 */
function done(req: Request, res: Response, message: string, tone: 'success' | 'info' = 'success') {
  if (wantsJson(req)) return res.status(200).json({ message: localize(requestLocale(req), message) });
  flash(req, tone, message);
  return res.redirect(303, route('profile.edit'));
}

export function twoFactorController(ctx: AppContext) {
  const keepCodes = (req: Request, codes: string[]) => req.session.put(CODES_KEY, encryptString(codesKey(ctx), JSON.stringify(codes)));

  return {
    async enable(req: Request, res: Response) {
      await twoFactor.enable(ctx, req.user!);
      done(req, res, msg('messages.twoFactor.scan'), 'info');
    },

    async confirm(req: Request, res: Response) {
      const { code } = validate(confirmTwoFactorSchema, req.body);
      keepCodes(req, await twoFactor.confirm(ctx, actingFrom(req), code));
      done(req, res, msg('messages.twoFactor.on'));
    },

    async disable(req: Request, res: Response) {
      const { password } = validate(disableTwoFactorSchema, req.body);
      await twoFactor.disable(ctx, actingFrom(req), password);
      req.session.forget(CODES_KEY);
      done(req, res, msg('messages.twoFactor.off'));
    },

    async qrCode(req: Request, res: Response) {
      res.json({ svg: (await twoFactor.qrCode(ctx, req.user!)) ?? '' });
    },

    async secretKey(req: Request, res: Response) {
      const secretKey = await twoFactor.secret(ctx, req.user!.id);
      if (!secretKey) return res.status(404).json({ message: translator(requestLocale(req))('messages.twoFactor.notSetUp') });
      res.json({ secretKey });
    },

    /** The codes are stored hashed: they can be read once, right after they were made. */
    recoveryCodes(req: Request, res: Response) {
      const sealed = req.session.pull<string>(CODES_KEY);
      const plain = sealed ? decryptString(codesKey(ctx), sealed) : null;
      res.json(plain ? (JSON.parse(plain) as string[]) : []);
    },

    async regenerateRecoveryCodes(req: Request, res: Response) {
      keepCodes(req, await twoFactor.regenerateRecoveryCodes(ctx, actingFrom(req)));
      done(req, res, msg('messages.twoFactor.recoveryCodes'));
    },

    async showChallenge(req: Request, res: Response) {
      if (!(await pendingLogin(ctx, req))) return res.redirect(route('login'));
      return res.inertia.render('Auth/TwoFactorChallenge', {}, { title: msg('messages.titles.twoFactorChallenge') });
    },

    async challenge(req: Request, res: Response) {
      const pending = await pendingLogin(ctx, req);
      if (!pending) {
        flash(req, 'info', msg('messages.twoFactor.signInExpired'));
        return res.redirect(303, route('login'));
      }
      const input = validate(challengeSchema, req.body);
      const field = input.recovery_code ? 'recovery_code' : 'code';
      // Per pending account, whatever the address or session: ten addresses get five guesses between them.
      const throttle = twoFactorChallenge(pending.user.id);
      await takeAttempt(ctx, loginClient(req), [throttle], field);
      // A wrong code keeps the attempt counted; the right one clears the account's count (as Fortify).
      await twoFactor.verifyChallenge(ctx, requestActor(req, pending.user), pending.user, input);
      await ctx.limiter.clear(throttle.key);
      forgetPendingLogin(req);
      await completeLogin(ctx, req, res, pending.user, pending.remember, pending.organizationId ?? undefined);
      res.redirect(303, intendedUrl(req));
    },

    async updateRequirement(req: Request, res: Response) {
      const target = routeOrganization(req);
      const { require_two_factor } = validate(requirementSchema, req.body);
      await setRequirement(ctx, actingIn(req, target), require_two_factor);
      flash(req, 'success', require_two_factor ? msg('messages.twoFactor.required') : msg('messages.twoFactor.notRequired'));
      res.redirect(303, route('organizations.edit', { id: target.id }));
    },
  };
}

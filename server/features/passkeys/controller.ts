import type { Request, Response } from 'express';
import type { AppContext } from '../../context';
import { HttpError } from '../../errors';
import { flash } from '../../http/session-bridge';
import { actingFrom } from '../../tenancy/from-request';
import { validate } from '../../lib/validation';
import { intendedUrl } from '../auth/middleware';
import { passkeySignIn, takeAttempt } from '../auth/throttles';
import { completeLogin, loginClient } from '../auth/session';
import { passkeyLoginSchema, registerPasskeySchema, renamePasskeySchema } from './schema';
import * as passkeys from './service';
import { msg } from '../../i18n/message';
import { route } from '../../../shared/routes';

/** Each ceremony's challenge lives in the session and is used once. */
const REGISTRATION = 'passkeys.registration_challenge';
const AUTHENTICATION = 'passkeys.authentication_challenge';

const OPTIONS_PER_MINUTE = 30;

const routeId = (req: Request) => {
  const id = Number(req.params.id);
  if (!Number.isInteger(id) || id <= 0 || id > 2_147_483_647) throw new HttpError(404);
  return id;
};

export function passkeysController(ctx: AppContext) {
  return {
    async registrationOptions(req: Request, res: Response) {
      const options = await passkeys.registrationOptions(ctx, req.user!);
      req.session.put(REGISTRATION, options.challenge);
      res.json(options);
    },

    async store(req: Request, res: Response) {
      const input = validate(registerPasskeySchema, req.body);
      await passkeys.register(ctx, actingFrom(req), input, req.session.pull<string>(REGISTRATION));
      flash(req, 'success', msg('messages.passkeys.added', { name: input.name }));
      res.redirect(303, route('profile.edit'));
    },

    async rename(req: Request, res: Response) {
      const id = routeId(req);
      // Someone else's (or no) passkey is a 404 before anything about the form is said.
      if (!(await passkeys.owns(ctx, req.user!.id, id))) throw new HttpError(404);
      const { name } = validate(renamePasskeySchema, req.body);
      await passkeys.rename(ctx, actingFrom(req), id, name);
      flash(req, 'success', msg('messages.passkeys.renamed'));
      res.redirect(303, route('profile.edit'));
    },

    async destroy(req: Request, res: Response) {
      await passkeys.remove(ctx, actingFrom(req), routeId(req));
      flash(req, 'success', msg('messages.passkeys.removed'));
      res.redirect(303, route('profile.edit'));
    },

    async authenticationOptions(req: Request, res: Response) {
      // Each call stores a challenge in a guest session: bounded per IP.
      const key = `passkey-options|${req.ip}`;
      if (await ctx.limiter.attempt(key, OPTIONS_PER_MINUTE, 60)) {
        const seconds = await ctx.limiter.availableIn(key);
        throw new HttpError(429, msg('messages.errors.tooManyRequestsRetry', { seconds }), { 'Retry-After': String(seconds) });
      }
      const options = await passkeys.authenticationOptions(ctx);
      req.session.put(AUTHENTICATION, options.challenge);
      res.json(options);
    },

    /** A passkey with user verification is two factors: no code is asked for after it. */
    async login(req: Request, res: Response) {
      const client = loginClient(req);
      const throttle = passkeySignIn(client);
      const { credential } = validate(passkeyLoginSchema, req.body);
      await takeAttempt(ctx, client, [throttle], 'passkey');
      // A refused passkey keeps the attempt counted.
      const user = await passkeys.authenticate(ctx, credential, req.session.pull<string>(AUTHENTICATION));
      await ctx.limiter.giveBack([throttle]);
      await completeLogin(ctx, req, res, user, false);
      res.redirect(303, intendedUrl(req));
    },
  };
}

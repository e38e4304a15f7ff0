import type { Request, Response } from 'express';
import { serialize } from 'cookie';
import type { AppContext } from '../../context';
import { HttpError } from '../../errors';
import { flash } from '../../http/session-bridge';
import { randomToken, sha256 } from '../../lib/crypto';
import { cleanParam } from '../../lib/query';
import { fail, validate } from '../../lib/validation';
import { msg } from '../../i18n/message';
import { endPortalSession, portalActor, portalOf, startPortalSession } from '../../tenancy/portal';
import { route } from '../../../shared/routes';
import { SIGN_IN_LINK_MINUTES } from '../../../shared/portal';
import { loginClient } from '../auth/session';
import { passkeySignIn, portalLinkThrottles, portalLinkUse, takeAttempt } from '../auth/throttles';
import { organizationBySlug, NO_SUCH_ORGANIZATION } from '../organizations/service';
import { passkeyLoginSchema, registerPasskeySchema, requestLinkSchema } from './schema';
import * as portalPasskeys from './passkey-service';
import * as portalAuth from './service';

/**
 * The browser that asks for a link holds a random value in this cookie; the link works only where
 * the hash of that value matches (a link forwarded, or read on another device, signs no one in).
 */
export const LINK_BROWSER_COOKIE = 'portal_link_browser';

/** Each passkey ceremony's challenge lives in the session and is used once. */
const REGISTRATION = 'portal.passkey_registration_challenge';
const AUTHENTICATION = 'portal.passkey_authentication_challenge';
const OPTIONS_PER_MINUTE = 30;

const tokenParam = (req: Request) => cleanParam(req.params.token, 200) ?? '';
const browserHashOf = (req: Request): string | null => {
  const value = req.cookies?.[LINK_BROWSER_COOKIE];
  return typeof value === 'string' && /^[A-Za-z0-9_-]{43}$/.test(value) ? sha256(value) : null;
};

export function portalAuthController(ctx: AppContext) {
  const secure = ctx.config.APP_URL.startsWith('https:');

  /** This browser's binding value: kept while it lasts, so several links asked for here all work. */
  const bindBrowser = (req: Request, res: Response): string => {
    const existing = req.cookies?.[LINK_BROWSER_COOKIE];
    const value = typeof existing === 'string' && /^[A-Za-z0-9_-]{43}$/.test(existing) ? existing : randomToken(32);
    res.append('Set-Cookie', serialize(LINK_BROWSER_COOKIE, value, { httpOnly: true, sameSite: 'lax', secure, path: route('portal.index'), maxAge: SIGN_IN_LINK_MINUTES * 60 }));
    return sha256(value);
  };

  const renderLink = (res: Response, token: string, state: 'ready' | portalAuth.LinkRefusal, status = 200) =>
    res.inertia.render('Portal/SignIn', { token: state === 'ready' ? token : null, state }, { title: msg('messages.titles.portalSignIn'), status });

  return {
    /** From the organisation's sign-in page: the same answer whether or not the address has access. */
    async requestLink(req: Request, res: Response) {
      const org = await organizationBySlug(ctx, (cleanParam(req.params.slug, 255) ?? '').toLowerCase());
      if (!org) fail('board_email', NO_SUCH_ORGANIZATION);
      const { board_email } = validate(requestLinkSchema, req.body);
      await takeAttempt(ctx, loginClient(req), portalLinkThrottles(loginClient(req), board_email), 'board_email');
      await portalAuth.requestLink(ctx, portalActor(req), { organization: org, email: board_email, browserHash: bindBrowser(req, res) });
      flash(req, 'success', msg('messages.portalAuth.linkSent', { email: board_email, minutes: SIGN_IN_LINK_MINUTES }));
      res.redirect(303, `${route('org-login.show', { slug: org.slug })}?as=board`);
    },

    /** The page behind the link: it signs in only when its button is pressed (mail scanners follow GETs). */
    async showLink(req: Request, res: Response) {
      const token = tokenParam(req);
      const refusal = await portalAuth.checkLink(ctx, token, browserHashOf(req));
      await renderLink(res, token, refusal ?? 'ready', refusal === 'invalid' ? 410 : 200);
    },

    async useLink(req: Request, res: Response) {
      await takeAttempt(ctx, loginClient(req), [portalLinkUse(loginClient(req))], 'token');
      const result = await portalAuth.useSignInLink(ctx, portalActor(req), tokenParam(req), browserHashOf(req));
      if (result === 'invalid' || result === 'otherBrowser') return renderLink(res, '', result, result === 'invalid' ? 410 : 200);
      const next = startPortalSession(req, result.memberId);
      flash(req, 'success', msg('messages.portalAuth.signedIn'));
      res.redirect(303, next);
    },

    async passkeyRegistrationOptions(req: Request, res: Response) {
      const options = await portalPasskeys.registrationOptions(ctx, portalOf(req).member);
      req.session.put(REGISTRATION, options.challenge);
      res.json(options);
    },

    async storePasskey(req: Request, res: Response) {
      const input = validate(registerPasskeySchema, req.body);
      await portalPasskeys.register(ctx, portalActor(req), portalOf(req).member, input, req.session.pull<string>(REGISTRATION));
      flash(req, 'success', msg('messages.passkeys.added', { name: input.name }));
      res.redirect(303, route('portal.settings'));
    },

    async destroyPasskey(req: Request, res: Response) {
      const id = Number(req.params.id);
      if (!Number.isInteger(id) || id <= 0 || id > 2_147_483_647) throw new HttpError(404);
      await portalPasskeys.remove(ctx, portalActor(req), portalOf(req).member, id);
      flash(req, 'success', msg('messages.passkeys.removed'));
      res.redirect(303, route('portal.settings'));
    },

    async passkeyLoginOptions(req: Request, res: Response) {
      // Each call stores a challenge in a guest session: bounded per address.
      const key = `portal-passkey-options|${req.ip}`;
      if (await ctx.limiter.attempt(key, OPTIONS_PER_MINUTE, 60)) {
        const seconds = await ctx.limiter.availableIn(key);
        throw new HttpError(429, msg('messages.errors.tooManyRequestsRetry', { seconds }), { 'Retry-After': String(seconds) });
      }
      const options = await portalPasskeys.authenticationOptions(ctx);
      req.session.put(AUTHENTICATION, options.challenge);
      res.json(options);
    },

    async passkeyLogin(req: Request, res: Response) {
      const client = loginClient(req);
      const throttle = passkeySignIn(client);
      const { credential } = validate(passkeyLoginSchema, req.body);
      await takeAttempt(ctx, client, [throttle], 'portal_passkey');
      const memberId = await portalPasskeys.authenticate(ctx, portalActor(req), credential, req.session.pull<string>(AUTHENTICATION));
      await ctx.limiter.giveBack([throttle]);
      const next = startPortalSession(req, memberId);
      flash(req, 'success', msg('messages.portalAuth.signedIn'));
      res.redirect(303, next);
    },

    logout(req: Request, res: Response) {
      endPortalSession(req);
      flash(req, 'success', msg('messages.portalAuth.signedOut'));
      res.redirect(303, route('org-login'));
    },
  };
}

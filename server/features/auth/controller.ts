import type { Request, Response } from 'express';
import type { AppContext } from '../../context';
import { actingFrom, requestActor } from '../../tenancy/from-request';
import { requireCurrentPassword } from '../../account/password-guard';
import { HttpError } from '../../errors';
import { cleanParam } from '../../lib/query';
import { flash } from '../../http/session-bridge';
import { checkSignedRequest } from '../../lib/signed-url';
import { validate } from '../../lib/validation';
import { emailHash } from './mails';
import { intendedUrl, passwordRecentlyConfirmed, RETRY_AFTER_CONFIRM } from './middleware';
import { confirmPasswordSchema, forgotPasswordSchema, loginSchema, registerSchema, resetPasswordSchema } from './schema';
import * as auth from './service';
import { completeLogin, loginClient, logout, markPasswordConfirmed } from './session';
import { updateUser } from '../../account/user-repository';
import { deferToChallenge } from '../../account/pending-login';
import { localizeOrNull, msg, restoreMessages, storedMessages } from '../../i18n/message';
import { requestLocale } from '../../i18n/locale';
import { route } from '../../../shared/routes';

/** Why the visitor registers: 'organization' (to create one, Welcome's call to action) or nothing said. */
const registerIntent = (value: unknown): 'organization' | null => (value === 'organization' ? 'organization' : null);

/** Thin handlers: validate → service → render or redirect. */
export function authController(ctx: AppContext) {
  return {
    showRegister: (req: Request, res: Response) => res.inertia.render('Auth/Register', { intent: registerIntent(req.query.intent) }, { title: msg('messages.titles.register') }),

    async register(req: Request, res: Response) {
      const input = await validate(registerSchema, req.body, { email: auth.emailAvailable(ctx) });
      const user = await auth.register(ctx, requestActor(req), input);
      await completeLogin(ctx, req, res, user, false);
      // Came to create an organisation: once the address is verified, the form to create it opens.
      if (registerIntent((req.body as Record<string, unknown> | undefined)?.intent) === 'organization') req.session.put('url.intended', route('organizations.create'));
      res.redirect(route('verification.notice'));
    },

    showLogin: (req: Request, res: Response) => res.inertia.render('Auth/Login', { canResetPassword: true, status: sessionStatus(req) }, { title: msg('messages.titles.login') }),

    async login(req: Request, res: Response) {
      const input = validate(loginSchema, req.body);
      const user = await auth.checkCredentials(ctx, loginClient(req), input);
      if (await deferToChallenge(ctx, req, user, { remember: input.remember })) return res.redirect(route('two-factor.login'));
      await completeLogin(ctx, req, res, user, input.remember);
      res.redirect(intendedUrl(req));
    },

    async logout(req: Request, res: Response) {
      await logout(ctx, req, res);
      res.redirect('/');
    },

    showVerifyNotice(req: Request, res: Response) {
      if (req.user!.email_verified_at) return res.redirect(intendedUrl(req));
      return res.inertia.render('Auth/VerifyEmail', { status: sessionStatus(req), email: req.user!.email }, { title: msg('messages.titles.verifyEmail') });
    },

    async verify(req: Request, res: Response) {
      const user = req.user!;
      const check = checkSignedRequest(ctx.key, req, ctx.clock.now());
      if (check === 'expired') throw new HttpError(403, msg('messages.auth.verifyExpired'));
      if (check === 'invalid') throw new HttpError(403, msg('messages.auth.verifyInvalid'));
      if (String(user.id) !== req.params.id || emailHash(user.email) !== req.params.hash) {
        throw new HttpError(403, msg('messages.auth.verifyOtherAccount'));
      }
      if (!user.email_verified_at) await updateUser(ctx.db, user.id, { email_verified_at: ctx.clock.now() });
      flash(req, 'success', msg('messages.auth.verified'));
      res.redirect(intendedUrl(req));
    },

    async resendVerification(req: Request, res: Response) {
      const result = await auth.resendVerification(ctx, requestActor(req), req.user!);
      if (result === 'verified') return res.redirect(route('dashboard'));
      req.session.flash('status', 'verification-link-sent');
      flash(req, 'success', msg('messages.auth.verificationSent'));
      res.inertia.back(route('verification.notice'));
    },

    showForgot: (req: Request, res: Response) => res.inertia.render('Auth/ForgotPassword', { status: sessionStatus(req) }, { title: msg('messages.titles.forgotPassword') }),

    async forgot(req: Request, res: Response) {
      const { email } = validate(forgotPasswordSchema, req.body);
      await auth.sendPasswordResetLink(ctx, email);
      req.session.flash('status', storedMessages(auth.RESET_SENT));
      res.inertia.back(route('password.request'));
    },

    showReset: (req: Request, res: Response) =>
      res.inertia.render('Auth/ResetPassword', { token: cleanParam(req.params.token, 200) ?? '', email: cleanParam(req.query.email, 255) ?? '' }, { title: msg('messages.titles.resetPassword') }),

    async reset(req: Request, res: Response) {
      const input = await validate(resetPasswordSchema, req.body, { email: auth.resetTokenValid(ctx) });
      await auth.resetPassword(ctx, requestActor(req, null), input);
      req.session.flash('status', storedMessages(msg('messages.auth.passwordResetStatus')));
      flash(req, 'success', msg('messages.auth.passwordReset'));
      res.redirect(route('login'));
    },

    showConfirm: (_req: Request, res: Response) => res.inertia.render('Auth/ConfirmPassword', {}, { title: msg('messages.titles.confirmPassword') }),

    async confirm(req: Request, res: Response) {
      const { password } = validate(confirmPasswordSchema, req.body);
      await requireCurrentPassword(ctx, actingFrom(req), password);
      markPasswordConfirmed(ctx, req);
      // A refused form is not replayed (its data is gone): say so instead of dropping it silently.
      if (req.session.pull(RETRY_AFTER_CONFIRM)) flash(req, 'info', msg('messages.auth.passwordConfirmedRetry'));
      res.redirect(intendedUrl(req));
    },

    confirmedPasswordStatus: (req: Request, res: Response) => res.json({ confirmed: passwordRecentlyConfirmed(ctx, req) }),

    /** 201 when confirmed; a wrong password is a 422 with the field's error (the error handler's JSON shape). */
    async confirmInDialog(req: Request, res: Response) {
      const { password } = validate(confirmPasswordSchema, req.body);
      await requireCurrentPassword(ctx, actingFrom(req), password);
      markPasswordConfirmed(ctx, req);
      req.session.forget(RETRY_AFTER_CONFIRM);
      res.status(201).json({});
    },
  };
}

/** The one-off status line of the auth pages (a code such as `verification-link-sent`, or a message in the reader's language). */
function sessionStatus(req: Request): string | null {
  return localizeOrNull(requestLocale(req), restoreMessages(req.session.get<string>('status')));
}

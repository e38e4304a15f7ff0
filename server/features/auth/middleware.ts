import type { NextFunction, Request, Response } from 'express';
import type { AppContext } from '../../context';
import type { User } from '../../db/types';
import { HttpError } from '../../errors';
import { preloadedUser } from '../../tenancy/identity';
import { localPath } from '../../http/local-path';
import { consumeRememberToken, forgetRememberCookie, issueRememberToken, REMEMBER_COOKIE, REMEMBER_SELECTOR } from './remember';
import { findUserById } from '../../account/user-repository';
import { msg } from '../../i18n/message';
import { route } from '../../../shared/routes';
import { isPortalSession } from '../../tenancy/portal';

declare global {
  namespace Express {
    interface Request {
      user?: User;
    }
  }
}

export const PASSWORD_CONFIRM_SECONDS = 3 * 60 * 60;

/** Puts the signed-in user on the request: from the session, else from a valid remember cookie. */
export function loadUser(ctx: AppContext) {
  return async (req: Request, res: Response, next: NextFunction) => {
    const id = req.session.userId;
    if (id !== null) {
      const preloaded = preloadedUser(req, id); // loaded with the session, in the same query
      req.user = (preloaded === undefined ? await findUserById(ctx.db, id) : preloaded) ?? undefined;
      if (!req.user) req.session.invalidate();
    } else if (req.cookies[REMEMBER_COOKIE]) {
      const userId = await consumeRememberToken(ctx, req);
      const user = userId ? await findUserById(ctx.db, userId) : undefined;
      if (user) {
        req.session.regenerate();
        req.session.userId = user.id;
        req.user = user;
        req.session.put(REMEMBER_SELECTOR, await issueRememberToken(ctx, ctx.db, res, user.id));
      } else {
        forgetRememberCookie(ctx, res);
      }
    }
    next();
  };
}

const wantsPage = (req: Request) => req.isInertia || req.accepts(['html', 'json']) === 'html';

/** Signed in; guests go to the sign-in page and come back afterwards. */
export function requireAuth(req: Request, res: Response, next: NextFunction) {
  if (req.user) return next();
  // A board member is signed in, but not as staff: no staff page is theirs (docs/product.md "Board members").
  if (isPortalSession(req)) return next(new HttpError(403));
  if (!wantsPage(req)) return next(new HttpError(401, msg('messages.errors.unauthenticated')));
  if (req.method === 'GET') req.session.put('url.intended', req.originalUrl);
  res.redirect(route('login'));
}

/** Guests only; signed-in users go to their dashboard. */
export function requireGuest(req: Request, res: Response, next: NextFunction) {
  if (!req.user) return next();
  res.redirect(route('dashboard'));
}

/** A verified e-mail address. */
export function requireVerified(req: Request, res: Response, next: NextFunction) {
  if (req.user?.email_verified_at) return next();
  if (!wantsPage(req)) return next(new HttpError(403, msg('messages.errors.emailNotVerified')));
  res.redirect(route('verification.notice'));
}

/** Whether the password was typed in the last three hours (the one rule; pages ask through /user/confirmed-password-status). */
export function passwordRecentlyConfirmed(ctx: AppContext, req: Request): boolean {
  const at = req.session.get<number>('auth.password_confirmed_at') ?? 0;
  return ctx.clock.now().getTime() / 1000 - at < PASSWORD_CONFIRM_SECONDS;
}

/** Set when an action was refused for want of confirmation: confirming then says to do it again. */
export const RETRY_AFTER_CONFIRM = 'auth.retry_after_confirm';

/**
 * The password was typed in the last three hours. Pages confirm it in a dialog first; a request
 * that still arrives without it goes to /confirm-password, which returns to the page asked for
 * (GET) or to the page the refused form was on (other methods).
 */
export function requirePasswordConfirmed(ctx: AppContext) {
  return (req: Request, res: Response, next: NextFunction) => {
    if (passwordRecentlyConfirmed(ctx, req)) return next();
    if (!wantsPage(req)) return next(new HttpError(423, msg('messages.errors.passwordConfirmationRequired')));
    // After confirming, a GET comes back to itself; a form goes back to the page it was sent from,
    // and is told to try again (its data is gone: never replayed, never dropped silently).
    if (req.method === 'GET') {
      req.session.put('url.intended', localPath(req.originalUrl) ?? route('dashboard'));
    } else {
      req.session.put('url.intended', localPath(req.get('referer'), ctx.config.APP_URL) ?? route('dashboard'));
      req.session.put(RETRY_AFTER_CONFIRM, true);
    }
    res.redirect(route('password.confirm'));
  };
}

/** Where to go after signing in: the page the guest first asked for, else the dashboard. */
export function intendedUrl(req: Request, fallback = route('dashboard')): string {
  const url = req.session.pull<unknown>('url.intended');
  return (typeof url === 'string' && localPath(url)) || fallback;
}

import type { NextFunction, Request, Response } from 'express';
import { serialize } from 'cookie';
import { hmac, safeEqual } from '../lib/crypto';
import { HttpError } from '../errors';

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * The CSRF token is derived from the session id, so it needs no storage, changes whenever the
 * session id rotates (sign-in, sign-out) and a token from another session never matches.
 */
export function csrfToken(key: string, sessionId: string): string {
  return hmac(key, `csrf:${sessionId}`).slice(0, 40);
}

export interface CsrfOptions {
  key: string;
  secure: boolean;
  /** Paths that authenticate otherwise (none by default). */
  except?: (req: Request) => boolean;
}

export function csrf(options: CsrfOptions) {
  return (req: Request, res: Response, next: NextFunction) => {
    res.locals.csrfToken = () => csrfToken(options.key, req.session.id);
    if (!SAFE.has(req.method) && !options.except?.(req)) {
      const sent = req.get('X-XSRF-TOKEN') ?? req.get('X-CSRF-TOKEN') ?? (typeof req.body?._token === 'string' ? (req.body._token as string) : undefined);
      if (!sent || !safeEqual(sent, csrfToken(options.key, req.session.id))) {
        return next(new HttpError(419));
      }
    }
    next();
  };
}

/** Mirrors the (possibly rotated) token into the readable XSRF-TOKEN cookie axios and Inertia send back. */
export function xsrfCookie(req: Request, res: Response, key: string, secure: boolean): void {
  const token = csrfToken(key, req.session.id);
  if (req.cookies?.['XSRF-TOKEN'] === token || res.headersSent) return;
  res.append('Set-Cookie', serialize('XSRF-TOKEN', token, { sameSite: 'lax', secure, path: '/', httpOnly: false, maxAge: 60 * 60 * 24 }));
}

import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { newSessionId, Session } from './session';

/**
 * A request that carries `Authorization: Bearer …` authenticates with that token alone (issue #28).
 * Browsers never attach an Authorization header on their own (and a cross-site page cannot add
 * one without a CORS preflight we never grant), so such a request cannot be forged by another
 * site: it skips the CSRF check. In return its cookies and session are ignored: it gets an empty
 * session of its own that is never stored nor sent back, so no signed-in user, portal member,
 * current organisation or remember cookie comes along. The bearer decides alone.
 */
export const carriesBearer = (req: Request): boolean => /^Bearer\s/i.test(req.get('authorization') ?? '');

/** The session middleware for cookie requests; a detached, empty session for bearer requests. */
export function sessionUnlessBearer(sessionMiddleware: RequestHandler): RequestHandler {
  return (req: Request, res: Response, next: NextFunction) => {
    if (!carriesBearer(req)) return sessionMiddleware(req, res, next);
    req.cookies = {};
    req.session = new Session(newSessionId(), {}, null, false, false);
    next();
  };
}

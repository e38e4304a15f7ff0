import type { NextFunction, Request, Response } from 'express';
import { onBeforeEnd } from './response-hooks';

/**
 * A response to a signed-in user or board member (the portal) is never stored, by the browser or
 * anything between: after signing out, Back or a cached copy must not show the previous user's pages. Set first (a
 * streamed download keeps it) and again at the end, over anything a handler chose.
 */
export function noStoreWhenSignedIn(req: Request, res: Response, next: NextFunction) {
  if (!req.user && !req.portal) return next();
  res.set('Cache-Control', 'no-store');
  onBeforeEnd(res, () => {
    if (!res.headersSent) res.set('Cache-Control', 'no-store');
  });
  next();
}

import type { NextFunction, Request, Response } from 'express';
import { onBeforeEnd } from './response-hooks';

/**
 * An answer sent before its request's body was read (a too-large upload refused on its
 * Content-Length, a streamed one stopped at the limit, a sign-in redirect) closes the connection:
 * otherwise Node would read the rest of the body, however large, only to throw it away.
 */
export function closeWhenBodyUnread(req: Request, res: Response, next: NextFunction) {
  // Requests without a body (every GET a browser sends) need nothing.
  if (req.headers['content-length'] !== undefined || req.headers['transfer-encoding'] !== undefined) {
    onBeforeEnd(res, () => {
      if (!req.complete && !res.headersSent) res.setHeader('Connection', 'close');
    });
  }
  next();
}

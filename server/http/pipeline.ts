import type { NextFunction, Request, RequestHandler, Response } from 'express';

/**
 * Middleware that every request passes through, run in order as one Express layer. It behaves as
 * `app.use()` of each in turn (an error, thrown, passed to `next` or a rejected promise, skips the
 * rest and goes to the error handlers), without the router's per-layer work: path matching,
 * parameter objects and a promise handler per layer, on the hot path of every request.
 * Only for middleware that runs for every path; anything mounted under a path stays `app.use`.
 */
export function pipeline(...handlers: RequestHandler[]): RequestHandler {
  return (req: Request, res: Response, done: NextFunction) => {
    let i = 0;
    const next = (error?: unknown): void => {
      // Whatever Express makes of it ('router' included), it is for the layers after this one.
      if (error) return done(error);
      const handler = handlers[i++];
      if (!handler) return done();
      try {
        const result: unknown = handler(req, res, next);
        if (result instanceof Promise) result.catch((rejected: unknown) => next(rejected ?? new Error('Rejected promise')));
      } catch (thrown) {
        next(thrown);
      }
    };
    next();
  };
}

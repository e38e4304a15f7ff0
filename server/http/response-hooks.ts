import type { Response } from 'express';
import { databaseUnavailable } from './database-errors';

/** `body` is what was passed to `res.end()` (undefined for streamed or empty bodies). */
type Hook = (res: Response, body: unknown) => void | Promise<void>;
const hooks = new WeakMap<Response, Hook[]>();

/**
 * Runs `hook` just before the response is finished (before headers are sent when the body is
 * sent in one piece), so session writes land before the browser can follow a redirect.
 * Hooks run in registration order; the response ends after the last one settles.
 */
export function onBeforeEnd(res: Response, hook: Hook): void {
  let list = hooks.get(res);
  if (!list) {
    list = [];
    hooks.set(res, list);
    const end = res.end.bind(res) as (...args: unknown[]) => Response;
    let ending = false;
    (res as any).end = function patchedEnd(...args: unknown[]) {
      if (ending) return end(...args);
      ending = true;
      (async () => {
        for (const h of list!) await h(res, typeof args[0] === 'function' ? undefined : args[0]);
      })().then(
        () => end(...args),
        (error) => {
          res.locals.hookError = error;
          // A session that cannot be saved because the database went away is an outage, not a bug.
          const unavailable = databaseUnavailable(error);
          res.req.log?.[unavailable ? 'warn' : 'error']({ err: error }, 'response hook failed');
          if (!res.headersSent) {
            res.statusCode = unavailable ? 503 : 500;
            if (unavailable) res.set(unavailable.headers);
          }
          end(...args);
        },
      );
      return res;
    };
  }
  list.push(hook);
}

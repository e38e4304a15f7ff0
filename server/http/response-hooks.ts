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
    // biome-ignore lint/suspicious/noExplicitAny: Express types res.end with overloads; the wrapper replaces all of them at once
    (res as any).end = function patchedEnd(...args: unknown[]) {
      if (ending) return end(...args);
      ending = true;
      const body = typeof args[0] === 'function' ? undefined : args[0];
      const failed = (error: unknown) => {
        res.locals.hookError = error;
        // A session that cannot be saved because the database went away is an outage, not a bug.
        const unavailable = databaseUnavailable(error);
        res.req.log?.[unavailable ? 'warn' : 'error']({ err: error }, 'response hook failed');
        if (!res.headersSent) {
          res.statusCode = unavailable ? 503 : 500;
          if (unavailable) res.set(unavailable.headers);
        }
        end(...args);
      };
      // Hooks run one after the other; the response waits only for those that return a promise.
      const from = (i: number): void | Promise<void> => {
        for (; i < list!.length; i++) {
          const pending = list![i](res, body);
          if (pending) return pending.then(() => from(i + 1));
        }
      };
      try {
        const pending = from(0);
        if (pending) pending.then(() => end(...args), failed);
        else end(...args);
      } catch (error) {
        failed(error);
      }
      return res;
    };
  }
  list.push(hook);
}

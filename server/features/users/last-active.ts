import type { NextFunction, Request, Response } from 'express';
import type { AppContext } from '../../context';
import { touchMembership } from '../../account/membership-repository';

export const LAST_ACTIVE_INTERVAL_MS = 60_000;
const MAX_REMEMBERED = 10_000;

/** Writes not yet settled, per app (tests wait for them with `lastActiveSettled`). */
const pending = new WeakMap<AppContext, Set<Promise<void>>>();

/** Settles when every last-activity write started so far (for responses already sent) has finished. */
export async function lastActiveSettled(ctx: AppContext): Promise<void> {
  for (let writes = pending.get(ctx); writes?.size; writes = pending.get(ctx)) await Promise.all(writes);
}

/**
 * Records `memberships.last_active_at` for the current organisation, at most once a minute per
 * member: an in-process map skips the write in between, and the UPDATE itself only changes a
 * row older than a minute (several server processes stay cheap too). The write is bookkeeping:
 * it runs once the response has gone out (or the connection closed), never in front of it, and
 * it records the time the request came in.
 */
export function trackLastActive(ctx: AppContext) {
  const written = new Map<string, number>();
  let writes = pending.get(ctx);
  if (!writes) pending.set(ctx, (writes = new Set()));
  const inFlight = writes;
  return (req: Request, res: Response, next: NextFunction) => {
    const org = req.organization;
    const user = req.user;
    if (!org?.role || !user) return next();
    const key = `${org.id}:${user.id}`;
    const now = ctx.clock.now();
    const last = written.get(key);
    if (last !== undefined && now.getTime() - last < LAST_ACTIVE_INTERVAL_MS) return next();
    if (written.size >= MAX_REMEMBERED) written.clear();
    written.set(key, now.getTime());
    const write: Promise<void> = new Promise<void>((resolve) => {
      let started = false;
      const start = () => {
        if (started) return;
        started = true;
        resolve(touchMembership(ctx.db, org.id, user.id, now, LAST_ACTIVE_INTERVAL_MS).then(() => {}));
      };
      res.once('finish', start);
      res.once('close', start);
    })
      // Bookkeeping never fails anything.
      .catch((error: unknown) => req.log?.warn({ err: error }, 'could not record last activity'))
      .finally(() => inFlight.delete(write));
    inFlight.add(write);
    next();
  };
}

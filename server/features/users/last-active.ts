import type { NextFunction, Request, Response } from 'express';
import type { AppContext } from '../../context';
import { touchMembership } from './repository';

export const LAST_ACTIVE_INTERVAL_MS = 60_000;
const MAX_REMEMBERED = 10_000;

/**
 * Records `memberships.last_active_at` for the current organisation, at most once a minute per
 * member: an in-process map skips the write in between, and the UPDATE itself only changes a
 * row older than a minute (several server processes stay cheap too).
 */
export function trackLastActive(ctx: AppContext) {
  const written = new Map<string, number>();
  return async (req: Request, _res: Response, next: NextFunction) => {
    const org = req.organization;
    const user = req.user;
    if (!org?.role || !user) return next();
    const key = `${org.id}:${user.id}`;
    const now = ctx.clock.now();
    const last = written.get(key);
    if (last !== undefined && now.getTime() - last < LAST_ACTIVE_INTERVAL_MS) return next();
    if (written.size >= MAX_REMEMBERED) written.clear();
    written.set(key, now.getTime());
    try {
      await touchMembership(ctx.db, org.id, user.id, now, LAST_ACTIVE_INTERVAL_MS);
    } catch (error) {
      // Bookkeeping must never fail the request.
      req.log?.warn({ err: error }, 'could not record last activity');
    }
    next();
  };
}

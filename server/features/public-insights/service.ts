import type { AppContext } from '../../context';
import { hmac } from '../../lib/crypto';
import * as repo from './repository';

/** A read of a public page, as the controller saw the request. */
export interface Visit {
  ip: string | null;
  userAgent: string | null;
  /** The signed-in reader, if any. */
  userId: number | null;
  /** A real read: a GET that is not a browser's speculative (prefetch/prerender) load. */
  isRead: boolean;
}

/** A visitor: keyed hash of IP and user agent (no raw IP is stored; the key makes it unguessable). */
export function visitorHash(ctx: AppContext, visit: Pick<Visit, 'ip' | 'userAgent'>): string {
  return hmac(ctx.key, `insight-view|${visit.ip ?? ''}|${visit.userAgent ?? ''}`);
}

/**
 * Counts a view unless the author is reading their own insight or the visitor was counted in
 * the last hour. One transaction: the visit row and the counter move together.
 */
export async function countView(ctx: AppContext, visit: Visit, insight: { id: number; author_id: number | null }): Promise<boolean> {
  if (!visit.isRead) return false;
  if (visit.userId !== null && insight.author_id !== null && visit.userId === insight.author_id) return false;
  const hash = visitorHash(ctx, visit);
  const now = ctx.clock.now();
  return ctx.db.transaction().execute((trx) => repo.recordView(trx, insight.id, hash, now));
}

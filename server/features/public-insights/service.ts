import type { Request } from 'express';
import type { AppContext } from '../../context';
import { hmac } from '../../lib/crypto';
import * as repo from './repository';

/** A visitor: keyed hash of IP and user agent (no raw IP is stored; the key makes it unguessable). */
export function visitorHash(ctx: AppContext, req: Request): string {
  return hmac(ctx.key, `insight-view|${req.ip ?? ''}|${req.get('user-agent') ?? ''}`);
}

/** Browsers' speculative loads are not reads. */
const isPrefetch = (req: Request) => /prefetch|prerender/i.test(`${req.get('purpose') ?? ''} ${req.get('sec-purpose') ?? ''} ${req.get('x-moz') ?? ''}`);

/**
 * Counts a view unless the author is reading their own insight or the visitor was counted in
 * the last hour. One transaction: the visit row and the counter move together.
 */
export async function countView(ctx: AppContext, req: Request, insight: { id: number; author_id: number | null }): Promise<boolean> {
  if (req.method !== 'GET' || isPrefetch(req)) return false;
  if (req.user && insight.author_id !== null && req.user.id === insight.author_id) return false;
  const hash = visitorHash(ctx, req);
  const now = ctx.clock.now();
  return ctx.db.transaction().execute((trx) => repo.recordView(trx, insight.id, hash, now));
}

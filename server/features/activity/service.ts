import type { AppContext, Clock } from '../../context';
import { deleteOlderThan } from './repository';
import { MAX_RETENTION_DAYS } from './schema';

export const PRUNE_BATCH_SIZE = 5000;
const DAY_MS = 86_400_000;

export interface PruneReport {
  /** Entries written before this instant were deleted. */
  cutoff: Date;
  deleted: number;
  /** DELETE statements run (the last one deletes fewer than a batch, possibly none). */
  batches: number;
}

/**
 * Retention: deletes activity entries older than `days` days (every organisation's and the
 * account-level ones), a batch at a time, each in its own short statement, so the table is never
 * locked for long and other writers keep going.
 */
export async function pruneActivity(ctx: Pick<AppContext, 'db'> & { clock: Clock }, options: { days: number; batchSize?: number }): Promise<PruneReport> {
  if (!Number.isSafeInteger(options.days) || options.days < 1 || options.days > MAX_RETENTION_DAYS) throw new RangeError(`days must be a whole number from 1 to ${MAX_RETENTION_DAYS}`);
  const batchSize = options.batchSize ?? PRUNE_BATCH_SIZE;
  if (!Number.isSafeInteger(batchSize) || batchSize < 1) throw new RangeError('batchSize must be a positive integer');
  const cutoff = new Date(ctx.clock.now().getTime() - options.days * DAY_MS);
  let deleted = 0;
  let batches = 0;
  for (;;) {
    const n = await deleteOlderThan(ctx.db, cutoff, batchSize);
    deleted += n;
    batches += 1;
    if (n < batchSize) break;
  }
  return { cutoff, deleted, batches };
}

import type { Db } from '../../db/types';
import { MIN_READERS_SHOWN } from '../../../shared/portal';
import { namedReadReceiptsOn, namedReceipts, readinessCounts } from './readiness-repository';

/**
 * "Readiness without surveillance" (docs/product.md "Board members"): how many of an insight's
 * board members read and acknowledged it. A count below MIN_READERS_SHOWN is not sent at all
 * (null: the page says "fewer than 3"), since one or two readers are as good as named. Names
 * (with dates) only when the organisation turned named read receipts on; the portal tells its
 * board members so.
 */
export interface Readiness {
  recipients: number;
  /** Null: fewer than `minShown` (the number itself never leaves the server). */
  read: number | null;
  acknowledged: number | null;
  minShown: number;
  /** Only with named read receipts on: every recipient with their dates (null when not yet). */
  readers: { id: number; name: string; read_at: Date | null; acknowledged_at: Date | null }[] | null;
}

const shown = (n: number) => (n >= MIN_READERS_SHOWN ? n : null);

export async function insightReadiness(db: Db, organizationId: number, insightId: number): Promise<Readiness> {
  if (await namedReadReceiptsOn(db, organizationId)) {
    const rows = await namedReceipts(db, organizationId, insightId);
    return {
      recipients: rows.length,
      read: rows.filter((r) => r.read_at).length,
      acknowledged: rows.filter((r) => r.acknowledged_at).length,
      minShown: MIN_READERS_SHOWN,
      readers: rows.map((r) => ({ id: r.id, name: `${r.first_name} ${r.last_name}`.trim(), read_at: r.read_at, acknowledged_at: r.acknowledged_at })),
    };
  }
  const counts = await readinessCounts(db, organizationId, insightId);
  return { recipients: counts.recipients, read: shown(counts.read), acknowledged: shown(counts.acknowledged), minShown: MIN_READERS_SHOWN, readers: null };
}

import { sql } from 'kysely';
import type { Db } from '../../db/types';
import { scopedUpdate } from '../../tenancy/repository';

/**
 * A member came online (`online`) or went offline at `at`. An event older than the last one
 * applied is ignored: a retried, late delivery never undoes a newer state. "Last seen"
 * (last_active_at) only moves forward. True when a membership changed.
 */
export async function recordPresence(db: Db, organizationId: number, userId: number, online: boolean, at: Date): Promise<boolean> {
  const result = await scopedUpdate(db, organizationId, 'memberships')
    .set({
      online_since: online ? sql<Date>`coalesce(online_since, ${at})` : null,
      last_active_at: sql<Date>`greatest(last_active_at, ${at})`,
      presence_changed_at: at,
    })
    .where('user_id', '=', userId)
    .where((eb) => eb.or([eb('presence_changed_at', 'is', null), eb('presence_changed_at', '<=', at)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

import { sql } from 'kysely';
import type { Db } from '../../db/types';

/**
 * An insight's recipients in the portal: its linked board users (of the organisation, live and
 * active) whose portal access stands (the access row's member still has their e-mail), with
 * their receipt. The same rule as the portal's own (tenancy/portal-repository.ts).
 */
function recipients(db: Db, organizationId: number, insightId: number) {
  return db
    .selectFrom('board_user_insight as bi')
    .innerJoin('board_users as bu', 'bu.id', 'bi.board_user_id')
    .innerJoin('board_user_portal_access as a', 'a.board_user_id', 'bu.id')
    .innerJoin('portal_members as pm', 'pm.id', 'a.portal_member_id')
    .leftJoin('insight_receipts as r', (join) => join.onRef('r.insight_id', '=', 'bi.insight_id').onRef('r.board_user_id', '=', 'bu.id'))
    .where('bi.insight_id', '=', insightId)
    .where('bu.organization_id', '=', organizationId)
    .where('a.organization_id', '=', organizationId)
    .where('bu.deleted_at', 'is', null)
    .where('bu.status', '=', 'active')
    .where(sql<boolean>`lower(bu.email) = pm.email`);
}

/**
 * How many recipients there are, and how many board members have read and acknowledged (no names).
 * The reads count every receipt of the insight, whoever holds access now: a count that drops when
 * staff revoke one person's access or unlink them would tell whether that person read it.
 */
export async function readinessCounts(db: Db, organizationId: number, insightId: number): Promise<{ recipients: number; read: number; acknowledged: number }> {
  const audience = await recipients(db, organizationId, insightId).select(sql<number>`count(*)::int`.as('recipients')).executeTakeFirstOrThrow();
  const receipts = await db
    .selectFrom('insight_receipts')
    .where('insight_id', '=', insightId)
    .where('organization_id', '=', organizationId)
    .select([sql<number>`count(*)::int`.as('read'), sql<number>`count(acknowledged_at)::int`.as('acknowledged')])
    .executeTakeFirstOrThrow();
  return { recipients: Number(audience.recipients), read: Number(receipts.read), acknowledged: Number(receipts.acknowledged) };
}

/** The recipients by name with their receipts (only asked when the organisation turned named read receipts on). */
export function namedReceipts(db: Db, organizationId: number, insightId: number) {
  return recipients(db, organizationId, insightId)
    .select(['bu.id', 'bu.first_name', 'bu.last_name', 'r.read_at', 'r.acknowledged_at'])
    .orderBy(sql`r.read_at is null`)
    .orderBy(sql`lower(bu.last_name)`)
    .orderBy(sql`lower(bu.first_name)`)
    .orderBy('bu.id')
    .execute();
}

/** Whether the organisation turned named read receipts on. */
export async function namedReadReceiptsOn(db: Db, organizationId: number): Promise<boolean> {
  const row = await db.selectFrom('organizations').select('named_read_receipts').where('id', '=', organizationId).executeTakeFirst();
  return !!row?.named_read_receipts;
}

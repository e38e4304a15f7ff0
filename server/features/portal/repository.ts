import { sql } from 'kysely';
import type { Db } from '../../db/types';
import type { PortalRecord } from '../../tenancy/portal-repository';

/** How many insights the home lists at most (the newest; unread ones come first). */
export const PORTAL_HOME_LIMIT = 200;

/**
 * The one rule of what a board member may read, in SQL: published, not deleted, linked to one of
 * their records, and of that record's organisation (a link across organisations counts for nothing).
 */
function readable(db: Db, records: PortalRecord[]) {
  return db
    .selectFrom('board_user_insight as bi')
    .innerJoin('insights as i', 'i.id', 'bi.insight_id')
    .leftJoin('insight_receipts as r', (join) => join.onRef('r.insight_id', '=', 'i.id').onRef('r.board_user_id', '=', 'bi.board_user_id'))
    .where('i.status', '=', 'published')
    .where('i.deleted_at', 'is', null)
    .where((eb) => eb.or(records.map((r) => eb.and([eb('bi.board_user_id', '=', r.board_user_id), eb('i.organization_id', '=', r.organization_id)]))));
}

export interface PortalInsightRow {
  id: number;
  organization_id: number;
  board_user_id: number;
  title: string;
  summary: string | null;
  category: string;
  published_at: Date | null;
  read_at: Date | null;
  acknowledged_at: Date | null;
}

const columns = ['i.id', 'i.organization_id', 'bi.board_user_id', 'i.title', 'i.summary', 'i.category', 'i.published_at', 'r.read_at', 'r.acknowledged_at'] as const;

/** The member's insights: unread first, then the newest published. */
export async function portalInsights(db: Db, records: PortalRecord[], limit = PORTAL_HOME_LIMIT): Promise<PortalInsightRow[]> {
  if (records.length === 0) return [];
  return readable(db, records)
    .select(columns)
    .orderBy(sql`r.read_at is null`, 'desc')
    .orderBy('i.published_at', (ob) => ob.desc().nullsLast())
    .orderBy('i.id', 'desc')
    .limit(limit)
    .execute();
}

/** How many of the member's insights are unread and how many there are (the home's counts, not capped). */
export async function portalInsightCounts(db: Db, records: PortalRecord[]): Promise<{ total: number; unread: number }> {
  if (records.length === 0) return { total: 0, unread: 0 };
  const row = await readable(db, records)
    .select([sql<number>`count(*)::int`.as('total'), sql<number>`count(*) filter (where r.read_at is null)::int`.as('unread')])
    .executeTakeFirstOrThrow();
  return { total: Number(row.total), unread: Number(row.unread) };
}

/** One insight the member may read, with its body, or undefined (the same for every reason). */
export function portalInsight(db: Db, records: PortalRecord[], id: number) {
  if (records.length === 0) return Promise.resolve(undefined);
  return readable(db, records)
    .select([...columns, 'i.body'])
    .where('i.id', '=', id)
    .executeTakeFirst();
}

/** Records the read once; true when it is new. */
export async function recordRead(db: Db, row: { insight_id: number; board_user_id: number; organization_id: number }, at: Date): Promise<boolean> {
  const inserted = await db
    .insertInto('insight_receipts')
    .values({ ...row, read_at: at })
    .onConflict((oc) => oc.columns(['insight_id', 'board_user_id']).doNothing())
    .returning('insight_id')
    .executeTakeFirst();
  return !!inserted;
}

/** Records "read and understood" once (and the read with it); true when it is new. */
export async function recordAcknowledgement(db: Db, row: { insight_id: number; board_user_id: number; organization_id: number }, at: Date): Promise<boolean> {
  const changed = await db
    .insertInto('insight_receipts')
    .values({ ...row, read_at: at, acknowledged_at: at })
    .onConflict((oc) => oc.columns(['insight_id', 'board_user_id']).doUpdateSet({ acknowledged_at: at }).where('insight_receipts.acknowledged_at', 'is', null))
    .returning('insight_id')
    .executeTakeFirst();
  return !!changed;
}

/** A board member's language (the portal's language picker; their mails use it too). */
export async function setPortalMemberLocale(db: Db, memberId: number, locale: string, at: Date): Promise<void> {
  await db.updateTable('portal_members').set({ locale, updated_at: at }).where('id', '=', memberId).execute();
}

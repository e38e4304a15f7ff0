import { sql, type ExpressionBuilder } from 'kysely';
import type { Database, Db } from '../../db/types';

/**
 * What board members are told of (portal_notifications) and how. Who may be told is the portal's
 * one rule of a record (server/tenancy/portal-repository.ts `portalRecordsOf`): the access row
 * exists, the board user is active, not deleted and still has the member's e-mail, and the
 * organisation is live. Only published, live insights are ever told of.
 */
type Joined = ExpressionBuilder<
  Database & { a: Database['board_user_portal_access']; pm: Database['portal_members']; bu: Database['board_users']; o: Database['organizations']; i: Database['insights'] },
  'a' | 'pm' | 'bu' | 'o' | 'i'
>;

/** `portalRecordsOf`'s rule for the joined `a`, `pm`, `bu`, `o`, and the insight `i` readable in the portal. */
const readableByRecord = (eb: Joined) =>
  eb.and([
    eb('bu.organization_id', '=', eb.ref('a.organization_id')),
    eb('bu.deleted_at', 'is', null),
    eb('bu.status', '=', 'active'),
    sql<boolean>`lower(bu.email) = pm.email`,
    eb('o.deleted_at', 'is', null),
    eb('i.organization_id', '=', eb.ref('a.organization_id')),
    eb('i.status', '=', 'published'),
    eb('i.deleted_at', 'is', null),
  ]);

/**
 * Records a notification for every board member (delivery not off) with valid access who is
 * linked to one of `insightIds` (of this organisation) while it is published; a record already
 * told of an insight is not told again (the unique pair, `on conflict do nothing`). Returns the
 * rows new in this call.
 */
export async function recordNotifications(db: Db, organizationId: number, insightIds: number[], now: Date): Promise<{ id: number; portal_member_id: number }[]> {
  if (insightIds.length === 0) return [];
  const candidates = db
    .selectFrom('board_user_insight as bui')
    .innerJoin('insights as i', 'i.id', 'bui.insight_id')
    .innerJoin('board_user_portal_access as a', 'a.board_user_id', 'bui.board_user_id')
    .innerJoin('portal_members as pm', 'pm.id', 'a.portal_member_id')
    .innerJoin('board_users as bu', 'bu.id', 'a.board_user_id')
    .innerJoin('organizations as o', 'o.id', 'a.organization_id')
    .where('i.organization_id', '=', organizationId)
    .where('bui.insight_id', 'in', insightIds)
    .where('pm.delivery', '!=', 'off')
    .where((eb) => readableByRecord(eb as unknown as Joined))
    .select((eb) => ['pm.id as portal_member_id', 'a.board_user_id', 'i.id as insight_id', 'a.organization_id', eb.val(now).as('created_at')]);
  return db
    .insertInto('portal_notifications')
    .columns(['portal_member_id', 'board_user_id', 'insight_id', 'organization_id', 'created_at'])
    .expression(candidates)
    .onConflict((oc) => oc.columns(['board_user_id', 'insight_id']).doNothing())
    .returning(['id', 'portal_member_id'])
    .execute();
}

export interface NoticeRow {
  id: number;
  portal_member_id: number;
  email: string;
  locale: string;
  insight_id: number;
  title: string;
  organization_id: number;
  organization_name: string;
}

/**
 * Unsent notifications that may still be told (the record's access holds, the insight is still
 * published), with what their mail names (never an insight's summary or body): the given ids, or
 * one member's.
 */
export function deliverableNotices(db: Db, where: { ids: number[] } | { memberId: number }): Promise<NoticeRow[]> {
  let query = db
    .selectFrom('portal_notifications as n')
    .innerJoin('insights as i', 'i.id', 'n.insight_id')
    .innerJoin('board_user_portal_access as a', (join) => join.onRef('a.board_user_id', '=', 'n.board_user_id').onRef('a.portal_member_id', '=', 'n.portal_member_id'))
    .innerJoin('portal_members as pm', 'pm.id', 'n.portal_member_id')
    .innerJoin('board_users as bu', 'bu.id', 'n.board_user_id')
    .innerJoin('organizations as o', 'o.id', 'a.organization_id')
    .where('n.sent_at', 'is', null)
    .where((eb) => readableByRecord(eb as unknown as Joined));
  query = 'ids' in where ? query.where('n.id', 'in', where.ids.length ? where.ids : [0]) : query.where('n.portal_member_id', '=', where.memberId);
  return query
    .select(['n.id', 'n.portal_member_id', 'pm.email', 'pm.locale', 'i.id as insight_id', 'i.title', 'o.id as organization_id', 'o.name as organization_name'])
    .orderBy('o.sort_name')
    .orderBy('o.id')
    .orderBy('i.published_at', 'desc')
    .orderBy('i.id', 'desc')
    .execute();
}

/** Only the members who want each notice at once. */
export async function instantMemberIds(db: Db, memberIds: number[]): Promise<Set<number>> {
  if (memberIds.length === 0) return new Set();
  const rows = await db.selectFrom('portal_members').select('id').where('id', 'in', memberIds).where('delivery', '=', 'instant').execute();
  return new Set(rows.map((r) => r.id));
}

export async function markSent(db: Db, ids: number[], at: Date): Promise<void> {
  if (ids.length === 0) return;
  await db.updateTable('portal_notifications').set({ sent_at: at }).where('id', 'in', ids).where('sent_at', 'is', null).execute();
}

/** Members whose digest is due: daily delivery, not sent since `dayStart`, something unsent. */
export async function dueDigestMembers(db: Db, dayStart: Date): Promise<number[]> {
  const rows = await db
    .selectFrom('portal_members as pm')
    .select('pm.id')
    .where('pm.delivery', '=', 'daily')
    .where((eb) => eb.or([eb('pm.digest_sent_at', 'is', null), eb('pm.digest_sent_at', '<', dayStart)]))
    .where((eb) => eb.exists(eb.selectFrom('portal_notifications as n').select('n.id').whereRef('n.portal_member_id', '=', 'pm.id').where('n.sent_at', 'is', null)))
    .orderBy('pm.id')
    .execute();
  return rows.map((r) => r.id);
}

/** The member, locked for their digest (two schedulers at once send it once). */
export function lockMember(db: Db, id: number) {
  return db.selectFrom('portal_members').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

export async function markDigestSent(db: Db, memberId: number, at: Date): Promise<void> {
  await db.updateTable('portal_members').set({ digest_sent_at: at }).where('id', '=', memberId).execute();
}

/** Turning delivery off settles what was waiting: it is never sent later, all at once. */
export async function settlePending(db: Db, memberId: number, at: Date): Promise<void> {
  await db.updateTable('portal_notifications').set({ sent_at: at }).where('portal_member_id', '=', memberId).where('sent_at', 'is', null).execute();
}

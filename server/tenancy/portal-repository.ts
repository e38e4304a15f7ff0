import { sql } from 'kysely';
import type { Db } from '../db/types';

/**
 * The one rule of who a portal member is, in SQL: the board-user records they may act as. A record
 * counts while its access row exists, the board user is active, not deleted, still has the
 * member's e-mail, and its organisation is not deleted. Everything the portal shows starts here.
 */
export function portalRecordsOf(db: Db, portalMemberId: number) {
  return db
    .selectFrom('board_user_portal_access as a')
    .innerJoin('portal_members as pm', 'pm.id', 'a.portal_member_id')
    .innerJoin('board_users as bu', 'bu.id', 'a.board_user_id')
    .innerJoin('organizations as o', 'o.id', 'a.organization_id')
    .where('a.portal_member_id', '=', portalMemberId)
    .where('bu.organization_id', '=', sql.ref<number>('a.organization_id'))
    .where('bu.deleted_at', 'is', null)
    .where('bu.status', '=', 'active')
    .where(sql<boolean>`lower(bu.email) = pm.email`)
    .where('o.deleted_at', 'is', null);
}

export interface PortalRecord {
  board_user_id: number;
  organization_id: number;
  organization_name: string;
  organization_slug: string;
  named_read_receipts: boolean;
  first_name: string;
  last_name: string;
  activated_at: Date | null;
  last_seen_at: Date | null;
}

export function findPortalRecords(db: Db, portalMemberId: number): Promise<PortalRecord[]> {
  return portalRecordsOf(db, portalMemberId)
    .select([
      'a.board_user_id',
      'a.organization_id',
      'o.name as organization_name',
      'o.slug as organization_slug',
      'o.named_read_receipts',
      'bu.first_name',
      'bu.last_name',
      'a.activated_at',
      'a.last_seen_at',
    ])
    .orderBy('o.sort_name')
    .orderBy('o.id')
    .execute();
}

export function findPortalMember(db: Db, id: number) {
  return db.selectFrom('portal_members').selectAll().where('id', '=', id).executeTakeFirst();
}

export function findPortalMemberByEmail(db: Db, email: string) {
  return db.selectFrom('portal_members').selectAll().where('email', '=', email.toLowerCase()).executeTakeFirst();
}

/** Last seen, at most once a minute per record (a bookkeeping write, like the session's touch). */
export async function touchPortalRecords(db: Db, boardUserIds: number[], at: Date): Promise<void> {
  if (boardUserIds.length === 0) return;
  await db
    .updateTable('board_user_portal_access')
    .set({ last_seen_at: at })
    .where('board_user_id', 'in', boardUserIds)
    .where((eb) => eb.or([eb('last_seen_at', 'is', null), eb('last_seen_at', '<', new Date(at.getTime() - 60_000))]))
    .execute();
}

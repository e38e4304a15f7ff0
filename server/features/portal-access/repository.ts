import { sql } from 'kysely';
import type { Db } from '../../db/types';
import { scoped, scopedDelete } from '../../tenancy/repository';
import { portalRecordsOf } from '../../tenancy/portal-repository';
import type { PortalAccessState } from '../../../shared/portal';

/** All SQL of granting, revoking and ending board users' portal access (staff side). */

/** The board user, locked for the grant or revocation (404 by the caller when not the organisation's). */
export function lockBoardUser(db: Db, organizationId: number, id: number) {
  return scoped(db, organizationId, 'board_users')
    .select(['board_users.id', 'board_users.first_name', 'board_users.last_name', 'board_users.email', 'board_users.status', 'board_users.deleted_at'])
    .where('board_users.id', '=', id)
    .forUpdate()
    .executeTakeFirst();
}

export function findAccess(db: Db, organizationId: number, boardUserId: number) {
  return scoped(db, organizationId, 'board_user_portal_access').selectAll().where('board_user_portal_access.board_user_id', '=', boardUserId).executeTakeFirst();
}

/** The one identity of an e-mail address (lower-cased): created with `locale` if new, else as it is. */
export async function upsertPortalMember(db: Db, email: string, locale: string, now: Date) {
  return (
    db
      .insertInto('portal_members')
      .values({ email: email.toLowerCase(), locale, created_at: now, updated_at: now })
      // A no-op update, so the existing row is returned (its locale is the member's own choice).
      .onConflict((oc) => oc.column('email').doUpdateSet({ email: (eb) => eb.ref('excluded.email') }))
      .returningAll()
      .executeTakeFirstOrThrow()
  );
}

export async function insertAccess(db: Db, row: { board_user_id: number; organization_id: number; portal_member_id: number; granted_by: number; granted_at: Date }): Promise<void> {
  await db.insertInto('board_user_portal_access').values(row).execute();
}

/** Deletes the access rows of these board users; answers what was deleted. */
export function deleteAccess(db: Db, organizationId: number, boardUserIds: number[]) {
  if (!boardUserIds.length) return Promise.resolve([]);
  return scopedDelete(db, organizationId, 'board_user_portal_access')
    .where('board_user_portal_access.board_user_id', 'in', boardUserIds)
    .returning(['board_user_portal_access.board_user_id', 'board_user_portal_access.portal_member_id'])
    .execute();
}

export type EndReason = 'inactive' | 'deleted' | 'email_changed';

/**
 * Of these board users, the access rows that no longer hold (portal-repository.ts's rule): the
 * board user is deleted, inactive, or no longer has the member's e-mail; with why.
 */
export function lapsedAccess(db: Db, organizationId: number, boardUserIds: number[]) {
  if (!boardUserIds.length) return Promise.resolve([]);
  return db
    .selectFrom('board_user_portal_access as a')
    .innerJoin('board_users as bu', 'bu.id', 'a.board_user_id')
    .innerJoin('portal_members as pm', 'pm.id', 'a.portal_member_id')
    .where('a.organization_id', '=', organizationId)
    .where('a.board_user_id', 'in', boardUserIds)
    .where(sql<boolean>`(bu.deleted_at is not null or bu.status <> 'active' or bu.email is null or lower(bu.email) <> pm.email)`)
    .select([
      'a.board_user_id',
      'a.portal_member_id',
      sql<EndReason>`case when bu.deleted_at is not null then 'deleted' when bu.status <> 'active' then 'inactive' else 'email_changed' end`.as('reason'),
    ])
    .orderBy('a.board_user_id')
    .execute();
}

/** Whether the member still holds any record (anywhere): else their every link is voided. */
export async function hasRecords(db: Db, portalMemberId: number): Promise<boolean> {
  return (await portalRecordsOf(db, portalMemberId).select('a.board_user_id').limit(1).executeTakeFirst()) !== undefined;
}

/** Voids the member's outstanding links that lead into this organisation (invitations and sign-ins there). */
export async function voidLinksInto(db: Db, portalMemberId: number, organizationId: number, now: Date): Promise<void> {
  await db.updateTable('portal_login_links').set({ used_at: now }).where('portal_member_id', '=', portalMemberId).where('organization_id', '=', organizationId).where('used_at', 'is', null).execute();
}

export async function organizationName(db: Db, organizationId: number): Promise<string> {
  const row = await db.selectFrom('organizations').select('name').where('id', '=', organizationId).executeTakeFirstOrThrow();
  return row.name;
}

/** The state as staff see it (shared/portal.ts), as SQL over the access row `a` (null: none). */
export const accessStateSql = (alias: string) =>
  sql<PortalAccessState>`case when ${sql.ref(`${alias}.board_user_id`)} is null then 'none' when ${sql.ref(`${alias}.activated_at`)} is null then 'invited' else 'active' end`;

/** A board user's portal access for the Show page. */
export async function portalAccessOf(db: Db, organizationId: number, boardUserId: number) {
  const row = await findAccess(db, organizationId, boardUserId);
  return row
    ? { state: (row.activated_at ? 'active' : 'invited') as PortalAccessState, granted_at: row.granted_at, activated_at: row.activated_at, last_seen_at: row.last_seen_at }
    : { state: 'none' as PortalAccessState, granted_at: null, activated_at: null, last_seen_at: null };
}

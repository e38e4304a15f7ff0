import type { Db } from '../../db/types';

/** All SQL of portal sign-in links: stored by the token's hash, used once. */

export async function insertLink(
  db: Db,
  row: { portal_member_id: number; organization_id: number | null; token_hash: string; browser_hash: string | null; expires_at: Date; created_at: Date },
): Promise<void> {
  await db.insertInto('portal_login_links').values(row).execute();
}

export function findLink(db: Db, tokenHash: string) {
  return db.selectFrom('portal_login_links').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst();
}

/** Marks the link used; false when another request used it first (one use, even under a race). */
export async function useLink(db: Db, id: number, now: Date): Promise<boolean> {
  const row = await db.updateTable('portal_login_links').set({ used_at: now }).where('id', '=', id).where('used_at', 'is', null).returning('id').executeTakeFirst();
  return !!row;
}

/** Voids a member's outstanding links (access ended; a newer invitation replaces older ones). */
export async function voidLinks(db: Db, portalMemberId: number, now: Date): Promise<void> {
  await db.updateTable('portal_login_links').set({ used_at: now }).where('portal_member_id', '=', portalMemberId).where('used_at', 'is', null).execute();
}

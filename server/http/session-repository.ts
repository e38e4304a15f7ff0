import type { Db } from '../db/types';

/** The `sessions` table, keyed by the SHA-256 of the session id (a stolen dump holds no usable id). */

export function findSession(db: Db, idHash: string) {
  return db.selectFrom('sessions').select(['data', 'user_id', 'last_activity']).where('id', '=', idHash).executeTakeFirst();
}

export async function deleteSessions(db: Db, idHashes: string[]): Promise<void> {
  if (idHashes.length === 0) return;
  await db.deleteFrom('sessions').where('id', 'in', idHashes).execute();
}

export async function saveSession(db: Db, row: { id: string; user_id: number | null; data: string; ip: string | null; user_agent: string; last_activity: Date }): Promise<void> {
  await db
    .insertInto('sessions')
    .values(row)
    .onConflict((oc) => oc.column('id').doUpdateSet({ user_id: row.user_id, data: row.data, last_activity: row.last_activity, ip: row.ip, user_agent: row.user_agent }))
    .execute();
}

/** Signs a user out everywhere: every stored session of theirs goes. */
export async function deleteSessionsOfUser(db: Db, userId: number): Promise<void> {
  await db.deleteFrom('sessions').where('user_id', '=', userId).execute();
}

/** The once-a-minute bookkeeping write: only the activity columns, and only if still stale. */
export async function touchSession(db: Db, hashedId: string, at: Date, everyMs: number, ip: string | null, userAgent: string): Promise<void> {
  await db
    .updateTable('sessions')
    .set({ last_activity: at, ip, user_agent: userAgent })
    .where('id', '=', hashedId)
    .where('last_activity', '<', new Date(at.getTime() - everyMs))
    .execute();
}

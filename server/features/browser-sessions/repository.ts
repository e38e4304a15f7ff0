import type { Db } from '../../db/types';

/** All SQL of browser sessions: the user's session rows, their remember tokens, known devices. */

export function userSessions(db: Db, userId: number, activeSince: Date) {
  return db
    .selectFrom('sessions')
    .select(['id', 'ip', 'user_agent', 'last_activity', 'data'])
    .where('user_id', '=', userId)
    .where('last_activity', '>=', activeSince)
    .orderBy('last_activity', 'desc')
    .execute();
}

/** Deletes the sessions (by stored id) and answers their data, to find their remember tokens. */
export function deleteSessions(db: Db, userId: number, ids: string[]) {
  if (!ids.length) return Promise.resolve([]);
  return db.deleteFrom('sessions').where('user_id', '=', userId).where('id', 'in', ids).returning(['id', 'data']).execute();
}

export async function deleteRememberTokens(db: Db, userId: number, selectors: string[]): Promise<void> {
  if (!selectors.length) return;
  await db.deleteFrom('remember_tokens').where('user_id', '=', userId).where('selector', 'in', selectors).execute();
}

/** Every remember token of the user but `keep` (this browser's). */
export async function deleteRememberTokensExcept(db: Db, userId: number, keep: string | null): Promise<void> {
  let query = db.deleteFrom('remember_tokens').where('user_id', '=', userId);
  if (keep) query = query.where('selector', '!=', keep);
  await query.execute();
}

/** Records the device; answers whether it was new and whether the user had any device before. */

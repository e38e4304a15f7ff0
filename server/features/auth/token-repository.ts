import type { Db } from '../../db/types';

/** Password-reset and remember-me tokens: only hashes are stored. */

export function findResetToken(db: Db, email: string) {
  return db.selectFrom('password_reset_tokens').selectAll().where('email', '=', email.toLowerCase()).executeTakeFirst();
}

/** One live reset token per address: a new request replaces the old one. */
export async function saveResetToken(db: Db, email: string, tokenHash: string, now: Date): Promise<void> {
  await db
    .insertInto('password_reset_tokens')
    .values({ email: email.toLowerCase(), token_hash: tokenHash, created_at: now })
    .onConflict((oc) => oc.column('email').doUpdateSet({ token_hash: tokenHash, created_at: now }))
    .execute();
}

export async function deleteResetToken(db: Db, email: string): Promise<void> {
  await db.deleteFrom('password_reset_tokens').where('email', '=', email).execute();
}

export async function insertRememberToken(db: Db, values: { user_id: number; selector: string; token_hash: string; expires_at: Date }): Promise<void> {
  await db.insertInto('remember_tokens').values(values).execute();
}

/** The token row for `selector`, deleted in the same statement: a remember cookie works once. */
export function takeRememberToken(db: Db, selector: string) {
  return db.deleteFrom('remember_tokens').where('selector', '=', selector).returningAll().executeTakeFirst();
}

export async function revokeRememberTokens(db: Db, userId: number): Promise<void> {
  await db.deleteFrom('remember_tokens').where('user_id', '=', userId).execute();
}

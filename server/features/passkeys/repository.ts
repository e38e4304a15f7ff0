import type { Db } from '../../db/types';

/** All SQL of passkeys (WebAuthn credentials). */

export function userPasskeys(db: Db, userId: number) {
  return db.selectFrom('passkeys').selectAll().where('user_id', '=', userId).orderBy('created_at', 'asc').orderBy('id', 'asc').execute();
}

export function findByCredentialId(db: Db, credentialId: string) {
  return db.selectFrom('passkeys').selectAll().where('credential_id', '=', credentialId).executeTakeFirst();
}

export function findUserPasskey(db: Db, userId: number, id: number) {
  return db.selectFrom('passkeys').selectAll().where('user_id', '=', userId).where('id', '=', id).executeTakeFirst();
}

export function insertPasskey(db: Db, row: { user_id: number; name: string; credential_id: string; public_key: string; counter: number; transports: string[]; created_at: Date }) {
  return db
    .insertInto('passkeys')
    .values({ ...row, transports: JSON.stringify(row.transports) })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function renamePasskey(db: Db, userId: number, id: number, name: string): Promise<boolean> {
  const row = await db.updateTable('passkeys').set({ name }).where('user_id', '=', userId).where('id', '=', id).returning('id').executeTakeFirst();
  return !!row;
}

export async function deletePasskey(db: Db, userId: number, id: number) {
  return db.deleteFrom('passkeys').where('user_id', '=', userId).where('id', '=', id).returning(['id', 'name']).executeTakeFirst();
}

/** Moves the signature counter forward; false when another sign-in already moved it as far (a clone or a replay). */
export async function recordUse(db: Db, id: number, previousCounter: number, newCounter: number, now: Date): Promise<boolean> {
  const row = await db.updateTable('passkeys').set({ counter: newCounter, last_used_at: now }).where('id', '=', id).where('counter', '=', previousCounter).returning('id').executeTakeFirst();
  return !!row;
}

import type { Db } from '../../db/types';

/** All SQL of board members' passkeys (staff passkeys are in features/passkeys). */

export function memberPasskeys(db: Db, memberId: number) {
  return db.selectFrom('portal_passkeys').selectAll().where('portal_member_id', '=', memberId).orderBy('created_at', 'asc').orderBy('id', 'asc').execute();
}

export function findByCredentialId(db: Db, credentialId: string) {
  return db.selectFrom('portal_passkeys').selectAll().where('credential_id', '=', credentialId).executeTakeFirst();
}

/** Staff and board members share the relying party: one credential id is one account's, whichever table holds it. */
export async function credentialTaken(db: Db, credentialId: string): Promise<boolean> {
  const staff = await db.selectFrom('passkeys').select('id').where('credential_id', '=', credentialId).executeTakeFirst();
  return !!staff || !!(await findByCredentialId(db, credentialId));
}

export function insertPasskey(db: Db, row: { portal_member_id: number; name: string; credential_id: string; public_key: string; counter: number; transports: string[]; created_at: Date }) {
  return db
    .insertInto('portal_passkeys')
    .values({ ...row, transports: JSON.stringify(row.transports) })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export function deletePasskey(db: Db, memberId: number, id: number) {
  return db.deleteFrom('portal_passkeys').where('portal_member_id', '=', memberId).where('id', '=', id).returning(['id', 'name']).executeTakeFirst();
}

/** Moves the signature counter forward; false when another sign-in already moved it as far (a clone or a replay). */
export async function recordUse(db: Db, id: number, previousCounter: number, newCounter: number, now: Date): Promise<boolean> {
  const row = await db.updateTable('portal_passkeys').set({ counter: newCounter, last_used_at: now }).where('id', '=', id).where('counter', '=', previousCounter).returning('id').executeTakeFirst();
  return !!row;
}

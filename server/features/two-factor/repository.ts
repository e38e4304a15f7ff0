import { sql } from 'kysely';
import type { Db } from '../../db/types';

/** All SQL of two-factor sign-in: the user's TOTP credential and recovery codes. */

export function findCredential(db: Db, userId: number) {
  return db.selectFrom('two_factor_credentials').selectAll().where('user_id', '=', userId).executeTakeFirst();
}

/** A new, unconfirmed secret (replacing an earlier unconfirmed or confirmed one). */
export async function putUnconfirmedSecret(db: Db, userId: number, encryptedSecret: string, now: Date): Promise<void> {
  await db
    .insertInto('two_factor_credentials')
    .values({ user_id: userId, secret: encryptedSecret, confirmed_at: null, last_used_step: null, created_at: now })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ secret: encryptedSecret, confirmed_at: null, last_used_step: null, created_at: now }))
    .execute();
}

export async function markConfirmed(db: Db, userId: number, now: Date, step: number): Promise<boolean> {
  const row = await db
    .updateTable('two_factor_credentials')
    .set({ confirmed_at: now, last_used_step: step })
    .where('user_id', '=', userId)
    .where('confirmed_at', 'is', null)
    .returning('user_id')
    .executeTakeFirst();
  return !!row;
}

/**
 * Records that a code for `step` was used; false when that step (or a later one) was already
 * used. One conditional UPDATE, so two requests racing with the same code cannot both win.
 */
export async function claimStep(db: Db, userId: number, step: number): Promise<boolean> {
  const row = await db
    .updateTable('two_factor_credentials')
    .set({ last_used_step: step })
    .where('user_id', '=', userId)
    .where((eb) => eb.or([eb('last_used_step', 'is', null), eb('last_used_step', '<', step)]))
    .returning('user_id')
    .executeTakeFirst();
  return !!row;
}

export async function deleteCredential(db: Db, userId: number): Promise<boolean> {
  const row = await db.deleteFrom('two_factor_credentials').where('user_id', '=', userId).returning('user_id').executeTakeFirst();
  await db.deleteFrom('two_factor_recovery_codes').where('user_id', '=', userId).execute();
  return !!row;
}

export async function replaceRecoveryCodes(db: Db, userId: number, hashes: string[]): Promise<void> {
  await db.deleteFrom('two_factor_recovery_codes').where('user_id', '=', userId).execute();
  await db
    .insertInto('two_factor_recovery_codes')
    .values(hashes.map((code_hash) => ({ user_id: userId, code_hash })))
    .execute();
}

/** Burns the code if it is the user's and unused; false otherwise (so each code works once). */
export async function useRecoveryCode(db: Db, userId: number, hash: string, now: Date): Promise<boolean> {
  const row = await db
    .updateTable('two_factor_recovery_codes')
    .set({ used_at: now })
    .where('user_id', '=', userId)
    .where('code_hash', '=', hash)
    .where('used_at', 'is', null)
    .returning('id')
    .executeTakeFirst();
  return !!row;
}

export async function unusedRecoveryCodeCount(db: Db, userId: number): Promise<number> {
  const row = await db.selectFrom('two_factor_recovery_codes').select(sql<number>`count(*)::int`.as('n')).where('user_id', '=', userId).where('used_at', 'is', null).executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Whether the organisation requires two factors and whether this user has them (TOTP or a passkey). */
export async function twoFactorRequirement(db: Db, organizationId: number, userId: number) {
  const row = await db
    .selectFrom('organizations as o')
    .select((eb) => [
      'o.require_two_factor',
      eb.exists(eb.selectFrom('two_factor_credentials as t').select('t.user_id').where('t.user_id', '=', userId).where('t.confirmed_at', 'is not', null)).as('has_totp'),
      eb.exists(eb.selectFrom('passkeys as p').select('p.id').where('p.user_id', '=', userId)).as('has_passkey'),
    ])
    .where('o.id', '=', organizationId)
    .executeTakeFirst();
  return { required: !!row?.require_two_factor, satisfied: !!row?.has_totp || !!row?.has_passkey };
}

export async function setOrganizationRequirement(db: Db, organizationId: number, required: boolean): Promise<void> {
  await db.updateTable('organizations').set({ require_two_factor: required }).where('id', '=', organizationId).execute();
}

export async function organizationRequirement(db: Db, organizationId: number): Promise<boolean> {
  const row = await db.selectFrom('organizations').select('require_two_factor').where('id', '=', organizationId).executeTakeFirst();
  return !!row?.require_two_factor;
}

import { sql } from 'kysely';
import type { Db, NewUser, User, UserUpdate } from '../db/types';

export function findUserById(db: Db, id: number): Promise<User | undefined> {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

export function findUserByEmail(db: Db, email: string): Promise<User | undefined> {
  return db.selectFrom('users').selectAll().where(sql`lower(email)`, '=', email.toLowerCase()).executeTakeFirst();
}

/** The user, the row locked for the rest of the transaction. */
export function lockUser(db: Db, id: number): Promise<User | undefined> {
  return db.selectFrom('users').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

export function insertUser(db: Db, user: NewUser): Promise<User> {
  return db.insertInto('users').values(user).returningAll().executeTakeFirstOrThrow();
}

export function updateUser(db: Db, id: number, changes: UserUpdate): Promise<User> {
  return db
    .updateTable('users')
    .set({ updated_at: new Date(), ...changes })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function deleteUser(db: Db, id: number): Promise<void> {
  await db.deleteFrom('users').where('id', '=', id).execute();
}

/** The fields of a user that pages may see. */
export function publicUser(user: User) {
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    email_verified_at: user.email_verified_at?.toISOString() ?? null,
    is_platform_admin: user.is_platform_admin,
    locale: user.locale,
    timezone: user.timezone,
  };
}

/** Whether the user has two-factor sign-in on (a confirmed credential): asked at sign-in and by the two-factor feature. */
export async function twoFactorOn(db: Db, userId: number): Promise<boolean> {
  const row = await db.selectFrom('two_factor_credentials').select('confirmed_at').where('user_id', '=', userId).executeTakeFirst();
  return !!row?.confirmed_at;
}

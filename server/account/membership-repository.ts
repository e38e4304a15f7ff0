import { sql } from 'kysely';
import { containsPattern } from '../db/like';
import { defineListQuery } from '../db/list-query';
import type { Db, Role } from '../db/types';
import { scoped, scopedDelete, scopedUpdate } from '../tenancy/repository';

/** Memberships of one organisation: every query starts from `scoped(db, organizationId, …)`. */

/** Members with their user (search by name or e-mail): the pattern is a LIKE pattern of the lower-case term, or null. */
function members(db: Db, organizationId: number, pattern: unknown) {
  let q = scoped(db, organizationId, 'memberships')
    .innerJoin('users', 'users.id', 'memberships.user_id')
    .select(['users.id', 'users.name', 'users.email', 'memberships.role', 'memberships.last_active_at', 'memberships.online_since', 'memberships.created_at as joined_at']);
  if (pattern !== null) q = q.where((eb) => eb.or([eb(sql`lower(users.name)`, 'like', pattern as string), eb(sql`lower(users.email)`, 'like', pattern as string)]));
  return q.orderBy(sql`lower(users.name)`).orderBy('users.id');
}

/** Members with their user, in name order (no limit). */
export function memberList(db: Db, organizationId: number, search: string) {
  return members(db, organizationId, search ? containsPattern(search.toLowerCase()) : null);
}

/** The Users index, on every visit: two texts (with a search or without), every value bound (server/db/list-query.ts). */
export const memberPage = defineListQuery({
  shapeOf: (f: { organizationId: number; search: string }) => ({ search: !!f.search }),
  valuesOf: (f) => ({ organizationId: f.organizationId, pattern: f.search ? containsPattern(f.search.toLowerCase()) : null }),
  build: (db, shape, v) => members(db, v.organizationId, shape.search ? v.pattern : null),
});

/** One member of the organisation by user id; undefined (→ 404) for anyone else. */
export function findMember(db: Db, organizationId: number, userId: number) {
  return scoped(db, organizationId, 'memberships')
    .innerJoin('users', 'users.id', 'memberships.user_id')
    .select([
      'users.id',
      'users.name',
      'users.email',
      'users.email_verified_at',
      'memberships.id as membership_id',
      'memberships.role',
      'memberships.last_active_at',
      'memberships.online_since',
      'memberships.created_at as joined_at',
      'memberships.updated_at',
    ])
    .where('memberships.user_id', '=', userId)
    .executeTakeFirst();
}

/** The membership's row, locked for the rest of the transaction (a role change checks its version under it). */
export function lockMembership(db: Db, organizationId: number, userId: number) {
  return scoped(db, organizationId, 'memberships').select(['memberships.role', 'memberships.updated_at']).where('memberships.user_id', '=', userId).forUpdate().executeTakeFirst();
}

export async function memberUserIds(db: Db, organizationId: number): Promise<number[]> {
  const rows = await scoped(db, organizationId, 'memberships').select('memberships.user_id').execute();
  return rows.map((r) => r.user_id);
}

export function findMembership(db: Db, organizationId: number, userId: number) {
  return scoped(db, organizationId, 'memberships').selectAll().where('user_id', '=', userId).executeTakeFirst();
}

export async function isMemberByEmail(db: Db, organizationId: number, email: string): Promise<boolean> {
  const row = await scoped(db, organizationId, 'memberships')
    .innerJoin('users', 'users.id', 'memberships.user_id')
    .select('memberships.id')
    .where(sql`lower(users.email)`, '=', email.toLowerCase())
    .executeTakeFirst();
  return !!row;
}

export async function membersCount(db: Db, organizationId: number): Promise<number> {
  const row = await scoped(db, organizationId, 'memberships').select(sql<number>`count(*)::int`.as('n')).executeTakeFirst();
  return Number(row?.n ?? 0);
}

export function insertMembership(db: Db, organizationId: number, userId: number, role: Role, now: Date) {
  return db.insertInto('memberships').values({ organization_id: organizationId, user_id: userId, role, created_at: now, updated_at: now }).returningAll().executeTakeFirstOrThrow();
}

export async function setMembershipRole(db: Db, organizationId: number, userId: number, role: Role, now: Date): Promise<void> {
  await scopedUpdate(db, organizationId, 'memberships').set({ role, updated_at: now }).where('user_id', '=', userId).execute();
}

export async function deleteMembership(db: Db, organizationId: number, userId: number): Promise<void> {
  await scopedDelete(db, organizationId, 'memberships').where('user_id', '=', userId).execute();
}

/** Marks the member active, unless that was already recorded in the last `withinMs`. */
export async function touchMembership(db: Db, organizationId: number, userId: number, now: Date, withinMs: number): Promise<void> {
  const cutoff = new Date(now.getTime() - withinMs);
  await scopedUpdate(db, organizationId, 'memberships')
    .set({ last_active_at: now })
    .where('user_id', '=', userId)
    .where((eb) => eb.or([eb('last_active_at', 'is', null), eb('last_active_at', '<', cutoff)]))
    .execute();
}

import { sql } from 'kysely';
import type { Db, Invitation, Role } from '../../db/types';
import { scoped, scopedUpdate } from '../../tenancy/repository';

/** Invitations of one organisation go through `scoped()`; only the token lookup is global (below). */

export function pendingInvitations(db: Db, organizationId: number) {
  return scoped(db, organizationId, 'invitations')
    .leftJoin('users as inviter', 'inviter.id', 'invitations.invited_by')
    .select(['invitations.id', 'invitations.email', 'invitations.role', 'invitations.expires_at', 'invitations.created_at', 'invitations.updated_at', 'inviter.name as invited_by_name'])
    .where('invitations.accepted_at', 'is', null)
    .where('invitations.revoked_at', 'is', null)
    .orderBy('invitations.created_at', 'desc')
    .orderBy('invitations.id', 'desc')
    .limit(200)
    .execute();
}

/** Pending (not accepted, not revoked) invitations that still count against the plan. */
export async function pendingCount(db: Db, organizationId: number, now: Date): Promise<number> {
  const row = await scoped(db, organizationId, 'invitations')
    .select(sql<number>`count(*)::int`.as('n'))
    .where('accepted_at', 'is', null)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

export function findInvitation(db: Db, organizationId: number, id: number): Promise<Invitation | undefined> {
  return scoped(db, organizationId, 'invitations').selectAll().where('id', '=', id).executeTakeFirst() as Promise<Invitation | undefined>;
}

export function findPendingInvitationFor(db: Db, organizationId: number, email: string): Promise<Invitation | undefined> {
  return scoped(db, organizationId, 'invitations')
    .selectAll()
    .where(sql`lower(email)`, '=', email.toLowerCase())
    .where('accepted_at', 'is', null)
    .where('revoked_at', 'is', null)
    .executeTakeFirst() as Promise<Invitation | undefined>;
}

/**
 * The one global read of invitations: the token names its organisation (whoever holds a valid
 * 256-bit token was sent it). Only the hash is stored, so a database leak yields no usable link.
 */
export function findInvitationByTokenHash(db: Db, tokenHash: string): Promise<Invitation | undefined> {
  return db.selectFrom('invitations').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst();
}

export function insertInvitation(db: Db, values: { organization_id: number; email: string; role: Role; token_hash: string; invited_by: number; expires_at: Date; now: Date }): Promise<Invitation> {
  const { now, ...row } = values;
  return db
    .insertInto('invitations')
    .values({ ...row, created_at: now, updated_at: now })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function renewInvitation(db: Db, organizationId: number, id: number, tokenHash: string, expiresAt: Date, now: Date): Promise<void> {
  await scopedUpdate(db, organizationId, 'invitations').set({ token_hash: tokenHash, expires_at: expiresAt, updated_at: now }).where('id', '=', id).execute();
}

export async function revokeInvitation(db: Db, organizationId: number, id: number, now: Date): Promise<void> {
  await scopedUpdate(db, organizationId, 'invitations').set({ revoked_at: now, updated_at: now }).where('id', '=', id).execute();
}

/** Marks it accepted if it still may be: false when another request used, revoked or outlived it first. */
export async function claimInvitation(db: Db, organizationId: number, id: number, now: Date): Promise<boolean> {
  const result = await scopedUpdate(db, organizationId, 'invitations')
    .set({ accepted_at: now, updated_at: now })
    .where('id', '=', id)
    .where('accepted_at', 'is', null)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

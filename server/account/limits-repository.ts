import { sql } from 'kysely';
import type { Db, Subscription } from '../db/types';
import { scoped } from '../tenancy/repository';

/** The queries the plan limits (limits.ts) need: an organisation's subscription and its usage counts. */
export function findSubscription(db: Db, organizationId: number): Promise<Subscription | undefined> {
  return scoped(db, organizationId, 'subscriptions').selectAll().executeTakeFirst() as Promise<Subscription | undefined>;
}

/** The row, locked until the transaction ends: every transition starts here. */
export function lockSubscription(db: Db, organizationId: number): Promise<Subscription | undefined> {
  return scoped(db, organizationId, 'subscriptions').selectAll().forUpdate().executeTakeFirst() as Promise<Subscription | undefined>;
}

const count = sql<string>`count(*)`;

/** What `usageOf` (limits.ts) counts, in one round trip: scalar subqueries, each narrowed with `scoped`. */
export function usageCounts(db: Db, organizationId: number, now?: Date) {
  return db
    .selectNoFrom([
      scoped(db, organizationId, 'memberships').select(count.as('n')).as('members'),
      scoped(db, organizationId, 'invitations')
        .select(count.as('n'))
        .where('invitations.accepted_at', 'is', null)
        .where('invitations.revoked_at', 'is', null)
        .where('invitations.expires_at', '>', now ?? sql<Date>`now()`)
        .as('pending'),
      scoped(db, organizationId, 'board_users').select(count.as('n')).where('board_users.deleted_at', 'is', null).as('board_users'),
      scoped(db, organizationId, 'insights').select(count.as('n')).where('insights.deleted_at', 'is', null).as('insights'),
      scoped(db, organizationId, 'insights').select(count.as('n')).where('insights.deleted_at', 'is', null).where('insights.share_token', 'is not', null).as('public_links'),
      scoped(db, organizationId, 'board_user_portal_access').select(count.as('n')).as('portal_members'),
    ])
    .executeTakeFirstOrThrow();
}

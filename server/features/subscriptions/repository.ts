import { sql, type Insertable, type Updateable } from 'kysely';
import type { Db, Plan, Subscription, SubscriptionEventsTable, SubscriptionStatus, SubscriptionsTable } from '../../db/types';
import { scoped, scopedUpdate } from '../../tenancy/repository';
import { addDays } from './periods';
import { PAST_DUE_DAYS } from './plans';

export function findSubscription(db: Db, organizationId: number): Promise<Subscription | undefined> {
  return scoped(db, organizationId, 'subscriptions').selectAll().executeTakeFirst() as Promise<Subscription | undefined>;
}

/** The row, locked until the transaction ends: every transition starts here. */
export function lockSubscription(db: Db, organizationId: number): Promise<Subscription | undefined> {
  return scoped(db, organizationId, 'subscriptions').selectAll().forUpdate().executeTakeFirst() as Promise<Subscription | undefined>;
}

export function updateSubscription(db: Db, organizationId: number, changes: Updateable<SubscriptionsTable>): Promise<Subscription> {
  return scopedUpdate(db, organizationId, 'subscriptions').set(changes).returningAll().executeTakeFirstOrThrow() as Promise<Subscription>;
}

export async function insertEvent(db: Db, values: Insertable<SubscriptionEventsTable>): Promise<void> {
  await db.insertInto('subscription_events').values(values).execute();
}

export function organizationName(db: Db, organizationId: number) {
  return db.selectFrom('organizations').select('name').where('id', '=', organizationId).executeTakeFirst();
}

/** The History page's rows, newest first, with the actor's name. */
export function eventsQuery(db: Db, organizationId: number) {
  return scoped(db, organizationId, 'subscription_events')
    .leftJoin('users', 'users.id', 'subscription_events.actor_id')
    .select([
      'subscription_events.id',
      'subscription_events.event',
      'subscription_events.from_plan',
      'subscription_events.to_plan',
      'subscription_events.from_status',
      'subscription_events.to_status',
      'subscription_events.amount_cents',
      'subscription_events.currency',
      'subscription_events.reference',
      'subscription_events.created_at',
      'users.name as actor_name',
    ])
    .orderBy('subscription_events.created_at', 'desc')
    .orderBy('subscription_events.id', 'desc');
}

/** Subscriptions of live organisations whose next scheduled step is due at `now` (scheduler). */
export function dueSubscriptions(db: Db, now: Date) {
  // Cross-organisation by design: the scheduler acts for every tenant, then works on each row
  // through the scoped, locking functions above.
  return db
    .selectFrom('subscriptions as s')
    .innerJoin('organizations as o', 'o.id', 's.organization_id')
    .select(['s.id', 's.organization_id', 's.status'])
    .where('o.deleted_at', 'is', null)
    .where((eb) =>
      eb.or([
        eb.and([eb('s.status', '=', 'trialing'), eb('s.trial_ends_at', '<=', now)]),
        eb.and([eb('s.status', '=', 'active'), eb('s.plan', '!=', 'free'), eb('s.current_period_end', '<=', now)]),
        eb.and([eb('s.status', '=', 'canceled'), eb('s.ends_at', '<=', now)]),
        // Past due: retried once a day, ended PAST_DUE_DAYS after the unpaid period ended.
        eb.and([eb('s.status', '=', 'past_due'), eb.or([eb('s.updated_at', '<=', addDays(now, -1)), eb('s.current_period_end', '<=', addDays(now, -PAST_DUE_DAYS))])]),
      ]),
    )
    .orderBy('s.id')
    .execute() as Promise<{ id: number; organization_id: number; status: SubscriptionStatus }[]>;
}

export type { Plan };

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
      scoped(db, organizationId, 'insights')
        .select(count.as('n'))
        .where('insights.deleted_at', 'is', null)
        .where('insights.share_token', 'is not', null)
        .as('public_links'),
    ])
    .executeTakeFirstOrThrow();
}

import type { Insertable, Updateable } from 'kysely';
import { defineListQuery } from '../../db/list-query';
import type { Db, Plan, Subscription, SubscriptionEventsTable, SubscriptionStatus, SubscriptionsTable } from '../../db/types';
import { scoped, scopedUpdate } from '../../tenancy/repository';
import { addDays } from './periods';
import { PAST_DUE_DAYS } from '../../account/plans';

/** Read by the plan limits too, so they live in the account core. */
export { findSubscription, lockSubscription, usageCounts } from '../../account/limits-repository';

export function updateSubscription(db: Db, organizationId: number, changes: Updateable<SubscriptionsTable>): Promise<Subscription> {
  return scopedUpdate(db, organizationId, 'subscriptions').set(changes).returningAll().executeTakeFirstOrThrow() as Promise<Subscription>;
}

export async function insertEvent(db: Db, values: Insertable<SubscriptionEventsTable>): Promise<void> {
  await db.insertInto('subscription_events').values(values).execute();
}

export function organizationName(db: Db, organizationId: number) {
  return db.selectFrom('organizations').select('name').where('id', '=', organizationId).executeTakeFirst();
}

/** The History page's rows, newest first, with the actor's name: one text for every organisation (server/db/list-query.ts). */
export const subscriptionEventList = defineListQuery({
  shapeOf: (_: { organizationId: number }) => ({}),
  valuesOf: (f) => ({ organizationId: f.organizationId }),
  build: (db, _shape, v) =>
    scoped(db, v.organizationId, 'subscription_events')
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
      .orderBy('subscription_events.id', 'desc'),
});

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

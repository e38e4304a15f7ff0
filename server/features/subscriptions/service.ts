import type { Updateable } from 'kysely';
import { channels } from '../../broadcasting/broadcaster';
import type { AppContext } from '../../context';
import type { ActingIn } from '../../tenancy/acting';
import type { Plan, Subscription, SubscriptionsTable } from '../../db/types';
import { ValidationError } from '../../errors';
import { inTransaction, type UnitOfWork } from '../../lib/unit-of-work';
import { billingProvider, type BillingCustomer } from '../billing';
import { orFail } from '../../errors';
import { downgradeMessage, exceededLimits, usageOf } from '../../account/limits';
import { addMonths } from './periods';
import { BILLING_INTERVAL_MONTHS, CURRENCY, isPaid, PLANS } from '../../account/plans';
import * as repo from './repository';
import { transition, TransitionRefused, type TransitionEvent } from './state-machine';
import { msg } from '../../i18n/message';
import { ensureCurrentVersion, type Version } from '../../lib/concurrency';

export interface TransitionInput {
  event: TransitionEvent;
  /** Columns that change besides the status (plan, periods, grace). */
  changes?: Omit<Updateable<SubscriptionsTable>, 'status' | 'id' | 'organization_id'>;
  amountCents?: number;
  currency?: string;
  reference?: string | null;
  /** What the activity entry says besides the plans (the plan before and after are always stored). */
  facts?: { until?: string | null; days?: number; reason?: string | null; cause?: 'canceled' | 'unpaid' };
  /** Form field a refusal is reported on. */
  field?: string;
}

/**
 * The only way a subscription changes: checks the transition table, updates the row, and in the
 * same transaction writes the subscription event and the activity log entry; `SubscriptionChanged`
 * is broadcast after the commit. Call it with the row locked (`repo.lockSubscription`).
 */
export async function applyTransition(ctx: AppContext, uow: UnitOfWork, before: Subscription, input: TransitionInput): Promise<Subscription> {
  const now = ctx.clock.now();
  const status = transition(before, input.event, now, input.field);
  const after = await repo.updateSubscription(uow.db, before.organization_id, { ...input.changes, status, updated_at: now });
  await repo.insertEvent(uow.db, {
    subscription_id: before.id,
    organization_id: before.organization_id,
    event: input.event,
    from_plan: before.plan,
    to_plan: after.plan,
    from_status: before.status,
    to_status: after.status,
    amount_cents: input.amountCents ?? 0,
    currency: input.currency ?? CURRENCY,
    reference: input.reference ?? null,
    actor_id: uow.actor.user?.id ?? null,
    created_at: now,
  });
  const old: Record<string, unknown> = {};
  const attributes: Record<string, unknown> = {};
  for (const key of ['plan', 'status', 'current_period_end', 'ends_at', 'trial_ends_at'] as const) {
    const a = before[key] instanceof Date ? (before[key] as Date).toISOString() : before[key];
    const b = after[key] instanceof Date ? (after[key] as Date).toISOString() : after[key];
    if (a !== b) {
      old[key] = a;
      attributes[key] = b;
    }
  }
  await uow.log({
    organization_id: before.organization_id,
    kind: `subscription.${input.event}`,
    subject_id: before.id,
    facts: { plan: before.plan, to: after.plan, ...input.facts },
    properties: { old, attributes, ...(input.amountCents ? { amount_cents: input.amountCents, currency: input.currency ?? CURRENCY } : {}) },
    created_at: now,
  });
  uow.broadcast({
    channels: [channels.organization(before.organization_id)],
    event: 'SubscriptionChanged',
    data: {
      id: after.id,
      event: input.event,
      plan: after.plan,
      status: after.status,
      from_plan: before.plan,
      from_status: before.status,
      current_period_end: after.current_period_end?.toISOString() ?? null,
      ends_at: after.ends_at?.toISOString() ?? null,
      trial_ends_at: after.trial_ends_at?.toISOString() ?? null,
    },
  });
  return after;
}

export async function customerOf(uow: UnitOfWork, subscription: Subscription): Promise<BillingCustomer> {
  const org = await repo.organizationName(uow.db, subscription.organization_id);
  return { organizationId: subscription.organization_id, organizationName: org?.name ?? '', subscriptionId: subscription.id };
}

/** A date for a message, in the user's locale and time zone: the app's one date format (resources/js/lib/format, dateStyle medium). */
export function humanDate(date: Date, reader?: { locale: string | null; timezone: string | null }): string {
  const locale = reader?.locale || 'en-US';
  const timeZone = reader?.timezone || 'UTC';
  try {
    return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone }).format(date);
  } catch {
    return new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' }).format(date);
  }
}

/** Change plan, at once: refused below current usage; a paid plan starts a new period and is charged. */
/** A plan change, cancel or resume after the subscription changed (another admin, the scheduler): the page shows it as it is now. */
const CHANGED_MEANWHILE = msg('validation.subscriptions.changedMeanwhile');

export async function changePlan(ctx: AppContext, acting: ActingIn, planId: Plan, version?: Version): Promise<Subscription> {
  const org = acting.organization;
  return inTransaction(ctx, acting, async (uow) => {
    const before = orFail(await repo.lockSubscription(uow.db, org.id));
    ensureCurrentVersion(before.updated_at, version, CHANGED_MEANWHILE);
    const now = ctx.clock.now();
    const target = PLANS[planId];
    transition(before, 'plan_changed', now, 'plan');
    if (before.status === 'active' && before.plan === planId) throw new TransitionRefused(msg('validation.subscriptions.alreadyOnPlan', { plan: target.name }), 'plan');

    const usage = await usageOf(uow.db, org.id, now);
    const exceeded = exceededLimits(target, usage);
    if (exceeded.length) throw new ValidationError({ plan: downgradeMessage(target, usage, exceeded) });

    let charge: { amountCents: number; currency: string; reference: string } | null = null;
    const period = { start: now, end: addMonths(now, BILLING_INTERVAL_MONTHS) };
    if (isPaid(target)) {
      const result = await billingProvider(before.provider).charge(await customerOf(uow, before), target, period);
      if (!result.ok) throw new ValidationError({ plan: `The payment for the ${target.name} plan was declined: ${result.reason}` });
      charge = result;
    }
    return applyTransition(ctx, uow, before, {
      event: 'plan_changed',
      field: 'plan',
      changes: {
        plan: planId,
        trial_ends_at: null,
        current_period_start: now,
        current_period_end: charge ? period.end : null,
        canceled_at: null,
        ends_at: null,
      },
      amountCents: charge?.amountCents ?? 0,
      currency: charge?.currency,
      reference: charge?.reference ?? null,
    });
  });
}

/** Cancel: the plan stays until the paid period (or the trial) ends, then the scheduler ends it. */
export async function cancelSubscription(ctx: AppContext, acting: ActingIn, version?: Version): Promise<Subscription> {
  const org = acting.organization;
  return inTransaction(ctx, acting, async (uow) => {
    const before = orFail(await repo.lockSubscription(uow.db, org.id));
    ensureCurrentVersion(before.updated_at, version, CHANGED_MEANWHILE);
    const now = ctx.clock.now();
    transition(before, 'canceled', now);
    if (before.status === 'active' && !isPaid(PLANS[before.plan])) {
      throw new TransitionRefused(msg('validation.subscriptions.freeNothingToCancel'));
    }
    const periodEnd = before.status === 'trialing' ? before.trial_ends_at : before.status === 'past_due' ? now : before.current_period_end;
    const endsAt = periodEnd && periodEnd > now ? periodEnd : now;
    await billingProvider(before.provider).cancel(await customerOf(uow, before), endsAt);
    return applyTransition(ctx, uow, before, {
      event: 'canceled',
      changes: { canceled_at: now, ends_at: endsAt },
      facts: { until: endsAt.toISOString() },
    });
  });
}

/** Resume during the grace period: back to where it was (trial or active), nothing charged. */
export async function resumeSubscription(ctx: AppContext, acting: ActingIn, version?: Version): Promise<Subscription> {
  const org = acting.organization;
  return inTransaction(ctx, acting, async (uow) => {
    const before = orFail(await repo.lockSubscription(uow.db, org.id));
    ensureCurrentVersion(before.updated_at, version, CHANGED_MEANWHILE);
    const now = ctx.clock.now();
    transition(before, 'resumed', now);
    if (before.ends_at && before.ends_at <= now) {
      throw new TransitionRefused(msg('validation.subscriptions.graceOver'));
    }
    await billingProvider(before.provider).resume(await customerOf(uow, before));
    return applyTransition(ctx, uow, before, {
      event: 'resumed',
      changes: { canceled_at: null, ends_at: null },
    });
  });
}

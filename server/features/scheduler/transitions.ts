import type { AppContext } from '../../context';
import type { Subscription } from '../../db/types';
import { inTransaction, systemActor, type UnitOfWork } from '../../lib/unit-of-work';
import { billingProvider } from '../billing';
import { addDays, addMonths } from '../subscriptions/periods';
import { BILLING_INTERVAL_MONTHS, PAST_DUE_DAYS, PLANS } from '../../account/plans';
import * as repo from '../subscriptions/repository';
import { applyTransition, customerOf, type TransitionInput } from '../subscriptions/service';

export interface ScheduleReport {
  trialsEnded: number;
  renewed: number;
  pastDue: number;
  recovered: number;
  ended: number;
  failed: number;
}

/** More missed periods than this in one run means something is wrong: stop and log. */
const MAX_CATCH_UP = 36;

/**
 * Every time-based subscription transition that is due at ctx.clock.now(): trials that ran out
 * fall to Free, paid periods renew (and are charged), canceled subscriptions end after their
 * grace, past-due ones are retried daily and end after PAST_DUE_DAYS.
 *
 * Idempotent: each subscription is re-read under a row lock in its own transaction and only
 * acted on if still due, so a second run (or a second server running it at the same moment)
 * finds nothing to do.
 */
export async function runScheduledTransitions(ctx: AppContext): Promise<ScheduleReport> {
  const report: ScheduleReport = { trialsEnded: 0, renewed: 0, pastDue: 0, recovered: 0, ended: 0, failed: 0 };
  const due = await repo.dueSubscriptions(ctx.db, ctx.clock.now());
  for (const { organization_id } of due) {
    try {
      await inTransaction(ctx, systemActor, (uow) => step(ctx, uow, organization_id, report));
    } catch (error) {
      report.failed += 1;
      ctx.logger.error({ err: error, organization_id }, 'scheduled subscription transition failed');
    }
  }
  return report;
}

async function step(ctx: AppContext, uow: UnitOfWork, organizationId: number, report: ScheduleReport): Promise<void> {
  let sub = await repo.lockSubscription(uow.db, organizationId);
  if (!sub) return;
  const now = ctx.clock.now();

  if (sub.status === 'trialing' && sub.trial_ends_at && sub.trial_ends_at <= now) {
    await applyTransition(ctx, uow, sub, {
      event: 'trial_ended',
      changes: { plan: 'free', current_period_start: now, current_period_end: null },
    });
    report.trialsEnded += 1;
    return;
  }

  if (sub.status === 'canceled' && sub.ends_at && sub.ends_at <= now) {
    await endSubscription(ctx, uow, sub, { cause: 'canceled' });
    report.ended += 1;
    return;
  }

  if (sub.status === 'past_due') {
    if (sub.current_period_end && addDays(sub.current_period_end, PAST_DUE_DAYS) <= now) {
      await endSubscription(ctx, uow, sub, { cause: 'unpaid', days: PAST_DUE_DAYS });
      report.ended += 1;
      return;
    }
    if (sub.updated_at > addDays(now, -1)) return; // retried less than a day ago
    const next = await chargeNextPeriod(uow, sub);
    if (!next.ok) {
      await repo.updateSubscription(uow.db, organizationId, { updated_at: now }); // next retry in a day
      return;
    }
    sub = await applyTransition(ctx, uow, sub, {
      event: 'payment_recovered',
      changes: { current_period_start: next.period.start, current_period_end: next.period.end },
      amountCents: next.amountCents,
      currency: next.currency,
      reference: next.reference,
    });
    report.recovered += 1;
  }

  // Renew every period that has ended (more than one if the scheduler was off for a while).
  for (let i = 0; sub.status === 'active' && PLANS[sub.plan].priceCents > 0 && sub.current_period_end && sub.current_period_end <= now; i++) {
    if (i >= MAX_CATCH_UP) {
      ctx.logger.error({ organization_id: organizationId }, 'too many missed billing periods; stopped renewing');
      return;
    }
    const next = await chargeNextPeriod(uow, sub);
    if (!next.ok) {
      await applyTransition(ctx, uow, sub, {
        event: 'payment_failed',
        facts: { reason: next.reason },
      });
      report.pastDue += 1;
      return;
    }
    sub = await applyTransition(ctx, uow, sub, {
      event: 'renewed',
      changes: { current_period_start: next.period.start, current_period_end: next.period.end },
      amountCents: next.amountCents,
      currency: next.currency,
      reference: next.reference,
      facts: { until: next.period.end.toISOString() },
    });
    report.renewed += 1;
  }
}

/** Charges the period that follows the current one. */
async function chargeNextPeriod(uow: UnitOfWork, sub: Subscription) {
  const start = sub.current_period_end!;
  const period = { start, end: addMonths(start, BILLING_INTERVAL_MONTHS) };
  const result = await billingProvider(sub.provider).charge(await customerOf(uow, sub), PLANS[sub.plan], period);
  return { ...result, period };
}

function endSubscription(ctx: AppContext, uow: UnitOfWork, sub: Subscription, facts: TransitionInput['facts']) {
  return applyTransition(ctx, uow, sub, {
    event: 'ended',
    changes: { plan: 'free', current_period_start: ctx.clock.now(), current_period_end: null },
    facts,
  });
}

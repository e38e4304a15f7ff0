import { versionOf } from '../../lib/concurrency';
import type { Subscription } from '../../db/types';
import type { Usage } from '../../account/limits';
import { LIMIT_LABELS, LIMIT_NAMES, PLAN_ORDER, PLANS, type PlanDefinition } from '../../account/plans';
import { canTransition } from './state-machine';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** The subscription as pages see it (dates as ISO strings, what may happen next). */
export function presentSubscription(s: Subscription, now: Date) {
  const paid = PLANS[s.plan].priceCents > 0;
  return {
    id: s.id,
    /** The optimistic-concurrency version a plan change, cancel or resume is checked against. */
    version: versionOf(s.updated_at),
    plan: s.plan,
    status: s.status,
    provider: s.provider,
    trial_ends_at: iso(s.trial_ends_at),
    current_period_start: iso(s.current_period_start),
    current_period_end: iso(s.current_period_end),
    canceled_at: iso(s.canceled_at),
    ends_at: iso(s.ends_at),
    on_grace_period: s.status === 'canceled' && !!s.ends_at && s.ends_at > now,
    can: {
      cancel: canTransition('canceled', s.status) && !(s.status === 'active' && !paid),
      resume: canTransition('resumed', s.status) && !!s.ends_at && s.ends_at > now,
      changePlan: canTransition('plan_changed', s.status),
    },
  };
}

export function presentPlan(plan: PlanDefinition) {
  return { id: plan.id, name: plan.name, price_cents: plan.priceCents, limits: plan.limits };
}

/**
 * How a use stands against its limit. A limit of 0 the plan does not include (its bar is neutral,
 * not a full red one); `over` only when something is in use beyond it.
 */
export type UsageState = 'unlimited' | 'not_included' | 'within' | 'full' | 'over';

export function usageState(used: number, limit: number | null): UsageState {
  if (limit === null) return 'unlimited';
  if (used > limit) return 'over';
  if (limit === 0) return 'not_included';
  return used === limit ? 'full' : 'within';
}

/** Each limit with its use, in display order. */
export function presentUsage(plan: PlanDefinition, usage: Usage) {
  return LIMIT_NAMES.map((name) => ({ key: name, label: LIMIT_LABELS[name], used: usage[name], limit: plan.limits[name], state: usageState(usage[name], plan.limits[name]) }));
}

export const allPlans = () => PLAN_ORDER.map((id) => presentPlan(PLANS[id]));

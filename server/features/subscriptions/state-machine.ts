import type { Subscription, SubscriptionStatus } from '../../db/types';
import { ValidationError } from '../../errors';
import { msg } from '../../i18n/message';

/**
 * The subscription's life, as one table (docs/decisions/0005-subscription-state-machine.md).
 * Every change of a subscription goes through `transition()`; anything not listed is refused.
 *
 *   event              from                                   to
 *   plan_changed       trialing, active, past_due, ended   →  active
 *   canceled           trialing, active, past_due          →  canceled  (grace until ends_at)
 *   resumed            canceled (before ends_at)           →  trialing if the trial still runs, else active
 *   trial_ended        trialing                            →  active    (on the free plan)
 *   renewed            active                              →  active    (next period, charged)
 *   payment_failed     active                              →  past_due
 *   payment_recovered  past_due                            →  active
 *   ended              canceled, past_due                  →  ended     (on the free plan)
 */
export type TransitionEvent = 'plan_changed' | 'canceled' | 'resumed' | 'trial_ended' | 'renewed' | 'payment_failed' | 'payment_recovered' | 'ended';

interface TransitionRule {
  from: readonly SubscriptionStatus[];
  to: SubscriptionStatus | ((subscription: Subscription, now: Date) => SubscriptionStatus);
  /** Who may cause it: a person on the subscription pages, or the scheduler. */
  by: 'user' | 'scheduler';
  /** What the user is told when the current status does not allow it. */
  refusals: Partial<Record<SubscriptionStatus, string>>;
  fallback: string;
}

export const TRANSITIONS: Record<TransitionEvent, TransitionRule> = {
  plan_changed: {
    from: ['trialing', 'active', 'past_due', 'ended'],
    to: 'active',
    by: 'user',
    refusals: { canceled: msg('validation.subscriptions.canceledResumeFirst') },
    fallback: msg('validation.subscriptions.planCannotChange'),
  },
  canceled: {
    from: ['trialing', 'active', 'past_due'],
    to: 'canceled',
    by: 'user',
    refusals: {
      canceled: msg('validation.subscriptions.alreadyCanceled'),
      ended: msg('validation.subscriptions.alreadyEnded'),
    },
    fallback: msg('validation.subscriptions.cannotCancel'),
  },
  resumed: {
    from: ['canceled'],
    to: (s, now) => (s.trial_ends_at && s.trial_ends_at > now ? 'trialing' : 'active'),
    by: 'user',
    refusals: {
      trialing: msg('validation.subscriptions.resumeRunning'),
      active: msg('validation.subscriptions.resumeRunning'),
      past_due: msg('validation.subscriptions.resumePastDue'),
      ended: msg('validation.subscriptions.resumeEnded'),
    },
    fallback: msg('validation.subscriptions.cannotResume'),
  },
  trial_ended: { from: ['trialing'], to: 'active', by: 'scheduler', refusals: {}, fallback: 'Only a trial can end as a trial.' },
  renewed: { from: ['active'], to: 'active', by: 'scheduler', refusals: {}, fallback: 'Only an active subscription renews.' },
  payment_failed: { from: ['active'], to: 'past_due', by: 'scheduler', refusals: {}, fallback: 'Only an active subscription can fall past due.' },
  payment_recovered: { from: ['past_due'], to: 'active', by: 'scheduler', refusals: {}, fallback: 'Only a past-due subscription can recover.' },
  ended: { from: ['canceled', 'past_due'], to: 'ended', by: 'scheduler', refusals: {}, fallback: 'Only a canceled or past-due subscription can end.' },
};

/** A refused transition: shown to the user as a message (a validation error), never a 500. */
export class TransitionRefused extends ValidationError {
  constructor(message: string, field = 'subscription') {
    super({ [field]: message });
  }
}

export function canTransition(event: TransitionEvent, from: SubscriptionStatus): boolean {
  return TRANSITIONS[event].from.includes(from);
}

/** The status `event` leads to from the subscription's current one, or a TransitionRefused. */
export function transition(subscription: Subscription, event: TransitionEvent, now: Date, field?: string): SubscriptionStatus {
  const rule = TRANSITIONS[event];
  if (!rule.from.includes(subscription.status)) throw new TransitionRefused(rule.refusals[subscription.status] ?? rule.fallback, field);
  return typeof rule.to === 'function' ? rule.to(subscription, now) : rule.to;
}

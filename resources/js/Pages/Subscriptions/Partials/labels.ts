import type { BadgeTone } from '@/Components/Badge';
import type { Translate } from '@/i18n';

export type SubscriptionStatus = 'trialing' | 'active' | 'past_due' | 'canceled' | 'ended';
export type PlanId = 'free' | 'team' | 'business';
export type LimitKey = 'members' | 'boardUsers' | 'insights' | 'publicLinks' | 'portalMembers';

export interface UsageItem {
  key: LimitKey;
  label: string;
  used: number;
  limit: number | null;
  /** The server's reading (subscriptions/presenter.ts usageState): 0 of 0 is not_included, not full. */
  state: 'unlimited' | 'not_included' | 'within' | 'full' | 'over';
}

export interface PlanSummary {
  id: PlanId;
  name: string;
  price_cents: number;
  limits: Record<LimitKey, number | null>;
}

export interface SubscriptionView {
  id: number;
  /** What a plan change, cancel or resume is checked against: a change in between refuses it. */
  version: string;
  plan: PlanId;
  status: SubscriptionStatus;
  provider: string;
  trial_ends_at: string | null;
  current_period_start: string | null;
  current_period_end: string | null;
  canceled_at: string | null;
  ends_at: string | null;
  on_grace_period: boolean;
  can: { cancel: boolean; resume: boolean; changePlan: boolean };
}

/** A status as people read it, in the interface's language. */
export const statusLabel = (t: Translate, status: SubscriptionStatus): string => t(`subscriptions.statuses.${status}`);

export const STATUS_TONES: Record<SubscriptionStatus, BadgeTone> = {
  trialing: 'info',
  active: 'success',
  past_due: 'danger',
  canceled: 'warning',
  ended: 'neutral',
};

/** "Board users": the name of a limit, as a usage bar's label. */
export const limitLabel = (t: Translate, key: LimitKey): string => t(`subscriptions.limits.${key}.label`);

/** "25 board users", "Unlimited insights", "No public links" (`format` writes the number). */
export function limitText(t: Translate, key: LimitKey, limit: number | null, format: (n: number) => string = String): string {
  if (limit === null) return t(`subscriptions.limits.${key}.unlimited`);
  return t(`subscriptions.limits.${key}.count`, { count: limit, n: format(limit) });
}

export const LIMIT_KEYS: LimitKey[] = ['members', 'boardUsers', 'insights', 'publicLinks', 'portalMembers'];

/** The limits in which `to` allows less than `from` (null = unlimited). */
export function lowerLimits(from: Record<LimitKey, number | null>, to: Record<LimitKey, number | null>): LimitKey[] {
  return LIMIT_KEYS.filter((key) => to[key] !== null && (from[key] === null || to[key]! < from[key]!));
}

import type { BadgeTone } from '@/Components/Badge';

export type SubscriptionStatus = 'trialing' | 'active' | 'past_due' | 'canceled' | 'ended';
export type PlanId = 'free' | 'team' | 'business';
export type LimitKey = 'members' | 'boardUsers' | 'insights' | 'publicLinks';

export interface UsageItem {
  key: LimitKey;
  label: string;
  used: number;
  limit: number | null;
}

export interface PlanSummary {
  id: PlanId;
  name: string;
  price_cents: number;
  limits: Record<LimitKey, number | null>;
}

export interface SubscriptionView {
  id: number;
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

export const STATUS_LABELS: Record<SubscriptionStatus, string> = {
  trialing: 'Trial',
  active: 'Active',
  past_due: 'Past due',
  canceled: 'Canceled',
  ended: 'Ended',
};

export const STATUS_TONES: Record<SubscriptionStatus, BadgeTone> = {
  trialing: 'info',
  active: 'success',
  past_due: 'danger',
  canceled: 'warning',
  ended: 'neutral',
};

const CAPITALISED: Record<LimitKey, string> = {
  members: 'Members',
  boardUsers: 'Board users',
  insights: 'Insights',
  publicLinks: 'Public links',
};

export const usageLabel = (u: Pick<UsageItem, 'key'>) => CAPITALISED[u.key];

/** "25 board users", "Unlimited insights", "No public links". */
export function limitText(key: LimitKey, limit: number | null, format: (n: number) => string = String): string {
  const label = CAPITALISED[key].toLowerCase();
  if (limit === null) return `Unlimited ${label}`;
  if (limit === 0) return `No ${label}`;
  return `${format(limit)} ${label}`;
}

export const LIMIT_KEYS: LimitKey[] = ['members', 'boardUsers', 'insights', 'publicLinks'];

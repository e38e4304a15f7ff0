import type { Plan } from '../db/types';

export type LimitName = 'members' | 'boardUsers' | 'insights' | 'publicLinks' | 'portalMembers';

export interface PlanDefinition {
  id: Plan;
  name: string;
  /** Monthly price in cents. */
  priceCents: number;
  /** null = unlimited; 0 for publicLinks = not available. */
  limits: Record<LimitName, number | null>;
}

/** docs/product.md "Subscriptions". */
export const PLANS: Record<Plan, PlanDefinition> = {
  free: { id: 'free', name: 'Free', priceCents: 0, limits: { members: 3, boardUsers: 25, insights: 50, publicLinks: 0, portalMembers: 5 } },
  team: { id: 'team', name: 'Team', priceCents: 2900, limits: { members: 10, boardUsers: 500, insights: null, publicLinks: null, portalMembers: 100 } },
  business: { id: 'business', name: 'Business', priceCents: 9900, limits: { members: null, boardUsers: null, insights: null, publicLinks: null, portalMembers: null } },
};

export const LIMIT_LABELS: Record<LimitName, string> = {
  members: 'members',
  boardUsers: 'board users',
  insights: 'insights',
  publicLinks: 'public links',
  portalMembers: 'board portal members',
};

export const TRIAL_DAYS = 14;

/** Plans from smallest to largest (pickers list them in this order). */
export const PLAN_ORDER: Plan[] = ['free', 'team', 'business'];

export const LIMIT_NAMES: LimitName[] = ['members', 'boardUsers', 'insights', 'publicLinks', 'portalMembers'];

export const CURRENCY = 'USD';

/** Every paid plan is billed monthly. */
export const BILLING_INTERVAL_MONTHS = 1;

/** Days a past-due subscription keeps its plan while the provider retries, before it ends. */
export const PAST_DUE_DAYS = 7;

export function isPlan(value: unknown): value is Plan {
  return typeof value === 'string' && Object.hasOwn(PLANS, value);
}

export const isPaid = (plan: PlanDefinition) => plan.priceCents > 0;

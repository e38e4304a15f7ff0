import type { Db, Plan } from '../../db/types';
import { ValidationError } from '../../http/errors';
import { scoped } from '../organizations/tenancy';
import { LIMIT_LABELS, PLANS, type LimitName, type PlanDefinition } from '../subscriptions/plans';

/**
 * The organisation's plan as limits apply it: an ended subscription (or none) is `free`.
 * Inside a write transaction pass `lock` so concurrent creates in one organisation queue up
 * behind the subscription row and cannot both slip under a limit.
 */
export async function currentPlan(db: Db, organizationId: number, options: { lock?: boolean } = {}): Promise<PlanDefinition> {
  let query = scoped(db, organizationId, 'subscriptions').select(['plan', 'status']);
  if (options.lock) query = query.forUpdate();
  const row = (await query.executeTakeFirst()) as { plan: Plan; status: string } | undefined;
  if (!row || row.status === 'ended') return PLANS.free;
  return PLANS[row.plan] ?? PLANS.free;
}

export function limitMessage(plan: PlanDefinition, limit: LimitName, max: number): string {
  if (max === 0) return `Your plan (${plan.name}) does not include ${LIMIT_LABELS[limit]}. Upgrade your plan to use them.`;
  return `Your plan (${plan.name}) allows ${max} ${LIMIT_LABELS[limit]}. Upgrade your plan to add more.`;
}

/** Refuses (a `form` validation error naming the limit) when `current` already reached it. */
export function assertWithinLimit(plan: PlanDefinition, limit: LimitName, current: number, field = 'form', message?: string): void {
  const max = plan.limits[limit];
  if (max === null || current < max) return;
  throw new ValidationError({ [field]: message ?? limitMessage(plan, limit, max) });
}

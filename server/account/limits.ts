import type { Db } from '../db/types';
import { ValidationError } from '../errors';
import { findSubscription, lockSubscription, usageCounts } from './limits-repository';
import { LIMIT_NAMES, PLANS, type LimitName, type PlanDefinition } from './plans';
import { joinMsgs, msg } from '../i18n/message';

export type { LimitName } from './plans';

/** What an organisation uses of each limit. `members` counts open invitations too (they take a seat when accepted). */
export interface Usage {
  members: number;
  pendingInvitations: number;
  boardUsers: number;
  insights: number;
  publicLinks: number;
  /** Board users with portal access (invited or active). */
  portalMembers: number;
}

/** All usage figures in one round trip. */
export async function usageOf(db: Db, organizationId: number, now?: Date): Promise<Usage> {
  const row = await usageCounts(db, organizationId, now);
  const pending = Number(row.pending ?? 0);
  return {
    members: Number(row.members ?? 0) + pending,
    pendingInvitations: pending,
    boardUsers: Number(row.board_users ?? 0),
    insights: Number(row.insights ?? 0),
    publicLinks: Number(row.public_links ?? 0),
    portalMembers: Number(row.portal_members ?? 0),
  };
}

/**
 * The plan whose limits apply (an ended subscription, or none, is Free). Inside a write
 * transaction `lock` holds the subscription row, so two creates in one organisation queue up
 * and cannot both slip under a limit, and a plan change waits for them.
 */
export async function effectivePlan(db: Db, organizationId: number, options: { lock?: boolean } = {}): Promise<PlanDefinition> {
  const row = options.lock ? await lockSubscription(db, organizationId) : await findSubscription(db, organizationId);
  if (!row || row.status === 'ended') return PLANS.free;
  return PLANS[row.plan] ?? PLANS.free;
}

function youHave(limit: LimitName, usage: Pick<Usage, LimitName | 'pendingInvitations'>): string {
  const n = usage[limit];
  if (limit === 'members' && usage.pendingInvitations > 0) return msg('validation.limits.includingPending', { count: String(n), pending: usage.pendingInvitations });
  return String(n);
}

/** "The Free plan allows 25 board users; you have 25. Upgrade your plan to add more." */
export function limitReachedMessage(plan: PlanDefinition, limit: LimitName, usage: Pick<Usage, LimitName | 'pendingInvitations'>): string {
  const max = plan.limits[limit];
  if (max === 0) return msg('validation.limits.notIncluded', { plan: plan.name, limit });
  return msg('validation.limits.reached', { plan: plan.name, limit, max: String(max), usage: youHave(limit, usage) });
}

/** The limits of `plan` that `usage` exceeds (what a downgrade to it would break). */
export function exceededLimits(plan: PlanDefinition, usage: Usage): LimitName[] {
  return LIMIT_NAMES.filter((name) => {
    const max = plan.limits[name];
    return max !== null && usage[name] > max;
  });
}

/** "The Free plan allows 25 board users; you have 31. Remove some before downgrading." */
export function downgradeMessage(plan: PlanDefinition, usage: Usage, exceeded: LimitName[]): string {
  const parts = exceeded.map((name) => {
    const max = plan.limits[name]!;
    return max === 0
      ? msg('validation.limits.downgradeNotIncluded', { plan: plan.name, limit: name, usage: String(usage[name]) })
      : msg('validation.limits.downgradeAllows', { plan: plan.name, limit: name, max: String(max), usage: youHave(name, usage) });
  });
  return msg('validation.limits.downgrade', { parts: joinMsgs(parts) });
}

export interface LimitOptions {
  /** How many records the caller is about to add (default 1). */
  adding?: number;
  /** The form field the message belongs to (default `form`). */
  field?: string;
  /** For the open-invitation count (default: the database's clock). Pass ctx.clock.now(). */
  now?: Date;
}

/**
 * The message naming the plan, the limit and the count when adding `adding` records of kind
 * `limit` would go over the organisation's plan; null when it fits. `lock` as in effectivePlan.
 */
export async function limitProblem(db: Db, organizationId: number, limit: LimitName, options: LimitOptions & { lock?: boolean } = {}): Promise<string | null> {
  const plan = await effectivePlan(db, organizationId, { lock: options.lock });
  const max = plan.limits[limit];
  if (max === null) return null;
  const usage = await usageOf(db, organizationId, options.now);
  if (usage[limit] + (options.adding ?? 1) <= max) return null;
  return limitReachedMessage(plan, limit, usage);
}

/**
 * Refuses (a ValidationError with the limitProblem message) when adding would go over the plan.
 * Call it inside the creating transaction with that transaction as `db`: it locks the
 * subscription row. (Validation may ask limitProblem first, to report it with other problems.)
 */
export async function assertWithinLimit(db: Db, organizationId: number, limit: LimitName, options: LimitOptions = {}): Promise<void> {
  const problem = await limitProblem(db, organizationId, limit, { ...options, lock: true });
  if (problem) throw new ValidationError({ [options.field ?? 'form']: problem });
}

/** Where an organisation stands against one limit: what a create page shows before its form. */
export interface LimitStatus {
  key: LimitName;
  plan_name: string;
  used: number;
  /** null = unlimited; 0 = not included in the plan. */
  max: number | null;
  /** Nothing more may be added (the form is not offered). */
  full: boolean;
  /** The reader may change the plan (else they are told to ask an admin). */
  may_upgrade: boolean;
}

/** The up-front counterpart of assertWithinLimit (which stays the authority on writes). */
export async function limitStatus(db: Db, organizationId: number, limit: LimitName, mayUpgrade: boolean, now?: Date): Promise<LimitStatus> {
  const [plan, usage] = await Promise.all([effectivePlan(db, organizationId), usageOf(db, organizationId, now)]);
  const max = plan.limits[limit];
  return { key: limit, plan_name: plan.name, used: usage[limit], max, full: max !== null && usage[limit] >= max, may_upgrade: mayUpgrade };
}

import type { Role } from '../../db/types';
import { HttpError, ValidationError } from '../../http/errors';

/**
 * Membership rules, on top of the roles table (organizations/policy.ts): who may hand out the
 * owner role, and the organisation's last owner staying an owner.
 */

export interface Actor {
  /** The acting user's role in the organisation; null for a platform admin who is not a member. */
  role: Role | null;
  platformAdmin: boolean;
}

const isOwnerLike = (actor: Actor) => actor.platformAdmin || actor.role === 'owner';

/** May `actor` give `role` to someone (by invitation or role change)? */
export function mayGrant(actor: Actor, role: Role): boolean {
  return role !== 'owner' || isOwnerLike(actor);
}

/** Roles `actor` may choose from when inviting or editing (the UI hides the others). */
export function grantableRoles(actor: Actor): Role[] {
  return (['owner', 'admin', 'editor', 'viewer'] as Role[]).filter((r) => mayGrant(actor, r));
}

/** Only owners make owners. */
export function ensureMayGrant(actor: Actor, role: Role): void {
  if (!mayGrant(actor, role)) throw new HttpError(403, 'Only owners can make someone an owner.');
}

/** Only owners change an owner's role or remove an owner. */
export function ensureMayManage(actor: Actor, target: { role: Role }): void {
  if (target.role === 'owner' && !isOwnerLike(actor)) throw new HttpError(403, "Only owners can change or remove an owner.");
}

export const lastOwnerMessages = {
  demote: (name: string, org: string) => `${name} is the last owner of ${org}. Make someone else an owner first.`,
  remove: (name: string, org: string) => `${name} is the last owner of ${org} and cannot be removed. Make someone else an owner first.`,
  leave: (org: string) => `You are the last owner of ${org}. Make someone else an owner, or delete the organization, before leaving.`,
};

/**
 * Why a member holding `role` may not leave an organisation that has `owners` owners (null: they
 * may). The server refuses with this message; pages get it to show instead of a Leave button.
 */
export function leaveRefusal(role: Role | null, owners: number, org: string): string | null {
  if (role === null) return `You are not a member of ${org}.`;
  return role === 'owner' && owners <= 1 ? lastOwnerMessages.leave(org) : null;
}

/** An organisation always has at least one owner. */
export function ensureNotLastOwner(target: { role: Role }, owners: number, field: string, message: string): void {
  if (target.role === 'owner' && owners <= 1) throw new ValidationError({ [field]: message });
}

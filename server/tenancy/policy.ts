import type { Role } from '../db/types';
import { HttpError, ValidationError } from '../errors';
import { ROLES as MEMBER_ROLES } from '../../shared/member-fields';
import { msg } from '../i18n/message';

/**
 * Every tenancy rule in one place: docs/product.md's roles table (what a role may do) and the
 * membership rules on top of it (who may hand out or take away the owner role, the last owner).
 */

export type Ability = 'read' | 'manageRecords' | 'viewActivity' | 'manageMembers' | 'manageOrganization' | 'manageSubscription' | 'deleteOrganization' | 'transferOwnership';

const table: Record<Role, Ability[]> = {
  viewer: ['read'],
  editor: ['read', 'manageRecords'],
  admin: ['read', 'manageRecords', 'viewActivity', 'manageMembers', 'manageOrganization', 'manageSubscription'],
  owner: ['read', 'manageRecords', 'viewActivity', 'manageMembers', 'manageOrganization', 'manageSubscription', 'deleteOrganization', 'transferOwnership'],
};

export const ALL_ABILITIES: Ability[] = table.owner;
export const ROLES: readonly Role[] = MEMBER_ROLES;
export const roleRank: Record<Role, number> = { viewer: 0, editor: 1, admin: 2, owner: 3 };

/** Platform admins may do everything in any organisation. */
export function can(role: Role | null, ability: Ability, platformAdmin = false): boolean {
  if (platformAdmin) return true;
  return role !== null && table[role].includes(ability);
}

export function abilitiesOf(role: Role | null, platformAdmin = false): Record<Ability, boolean> {
  return Object.fromEntries(ALL_ABILITIES.map((a) => [a, can(role, a, platformAdmin)])) as Record<Ability, boolean>;
}

/** 403 unless someone holding `role` (or a platform admin) may do this. */
export function ensureCan(role: Role | null, ability: Ability, platformAdmin: boolean): void {
  if (!can(role, ability, platformAdmin)) throw new HttpError(403);
}

// ---------------------------------------------------------------- membership rules

/** Where a rule looks: the acting user's role in the organisation, and whether they are a platform admin. */
export interface Standing {
  role: Role | null;
  user: { is_platform_admin: boolean };
}

/** Owners, and platform admins, decide about the owner role. */
export const isOwnerLike = (actor: Standing) => actor.user.is_platform_admin || actor.role === 'owner';

/** May `actor` give `role` to someone (by invitation or role change)? */
export function mayGrant(actor: Standing, role: Role): boolean {
  return role !== 'owner' || isOwnerLike(actor);
}

/** Roles `actor` may choose from when inviting or editing (the UI hides the others). */
export function grantableRoles(actor: Standing): Role[] {
  return ROLES.filter((r) => mayGrant(actor, r));
}

/** May `actor` change the role of, or remove, a member holding `target.role`? */
export function mayManage(actor: Standing, target: { role: Role }): boolean {
  return target.role !== 'owner' || isOwnerLike(actor);
}

/** Only owners make owners. */
export function ensureMayGrant(actor: Standing, role: Role): void {
  if (!mayGrant(actor, role)) throw new HttpError(403, msg('messages.errors.onlyOwnersGrantOwner'));
}

/** Only owners change an owner's role or remove an owner. */
export function ensureMayManage(actor: Standing, target: { role: Role }): void {
  if (!mayManage(actor, target)) throw new HttpError(403, msg('messages.errors.onlyOwnersManageOwner'));
}

/** An owner handing the organisation on steps down to admin; a platform admin who is not an owner has nothing to step down from. */
export const stepsDownOnTransfer = (actor: Pick<Standing, 'role'>) => actor.role === 'owner';
export const STEP_DOWN_ROLE: Role = 'admin';

export const lastOwnerMessages = {
  demote: (name: string, org: string) => msg('validation.members.lastOwnerDemote', { name, organization: org }),
  remove: (name: string, org: string) => msg('validation.members.lastOwnerRemove', { name, organization: org }),
  leave: (org: string) => msg('validation.members.lastOwnerLeave', { organization: org }),
  deleteAccount: (names: string[]) => msg('validation.members.lastOwnerDeleteAccount', { organizations: names.join(', '), count: names.length }),
};

/**
 * Why a member holding `role` may not leave an organisation that has `owners` owners (null: they
 * may). The server refuses with this message; pages get it to show instead of a Leave button.
 */
export function leaveRefusal(role: Role | null, owners: number, org: string): string | null {
  if (role === null) return msg('validation.members.notAMember', { organization: org });
  return role === 'owner' && owners <= 1 ? lastOwnerMessages.leave(org) : null;
}

/**
 * An organisation always has at least one owner. `owners` must be counted under the owners' row
 * lock (tenancy/repository.ts `lockOwners`) inside the write's transaction.
 */
export function ensureNotLastOwner(target: { role: Role }, owners: number, field: string, message: string): void {
  if (target.role === 'owner' && owners <= 1) throw new ValidationError({ [field]: message });
}

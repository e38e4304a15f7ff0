import type { Request } from 'express';
import type { Role } from '../db/types';
import { HttpError } from '../http/errors';

/** PRODUCT.md's roles table, in one place. */
export type Ability =
  | 'read'
  | 'manageRecords'
  | 'viewActivity'
  | 'manageMembers'
  | 'manageOrganization'
  | 'manageSubscription'
  | 'deleteOrganization'
  | 'transferOwnership';

const table: Record<Role, Ability[]> = {
  viewer: ['read'],
  editor: ['read', 'manageRecords'],
  admin: ['read', 'manageRecords', 'viewActivity', 'manageMembers', 'manageOrganization', 'manageSubscription'],
  owner: ['read', 'manageRecords', 'viewActivity', 'manageMembers', 'manageOrganization', 'manageSubscription', 'deleteOrganization', 'transferOwnership'],
};

export const ALL_ABILITIES: Ability[] = table.owner;

/** Platform admins may do everything in any organisation. */
export function can(role: Role | null, ability: Ability, platformAdmin = false): boolean {
  if (platformAdmin) return true;
  return role !== null && table[role].includes(ability);
}

export function abilitiesOf(role: Role | null, platformAdmin = false): Record<Ability, boolean> {
  return Object.fromEntries(ALL_ABILITIES.map((a) => [a, can(role, a, platformAdmin)])) as Record<Ability, boolean>;
}

/** 403 unless the current user may do this in the current organisation. */
export function authorize(req: Request, ability: Ability): void {
  if (!req.organization || !can(req.organization.role, ability, req.user?.is_platform_admin)) {
    throw new HttpError(403);
  }
}

/**
 * 403 unless the user, holding `role` in the organisation a route names (not necessarily the
 * session's current one), may do this. Load the organisation first, so foreign ids answer 404.
 */
export function authorizeRole(req: Request, role: Role | null, ability: Ability): void {
  if (!can(role, ability, !!req.user?.is_platform_admin)) throw new HttpError(403);
}

export const ROLES: Role[] = ['owner', 'admin', 'editor', 'viewer'];
export const roleRank: Record<Role, number> = { viewer: 0, editor: 1, admin: 2, owner: 3 };

import type { NextFunction, Request, Response } from 'express';
import type { AppContext } from '../context';
import type { Db, Role } from '../db/types';
import { HttpError, orFail } from '../errors';
import { currentOrganization } from './current';
import { gated, passGate } from './gate';
import { ensureCan, type Ability } from './policy';
import { findOrganizationFor, tenantRowExists, type CurrentOrganization } from './repository';

declare global {
  namespace Express {
    interface Request {
      /** The organisation named by `:id` in /organizations/{id}/…, with the user's role there. */
      routeOrganization?: CurrentOrganization;
    }
  }
}

/** Route ids are positive integers; anything else is simply not found. */
export function routeId(value: unknown): number {
  const n = typeof value === 'string' && /^\d{1,10}$/.test(value) ? Number(value) : NaN;
  if (!Number.isSafeInteger(n) || n < 1 || n > 2_147_483_647) throw new HttpError(404);
  return n;
}

/** 403 unless the signed-in user, holding `role` where they act, may do this. */
export function authorizeRole(req: Request, role: Role | null, ability: Ability): void {
  ensureCan(role, ability, !!req.user?.is_platform_admin);
}

/** 403 unless the signed-in user may do this in the session's current organisation. */
export function authorize(req: Request, ability: Ability): void {
  if (!req.organization) throw new HttpError(403);
  authorizeRole(req, req.organization.role, ability);
}

/**
 * THE order of checks for anything a route names, in one place: load it for the organisation
 * the user acts in (none → 404, so another tenant's ids cannot be probed), then the role there
 * (403), and only then may the caller validate or act.
 */
export async function guardTenantRecord<T>(req: Request, load: () => Promise<T | undefined>, roleOf: (record: T) => Role | null, ability: Ability | null): Promise<T> {
  const record = orFail(await load());
  if (ability) authorizeRole(req, roleOf(record), ability);
  return record;
}

/** A record of the current organisation named by `:id`, 404 before 403 (members, invitations…). */
export function loadTenantRecord<T>(req: Request, load: (organization: CurrentOrganization, id: number) => Promise<T | undefined>, ability: Ability | null): Promise<T> {
  const organization = currentOrganization(req);
  const id = routeId(req.params.id);
  return guardTenantRecord(
    req,
    () => load(organization, id),
    () => organization.role,
    ability,
  );
}

/**
 * Route middleware for `:id` routes of an org-scoped table: a row of another organisation (or
 * none at all) answers 404 before the handler's role check or validation.
 */
export function tenantRecord(ctx: AppContext, table: 'board_users' | 'insights') {
  return async (req: Request, _res: Response, next: NextFunction) => {
    await loadTenantRecord(req, async (organization, id) => ((await tenantRowExists(ctx.db, organization.id, table, id)) ? id : undefined), null);
    next();
  };
}

/**
 * Resolves `/organizations/:id` for the signed-in user, in the same order: an organisation they
 * cannot see answers 404; then the ability there (403); then the organisation's own rules (the
 * gate); only then do later middleware run.
 */
export function organizationFromRoute(ctx: AppContext, ability: Ability, options: { membersOnly?: boolean } = {}) {
  return gated(async (req: Request, res: Response, next: NextFunction) => {
    const user = req.user;
    if (!user) throw new HttpError(401);
    const id = routeId(req.params.id);
    const platformAdmin = options.membersOnly ? false : user.is_platform_admin;
    const organization = await guardTenantRecord(
      req,
      () => findOrganizationFor(ctx.db, user.id, id, platformAdmin),
      (org) => org.role,
      ability,
    );
    if (!passGate(req, res, organization)) return;
    req.routeOrganization = organization;
    next();
  });
}

export function routeOrganization(req: Request): CurrentOrganization {
  if (!req.routeOrganization) throw new HttpError(404);
  return req.routeOrganization;
}

/**
 * `/organizations/:id/<things>/:<param>` routes: the organisation (any member may be told it
 * exists), then the thing named by `param`, which must be that organisation's (404, for members
 * of every role alike), then `ability` (403). A thing of another organisation is never a 403.
 */
export function organizationRecordFromRoute(ctx: AppContext, param: string, exists: (db: Db, organizationId: number, id: number) => Promise<unknown>, ability: Ability) {
  return [
    organizationFromRoute(ctx, 'read'),
    async (req: Request, _res: Response, next: NextFunction) => {
      const organization = routeOrganization(req);
      const id = routeId(req.params[param]);
      await guardTenantRecord(
        req,
        async () => ((await exists(ctx.db, organization.id, id)) ? id : undefined),
        () => organization.role,
        ability,
      );
      next();
    },
  ];
}

import type { NextFunction, Request, Response } from 'express';
import { sql, type DeleteQueryBuilder, type DeleteResult, type SelectQueryBuilder, type UpdateQueryBuilder, type UpdateResult } from 'kysely';
import type { AppContext } from '../../context';
import type { Database, Db, Role } from '../../db/types';
import { HttpError } from '../../http/errors';
import { preloadedOrganization } from '../../http/identity';
import { flash } from '../../http/session-bridge';

/** The organisation a request acts in, with the user's role there (null: platform admin, not a member). */
export interface CurrentOrganization {
  id: number;
  name: string;
  slug: string;
  role: Role | null;
  public_page_enabled: boolean;
}

declare global {
  namespace Express {
    interface Request {
      organization?: CurrentOrganization;
    }
  }
}

export const CURRENT_ORG_KEY = 'organization_id';

/** Tables whose rows belong to one organisation. */
export type TenantTable = 'board_users' | 'insights' | 'memberships' | 'invitations' | 'activity_logs' | 'subscriptions' | 'subscription_events';

/**
 * The one way to read an organisation's rows: every query starts already narrowed to the
 * current organisation, so a row of another tenant cannot be found (and answers 404).
 */
export function scoped<T extends TenantTable>(db: Db, organizationId: number, table: T): SelectQueryBuilder<Database, T, {}> {
  return (db.selectFrom(table as TenantTable) as any).where(sql.ref(`${table}.organization_id`), '=', organizationId);
}

/** Update/delete narrowed the same way. */
export function scopedUpdate<T extends TenantTable>(db: Db, organizationId: number, table: T): UpdateQueryBuilder<Database, T, T, UpdateResult> {
  return (db.updateTable(table as TenantTable) as any).where(sql.ref(`${table}.organization_id`), '=', organizationId);
}

/** Delete narrowed the same way. */
export function scopedDelete<T extends TenantTable>(db: Db, organizationId: number, table: T): DeleteQueryBuilder<Database, T, DeleteResult> {
  return (db.deleteFrom(table as TenantTable) as any).where(sql.ref(`${table}.organization_id`), '=', organizationId);
}

export function orFail<T>(row: T | undefined): T {
  if (!row) throw new HttpError(404);
  return row;
}

/** Route ids are positive integers; anything else is simply not found. */
export function routeId(value: unknown): number {
  const n = typeof value === 'string' && /^\d{1,10}$/.test(value) ? Number(value) : NaN;
  if (!Number.isSafeInteger(n) || n < 1 || n > 2_147_483_647) throw new HttpError(404);
  return n;
}

export async function findOrganizationFor(db: Db, userId: number, organizationId: number, platformAdmin: boolean): Promise<CurrentOrganization | undefined> {
  const row = await db
    .selectFrom('organizations as o')
    .leftJoin('memberships as m', (j) => j.onRef('m.organization_id', '=', 'o.id').on('m.user_id', '=', userId))
    .select(['o.id', 'o.name', 'o.slug', 'o.public_page_enabled', 'm.role'])
    .where('o.id', '=', organizationId)
    .where('o.deleted_at', 'is', null)
    .executeTakeFirst();
  if (!row || (!row.role && !platformAdmin)) return undefined;
  return { id: row.id, name: row.name, slug: row.slug, public_page_enabled: row.public_page_enabled, role: row.role ?? null };
}

export async function userOrganizations(db: Db, userId: number) {
  return db
    .selectFrom('memberships as m')
    .innerJoin('organizations as o', 'o.id', 'm.organization_id')
    .select(['o.id', 'o.name', 'o.slug', 'm.role'])
    .where('m.user_id', '=', userId)
    .where('o.deleted_at', 'is', null)
    .orderBy('o.name')
    .execute();
}

/** What the user is told when the session's organisation is gone: deleted, or their membership ended. */
async function goneNotice(db: Db, organizationId: number): Promise<string | null> {
  const org = await db.selectFrom('organizations').select(['name', 'deleted_at']).where('id', '=', organizationId).executeTakeFirst();
  if (!org) return null;
  return org.deleted_at ? `${org.name} has been deleted.` : `You were removed from ${org.name}.`;
}

/**
 * Loads the session's current organisation. When the membership or the organisation is gone, it
 * is dropped from the session and the next page the user sees says what happened.
 */
export function loadOrganization(ctx: AppContext) {
  return async (req: Request, _res: Response, next: NextFunction) => {
    const id = req.session.get<number>(CURRENT_ORG_KEY);
    if (req.user && id) {
      const preloaded = preloadedOrganization(req, req.user, id); // loaded with the session, in the same query
      req.organization = (preloaded === undefined ? await findOrganizationFor(ctx.db, req.user.id, id, req.user.is_platform_admin) : preloaded) ?? undefined;
      if (!req.organization) {
        req.session.forget(CURRENT_ORG_KEY);
        const notice = await goneNotice(ctx.db, id);
        if (notice) flash(req, 'info', notice);
      }
    }
    next();
  };
}

/** A current organisation is needed: pick the only one, else ask. */
export function requireOrganization(ctx: AppContext) {
  return async (req: Request, res: Response, next: NextFunction) => {
    if (req.organization) return next();
    if (!req.user) return next(new HttpError(401));
    const mine = await userOrganizations(ctx.db, req.user.id);
    if (mine.length === 1) {
      req.session.put(CURRENT_ORG_KEY, mine[0].id);
      req.organization = await findOrganizationFor(ctx.db, req.user.id, mine[0].id, req.user.is_platform_admin);
      if (req.organization) return next();
    }
    if (req.method === 'GET') req.session.put('url.intended', req.originalUrl);
    res.redirect('/organizations/select');
  };
}

export function currentOrganization(req: Request): CurrentOrganization {
  if (!req.organization) throw new HttpError(404);
  return req.organization;
}

/**
 * Route middleware for `:id` routes of an org-scoped table: a row of another organisation (or
 * none at all) answers 404 before any role check or validation, so ids of other tenants
 * cannot be probed through a 403 or a validation error.
 */
export function tenantRecord(ctx: AppContext, table: 'board_users' | 'insights') {
  return async (req: Request, _res: Response, next: NextFunction) => {
    try {
      const id = routeId(req.params.id);
      const org = currentOrganization(req);
      const row = await (scoped(ctx.db, org.id, table) as any).select(sql.ref(`${table}.id`).as('id')).where(sql.ref(`${table}.id`), '=', id).executeTakeFirst();
      if (!row) throw new HttpError(404);
      next();
    } catch (error) {
      next(error);
    }
  };
}

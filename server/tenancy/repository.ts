import { sql, type DeleteQueryBuilder, type Expression, type DeleteResult, type SelectQueryBuilder, type UpdateQueryBuilder, type UpdateResult } from 'kysely';
import type { Database, Db, Organization, Role } from '../db/types';
import { twoFactorMissingSql } from '../db/two-factor-rule';

/** Tables whose rows belong to one organisation. */
export type TenantTable = 'board_users' | 'insights' | 'memberships' | 'invitations' | 'activity_logs' | 'subscriptions' | 'subscription_events' | 'board_user_imports' | 'board_user_portal_access';

/** `<table>.organization_id`, qualified so a join with another tenant table stays unambiguous. */
const organizationColumn = (table: TenantTable) => `${table}.organization_id` as `${TenantTable}.organization_id`;

/**
 * The one way to read an organisation's rows: every query starts already narrowed to the
 * organisation, so a row of another tenant cannot be found (and answers 404).
 */
export function scoped<T extends TenantTable>(db: Db, organizationId: number, table: T): SelectQueryBuilder<Database, T, {}> {
  const query: SelectQueryBuilder<Database, TenantTable, {}> = db.selectFrom<TenantTable>(table);
  return query.where(organizationColumn(table), '=', organizationId) as SelectQueryBuilder<Database, T, {}>;
}

/** Update narrowed the same way. */
export function scopedUpdate<T extends TenantTable>(db: Db, organizationId: number, table: T): UpdateQueryBuilder<Database, T, T, UpdateResult> {
  const query: UpdateQueryBuilder<Database, TenantTable, TenantTable, UpdateResult> = db.updateTable<TenantTable>(table);
  // T is one member of TenantTable: the narrowing is exact, TypeScript just cannot see it through the builder's variance.
  return query.where(organizationColumn(table), '=', organizationId) as unknown as UpdateQueryBuilder<Database, T, T, UpdateResult>;
}

/** Delete narrowed the same way. */
export function scopedDelete<T extends TenantTable>(db: Db, organizationId: number, table: T): DeleteQueryBuilder<Database, T, DeleteResult> {
  const query: DeleteQueryBuilder<Database, TenantTable, DeleteResult> = db.deleteFrom<TenantTable>(table);
  return query.where(organizationColumn(table), '=', organizationId) as DeleteQueryBuilder<Database, T, DeleteResult>;
}

/** The organisation a request acts in, with the user's role there (null: platform admin, not a member). */
export interface CurrentOrganization {
  id: number;
  name: string;
  slug: string;
  role: Role | null;
  public_page_enabled: boolean;
  /** The organisation requires two factors of its members and this member has neither TOTP nor a passkey (tenancy/gate.ts). */
  two_factor_missing: boolean;
}

/**
 * The organisation as a user sees it: its columns, the user's role there (null: not a member) and
 * the two-factor rule. Written once: `findOrganizationFor` runs it alone, and the session's one
 * query (identity-repository.ts) joins it for the session's user and organisation.
 */
export function organizationSeenBy(db: Db, userId: number | Expression<number | null>, organizationId: number | Expression<number | null>) {
  return db
    .selectFrom('organizations as o')
    .leftJoin('memberships as m', (j) => j.onRef('m.organization_id', '=', 'o.id').on('m.user_id', '=', userId))
    .select(['o.id', 'o.name', 'o.slug', 'o.public_page_enabled', 'm.role', twoFactorMissingSql({ requires: 'o.require_two_factor', role: 'm.role', userId: 'm.user_id' }).as('two_factor_missing')])
    .where('o.id', '=', organizationId)
    .where('o.deleted_at', 'is', null);
}

export type OrganizationSeenRow = { id: number; name: string; slug: string; public_page_enabled: boolean; role: Role | null; two_factor_missing: boolean | null };

/** The organisation a user may act in: a member (with their role), or any for a platform admin; else undefined. */
export function toCurrentOrganization(row: OrganizationSeenRow | undefined, platformAdmin: boolean): CurrentOrganization | undefined {
  if (!row || (!row.role && !platformAdmin)) return undefined;
  return { id: row.id, name: row.name, slug: row.slug, public_page_enabled: row.public_page_enabled, role: row.role ?? null, two_factor_missing: row.two_factor_missing === true };
}

/** The organisation as `userId` sees it: a member (with their role), or any for a platform admin. */
export async function findOrganizationFor(db: Db, userId: number, organizationId: number, platformAdmin: boolean): Promise<CurrentOrganization | undefined> {
  return toCurrentOrganization(await organizationSeenBy(db, userId, organizationId).executeTakeFirst(), platformAdmin);
}

export async function userOrganizations(db: Db, userId: number) {
  return db
    .selectFrom('memberships as m')
    .innerJoin('organizations as o', 'o.id', 'm.organization_id')
    .select(['o.id', 'o.name', 'o.slug', 'm.role'])
    .where('m.user_id', '=', userId)
    .where('o.deleted_at', 'is', null)
    .orderBy('o.sort_name')
    .orderBy('o.id')
    .execute();
}

/** Name and deletion time of an organisation by id, whatever the reader's membership (for the "gone" notice). */
export function organizationStatus(db: Db, organizationId: number) {
  return db.selectFrom('organizations').select(['name', 'deleted_at']).where('id', '=', organizationId).executeTakeFirst();
}

export async function ownersCount(db: Db, organizationId: number): Promise<number> {
  const row = await scoped(db, organizationId, 'memberships').where('role', '=', 'owner').select(sql<number>`count(*)::int`.as('n')).executeTakeFirst();
  return Number(row?.n ?? 0);
}

/**
 * Owners of the organisation, their membership rows locked for the rest of the transaction: every
 * last-owner check runs under this lock, so two owner changes cannot race past the rule.
 */
export async function lockOwners(db: Db, organizationId: number): Promise<number[]> {
  const rows = await scoped(db, organizationId, 'memberships').select('user_id').where('role', '=', 'owner').orderBy('id').forUpdate().execute();
  return rows.map((r) => r.user_id);
}

/**
 * The live organisations where `userId` is an owner, each with its owners locked (FOR UPDATE, in
 * organisation order so two callers cannot deadlock) and counted.
 */
export async function lockOwnershipsOf(db: Db, userId: number): Promise<{ id: number; name: string; owners: number }[]> {
  const owned = await db
    .selectFrom('memberships as m')
    .innerJoin('organizations as o', 'o.id', 'm.organization_id')
    .select(['o.id', 'o.name'])
    .where('m.user_id', '=', userId)
    .where('m.role', '=', 'owner')
    .where('o.deleted_at', 'is', null)
    .orderBy('o.id')
    .execute();
  const result: { id: number; name: string; owners: number }[] = [];
  for (const org of owned) result.push({ ...org, owners: (await lockOwners(db, org.id)).length });
  return result;
}

/** Whether the organisation has a board user / insight with this id (the `:id` route guard's check). */
export async function tenantRowExists(db: Db, organizationId: number, table: 'board_users' | 'insights', id: number): Promise<boolean> {
  const row =
    table === 'board_users'
      ? await scoped(db, organizationId, 'board_users').select('board_users.id').where('board_users.id', '=', id).executeTakeFirst()
      : await scoped(db, organizationId, 'insights').select('insights.id').where('insights.id', '=', id).executeTakeFirst();
  return row !== undefined;
}

/** The live organisation, by id (null when deleted). */
export function findOrganization(db: Db, id: number): Promise<Organization | undefined> {
  return db.selectFrom('organizations').selectAll().where('id', '=', id).where('deleted_at', 'is', null).executeTakeFirst();
}

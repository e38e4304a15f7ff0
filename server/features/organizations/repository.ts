import { sql } from 'kysely';
import { containsPattern } from '../../db/like';
import { defineListQuery } from '../../db/list-query';
import type { Db, Organization, Plan, SubscriptionStatus } from '../../db/types';

/**
 * SQL of the organisations themselves. The `organizations` table is the tenant, not a tenant's
 * table: reads here take the organisation's id (or slug) and callers decide who may see it
 * (`findOrganizationFor` in tenancy.ts joins the membership). Rows of an organisation
 * (memberships, subscriptions…) are read through `scoped()`.
 */

/** The live organisation (the tenancy core reads it; invitations need it too). */
export { findOrganization } from '../../tenancy/repository';

/** The live organisation, its row locked for the rest of the transaction. */
export function lockOrganization(db: Db, id: number): Promise<Organization | undefined> {
  return db.selectFrom('organizations').selectAll().where('id', '=', id).where('deleted_at', 'is', null).forUpdate().executeTakeFirst();
}

export function findOrganizationBySlug(db: Db, slug: string): Promise<Organization | undefined> {
  return db.selectFrom('organizations').selectAll().where('slug', '=', slug.toLowerCase()).where('deleted_at', 'is', null).executeTakeFirst();
}

/** Deleted organisations keep their slug (the unique index, and old links stay dead). */
export async function slugTaken(db: Db, slug: string, exceptId?: number): Promise<boolean> {
  let q = db.selectFrom('organizations').select('id').where('slug', '=', slug);
  if (exceptId) q = q.where('id', '!=', exceptId);
  return !!(await q.executeTakeFirst());
}

export function insertOrganization(db: Db, values: { name: string; slug: string; description: string | null; website: string | null; created_at: Date; updated_at: Date }): Promise<Organization> {
  return db.insertInto('organizations').values(values).returningAll().executeTakeFirstOrThrow();
}

export function updateOrganization(
  db: Db,
  id: number,
  changes: Partial<Pick<Organization, 'name' | 'slug' | 'description' | 'website' | 'public_page_enabled' | 'deleted_at'>>,
  now: Date,
): Promise<Organization> {
  return db
    .updateTable('organizations')
    .set({ ...changes, updated_at: now })
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export interface OrganizationListFilters {
  search: string;
}

/**
 * Organisations for the index: the user's own (with their role), or every organisation for a
 * platform admin (role null where they are not a member). Member counts are aggregated for the
 * rows of the page only. Built once per shape (every organisation or not, a search or not), the
 * user and the search bound (server/db/list-query.ts).
 */
export const organizationList = defineListQuery({
  shapeOf: (f: OrganizationListFilters & { userId: number; everyOrganization: boolean }) => ({ every: f.everyOrganization, search: !!f.search }),
  // Names as people read them (ADR 0023): the folded name, the term folded the same way; slugs in lower case.
  valuesOf: (f) => ({ userId: f.userId, pattern: f.search ? containsPattern(f.search) : null, slugPattern: f.search ? containsPattern(f.search.toLowerCase()) : null }),
  build: (db, shape, v) => {
    let q = db
      .selectFrom('organizations as o')
      .leftJoin('memberships as m', (j) => j.onRef('m.organization_id', '=', 'o.id').on('m.user_id', '=', v.userId))
      .leftJoin('subscriptions as s', 's.organization_id', 'o.id')
      .select([
        'o.id',
        'o.name',
        'o.slug',
        'o.description',
        'o.created_at',
        'm.role',
        's.plan',
        's.status as subscription_status',
        // Only organisations the viewer may list reach this subquery (see the where clauses below).
        sql<number>`(select count(*)::int from memberships mc where mc.organization_id = o.id)`.as('members_count'),
      ])
      .where('o.deleted_at', 'is', null);
    if (!shape.every) q = q.where('m.id', 'is not', null);
    if (shape.search) q = q.where((eb) => eb.or([eb('o.sort_name', 'like', sql<string>`fold_text(${v.pattern})`), eb('o.slug', 'like', v.slugPattern as string)]));
    return q.orderBy('o.sort_name').orderBy('o.id');
  },
});

export async function insertSubscriptionWithEvent(
  db: Db,
  values: { organization_id: number; plan: Plan; status: SubscriptionStatus; trial_ends_at: Date | null; current_period_start: Date; current_period_end: Date; now: Date },
  event: { event: string; actor_id: number | null },
) {
  const { now, ...row } = values;
  const subscription = await db
    .insertInto('subscriptions')
    .values({ ...row, created_at: now, updated_at: now })
    .returningAll()
    .executeTakeFirstOrThrow();
  await db
    .insertInto('subscription_events')
    .values({
      subscription_id: subscription.id,
      organization_id: subscription.organization_id,
      event: event.event,
      from_plan: null,
      to_plan: subscription.plan,
      from_status: null,
      to_status: subscription.status,
      actor_id: event.actor_id,
      created_at: now,
    })
    .execute();
  return subscription;
}

/** Whether staff see board members' names with their reads (docs/product.md "Board members"). */
export async function namedReadReceipts(db: Db, organizationId: number): Promise<boolean> {
  const row = await db.selectFrom('organizations').select('named_read_receipts').where('id', '=', organizationId).executeTakeFirst();
  return !!row?.named_read_receipts;
}

export async function setNamedReadReceipts(db: Db, organizationId: number, on: boolean): Promise<void> {
  await db.updateTable('organizations').set({ named_read_receipts: on }).where('id', '=', organizationId).execute();
}

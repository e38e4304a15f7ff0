import { sql } from 'kysely';
import type { Db } from '../../db/types';
import { defineListQuery } from '../../db/list-query';

/** A live organisation by slug (public pages never show deleted ones). */
export function findPublicOrganization(db: Db, slug: string) {
  return db.selectFrom('organizations').select(['id', 'name', 'slug', 'description', 'website', 'public_page_enabled']).where('slug', '=', slug).where('deleted_at', 'is', null).executeTakeFirst();
}

/**
 * The only insights the public may see: published, shared, not deleted, of a live organisation.
 * Every public query starts here, so no other status can leak by a forgotten condition.
 */
function publicInsights(db: Db) {
  return db
    .selectFrom('insights')
    .innerJoin('organizations as o', 'o.id', 'insights.organization_id')
    .where('insights.status', '=', 'published')
    .where('insights.share_token', 'is not', null)
    .where('insights.deleted_at', 'is', null)
    .where('o.deleted_at', 'is', null);
}

/** Public fields only: no author, no board users, no internal ids. */
/** The public index, newest first: one text for every organisation (server/db/list-query.ts). */
export const publicInsightList = defineListQuery({
  shapeOf: (_: { organizationId: number }) => ({}),
  valuesOf: (input) => ({ organizationId: input.organizationId }),
  build: (db, _shape, v) =>
    publicInsights(db)
      .select(['insights.share_token as token', 'insights.title', 'insights.summary', 'insights.category', 'insights.published_at'])
      .where('insights.organization_id', '=', v.organizationId)
      .orderBy('insights.published_at', 'desc')
      .orderBy('insights.id', 'desc'),
});

export function findSharedInsight(db: Db, slug: string, token: string) {
  return publicInsights(db)
    .select([
      'insights.id',
      'insights.author_id',
      'insights.title',
      'insights.summary',
      'insights.body',
      'insights.category',
      'insights.published_at',
      'insights.updated_at',
      'o.name as organization_name',
      'o.slug as organization_slug',
      'o.public_page_enabled',
    ])
    .where('o.slug', '=', slug)
    .where('insights.share_token', '=', token)
    .executeTakeFirst();
}

/**
 * Records a visit; true when it counts. A visitor's row remembers their last counted view, and
 * a new one counts only when that is at least an hour old (the upsert's WHERE decides atomically).
 */
export async function recordView(db: Db, insightId: number, visitorHash: string, now: Date): Promise<boolean> {
  const counted = await db
    .insertInto('insight_views')
    .values({ insight_id: insightId, visitor_hash: visitorHash, viewed_at: now })
    .onConflict((oc) =>
      oc
        .columns(['insight_id', 'visitor_hash'])
        .doUpdateSet({ viewed_at: (eb) => eb.ref('excluded.viewed_at') })
        .where('insight_views.viewed_at', '<=', sql<Date>`${now}::timestamptz - interval '1 hour'`),
    )
    .returning('insight_id')
    .executeTakeFirst();
  if (!counted) return false;
  await db
    .updateTable('insights')
    .set((eb) => ({ view_count: eb('view_count', '+', 1) }))
    .where('id', '=', insightId)
    .execute();
  return true;
}

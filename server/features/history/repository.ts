import { sql } from 'kysely';
import { defineListQuery } from '../../db/list-query';
import type { Db } from '../../db/types';

/** Organisations whose activity the user may filter by: their memberships (live organisations). */
export function myOrganizations(db: Db, userId: number) {
  return db
    .selectFrom('memberships as m')
    .innerJoin('organizations as o', 'o.id', 'm.organization_id')
    .select(['o.id', 'o.name'])
    .where('m.user_id', '=', userId)
    .where('o.deleted_at', 'is', null)
    .orderBy('o.sort_name')
    .orderBy('o.id')
    .execute();
}

/**
 * The user's own activity (they are the causer), newest first: in the organisations they belong
 * to and their account-level entries (no organisation). Platform admins also see what they did
 * in organisations they are not a member of. The organisations are one bound array (`= any`), so
 * every member count shares one text (server/db/list-query.ts).
 */
export const myActivityList = defineListQuery({
  shapeOf: (o: { userId: number; organizationId: number | null; memberOf: number[]; platformAdmin: boolean }) => ({
    organization: o.organizationId !== null,
    platformAdmin: o.platformAdmin,
  }),
  valuesOf: (o) => ({ userId: o.userId, organizationId: o.organizationId, memberOf: o.memberOf }),
  build: (db, shape, v) => {
    let query = db
      .selectFrom('activity_logs as a')
      .leftJoin('organizations as o', 'o.id', 'a.organization_id')
      .select(['a.id', 'a.event', 'a.subject_type', 'a.subject_id', 'a.subject_label as subject_name', 'a.facts', 'a.description', 'a.created_at', 'a.organization_id', 'o.name as organization_name'])
      .where('a.causer_id', '=', v.userId);
    if (shape.organization) query = query.where('a.organization_id', '=', v.organizationId);
    else if (!shape.platformAdmin) query = query.where((eb) => eb.or([eb('a.organization_id', 'is', null), sql<boolean>`a.organization_id = any(${v.memberOf}::int[])`]));
    return query.orderBy('a.created_at', 'desc').orderBy('a.id', 'desc');
  },
});

import { sql } from 'kysely';
import type { Db } from '../../db/types';
import { scoped, scopedUpdate } from '../../tenancy/repository';
import { EXPORT_COLUMNS, filtered, type ExportRow, type ListFilters } from './repository';

type Filters = ListFilters;
const update = (db: Db, organizationId: number) => scopedUpdate(db, organizationId, 'board_users');

/**
 * The selected rows of this organisation, locked for the bulk write: every row matching the
 * filters, or those of `ids` that belong to it (the caller compares counts: a foreign id is a 404).
 */
export async function lockSelected(db: Db, organizationId: number, selection: { all: boolean; ids: number[]; filters: Filters }): Promise<number[]> {
  const query = selection.all ? filtered(db, organizationId, selection.filters) : scoped(db, organizationId, 'board_users').where('board_users.id', 'in', selection.ids);
  const rows = await query.select('board_users.id').orderBy('board_users.id').forUpdate().execute();
  return rows.map((r) => r.id);
}

const returningIds = async (rows: Promise<{ id: number }[]>) => (await rows).map((r) => r.id);

/** Each changing query answers the ids it really changed (a record already so is left alone). */
export const setStatus = (db: Db, organizationId: number, ids: number[], status: 'active' | 'inactive', now: Date) =>
  returningIds(update(db, organizationId).set({ status, updated_at: now }).where('board_users.id', 'in', ids).where('board_users.status', '!=', status).returning('board_users.id').execute());

const hasTag = (tag: string) => sql<boolean>`exists (select 1 from unnest(board_users.tags) t where lower(t) = lower(${tag}))`;

/** Adds the tag where it is missing and the record has room (MAX_TAGS). */
export const addTag = (db: Db, organizationId: number, ids: number[], tag: string, maxTags: number, now: Date) =>
  returningIds(
    update(db, organizationId)
      .set({ tags: sql`array_append(board_users.tags, ${tag}::text)`, updated_at: now })
      .where('board_users.id', 'in', ids)
      .where(sql<boolean>`not ${hasTag(tag)}`)
      .where(sql<boolean>`cardinality(board_users.tags) < ${maxTags}`)
      .returning('board_users.id')
      .execute(),
  );

/** Of `ids`, those that have the tag but no room for another (the reason an add skips them). */
export async function fullOfTags(db: Db, organizationId: number, ids: number[], tag: string, maxTags: number): Promise<number> {
  const rows = await scoped(db, organizationId, 'board_users')
    .select('board_users.id')
    .where('board_users.id', 'in', ids)
    .where(sql<boolean>`not ${hasTag(tag)}`)
    .where(sql<boolean>`cardinality(board_users.tags) >= ${maxTags}`)
    .execute();
  return rows.length;
}

export const removeTag = (db: Db, organizationId: number, ids: number[], tag: string, now: Date) =>
  returningIds(
    update(db, organizationId)
      .set({ tags: sql`array(select t from unnest(board_users.tags) with ordinality as u(t, n) where lower(t) <> lower(${tag}) order by n)`, updated_at: now })
      .where('board_users.id', 'in', ids)
      .where(hasTag(tag))
      .returning('board_users.id')
      .execute(),
  );

export const softDelete = (db: Db, organizationId: number, ids: number[], now: Date) =>
  returningIds(
    update(db, organizationId).set({ deleted_at: now, updated_at: now }).where('board_users.id', 'in', ids).where('board_users.deleted_at', 'is', null).returning('board_users.id').execute(),
  );

export const trashedAmong = async (db: Db, organizationId: number, ids: number[]) =>
  (await scoped(db, organizationId, 'board_users').select('board_users.id').where('board_users.id', 'in', ids).where('board_users.deleted_at', 'is not', null).execute()).map((r) => r.id);

export const restore = (db: Db, organizationId: number, ids: number[], now: Date) =>
  returningIds(
    update(db, organizationId).set({ deleted_at: null, updated_at: now }).where('board_users.id', 'in', ids).where('board_users.deleted_at', 'is not', null).returning('board_users.id').execute(),
  );

/** The selected rows for the export, by id, in keyset batches (memory stays flat). */
export async function* exportRowsByIds(db: Db, organizationId: number, ids: number[], batchSize = 500): AsyncGenerator<ExportRow> {
  const sorted = [...new Set(ids)].sort((a, b) => a - b);
  for (let i = 0; i < sorted.length; i += batchSize) {
    const rows = await scoped(db, organizationId, 'board_users')
      .select([...EXPORT_COLUMNS])
      .where('board_users.id', 'in', sorted.slice(i, i + batchSize))
      .orderBy('board_users.id')
      .execute();
    yield* rows as ExportRow[];
  }
}

/** Of `ids`, how many belong to this organisation (no lock: for reads). */
export async function countOwn(db: Db, organizationId: number, ids: number[]): Promise<number> {
  if (!ids.length) return 0;
  const rows = await scoped(db, organizationId, 'board_users').select('board_users.id').where('board_users.id', 'in', ids).execute();
  return rows.length;
}

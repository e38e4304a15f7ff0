import { sql, type Expression, type RawBuilder } from 'kysely';
import { containsPattern } from '../../db/like';
import type { BoardUser, Db } from '../../db/types';
import type { UpdateQueryBuilder, UpdateResult } from 'kysely';
import type { Database } from '../../db/types';
import { scoped, scopedUpdate } from '../../tenancy/repository';
import { defineListQuery } from '../../db/list-query';
import { accessStateSql } from '../portal-access/repository';
import { BOARD_USER_FIELD_NAMES, LISTED_FIELDS, type BoardUserField } from '../../../shared/board-user-fields';

/** scopedUpdate, typed for one table (its own return type is too wide to call `.set` on). */
const updateScoped = <T extends 'board_users'>(db: Db, organizationId: number, table: T) => scopedUpdate(db, organizationId, table) as unknown as UpdateQueryBuilder<Database, T, T, UpdateResult>;
import type { BoardUserFilters, BoardUserInput, BoardUserSort } from './schema';

/**
 * Sort keys per allow-listed column. They are never NULL (so keyset pagination can compare
 * them) and always end with the id, which makes the order total and stable. Names and boards
 * sort by their folded form in the "C" collation (migration 240301, ADR 0023): Ångström with
 * the A's, and the same order on PGlite and PostgreSQL.
 */
const sortKeys: Record<BoardUserSort, RawBuilder<unknown>[]> = {
  name: [sql`board_users.sort_name`],
  email: [sql`coalesce(lower(board_users.email), '')`],
  board: [sql`fold_text(coalesce(board_users.board_name, '')) collate "C"`, sql`board_users.sort_name`],
  status: [sql`board_users.status`, sql`board_users.sort_name`],
  joined_on: [sql`coalesce(board_users.joined_on, date '0001-01-01')`],
  // Open-ended terms after every dated one.
  term_ends_on: [sql`coalesce(board_users.term_ends_on, date '9999-12-31')`],
};

/** The tag filter as bind values: lower case, each once (the list's tags are unique per record in any case). */
export const tagKeys = (tags: readonly string[]) => [...new Set(tags.map((t) => t.toLowerCase()))];

/** The record has every one of `tags` (lower case), whatever the case it was written in. */
const hasAllTags = (tags: unknown) => sql<boolean>`board_users.tag_keys @> ${tags}::text[]`;

/** The list's columns: the id, every listed field (shared/board-user-fields.ts), whether it is trashed. */
export const LIST_COLUMNS = ['board_users.id', ...LISTED_FIELDS.map((field) => `board_users.${field}` as const), 'board_users.deleted_at'] as const;

const ALL_COLUMNS = [...LIST_COLUMNS, 'board_users.organization_id', 'board_users.notes', 'board_users.created_at', 'board_users.updated_at'] as const;

export type ListFilters = Pick<BoardUserFilters, 'search' | 'status' | 'trashed'> & { tags?: readonly string[] };
/** The index's filters and order (`tags` may be left out: no tag filter). */
type IndexFilters = ListFilters & Pick<BoardUserFilters, 'sort' | 'direction'>;

/** The organisation's board users narrowed by the index filters (no select, no order). */
export function filtered(db: Db, organizationId: number, filters: ListFilters) {
  const tags = filters.tags?.length ? tagKeys(filters.tags) : null;
  return narrowed(db, organizationId, filters.trashed, filters.status, filters.search ? containsPattern(filters.search) : null, tags);
}

/**
 * `filtered` with the search already a LIKE pattern and the tags already keys (bind values, so a
 * query template can hold them). The search matches the stored folded text (names both ways,
 * e-mail, board, tags) with the term folded by the same database function: "ile-de-france" finds
 * "Île-de-France", "lukasiewicz" finds "Łukasiewicz".
 */
function narrowed(db: Db, organizationId: number, trashed: BoardUserFilters['trashed'], status: BoardUserFilters['status'], pattern: string | null, tags: unknown) {
  let query = scoped(db, organizationId, 'board_users');
  if (trashed === 'only') query = query.where('board_users.deleted_at', 'is not', null);
  else if (trashed !== 'with') query = query.where('board_users.deleted_at', 'is', null);
  if (status) query = query.where('board_users.status', '=', status);
  if (pattern !== null) query = query.where(sql<boolean>`board_users.search_text like fold_text(${pattern})`);
  if (tags !== null) query = query.where(hasAllTags(tags));
  return query;
}

/** The index's rows in its order (no limit). */
function ordered(query: ReturnType<typeof narrowed>, filters: Pick<BoardUserFilters, 'sort' | 'direction'>) {
  // Each row's portal access (none / invited / active) comes with it: still one query.
  let out = query.leftJoin('board_user_portal_access as pa', 'pa.board_user_id', 'board_users.id').select([...LIST_COLUMNS, accessStateSql('pa').as('portal_access')]);
  for (const key of sortKeys[filters.sort]) out = out.orderBy(key, filters.direction);
  return out.orderBy('board_users.id', filters.direction);
}

/** One page of the index: a single query (rows and total through a window count). */
export function listQuery(db: Db, organizationId: number, filters: IndexFilters) {
  return ordered(filtered(db, organizationId, filters), filters);
}

/**
 * The index, on every visit: built once per combination of filters, sort and direction (the
 * search, the status, the tags and the page are bind values), a prepared statement on PostgreSQL
 * (server/db/list-query.ts).
 */
export const boardUserList = defineListQuery({
  shapeOf: (f: IndexFilters & { organizationId: number }) => ({
    trashed: f.trashed,
    status: !!f.status,
    search: !!f.search,
    tags: !!f.tags?.length,
    sort: f.sort,
    direction: f.direction,
  }),
  valuesOf: (f) => ({
    organizationId: f.organizationId,
    status: f.status ?? null,
    pattern: f.search ? containsPattern(f.search) : null,
    tags: f.tags?.length ? tagKeys(f.tags) : null,
  }),
  build: (db, shape, v) => ordered(narrowed(db, v.organizationId, shape.trashed, shape.status ? v.status : null, shape.search ? v.pattern : null, shape.tags ? v.tags : null), shape),
});

export const EXPORT_COLUMNS = ['board_users.id', ...BOARD_USER_FIELD_NAMES.map((field) => `board_users.${field}` as const), 'board_users.created_at', 'board_users.deleted_at'] as const;
export type ExportRow = Pick<BoardUser, 'id' | BoardUserField | 'deleted_at' | 'created_at'>;

/**
 * Every row of the filtered list, in the list's order, fetched in keyset batches: memory stays
 * flat however many rows there are, and it works on PGlite (no cursors) and PostgreSQL alike.
 */
export async function* exportRows(db: Db, organizationId: number, filters: IndexFilters, batchSize = 500): AsyncGenerator<ExportRow> {
  const keys = sortKeys[filters.sort];
  const comparison = sql.raw(filters.direction === 'asc' ? '>' : '<');
  let after: unknown[] | null = null;
  for (;;) {
    let query = filtered(db, organizationId, filters)
      .select([...EXPORT_COLUMNS])
      .select(keys.map((key, i) => (key as RawBuilder<unknown>).as(`__k${i}`)));
    if (after) {
      const tuple = [...keys, sql.ref('board_users.id')] as Expression<unknown>[];
      const values = after.map((v) => sql`${v}`);
      query = query.where(sql<boolean>`(${sql.join(tuple)}) ${comparison} (${sql.join(values)})`);
    }
    for (const key of keys) query = query.orderBy(key, filters.direction);
    const rows = (await query.orderBy('board_users.id', filters.direction).limit(batchSize).execute()) as (ExportRow & Record<string, unknown>)[];
    for (const row of rows) yield row;
    if (rows.length < batchSize) return;
    const last = rows[rows.length - 1];
    after = [...keys.map((_, i) => last[`__k${i}`]), last.id];
  }
}

export function findBoardUser(db: Db, organizationId: number, id: number) {
  return scoped(db, organizationId, 'board_users')
    .select([...ALL_COLUMNS])
    .where('board_users.id', '=', id)
    .executeTakeFirst() as Promise<BoardUser | undefined>;
}

/** Row lock for an update (one writer at a time, fresh `before` for the activity diff). */
export function lockBoardUser(db: Db, organizationId: number, id: number) {
  return scoped(db, organizationId, 'board_users')
    .select([...ALL_COLUMNS])
    .where('board_users.id', '=', id)
    .forUpdate()
    .executeTakeFirst() as Promise<BoardUser | undefined>;
}

/** Another board user of the organisation (trashed ones included: the unique index covers them) with this e-mail. */
export async function emailTaken(db: Db, organizationId: number, email: string, exceptId?: number): Promise<boolean> {
  let query = scoped(db, organizationId, 'board_users').select('board_users.id').where(sql`lower(board_users.email)`, '=', email.toLowerCase());
  if (exceptId) query = query.where('board_users.id', '!=', exceptId);
  return !!(await query.executeTakeFirst());
}

export function insertBoardUser(db: Db, organizationId: number, input: BoardUserInput, now: Date) {
  return db
    .insertInto('board_users')
    .values({ organization_id: organizationId, ...input, created_at: now, updated_at: now })
    .returning([...ALL_COLUMNS])
    .executeTakeFirstOrThrow() as Promise<BoardUser>;
}

export function updateBoardUser(db: Db, organizationId: number, id: number, values: Partial<BoardUserInput> & { deleted_at?: Date | null }, now: Date) {
  return updateScoped(db, organizationId, 'board_users')
    .set({ ...values, updated_at: now })
    .where('board_users.id', '=', id)
    .returning([...ALL_COLUMNS])
    .executeTakeFirstOrThrow() as Promise<BoardUser>;
}

/** The insights linked to a board user (not deleted), newest first. */
export function insightsOfBoardUser(db: Db, organizationId: number, boardUserId: number) {
  return scoped(db, organizationId, 'insights')
    .innerJoin('board_user_insight as bui', 'bui.insight_id', 'insights.id')
    .select(['insights.id', 'insights.title', 'insights.category', 'insights.status', 'insights.published_at', 'insights.updated_at'])
    .where('bui.board_user_id', '=', boardUserId)
    .where('insights.deleted_at', 'is', null)
    .orderBy('insights.updated_at', 'desc')
    .orderBy('insights.id', 'desc')
    .limit(200)
    .execute();
}

/** Options for the insight form's board-user picker. */
export function boardUserOptions(db: Db, organizationId: number, search: string, limit = 50) {
  return filtered(db, organizationId, { search, status: null, trashed: null })
    .select(['board_users.id', 'board_users.first_name', 'board_users.last_name', 'board_users.board_name', 'board_users.position'])
    .orderBy('board_users.sort_name')
    .orderBy('board_users.id')
    .limit(limit)
    .execute();
}

/**
 * The tags of the organisation's live board users, each with how many carry it (spellings that
 * differ only in case count as one tag, shown as its first spelling in sort order), in name order.
 */
export function tagCounts(db: Db, organizationId: number, limit = 200) {
  const tags = scoped(db, organizationId, 'board_users').where('board_users.deleted_at', 'is', null).select(sql<string>`unnest(board_users.tags)`.as('tag')).as('t');
  return db
    .selectFrom(tags)
    .select([sql<string>`min(t.tag collate "C")`.as('name'), sql<number>`count(*)::int`.as('count')])
    .groupBy(sql`lower(t.tag)`)
    .orderBy(sql`fold_text(min(t.tag collate "C")) collate "C"`)
    .orderBy(sql`min(t.tag collate "C")`)
    .limit(limit)
    .execute();
}

/** Of `ids`, the ones that are live board users of this organisation. */
export async function existingBoardUserIds(db: Db, organizationId: number, ids: number[]): Promise<number[]> {
  if (!ids.length) return [];
  const rows = await scoped(db, organizationId, 'board_users').select('board_users.id').where('board_users.id', 'in', ids).where('board_users.deleted_at', 'is', null).execute();
  return rows.map((r) => r.id);
}

export function boardUsersByIds(db: Db, organizationId: number, ids: number[]) {
  if (!ids.length) return Promise.resolve([]);
  return scoped(db, organizationId, 'board_users')
    .select(['board_users.id', 'board_users.first_name', 'board_users.last_name', 'board_users.board_name', 'board_users.position'])
    .where('board_users.id', 'in', ids)
    .where('board_users.deleted_at', 'is', null)
    .execute();
}

import { sql, type RawBuilder } from 'kysely';
import type { Db, Insight } from '../../db/types';
import { containsPattern } from '../../db/like';
import { defineListQuery } from '../../db/list-query';
import type { UpdateQueryBuilder, UpdateResult } from 'kysely';
import type { Database } from '../../db/types';
import { scoped, scopedUpdate } from '../../tenancy/repository';

/** scopedUpdate, typed for one table (its own return type is too wide to call `.set` on). */
const updateScoped = <T extends 'insights'>(db: Db, organizationId: number, table: T) => scopedUpdate(db, organizationId, table) as unknown as UpdateQueryBuilder<Database, T, T, UpdateResult>;
import type { InsightFilters, InsightInput, InsightSort } from './schema';

type ListFilters = Pick<InsightFilters, 'search' | 'category' | 'status' | 'trashed'>;

/** The organisation's insights narrowed by the index filters (no select, no order): the list and bulk actions share it. */
export function filtered(db: Db, organizationId: number, filters: ListFilters) {
  return narrowed(db, organizationId, filters.trashed, filters.category, filters.status, filters.search ? containsPattern(filters.search) : null);
}

/** `filtered` with the search already a LIKE pattern (bind values, so a list query's template can hold them). */
function narrowed(db: Db, organizationId: number, trashed: InsightFilters['trashed'], category: unknown, status: unknown, pattern: unknown) {
  let query = scoped(db, organizationId, 'insights');
  if (trashed === 'only') query = query.where('insights.deleted_at', 'is not', null);
  else if (trashed !== 'with') query = query.where('insights.deleted_at', 'is', null);
  if (category) query = query.where('insights.category', '=', category as Insight['category']);
  if (status) query = query.where('insights.status', '=', status as Insight['status']);
  if (pattern) query = query.where((eb) => eb.or([eb('insights.title', 'ilike', pattern as string), eb('insights.summary', 'ilike', pattern as string)]));
  return query;
}

/** An insight row as the list and the export show it: its columns, its author's name, whether it is shared. */
export function withRowColumns(query: ReturnType<typeof scoped<'insights'>>) {
  return query
    .leftJoin('users as author', 'author.id', 'insights.author_id')
    .select([
      'insights.id',
      'insights.title',
      'insights.summary',
      'insights.category',
      'insights.status',
      'insights.published_at',
      'insights.view_count',
      'insights.updated_at',
      'insights.deleted_at',
      'author.name as author_name',
    ])
    .select((eb) =>
      eb
        .parens(eb('insights.share_token', 'is not', null))
        .$castTo<boolean>()
        .as('shared'),
    );
}

/** The index's columns (author and linked count come along: no N+1) in its order. */
function listed(query: ReturnType<typeof narrowed>, order: Pick<InsightFilters, 'sort' | 'direction'>) {
  return withRowColumns(query)
    .select((eb) =>
      eb
        .selectFrom('board_user_insight as bui')
        .innerJoin('board_users as bu', 'bu.id', 'bui.board_user_id')
        .select(eb.fn.countAll<string>().as('n'))
        .whereRef('bui.insight_id', '=', 'insights.id')
        .where('bu.deleted_at', 'is', null)
        .as('board_users_count'),
    )
    .$call((q) => {
      let out = q;
      for (const key of sortKeys[order.sort]) out = out.orderBy(key, order.direction);
      return out.orderBy('insights.id', order.direction);
    });
}

/**
 * The index, on every visit: built once per combination of filters, sort and direction, the
 * search, category, status and page bound (server/db/list-query.ts).
 */
export const insightList = defineListQuery({
  shapeOf: (f: InsightFilters & { organizationId: number }) => ({
    trashed: f.trashed,
    category: !!f.category,
    status: !!f.status,
    search: !!f.search,
    sort: f.sort,
    direction: f.direction,
  }),
  valuesOf: (f) => ({ organizationId: f.organizationId, category: f.category ?? null, status: f.status ?? null, pattern: f.search ? containsPattern(f.search) : null }),
  build: (db, shape, v) => listed(narrowed(db, v.organizationId, shape.trashed, shape.category && v.category, shape.status && v.status, shape.search && v.pattern), shape),
});

/**
 * Sort keys per allow-listed column (schema.ts INSIGHT_SORTS), never NULL, the id last (in
 * listed) for a stable order. Titles sort by their folded form in the "C" collation, as board
 * users' names do (migration 240301, ADR 0023): "Éthique" with the E's, on PGlite and PostgreSQL.
 * Status sorts in its life order (draft, published, archived); a draft has no publication date.
 */
const sortKeys: Record<InsightSort, RawBuilder<unknown>[]> = {
  title: [sql`fold_text(insights.title) collate "C"`],
  status: [sql`case insights.status when 'draft' then 0 when 'published' then 1 else 2 end`, sql`fold_text(insights.title) collate "C"`],
  published: [sql`coalesce(insights.published_at, timestamptz '0001-01-01 00:00:00+00')`],
  updated: [sql`insights.updated_at`],
};

export function findInsight(db: Db, organizationId: number, id: number) {
  return scoped(db, organizationId, 'insights').selectAll('insights').where('insights.id', '=', id).executeTakeFirst() as Promise<Insight | undefined>;
}

export function findInsightWithAuthor(db: Db, organizationId: number, id: number) {
  return scoped(db, organizationId, 'insights')
    .leftJoin('users as author', 'author.id', 'insights.author_id')
    .selectAll('insights')
    .select('author.name as author_name')
    .where('insights.id', '=', id)
    .executeTakeFirst() as Promise<(Insight & { author_name: string | null }) | undefined>;
}

export function lockInsight(db: Db, organizationId: number, id: number) {
  return scoped(db, organizationId, 'insights').selectAll('insights').where('insights.id', '=', id).forUpdate().executeTakeFirst() as Promise<Insight | undefined>;
}

type InsightValues = Partial<Omit<InsightInput, 'board_user_ids'>> & Partial<Pick<Insight, 'status' | 'published_at' | 'share_token' | 'shared_at' | 'deleted_at'>>;

export function insertInsight(db: Db, organizationId: number, authorId: number | null, input: Omit<InsightInput, 'board_user_ids'>, now: Date) {
  return db
    .insertInto('insights')
    .values({ organization_id: organizationId, author_id: authorId, ...input, status: 'draft', created_at: now, updated_at: now })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export function updateInsight(db: Db, organizationId: number, id: number, values: InsightValues, now: Date) {
  return updateScoped(db, organizationId, 'insights')
    .set({ ...values, updated_at: now })
    .where('insights.id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow() as Promise<Insight>;
}

/** Ids of the live board users linked to an insight. */
export async function linkedBoardUserIds(db: Db, organizationId: number, insightId: number): Promise<number[]> {
  const rows = await scoped(db, organizationId, 'board_users')
    .innerJoin('board_user_insight as bui', 'bui.board_user_id', 'board_users.id')
    .select('board_users.id')
    .where('bui.insight_id', '=', insightId)
    .where('board_users.deleted_at', 'is', null)
    .execute();
  return rows.map((r) => r.id);
}

export function linkedBoardUsers(db: Db, organizationId: number, insightId: number) {
  return scoped(db, organizationId, 'board_users')
    .innerJoin('board_user_insight as bui', 'bui.board_user_id', 'board_users.id')
    .select(['board_users.id', 'board_users.first_name', 'board_users.last_name', 'board_users.position', 'board_users.board_name', 'board_users.status'])
    .where('bui.insight_id', '=', insightId)
    .where('board_users.deleted_at', 'is', null)
    .orderBy(sql`lower(board_users.last_name)`)
    .orderBy(sql`lower(board_users.first_name)`)
    .execute();
}

/**
 * Makes the live links exactly `ids` (already checked to be live board users of the
 * organisation). Links to trashed board users stay, so restoring one brings its links back.
 */
export async function syncLinks(db: Db, organizationId: number, insightId: number, ids: number[]): Promise<void> {
  let remove = db
    .deleteFrom('board_user_insight')
    .where('insight_id', '=', insightId)
    .where('board_user_id', 'in', scoped(db, organizationId, 'board_users').select('board_users.id').where('board_users.deleted_at', 'is', null));
  if (ids.length) remove = remove.where('board_user_id', 'not in', ids);
  await remove.execute();
  if (ids.length) {
    await db
      .insertInto('board_user_insight')
      .values(ids.map((board_user_id) => ({ insight_id: insightId, board_user_id })))
      .onConflict((oc) => oc.doNothing())
      .execute();
  }
}

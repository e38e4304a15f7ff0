import { sql, type SelectQueryBuilder } from 'kysely';
import { paginated, type PageOptions, type Paginated } from './pagination';
import { prepareStatement } from './postgres-pool';
import { queryTemplate } from './query-template';
import type { Db } from './types';

/**
 * What an index page's list is made of (ADR 0032). `shapeOf` answers every choice that changes
 * the SQL text — which filters are present, the sort, the direction — and nothing else; `valuesOf`
 * answers the values the text binds (ids, LIKE patterns, dates, arrays: an array is bound whole
 * and compared with `= any(…)`, so its length is not a shape). `build` answers the list narrowed,
 * selected and ordered, without limit: it may read the shape, but it may use `values` only as
 * values (each stands in a slot that compiles to a bind parameter) — never test them, never
 * compute from them (a LIKE pattern is made in `valuesOf`).
 */
export interface ListQueryDefinition<Input, Shape, Values extends Record<string, unknown>, Row> {
  shapeOf: (input: Input) => Shape;
  valuesOf: (input: Input) => Values;
  build: (db: Db, shape: Shape, values: Values) => SelectQueryBuilder<any, any, Row>;
}

/** A page of the list (rows, total, PingCRM links) for one input. */
export type ListQuery<Input, Row> = (db: Db, input: Input, page: PageOptions) => Promise<Paginated<Row>>;

interface PageValues {
  __limit: number;
  __offset: number;
}

/**
 * The one way an index page lists rows. Each shape is built and compiled once per database handle
 * (server/db/query-template.ts); a visit only binds its values. The page's text is a named prepared
 * statement on PostgreSQL (server/db/postgres-pool.ts), so it is parsed and planned once per
 * connection, and it answers the rows with the filtered total (`count(*) over()`) in one round trip.
 * Only a page past the end (an old link, a row just deleted) counts alone, to still build its links.
 * The count is not prepared: it is rare, and the set of texts a connection keeps stays that of the pages.
 */
export function defineListQuery<Input, Shape, Values extends Record<string, unknown>, Row>(definition: ListQueryDefinition<Input, Shape, Values, Row>): ListQuery<Input, Row> {
  const key = (shape: Shape) => JSON.stringify(shape);
  const pageQuery = queryTemplate(
    key,
    (db, shape: Shape, values: Values & PageValues) => definition.build(db, shape, values).select(sql<number | string>`count(*) over()`.as('__total')).limit(values.__limit).offset(values.__offset),
    prepareStatement,
  );
  const countQuery = queryTemplate(key, (db, shape: Shape, values: Values) => definition.build(db, shape, values).clearSelect().clearOrderBy().select(sql<number | string>`count(*)`.as('__total')));
  return async (db, input, options) => {
    const shape = definition.shapeOf(input);
    const values = definition.valuesOf(input);
    return paginated(
      async (limit, offset) => (await db.executeQuery(pageQuery(db, shape, { ...values, __limit: limit, __offset: offset }))).rows as (Row & { __total: number | string })[],
      async () => Number((await db.executeQuery(countQuery(db, shape, values))).rows[0]?.__total ?? 0),
      options,
    );
  };
}

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../server/db/connection';
import { boardUserList, listQuery } from '../../server/features/board-users/repository';
import type { BoardUserFilters } from '../../server/features/board-users/schema';
import { createTestDatabase } from '../helpers/database';

/**
 * Issue #14: the board-user index's query is built once per shape and then only bound to each
 * visit's values (server/db/list-query.ts, ADR 0032). For every shape and several values, it must answer
 * exactly what the query built afresh answers — one template serving two searches, two statuses
 * or two organisations must never carry one call's values into another.
 */
let database: DatabaseHandle;
const orgs: number[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
  const { db } = database;
  for (const slug of ['template-one', 'template-two']) {
    orgs.push((await db.insertInto('organizations').values({ name: slug, slug }).returning('id').executeTakeFirstOrThrow()).id);
  }
  const people = ['Ada Lovelace', 'Alan Turing', 'Grace Hopper', 'Edsger Dijkstra', 'Barbara Liskov', 'Donald Knuth', 'Fifty 50%Percent', 'Under_Score Smith'];
  await db
    .insertInto('board_users')
    .values(
      orgs.flatMap((organization_id, o) =>
        people.map((name, i) => ({
          organization_id,
          first_name: name.split(' ')[0],
          last_name: name.split(' ')[1],
          email: i % 3 ? `${name.split(' ')[1].toLowerCase()}@org${o}.test` : null,
          board_name: i % 2 ? 'Finance' : null,
          status: i % 3 ? ('active' as const) : ('inactive' as const),
          joined_on: i % 4 ? `202${i}-01-0${(i % 8) + 1}` : null,
          deleted_at: i === 5 ? new Date('2026-01-01T00:00:00Z') : null,
        })),
      ),
    )
    .execute();
}, 60_000);

afterAll(() => database?.close());

/** The list built afresh, one page of it sliced in JavaScript, and its total. */
const fresh = async (organizationId: number, filters: BoardUserFilters, perPage: number, page: number) => {
  const all = await listQuery(database.db, organizationId, filters).execute();
  return { data: all.slice((page - 1) * perPage, page * perPage), total: all.length };
};

const listed = (organizationId: number, filters: BoardUserFilters, perPage: number, page: number) =>
  boardUserList(database.db, { organizationId, ...filters }, { page, perPage, path: '/board-users', query: {} });

describe('the board-user index query template', () => {
  it('answers what the query built afresh answers, for every shape and values', async () => {
    let compared = 0;
    for (const trashed of [null, 'with', 'only'] as const)
      for (const sort of ['name', 'email', 'board', 'status', 'joined_on'] as const)
        for (const direction of ['asc', 'desc'] as const)
          for (const status of [null, 'active', 'inactive'] as const)
            for (const search of ['', 'a', '50%', '_', 'nobody'])
              for (const organizationId of orgs)
                for (const [perPage, page] of [
                  [25, 1],
                  [3, 2],
                ]) {
                  const filters: BoardUserFilters = { search, tags: [], status, trashed, sort, direction };
                  const expected = await fresh(organizationId, filters, perPage, page);
                  const actual = await listed(organizationId, filters, perPage, page);
                  const context = JSON.stringify({ filters, organizationId, perPage, page });
                  expect(actual.data, context).toEqual(expected.data);
                  // A page past the end (page 2 of 3 with fewer than 4 rows) counts alone: the same total.
                  expect(actual.meta.total, context).toBe(expected.total);
                  compared++;
                }
    expect(compared).toBe(3 * 5 * 2 * 3 * 5 * 2 * 2);
  }, 120_000);
});

import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../server/db/connection';
import { countList, listPage, listQuery } from '../../server/features/board-users/repository';
import type { BoardUserFilters } from '../../server/features/board-users/schema';
import { createTestDatabase } from '../helpers/database';

/**
 * Issue #14: the board-user index's query is built once per shape and then only bound to each
 * visit's values (server/db/query-template.ts). For every shape and several values, it must answer
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

const fresh = (organizationId: number, filters: BoardUserFilters, limit: number, offset: number) =>
  listQuery(database.db, organizationId, filters).select(sql<number>`count(*) over()`.as('__total')).limit(limit).offset(offset).execute();

describe('the board-user index query template', () => {
  it('answers what the query built afresh answers, for every shape and values', async () => {
    let compared = 0;
    for (const trashed of [null, 'with', 'only'] as const)
      for (const sort of ['name', 'email', 'board', 'status', 'joined_on'] as const)
        for (const direction of ['asc', 'desc'] as const)
          for (const status of [null, 'active', 'inactive'] as const)
            for (const search of ['', 'a', '50%', '_', 'nobody'])
              for (const organizationId of orgs)
                for (const [limit, offset] of [
                  [25, 0],
                  [3, 3],
                ]) {
                  const filters: BoardUserFilters = { search, tags: [], status, trashed, sort, direction };
                  const expected = await fresh(organizationId, filters, limit, offset);
                  const actual = await listPage(database.db, organizationId, filters, limit, offset);
                  expect(actual, JSON.stringify({ filters, organizationId, limit, offset })).toEqual(expected);
                  compared++;
                }
    expect(compared).toBe(3 * 5 * 2 * 3 * 5 * 2 * 2);
  }, 120_000);

  it('counts alone what the page counts', async () => {
    const filters: BoardUserFilters = { search: 'a', tags: [], status: 'active', trashed: null, sort: 'name', direction: 'asc' };
    const rows = await listPage(database.db, orgs[0], filters, 25, 0);
    expect(await countList(database.db, orgs[0], filters)).toBe(Number(rows[0].__total));
  });
});

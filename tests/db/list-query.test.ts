import { sql, type CompiledQuery } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { memberPage } from '../../server/account/membership-repository';
import type { DatabaseHandle } from '../../server/db/connection';
import { defineListQuery } from '../../server/db/list-query';
import { boardUserList } from '../../server/features/board-users/repository';
import { activityLogList, logQuery, type LogQueryFilters } from '../../server/features/activity/repository';
import { myActivityList } from '../../server/features/history/repository';
import { createTestDatabase } from '../helpers/database';

/**
 * ADR 0032: every index page lists through `defineListQuery` (server/db/list-query.ts). A shape is
 * compiled once and only bound afterwards; rows and total come in one query; a page past the end
 * counts alone and still has its links; and the values — a hostile search above all — are bind
 * parameters, never SQL text.
 */
let database: DatabaseHandle;
let queries: CompiledQuery[] = [];
let org: number;
let user: number;

/** Board users named after the search terms a LIKE or a full-text operator would misread. */
const NAMES = ['Ada Lovelace', 'Alan Turing', 'Grace Hopper', 'Fifty 50%_Percent', 'Back \\Slash', 'At @@Signs', 'Plain Name'];

beforeAll(async () => {
  database = await createTestDatabase((event) => {
    if (event.level === 'query') queries.push(event.query);
  });
  const { db } = database;
  org = (await db.insertInto('organizations').values({ name: 'List Trust', slug: 'list-trust' }).returning('id').executeTakeFirstOrThrow()).id;
  user = (await db.insertInto('users').values({ name: 'Lister', email: 'lister@example.test', password: 'x' }).returning('id').executeTakeFirstOrThrow()).id;
  await db
    .insertInto('board_users')
    .values(NAMES.map((name) => ({ organization_id: org, first_name: name.split(' ')[0], last_name: name.split(' ')[1] })))
    .execute();
}, 60_000);

afterAll(() => database?.close());
beforeEach(() => {
  queries = [];
});

/** A list of the test's own: board users by id, `ids` bound whole (`= any`), the order a shape. */
const byIds = defineListQuery({
  shapeOf: (input: { organizationId: number; ids: number[]; direction: 'asc' | 'desc' }) => ({ direction: input.direction }),
  valuesOf: (input) => ({ organizationId: input.organizationId, ids: input.ids }),
  build: (db, shape, v) =>
    db.selectFrom('board_users').select(['id', 'last_name']).where('organization_id', '=', v.organizationId).where(sql<boolean>`id = any(${v.ids}::int[])`).orderBy('id', shape.direction),
});

const pageOptions = (page: number, perPage = 25) => ({ page, perPage, path: '/things', query: { search: 'x', empty: '', page: 9 } });

describe('defineListQuery', () => {
  it('compiles a shape once: another call with other values (and another array length) runs the same text', async () => {
    const ids = (await database.db.selectFrom('board_users').select('id').orderBy('id').execute()).map((r) => r.id);
    queries = [];
    const one = await byIds(database.db, { organizationId: org, ids: ids.slice(0, 1), direction: 'asc' }, pageOptions(1));
    const three = await byIds(database.db, { organizationId: org, ids: ids.slice(0, 3), direction: 'asc' }, pageOptions(1));
    const down = await byIds(database.db, { organizationId: org, ids: ids.slice(0, 3), direction: 'desc' }, pageOptions(1));
    expect(one.data.map((r) => r.id)).toEqual(ids.slice(0, 1));
    expect(three.data.map((r) => r.id)).toEqual(ids.slice(0, 3));
    expect(down.data.map((r) => r.id)).toEqual(ids.slice(0, 3).reverse());
    expect(three.meta.total).toBe(3);
    // One query per page (rows and total together), the same text for both values, another for the other order.
    expect(queries).toHaveLength(3);
    expect(queries[0].sql).toBe(queries[1].sql);
    expect(queries[2].sql).not.toBe(queries[0].sql);
    expect(queries[0].sql).toContain('count(*) over()');
    expect(queries[1].parameters).toContainEqual(ids.slice(0, 3));
    // The compiled query is reused as it is, not rebuilt: the template's text object is shared.
    const again = await byIds(database.db, { organizationId: org, ids: ids.slice(1, 2), direction: 'asc' }, pageOptions(1));
    expect(again.data.map((r) => r.id)).toEqual([ids[1]]);
    expect(queries[3].sql).toBe(queries[0].sql);
    expect(queries[3].query).toBe(queries[0].query);
  });

  it('a page past the end still reports the total and links back (counting alone)', async () => {
    const page = await boardUserList(
      database.db,
      { organizationId: org, search: '', status: null, trashed: null, sort: 'name', direction: 'asc' },
      { page: 5, perPage: 3, path: '/board-users', query: { search: '', sort: 'email' } },
    );
    expect(page.data).toEqual([]);
    expect(page.meta).toEqual({ current_page: 5, last_page: 3, per_page: 3, total: NAMES.length, from: null, to: null });
    expect(page.links).toEqual([
      { url: '/board-users?sort=email&page=4', label: 'Previous', active: false },
      { url: '/board-users?sort=email', label: '1', active: false },
      { url: null, label: '…', active: false },
      { url: '/board-users?sort=email&page=3', label: '3', active: false },
      { url: null, label: 'Next', active: false },
    ]);
    expect(queries).toHaveLength(2);
    expect(queries[1].sql).toContain('count(*)');
    expect(queries[1].sql).not.toContain('over()');
    expect(queries[1].sql).not.toMatch(/\blimit\b|\boffset\b|order by/i);
  });

  it('builds the links as before: the query string kept (no page, no empty values), the current page marked', async () => {
    const ids = (await database.db.selectFrom('board_users').select('id').orderBy('id').execute()).map((r) => r.id);
    const page = await byIds(database.db, { organizationId: org, ids, direction: 'asc' }, pageOptions(2, 2));
    expect(page.data.map((r) => r.id)).toEqual(ids.slice(2, 4));
    expect(page.meta).toEqual({ current_page: 2, last_page: 4, per_page: 2, total: NAMES.length, from: 3, to: 4 });
    expect(page.links.map((l) => [l.label, l.url, l.active])).toEqual([
      ['Previous', '/things?search=x', false],
      ['1', '/things?search=x', false],
      ['2', '/things?search=x&page=2', true],
      ['3', '/things?search=x&page=3', false],
      ['4', '/things?search=x&page=4', false],
      ['Next', '/things?search=x&page=3', false],
    ]);
  });

  it('binds a hostile search as a value: % _ \\ and @@ match only themselves and never reach the SQL text', async () => {
    const search = async (term: string) => {
      queries = [];
      const page = await boardUserList(
        database.db,
        { organizationId: org, search: term, status: null, trashed: null, sort: 'name', direction: 'asc' },
        { page: 1, perPage: 25, path: '/board-users', query: { search: term } },
      );
      expect(queries).toHaveLength(1);
      expect(queries[0].sql).not.toContain(term);
      return page;
    };
    expect((await search('%_')).data.map((r) => r.last_name)).toEqual(['50%_Percent']);
    expect((await search('\\')).data.map((r) => r.last_name)).toEqual(['\\Slash']);
    expect((await search('@@')).data.map((r) => r.last_name)).toEqual(['@@Signs']);
    const quoted = await search("'; drop table board_users; --");
    expect(quoted.data).toEqual([]);
    expect(quoted.meta.total).toBe(0);
    // The link carries the term encoded, and the table is still there.
    const percent = await search('%_\\');
    expect(percent.data).toEqual([]);
    expect(percent.links[1].url).toBe('/board-users?search=%25_%5C');
    expect(Number((await database.db.selectFrom('board_users').select(sql<string>`count(*)`.as('n')).executeTakeFirstOrThrow()).n)).toBe(NAMES.length);
  });

  it('the other lists bind their values too: a member search and the history of organisations (= any)', async () => {
    await database.db.insertInto('memberships').values({ organization_id: org, user_id: user, role: 'owner' }).execute();
    queries = [];
    const members = await memberPage(database.db, { organizationId: org, search: 'LIST%' }, pageOptions(1));
    expect(members.data).toEqual([]);
    const found = await memberPage(database.db, { organizationId: org, search: 'LIST' }, pageOptions(1));
    expect(found.data.map((m) => m.id)).toEqual([user]);
    expect(queries).toHaveLength(2);
    expect(queries[1].sql).toBe(queries[0].sql);

    await database.db
      .insertInto('activity_logs')
      .values([
        { organization_id: org, causer_id: user, event: 'created', description: 'in the organisation' },
        { organization_id: null, causer_id: user, event: 'signed_in', description: 'account level' },
      ])
      .execute();
    queries = [];
    const history = (memberOf: number[]) => myActivityList(database.db, { userId: user, organizationId: null, memberOf, platformAdmin: false }, { page: 1, perPage: 25, path: '/history', query: {} });
    expect((await history([])).data.map((a) => a.description)).toEqual(['account level']);
    expect((await history([org, org + 1000, org + 2000])).data.map((a) => a.description).sort()).toEqual(['account level', 'in the organisation']);
    expect(queries).toHaveLength(2);
    expect(queries[1].sql).toBe(queries[0].sql);
  });
  it('the activity log: every combination of filters answers what the query built afresh answers', async () => {
    const other = (await database.db.insertInto('users').values({ name: 'Other Causer', email: 'other@example.test', password: 'x' }).returning('id').executeTakeFirstOrThrow()).id;
    await database.db
      .insertInto('activity_logs')
      .values(
        [user, other, null, user, other, null].map((causer_id, i) => ({
          organization_id: org,
          causer_id,
          event: i % 2 ? 'created' : 'updated',
          subject_type: i % 3 ? 'board_user' : 'insight',
          subject_label: ['Ada 50%', 'Grace_Hopper', 'Back \\slash', 'Plain', 'At @@', 'Zeta'][i],
          description: `entry ${i}`,
          created_at: new Date(Date.UTC(2026, 0, 1 + i, 23, 30)),
        })),
      )
      .execute();
    let compared = 0;
    for (const causer of [null, 'system', user, other] as const)
      for (const event of [null, 'created'])
        for (const subject_type of [null, 'insight'])
          for (const [from, to] of [
            [null, null],
            ['2026-01-02', null],
            [null, '2026-01-04'],
            ['2026-01-03', '2026-01-05'],
          ])
            for (const timeZone of ['UTC', 'Pacific/Auckland'])
              for (const search of ['', '50%', '_', '\\', '@@', 'a']) {
                const filters: LogQueryFilters = { causer, event, subject_type, from, to, search, timeZone };
                const expected = (await logQuery(database.db, org, filters).execute()).map((r) => r.id);
                const page = await activityLogList(database.db, { organizationId: org, ...filters }, { page: 1, perPage: 25, path: '/log', query: {} });
                expect(
                  page.data.map((r) => r.id),
                  JSON.stringify(filters),
                ).toEqual(expected);
                expect(page.meta.total).toBe(expected.length);
                compared++;
              }
    expect(compared).toBe(4 * 2 * 2 * 4 * 2 * 6);
  }, 60_000);
});

import { afterAll, describe, expect, it } from 'vitest';
import { createPostgresPool, prepareStatement } from '../../server/db/postgres-pool';
import { boardUserList } from '../../server/features/board-users/repository';
import { myActivityList } from '../../server/features/history/repository';
import { createTestDatabase } from '../helpers/database';

/**
 * Issue #14: the identity query runs on every signed-in request; on PostgreSQL it is a named
 * prepared statement (parsed and planned once per connection). Only registered texts are named.
 * PostgreSQL only (vitest.config.ts puts tests/postgres in the postgres project).
 */
describe('named prepared statements (PostgreSQL)', () => {
  const pool = createPostgresPool(process.env.TEST_DATABASE_URL!);
  afterAll(() => pool.end());

  it('names registered texts, answers as before, and leaves other queries unnamed', async () => {
    const registered = 'select $1::int + 1 as answer /* prepared-statements.test */';
    const other = 'select $1::int + 2 as answer /* prepared-statements.test */';
    prepareStatement(registered);
    const client = await pool.connect();
    try {
      const statements = async () => (await client.query<{ statement: string }>('select statement from pg_prepared_statements')).rows.map((r) => r.statement);
      expect((await client.query(registered, [41])).rows).toEqual([{ answer: 42 }]);
      expect((await client.query(registered, [1])).rows).toEqual([{ answer: 2 }]); // the same statement, another value
      expect((await client.query(other, [40])).rows).toEqual([{ answer: 42 }]);
      expect(await statements()).toEqual([registered]);
    } finally {
      client.release();
    }
  });

  it('a prepared page query: one statement for every search, each answering its own rows', async () => {
    const database = await createTestDatabase();
    try {
      const org = await database.db.insertInto('organizations').values({ name: 'Prepared Trust', slug: 'prepared-trust' }).returning('id').executeTakeFirstOrThrow();
      await database.db
        .insertInto('board_users')
        .values(['Ada Lovelace', 'Alan Turing', 'Grace Hopper'].map((name) => ({ organization_id: org.id, first_name: name.split(' ')[0], last_name: name.split(' ')[1] })))
        .execute();
      // One connection, so its prepared statements can be listed.
      await database.db.connection().execute(async (db) => {
        const page = async (search?: string) => {
          const page = await boardUserList(
            db,
            { organizationId: org.id, search: search ?? '', status: null, trashed: null, sort: 'name', direction: 'asc' },
            { page: 1, perPage: 25, path: '/board-users', query: {} },
          );
          return { names: page.data.map((r) => r.last_name), total: page.meta.total };
        };
        expect((await page('hopper')).names).toEqual(['Hopper']);
        expect((await page('a')).names).toEqual(['Hopper', 'Lovelace', 'Turing']);
        expect((await page('turing')).total).toBe(1);
        expect((await page()).total).toBe(3); // no search: another text, prepared too
        const statements = (await db
          .selectFrom('pg_prepared_statements' as never)
          .select('statement' as never)
          .execute()) as { statement: string }[];
        const pageStatements = statements.filter((s) => s.statement.includes('"board_users"'));
        expect(pageStatements).toHaveLength(2);
        expect(pageStatements.every((s) => s.statement.includes('count(*) over()'))).toBe(true);
      });
    } finally {
      await database.close();
    }
  });
  it('a list bound to an array (= any): one statement whatever its length', async () => {
    const database = await createTestDatabase();
    try {
      const { db: root } = database;
      const orgs = await root
        .insertInto('organizations')
        .values(['one', 'two', 'three'].map((n) => ({ name: `Array ${n}`, slug: `array-${n}` })))
        .returning('id')
        .execute();
      const user = await root.insertInto('users').values({ name: 'Arrays', email: 'arrays@example.test', password: 'x' }).returning('id').executeTakeFirstOrThrow();
      await root
        .insertInto('activity_logs')
        .values([null, ...orgs.map((o) => o.id)].map((organization_id) => ({ organization_id, causer_id: user.id, event: 'created', description: `in ${organization_id}` })))
        .execute();
      await root.connection().execute(async (db) => {
        const seen = async (memberOf: number[]) => {
          const page = await myActivityList(db, { userId: user.id, organizationId: null, memberOf, platformAdmin: false }, { page: 1, perPage: 25, path: '/history', query: {} });
          return page.meta.total;
        };
        expect(await seen([])).toBe(1);
        expect(await seen([orgs[0].id])).toBe(2);
        expect(await seen(orgs.map((o) => o.id))).toBe(4);
        const statements = (await db
          .selectFrom('pg_prepared_statements' as never)
          .select('statement' as never)
          .execute()) as { statement: string }[];
        expect(statements.filter((s) => s.statement.includes('"activity_logs"'))).toHaveLength(1);
      });
    } finally {
      await database.close();
    }
  });
});

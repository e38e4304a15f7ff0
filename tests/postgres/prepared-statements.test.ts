import { afterAll, describe, expect, it } from 'vitest';
import { createPostgresPool, prepareStatement } from '../../server/db/postgres-pool';

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
});

import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { createDatabase, type DatabaseHandle } from '../../server/db/connection';
import { migrateToLatest } from '../../server/db/migrate';
import type { LogEvent } from 'kysely';

/** Which database this vitest project runs on (see vitest.config.ts). */
export const testDriver = (process.env.TEST_DB_DRIVER ?? 'pglite') as 'pglite' | 'postgres';

/** Test files that migrate or drop their schema take turns (see below). */
const SCHEMA_LOCK = 73_19_42;

/**
 * Runs `work` holding a cluster-wide advisory lock. Kysely's migrator introspects the tables of
 * every schema; a schema another file drops at that moment makes the catalogue query fail with
 * "schema … does not exist". Migrations and drops are short, so they simply queue.
 */
async function withSchemaLock<T>(base: string, work: () => Promise<T>): Promise<T> {
  const lock = new pg.Client({ connectionString: base });
  await lock.connect();
  try {
    await lock.query('select pg_advisory_lock($1)', [SCHEMA_LOCK]);
    return await work();
  } finally {
    await lock.end(); // ending the session releases the lock
  }
}

/**
 * A fresh, migrated database per test file: in-memory PGlite, or a private schema in the
 * PostgreSQL at TEST_DATABASE_URL (dropped on close), so files can run in parallel.
 */
export async function createTestDatabase(onQuery?: (e: LogEvent) => void): Promise<DatabaseHandle & { schema?: string }> {
  if (testDriver === 'pglite') {
    const handle = createDatabase({ pgliteDir: 'memory', onQuery });
    await migrateToLatest(handle.db);
    return handle;
  }
  const base = process.env.TEST_DATABASE_URL;
  if (!base) throw new Error('TEST_DB_DRIVER=postgres needs TEST_DATABASE_URL');
  const schema = `test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`create schema ${schema}`);
  await admin.end();
  const url = new URL(base);
  url.searchParams.set('options', `-c search_path=${schema}`);
  const handle = createDatabase({ url: url.toString(), onQuery });
  await withSchemaLock(base, () => migrateToLatest(handle.db, schema));
  return {
    ...handle,
    schema,
    async close() {
      await handle.close();
      await withSchemaLock(base, async () => {
        const cleanup = new pg.Client({ connectionString: base });
        await cleanup.connect();
        await cleanup.query(`drop schema ${schema} cascade`);
        await cleanup.end();
      });
    },
  };
}

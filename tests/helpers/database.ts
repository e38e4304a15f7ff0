import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { createDatabase, type DatabaseHandle } from '../../server/db/connection';
import type { LogEvent } from 'kysely';

/** Which database this vitest project runs on (see vitest.config.ts). */
export const testDriver = (process.env.TEST_DB_DRIVER ?? 'pglite') as 'pglite' | 'postgres';

/**
 * A fresh, empty database per test file: in-memory PGlite, or a private schema in the
 * PostgreSQL at TEST_DATABASE_URL (dropped on close), so files can run in parallel.
 */
export async function createTestDatabase(onQuery?: (e: LogEvent) => void): Promise<DatabaseHandle & { schema?: string }> {
  if (testDriver === 'pglite') return createDatabase({ pgliteDir: 'memory', onQuery });
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
  return {
    ...handle,
    schema,
    async close() {
      await handle.close();
      const cleanup = new pg.Client({ connectionString: base });
      await cleanup.connect();
      await cleanup.query(`drop schema ${schema} cascade`);
      await cleanup.end();
    },
  };
}

import { Kysely, PostgresDialect, type LogEvent } from 'kysely';
import type pg from 'pg';
import type { Database } from './types';
import { PGliteDialect } from './pglite-dialect';
import { openPGlite } from './pglite';
import { createPostgresPool, type PoolLogger } from './postgres-pool';

// Postgres `date` stays a 'YYYY-MM-DD' string rather than a local-midnight Date, on both drivers (PostgreSQL: db/postgres-pool).
const DATE_AS_TEXT = { 1082: (v: string) => v };

export interface DatabaseOptions {
  /** postgres:// URL; when empty, PGlite is used. */
  url?: string;
  /** PGlite data directory, or 'memory'. */
  pgliteDir?: string;
  /** Called for every executed query (query counting in tests, debug logging). */
  onQuery?: (event: LogEvent) => void;
  /** Where lost PostgreSQL connections are reported (they are replaced, never fatal). */
  logger?: PoolLogger;
}

export interface DatabaseHandle {
  db: Kysely<Database>;
  driver: 'pglite' | 'postgres';
  /** PostgreSQL's pool (the shared throttles use it too); none on PGlite. */
  pool?: pg.Pool;
  close(): Promise<void>;
}

export function createDatabase(options: DatabaseOptions): DatabaseHandle {
  const log = options.onQuery ? (event: LogEvent) => options.onQuery!(event) : undefined;
  if (options.url) {
    const pool = createPostgresPool(options.url, options.logger);
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }), log });
    return { db, driver: 'postgres', pool, close: () => db.destroy() };
  }
  const dir = options.pgliteDir ?? 'memory';
  const db = new Kysely<Database>({ dialect: new PGliteDialect(() => openPGlite(dir, DATE_AS_TEXT)), log });
  return { db, driver: 'pglite', close: () => db.destroy() };
}

import { createHash } from 'node:crypto';
import type pg from 'pg';
import { lazyPackage } from '../lib/lazy-package';

/**
 * pg, loaded with the first PostgreSQL pool: a start on PGlite never needs it (issue #24). Postgres
 * `date` stays a 'YYYY-MM-DD' string rather than a local-midnight Date, as on PGlite (db/connection).
 */
const pgPackage = lazyPackage<typeof pg>('pg');
let datesAsText = false;
function pgLibrary(): typeof pg {
  const lib = pgPackage();
  if (!datesAsText) lib.types.setTypeParser(1082, (v: string) => v);
  datesAsText = true;
  return lib;
}

/**
 * SQL texts that run as named prepared statements: parsed and planned once per connection instead
 * of on every request (the identity query runs on every signed-in request; its planning took longer
 * than its execution, ADR 0013). Opt-in per text, so the set stays small and fixed: a query built
 * per request (IN lists, search filters) never fills a connection with statements.
 */
const preparedNames = new Map<string, string>();

/** Runs `text` as a named prepared statement on PostgreSQL from now on (PGlite is unaffected). */
export function prepareStatement(text: string): void {
  if (!preparedNames.has(text)) preparedNames.set(text, `boardly_${createHash('sha1').update(text).digest('hex').slice(0, 16)}`);
}

/** The client's `query` names the registered texts (Kysely calls `query(text, values)`). */
function namePreparedStatements(client: pg.PoolClient | pg.Client): void {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  (client as { query: unknown }).query = (...args: unknown[]) => {
    const [text, values] = args;
    const name = typeof text === 'string' && args.length <= 2 && (values === undefined || Array.isArray(values)) ? preparedNames.get(text) : undefined;
    return name ? query({ name, text, values }) : query(...args);
  };
}

export interface PoolLogger {
  warn(obj: object, msg: string): void;
}

/** How long a query waits for a connection (a new one, or a free one from a busy pool) before it fails. */
export const CONNECT_TIMEOUT_MS = 5_000;

/**
 * A pg pool that survives the database going away. PostgreSQL drops connections on a restart, a
 * failover or pg_terminate_backend; pg reports that as an `error` event on the client, and an
 * `error` event nobody listens to ends the process. pg-pool listens only while a client is idle
 * (and then re-emits on the pool), so a client that is checked out — inside a transaction, between
 * two statements — had no listener at all. Every client gets one for its whole life; a broken
 * client is not queryable any more, so pg-pool discards it on release and opens new ones later.
 */
export function createPostgresPool(connectionString: string, logger?: PoolLogger): pg.Pool {
  const pool = new (pgLibrary().Pool)({
    connectionString,
    max: 10,
    // During an outage a request fails fast (503) instead of waiting on a connect that may hang.
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    // Finds half-open connections (a vanished host, a dropped NAT entry) without waiting for a query.
    keepAlive: true,
    keepAliveInitialDelayMillis: 10_000,
    // Names the app in pg_stat_activity unless DATABASE_URL or PGAPPNAME name it otherwise.
    fallback_application_name: 'boardly',
  });
  const reported = new WeakSet<pg.Client>();
  const report = (client: pg.Client, error: Error) => {
    // One connection's death often arrives twice (the server's 57P01, then the socket's end).
    if (reported.has(client)) return;
    reported.add(client);
    logger?.warn({ err: error, code: (error as { code?: string }).code }, 'database connection lost; the pool will open a new one');
  };
  pool.on('connect', (client) => {
    client.on('error', (error) => report(client, error));
    namePreparedStatements(client);
  });
  // pg-pool re-emits an idle client's error here after removing it; the client's own listener logged it.
  pool.on('error', (error, client) => report(client, error));
  return pool;
}

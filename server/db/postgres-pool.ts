import pg from 'pg';

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
  const pool = new pg.Pool({
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
  pool.on('connect', (client) => client.on('error', (error) => report(client, error)));
  // pg-pool re-emits an idle client's error here after removing it; the client's own listener logged it.
  pool.on('error', (error, client) => report(client, error));
  return pool;
}

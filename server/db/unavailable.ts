/**
 * The one place that decides whether an error means "the database cannot be reached right now"
 * (an outage, a restart, a failover, a dropped connection) rather than a bug or bad input. Such
 * errors answer 503 with Retry-After instead of 500, and /up reports the database as down.
 */

/** Socket-level failures reaching the database server. */
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'EHOSTDOWN', 'ENETUNREACH', 'ENETDOWN', 'ENOTFOUND', 'EAI_AGAIN']);

/**
 * SQLSTATEs: 57P01 admin_shutdown (pg_terminate_backend, a fast shutdown), 57P02 crash_shutdown,
 * 57P03 cannot_connect_now (starting up, shutting down, in recovery), 53300 too_many_connections.
 * Class 08 (connection exceptions) is matched by prefix.
 */
const SQLSTATES = new Set(['57P01', '57P02', '57P03', '53300']);

/** Driver messages that carry no code: pg, pg-pool, Kysely and PGlite. */
const MESSAGES = [
  /^timeout exceeded when trying to connect$/i, // pg-pool: no client within connectionTimeoutMillis
  /^Connection terminated/i, // pg: "… unexpectedly", "… due to connection timeout"
  /is not queryable$/i, // pg: a client whose connection already failed
  /^Cannot use a pool after calling end on the pool$/i, // pg-pool, while the app shuts down
  /^driver has already been destroyed$/i, // Kysely, while the app shuts down
  /^PGlite is closed$/i,
];

const MAX_DEPTH = 5;

export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (typeof error !== 'object' || error === null || depth > MAX_DEPTH) return false;
  const { code, message, cause, errors } = error as { code?: unknown; message?: unknown; cause?: unknown; errors?: unknown };
  if (typeof code === 'string' && (NETWORK_CODES.has(code) || SQLSTATES.has(code) || /^08[0-9A-Z]{3}$/.test(code))) return true;
  if (typeof message === 'string' && MESSAGES.some((pattern) => pattern.test(message))) return true;
  // Wrapped errors (pg-pool's timeout keeps the socket error as `cause`) and Node's
  // AggregateError when every address of a host refused the connection.
  if (cause !== undefined && isDatabaseUnavailable(cause, depth + 1)) return true;
  return Array.isArray(errors) && errors.some((inner) => isDatabaseUnavailable(inner, depth + 1));
}

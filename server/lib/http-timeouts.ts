import type { Server } from 'node:http';
import type { Config } from '../config';

type Timeouts = Pick<Config, 'HTTP_REQUEST_TIMEOUT_SECONDS' | 'HTTP_HEADERS_TIMEOUT_SECONDS' | 'HTTP_IDLE_TIMEOUT_SECONDS' | 'HTTP_KEEP_ALIVE_TIMEOUT_SECONDS'>;

/** How often Node looks for requests past their header or request timeout (its default: 30 s). */
export const CONNECTIONS_CHECKING_INTERVAL_MS = 1_000;

/**
 * The web server's limits on slow clients, so a stalled upload (or a trickle of headers) holds a
 * socket for seconds, not Node's five minutes or forever:
 * - request: the whole request, headers and body, must arrive within it;
 * - headers: the headers must (never longer than the request timeout, as Node requires);
 * - idle: a socket on which nothing moves in either direction for this long is destroyed;
 * - keep-alive: how long an idle connection waits for its next request (keep it above the
 *   idle timeout of a load balancer in front that reuses connections).
 * Upgraded sockets (Vite's hot reload in development) leave the server's handling and are not closed.
 */
export function applyHttpTimeouts(server: Server, config: Timeouts): void {
  const ms = (seconds: number) => Math.round(seconds * 1000);
  server.requestTimeout = ms(config.HTTP_REQUEST_TIMEOUT_SECONDS);
  server.headersTimeout = Math.min(ms(config.HTTP_HEADERS_TIMEOUT_SECONDS), server.requestTimeout);
  server.keepAliveTimeout = ms(config.HTTP_KEEP_ALIVE_TIMEOUT_SECONDS);
  // With no 'timeout' listener on the server, Node destroys the idle socket.
  server.setTimeout(ms(config.HTTP_IDLE_TIMEOUT_SECONDS));
}

/**
 * One node http server: the Pusher HTTP API and, on upgrade at /app/{key}, the Pusher websocket protocol.
 * Every listener is wrapped by guard() (guard.ts): no input can make an error escape to the process.
 */
import { STATUS_CODES, createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { refusingHttp09 } from '../lib/http-version';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import type { RawData, ServerOptions, WebSocket } from 'ws';
import { lazyPackage } from '../lib/lazy-package';
import { clientIp } from './client-ip';
import { Connection } from './connection';
import { describeError, guard, logSafely } from './guard';
import { handleHttp, sendError } from './http-api';
import { HttpRateLimiter } from './http-rate-limit';
import { Hub } from './hub';
import { IdleSweeper } from './idle';
import { resolveApps, type RealtimeOptions, type ResolvedOptions } from './options';
import { ErrorCode, INVALID_MESSAGE, MESSAGE_TOO_BIG, SUPPORTED_PROTOCOLS, encodeEvent } from './protocol';
import { parseTarget, safeDecode } from './request-target';
import { MemoryScaling } from './scaling';
import { RedisScaling } from './scaling-redis';
import { startMetricsServer, type MetricsServer } from './metrics';
import { originAllowed } from './origins';
import { WebhookSender } from './webhooks';
import { handleFrame } from './ws-handler';

// Loaded when a realtime server starts: `npm start` runs it in its child process and never needs ws itself (issue #24).
const wsPackage = lazyPackage<typeof import('ws')>('ws');

const CONN = Symbol('connection');
const APP = Symbol('app');
const OVER_QUOTA = 'Application is over connection quota';
const DRAINING = 'Server shutting down: try again shortly';

/** One app the server serves: its settings and its own state (channels, connections, webhooks, Redis keys). */
export interface AppRuntime {
  opts: ResolvedOptions;
  hub: Hub;
  sweeper: IdleSweeper;
  /** The HTTP API's requests per second (ADR 0034). */
  limiter: HttpRateLimiter;
}
type TaggedSocket = WebSocket & { [CONN]?: Connection; [APP]?: AppRuntime };

/**
 * ws emits 'close' only once the closing handshake and the TCP teardown are over (up to closeTimeout for a peer
 * that never answers). Every close starts with WebSocket#close(): ours, ws's own when the peer's close frame
 * arrives, and ws's own on a protocol error. Hooking it lets a socket leave its channels the moment its close
 * starts, so presence lists, member_removed and webhooks do not wait for the teardown.
 */
function socketClass(onClosing: (ws: TaggedSocket) => void): typeof WebSocket {
  return class PusherSocket extends wsPackage().WebSocket {
    override close(code?: number, data?: string | Buffer): void {
      if (this.readyState === this.OPEN) onClosing(this);
      super.close(code, data);
    }
  };
}

export interface RealtimeServer {
  /** metricsPort: where Prometheus scrapes /metrics, when metrics are on. */
  start(): Promise<{ port: number; metricsPort?: number }>;
  /** Closes every connection (4200: reconnect) and stops; the same promise however often it is called. */
  stop(): Promise<void>;
  /**
   * A graceful stop (SIGTERM): /ready answers 503 and new connections are refused with 4100 (try again after a
   * backoff) at once, so a load balancer sends clients elsewhere; open connections keep being served for `ms`,
   * then stop() closes them with 4200 (reconnect now: by then the balancer has moved on).
   */
  drain(ms: number): Promise<void>;
  /** False from the start of drain() or stop(). */
  readonly ready: boolean;
}

export { originAllowed };

/**
 * Each app gets its own hub, so apps are isolated by construction: a key reaches its app's
 * channels only, and with several apps each keeps its Redis keys under `<prefix>:<app id>`.
 */
function appRuntime(opts: ResolvedOptions, several: boolean): AppRuntime {
  const hub = new Hub(opts);
  const prefix = several ? `${opts.redisKeyPrefix}:${opts.appId}` : opts.redisKeyPrefix;
  hub.scaling = opts.redisUrl
    ? new RedisScaling({
        url: opts.redisUrl,
        prefix,
        heartbeatIntervalMs: opts.heartbeatIntervalMs,
        nodeTimeoutMs: opts.nodeTimeoutMs,
        commandTimeoutMs: opts.redisCommandTimeoutMs,
        logger: opts.logger,
        stats: hub.stats,
      })
    : new MemoryScaling(hub.local);
  if (opts.webhooks) {
    // Scaled through Redis: the webhook queue is durable there, under the app's prefix (webhooks.ts, ADR 0033).
    const durable = opts.redisUrl ? { url: opts.redisUrl, prefix, commandTimeoutMs: opts.redisCommandTimeoutMs, leaseMs: opts.nodeTimeoutMs, sweepMs: opts.heartbeatIntervalMs } : null;
    hub.webhooks = new WebhookSender(opts.webhooks, opts, hub.stats, opts.logger, durable);
  }
  const sweeper = new IdleSweeper(hub.connections, opts.pingIntervalMs, opts.pongTimeoutMs, opts.logger, opts.requireSignIn ? opts.signInTimeoutMs : 0);
  // With Redis the window is counted over every node; each node alone otherwise (and while Redis is away).
  const { scaling } = hub;
  const shared = scaling.countInWindow ? (window: number) => scaling.countInWindow!('http', window) : undefined;
  return { opts, hub, sweeper, limiter: new HttpRateLimiter(opts.httpRateLimit, shared) };
}

export function createRealtimeServer(options: RealtimeOptions): RealtimeServer {
  const apps = resolveApps(options).map((app, _, all) => appRuntime(app, all.length > 1));
  /** Server-wide settings (addresses, timers, metrics) are the same in every app's options. */
  const opts = apps[0].opts;
  const log = opts.logger;
  const byKey = new Map(apps.map((app) => [app.opts.key, app]));
  const byId = new Map(apps.map((app) => [app.opts.appId, app]));
  /** The socket leaves every channel now (idempotent): its close has started, or it errored. */
  const drop = guard(log, 'websocket closing', (ws: TaggedSocket) => {
    const conn = ws[CONN];
    if (conn) ws[APP]?.hub.closed(conn);
  });
  const wss = new (wsPackage().WebSocketServer)({
    noServer: true,
    perMessageDeflate: false,
    clientTracking: false,
    // Client events over maxMessageSize get pusher:error 4301 and other frames a 1009 close like Reverb's;
    // frames beyond this are cut by ws itself (1009).
    maxPayload: Math.max(64 * 1024, ...apps.map((app) => app.opts.maxMessageSize * 4)),
    // One message per socket per event loop turn: a socket that sends thousands of frames in one burst
    // cannot delay other sockets' frames (a bystander's ping) until its whole burst is handled.
    allowSynchronousEvents: false,
    WebSocket: socketClass(drop),
    // A peer that does not answer our close frame (or that sent its own and stopped reading) is cut after this.
    closeTimeout: opts.closeTimeoutMs,
  } as ServerOptions & { closeTimeout: number });
  const http = createServer();
  let metrics: MetricsServer | null = null;
  let stopping = false;
  /** Set by drain(): new connections are refused and /ready answers 503 while the open ones are still served. */
  let draining = false;
  let stopped: Promise<void> | null = null;

  /** Answers a handshake that never becomes a websocket, then drops the socket. */
  function refuse(socket: Duplex, status: number): void {
    if (!socket.writable) return void socket.destroy();
    socket.end(`HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`, () => socket.destroy());
  }

  // Listeners shared by every socket (`this` is the socket): no closures per connection.
  const onMessage = guard(
    log,
    'websocket message',
    function (this: TaggedSocket, data: RawData, isBinary: boolean): void {
      const conn = this[CONN];
      const app = this[APP];
      if (!conn || !app || conn.closed) return;
      conn.touch();
      const buf = Array.isArray(data) ? Buffer.concat(data) : Buffer.isBuffer(data) ? data : Buffer.from(data);
      app.hub.stats.received(buf.length);
      if (isBinary) {
        if (buf.length > app.opts.maxMessageSize) return conn.close(MESSAGE_TOO_BIG.code, MESSAGE_TOO_BIG.message);
        return conn.sendError(INVALID_MESSAGE.code, INVALID_MESSAGE.message);
      }
      try {
        handleFrame(app.hub, conn, buf.toString('utf8'), buf.length > app.opts.maxMessageSize);
      } catch (e) {
        // Junk the parser let through (e.g. client event data too deeply nested to serialise): Reverb's 4200, socket kept.
        logSafely(log, 'warn', 'realtime frame failed', describeError(e));
        conn.sendError(INVALID_MESSAGE.code, INVALID_MESSAGE.message);
      }
    },
    function (this: TaggedSocket) {
      closeBroken(this);
    },
  );
  const onClose = guard(log, 'websocket close', function (this: TaggedSocket): void {
    const conn = this[CONN];
    if (conn) this[APP]?.hub.closed(conn);
  });
  const onPong = guard(log, 'websocket pong', function (this: TaggedSocket): void {
    this[CONN]?.touch();
  });
  const onPing = guard(log, 'websocket ping', function (this: TaggedSocket): void {
    const conn = this[CONN];
    if (!conn) return;
    conn.controlFrames = true;
    conn.touch();
  });
  const onError = guard(log, 'websocket error', function (this: TaggedSocket, err: Error & { code?: string }): void {
    drop(this);
    if (err.code === 'ECONNRESET' || err.code === 'EPIPE') return; // clients vanish
    logSafely(log, 'warn', 'realtime socket error', err.message);
  });

  /** After an unexpected error on a socket: close it with 1011 (internal error); clients reconnect. */
  function closeBroken(ws: TaggedSocket): void {
    const conn = ws[CONN];
    if (conn) conn.close(1011, 'Internal server error');
    else ws.terminate();
  }

  function accept(ws: TaggedSocket, key: string, protocol: string | null, origin: string | undefined, ip: string): void {
    ws.on('error', onError);
    const app = byKey.get(key);
    const stats = (app ?? apps[0]).hub.stats;
    const conn = new Connection(ws, stats);
    conn.ip = ip;
    const refuse = (reason: string, code: number, message: string) => {
      stats.refused(reason);
      conn.reject(code, message);
    };
    if (!app) return refuse('app', ErrorCode.AppNotFound, 'Application does not exist');
    if (!app.opts.enabled) return refuse('disabled', ErrorCode.AppDisabled, 'Application is disabled');
    const { hub } = app;
    if (protocol === null) return refuse('protocol', ErrorCode.NoProtocol, 'No protocol version supplied');
    if (!/^\d+$/.test(protocol) || !SUPPORTED_PROTOCOLS.has(Number(protocol))) {
      return refuse('protocol', ErrorCode.UnsupportedProtocol, 'Unsupported protocol version');
    }
    if (!originAllowed(app.opts.allowedOrigins, origin)) return refuse('origin', ErrorCode.Unauthorized, 'Origin not allowed');
    // Not 4200 (pusher-js retries at once: ~130 refused handshakes a second per client until the balancer moves
    // it) but 4100: pusher-js tries again after 1 s, by when a balancer reading /ready sends it elsewhere.
    if (stopping || draining) return refuse('shutdown', ErrorCode.OverCapacity, DRAINING);
    if (app.opts.maxConnectionsPerIp > 0 && hub.connectionsFrom(ip) >= app.opts.maxConnectionsPerIp) {
      return refuse('ip', ErrorCode.OverQuota, 'Too many connections from this address');
    }
    const limit = app.opts.maxConnections;
    if (limit === undefined) return establish(ws, app, conn, false);
    if (hub.connections.size >= limit) return refuse('quota', ErrorCode.OverQuota, OVER_QUOTA);
    // The quota is over every node: the shared store counts and admits atomically (MemoryScaling: this node).
    hub.track(
      hub.reserveConnection(limit).then(
        (admitted) => {
          if (!admitted) return refuse('quota', ErrorCode.OverQuota, OVER_QUOTA);
          if (ws.readyState !== ws.OPEN || stopping || draining) {
            hub.scaling.connectionDelta(-1);
            if (stopping || draining) conn.reject(ErrorCode.OverCapacity, DRAINING);
            return;
          }
          establish(ws, app, conn, true);
        },
        (e: unknown) => {
          conn.close(1011, 'Internal server error');
          throw e;
        },
      ),
    );
  }

  function establish(ws: TaggedSocket, app: AppRuntime, conn: Connection, counted: boolean): void {
    ws[CONN] = conn;
    ws[APP] = app;
    ws.on('message', onMessage);
    ws.on('close', onClose);
    ws.on('pong', onPong);
    ws.on('ping', onPing);
    app.hub.opened(conn, counted);
    conn.send(encodeEvent('pusher:connection_established', { socket_id: conn.id, activity_timeout: app.opts.activityTimeout }));
  }

  /** The request path without REVERB_SERVER_PATH's prefix (both are answered), or null when it is outside it. */
  const withoutPrefix = (path: string) => (opts.path && (path === opts.path || path.startsWith(`${opts.path}/`)) ? path.slice(opts.path.length) || '/' : path);

  http.on(
    'request',
    guard(
      log,
      'http request',
      refusingHttp09((req: IncomingMessage, res: ServerResponse) => handleHttp({ apps: byId, fallback: apps[0].hub, withoutPrefix, ready: () => !draining && !stopping }, req, res)),
      (_e, _req, res) => sendError(res, 500, 'Internal server error.'),
    ),
  );

  http.on(
    'upgrade',
    guard(
      log,
      'websocket handshake',
      (req: IncomingMessage, socket: Duplex, head: Buffer) => {
        socket.on('error', () => socket.destroy());
        const target = parseTarget(req.url);
        const match = target && /^\/app\/([^/]+)\/?$/.exec(withoutPrefix(target.path));
        if (!target || !match) return refuse(socket, 404);
        const key = safeDecode(match[1]);
        if (key === null) return refuse(socket, 400);
        const protocol = target.query.get('protocol');
        const origin = req.headers.origin;
        const ip = clientIp(req, opts.trustProxy);
        wss.handleUpgrade(req, socket, head, (ws) => accept(ws, key, protocol, origin, ip));
      },
      (_e, _req, socket) => socket.destroy(),
    ),
  );

  // Malformed HTTP, headers beyond maxHeaderSize, timeouts: a status line when the socket can still take one, then gone.
  http.on(
    'clientError',
    guard(
      log,
      'http client error',
      (err: NodeJS.ErrnoException, socket: Duplex) => {
        if (err.code === 'ECONNRESET' || !socket.writable) return void socket.destroy();
        refuse(socket, err.code === 'HPE_HEADER_OVERFLOW' ? 431 : err.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : 400);
      },
      (_e, _err, socket) => socket.destroy(),
    ),
  );

  /** Joins the scaling backend and listens; the sweeper runs from then on. */
  async function listen(): Promise<{ port: number; metricsPort?: number }> {
    for (const { hub } of apps) {
      await hub.scaling.start({
        onMessage: (m) => hub.onBusMessage(m),
        onMemberGone: (channel, member) => hub.memberGone(channel, member),
        onMemberBack: (m) => hub.memberBack(m),
        onOccupancy: (occupied, vacated) => hub.occupancyChanged(occupied, vacated),
        onRebuilt: () => hub.logGaps(),
        localState: () => hub.localState(),
        isLocalMember: (channel, socketId) => hub.isLocalMember(channel, socketId),
      });
    }
    await new Promise<void>((resolve, reject) => {
      http.once('error', reject);
      http.listen(opts.port, opts.host, () => {
        http.off('error', reject);
        resolve();
      });
    });
    // After listening, errors such as EMFILE on accept are logged; the server keeps serving who it can.
    http.on(
      'error',
      guard(log, 'http server error', (e: Error) => logSafely(log, 'error', 'realtime http server error', e.message)),
    );
    for (const app of apps) app.sweeper.start();
    const port = (http.address() as AddressInfo).port;
    logSafely(log, 'info', `realtime server listening on ${opts.host}:${port}`);
    return { port, metricsPort: metrics?.port };
  }

  /** Stops once: closes every connection (4200), settles every app, closes the ports. */
  async function shutdown(): Promise<void> {
    stopping = true;
    for (const app of apps) app.sweeper.stop();
    const closed = new Promise<void>((resolve) => http.close(() => resolve()));
    const sockets = apps.flatMap((app) => [...app.hub.connections.values()].map((conn) => ({ app, conn })));
    for (const { conn } of sockets) conn.close(ErrorCode.ReconnectNow, 'Server shutting down');
    // They left their channels as the close began; give clients a moment to answer it, then cut what is left.
    const open = () => sockets.filter(({ conn }) => conn.ws.readyState !== conn.ws.CLOSED);
    const deadline = Date.now() + 1000;
    while (open().length > 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    for (const { conn } of open()) conn.ws.terminate();
    for (const { app, conn } of sockets) app.hub.closed(conn);
    for (const { hub } of apps) {
      hub.subscriptionCounts?.stop();
      await hub.settle();
      await hub.scaling.stop();
      await hub.webhooks?.stop();
    }
    await metrics?.stop();
    http.closeAllConnections();
    await closed;
    logSafely(log, 'info', 'realtime server stopped');
  }

  const stop = () => (stopped ??= shutdown());

  return {
    async start() {
      // Metrics first, so they see every Redis round trip from the start.
      if (opts.metricsPort !== undefined) {
        metrics = await startMetricsServer(
          apps.map((app) => app.hub),
          opts.metricsHost,
          opts.metricsPort,
          () => !draining && !stopping,
        );
        logSafely(log, 'info', `realtime metrics on http://${opts.metricsHost}:${metrics.port}/metrics`);
      }
      try {
        return await listen();
      } catch (e) {
        await metrics?.stop();
        throw e;
      }
    },

    get ready() {
      return !draining && !stopping;
    },

    stop,

    async drain(ms: number) {
      if (stopping) return stop();
      if (!draining) {
        draining = true;
        logSafely(log, 'info', `realtime server draining: /ready answers 503, new connections are refused; open ones close in ${ms} ms`);
      }
      const end = Date.now() + ms;
      while (Date.now() < end && !stopping) await new Promise((r) => setTimeout(r, Math.min(50, end - Date.now())));
      return stop();
    },
  };
}

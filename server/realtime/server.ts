/** One node http server: the Pusher HTTP API and, on upgrade at /app/{key}, the Pusher websocket protocol. */
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type RawData, type WebSocket } from 'ws';
import { Connection } from './connection';
import { handleHttp } from './http-api';
import { Hub } from './hub';
import { IdleSweeper } from './idle';
import { resolveOptions, type RealtimeOptions } from './options';
import { ErrorCode, INVALID_MESSAGE, MESSAGE_TOO_BIG, SUPPORTED_PROTOCOLS, encodeEvent } from './protocol';
import { MemoryScaling } from './scaling';
import { RedisScaling } from './scaling-redis';
import { handleFrame } from './ws-handler';

const CONN = Symbol('connection');
type TaggedSocket = WebSocket & { [CONN]?: Connection };

export interface RealtimeServer {
  start(): Promise<{ port: number }>;
  stop(): Promise<void>;
}

/** Reverb's rule: '*' allows all; otherwise the Origin's host must match a pattern (`*` wildcards); no Origin fails. */
export function originAllowed(allowed: string[], origin: string | undefined): boolean {
  if (allowed.includes('*')) return true;
  if (!origin) return false;
  let host: string;
  try {
    host = new URL(origin).hostname;
  } catch {
    return false;
  }
  return allowed.some((pattern) => {
    let p = pattern;
    if (p.includes('://')) {
      try {
        p = new URL(p).hostname;
      } catch {
        return false;
      }
    }
    const re = new RegExp(`^${p.split('*').map((s) => s.replace(/[.+?^${}()|[\]\\]/g, '\\$&')).join('.*')}$`, 'i');
    return re.test(host);
  });
}

export function createRealtimeServer(options: RealtimeOptions): RealtimeServer {
  const opts = resolveOptions(options);
  const hub = new Hub(opts);
  hub.scaling = opts.redisUrl
    ? new RedisScaling({
        url: opts.redisUrl,
        prefix: opts.redisKeyPrefix,
        heartbeatIntervalMs: opts.heartbeatIntervalMs,
        nodeTimeoutMs: opts.nodeTimeoutMs,
        logger: opts.logger,
      })
    : new MemoryScaling(hub.local);
  const wss = new WebSocketServer({
    noServer: true,
    perMessageDeflate: false,
    clientTracking: false,
    // Frames above maxMessageSize are answered like Reverb (1009 + reason); far larger ones are cut by ws.
    maxPayload: Math.max(64 * 1024, opts.maxMessageSize * 4),
  });
  const http = createServer((req, res) => void handleHttp(hub, req, res));
  const sweeper = new IdleSweeper(hub.connections, opts.pingIntervalMs, opts.pongTimeoutMs);
  let stopping = false;

  // Listeners shared by every socket (`this` is the socket): no closures per connection.
  function onMessage(this: TaggedSocket, data: RawData, isBinary: boolean): void {
    const conn = this[CONN];
    if (!conn || conn.closed) return;
    conn.touch();
    const buf = Array.isArray(data) ? Buffer.concat(data) : Buffer.isBuffer(data) ? data : Buffer.from(data);
    if (buf.length > opts.maxMessageSize) return conn.close(MESSAGE_TOO_BIG.code, MESSAGE_TOO_BIG.message);
    if (isBinary) return conn.sendError(INVALID_MESSAGE.code, INVALID_MESSAGE.message);
    try {
      handleFrame(hub, conn, buf.toString('utf8'));
    } catch (e) {
      opts.logger.warn('realtime frame failed', e instanceof Error ? e.message : e);
      conn.sendError(INVALID_MESSAGE.code, INVALID_MESSAGE.message);
    }
  }
  function onClose(this: TaggedSocket): void {
    const conn = this[CONN];
    if (conn) hub.closed(conn);
  }
  function onPong(this: TaggedSocket): void {
    this[CONN]?.touch();
  }
  function onPing(this: TaggedSocket): void {
    const conn = this[CONN];
    if (!conn) return;
    conn.controlFrames = true;
    conn.touch();
  }
  function onError(this: TaggedSocket, err: Error & { code?: string }): void {
    if (err.code === 'ECONNRESET' || err.code === 'EPIPE') return; // clients vanish; close handles cleanup
    opts.logger.warn('realtime socket error', err.message);
  }

  function accept(ws: TaggedSocket, key: string, protocol: string | null, origin: string | undefined): void {
    ws.on('error', onError);
    const conn = new Connection(ws);
    if (key !== opts.key) return conn.reject(ErrorCode.AppNotFound, 'Application does not exist');
    if (protocol === null) return conn.reject(ErrorCode.NoProtocol, 'No protocol version supplied');
    if (!/^\d+$/.test(protocol) || !SUPPORTED_PROTOCOLS.has(Number(protocol))) {
      return conn.reject(ErrorCode.UnsupportedProtocol, 'Unsupported protocol version');
    }
    if (!originAllowed(opts.allowedOrigins, origin)) return conn.reject(ErrorCode.Unauthorized, 'Origin not allowed');
    if (stopping) return conn.reject(ErrorCode.ReconnectNow, 'Server shutting down');
    if (opts.maxConnections !== undefined && hub.connections.size >= opts.maxConnections) {
      return conn.reject(ErrorCode.OverQuota, 'Application is over connection quota');
    }
    ws[CONN] = conn;
    ws.on('message', onMessage);
    ws.on('close', onClose);
    ws.on('pong', onPong);
    ws.on('ping', onPing);
    hub.opened(conn);
    conn.send(encodeEvent('pusher:connection_established', { socket_id: conn.id, activity_timeout: opts.activityTimeout }));
  }

  http.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    socket.on('error', () => socket.destroy());
    const url = new URL(req.url ?? '/', 'http://localhost');
    const match = /^\/app\/([^/]+)\/?$/.exec(url.pathname);
    if (!match) {
      socket.end('HTTP/1.1 404 Not Found\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
      return;
    }
    const key = decodeURIComponent(match[1]);
    const protocol = url.searchParams.get('protocol');
    const origin = req.headers.origin;
    wss.handleUpgrade(req, socket, head, (ws) => accept(ws, key, protocol, origin));
  });

  return {
    async start() {
      await hub.scaling.start({
        onMessage: (m) => hub.onBusMessage(m),
        onMemberGone: (channel, member) => hub.broadcast(channel, hub.memberRemovedFrame(channel, member)),
      });
      await new Promise<void>((resolve, reject) => {
        http.once('error', reject);
        http.listen(opts.port, opts.host, () => {
          http.off('error', reject);
          resolve();
        });
      });
      sweeper.start();
      const port = (http.address() as AddressInfo).port;
      opts.logger.info(`realtime server listening on ${opts.host}:${port}`);
      return { port };
    },

    async stop() {
      if (stopping) return;
      stopping = true;
      sweeper.stop();
      const closed = new Promise<void>((resolve) => http.close(() => resolve()));
      const sockets = [...hub.connections.values()];
      for (const conn of sockets) conn.close(ErrorCode.ReconnectNow, 'Server shutting down');
      // Give clients a moment to answer the close handshake, then cut what is left.
      const deadline = Date.now() + 1000;
      while (hub.connections.size > 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
      for (const conn of hub.connections.values()) conn.ws.terminate();
      for (const conn of sockets) hub.closed(conn);
      await hub.settle();
      await hub.scaling.stop();
      http.closeAllConnections();
      await closed;
      opts.logger.info('realtime server stopped');
    },
  };
}

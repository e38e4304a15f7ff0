import type { Config } from '../config';

export interface RealtimeLogger {
  info(...a: unknown[]): void;
  warn(...a: unknown[]): void;
  error(...a: unknown[]): void;
}

export interface RealtimeOptions {
  appId: string;
  key: string;
  secret: string;
  host: string;
  port: number;
  /** Host patterns (`*` wildcards allowed, like Reverb); `['*']` allows any origin. */
  allowedOrigins: string[];
  maxConnections?: number;
  /** Simultaneous connections from one IP address (100); 0 = no limit. Over it: pusher:error and close 4004. */
  maxConnectionsPerIp?: number;
  /** Channels one socket may be subscribed to (100); 0 = no limit. Over it: subscription_error 4301. */
  maxSubscriptionsPerConnection?: number;
  /**
   * Behind one reverse proxy: the client address is the last X-Forwarded-For entry (what the proxy saw).
   * Off by default, so a client cannot pick its own address to dodge maxConnectionsPerIp.
   */
  trustProxy?: boolean;
  /** Largest accepted websocket message and largest event `data` on the HTTP API, in bytes (10 000). */
  maxMessageSize: number;
  /** Seconds; sent to clients in `pusher:connection_established` (30). */
  activityTimeout: number;
  /** Scale-out through Redis when set. */
  redisUrl?: string;
  logger?: RealtimeLogger;
  /** Idle time before the server pings a connection; default activityTimeout × 1000. */
  pingIntervalMs?: number;
  /** Time a pinged connection has to answer before it is closed with 4201; default 30 000 (capped by pingIntervalMs × 2 when that is smaller). */
  pongTimeoutMs?: number;
  /** Redis key / pub-sub prefix (several apps or test runs on one Redis). Default `reverb`. */
  redisKeyPrefix?: string;
  /** How often a node refreshes its heartbeat and looks for dead nodes (2 000 ms). */
  heartbeatIntervalMs?: number;
  /** A node whose heartbeat is older than this is dead and its members are removed (3 × heartbeat). */
  nodeTimeoutMs?: number;
  /** Client events allowed per connection per second (10, like Pusher). */
  clientEventsPerSecond?: number;
  /** A Redis command not answered within this time fails, so nothing waits on a hung Redis (2 000 ms). */
  redisCommandTimeoutMs?: number;
  /**
   * Sockets written per event loop turn when an event fans out (1 000): larger channels are delivered in
   * batches with setImmediate between them, so one big fan-out cannot hold up every other socket.
   */
  fanoutBatchSize?: number;
}

export interface ResolvedOptions extends Required<Omit<RealtimeOptions, 'maxConnections' | 'redisUrl'>> {
  maxConnections?: number;
  redisUrl?: string;
}

const silent: RealtimeLogger = { info() {}, warn() {}, error() {} };

export function resolveOptions(opts: RealtimeOptions): ResolvedOptions {
  const pingIntervalMs = opts.pingIntervalMs ?? opts.activityTimeout * 1000;
  const heartbeatIntervalMs = opts.heartbeatIntervalMs ?? 2000;
  return {
    ...opts,
    allowedOrigins: opts.allowedOrigins.length ? opts.allowedOrigins : ['*'],
    logger: opts.logger ?? silent,
    pingIntervalMs,
    pongTimeoutMs: opts.pongTimeoutMs ?? Math.min(30_000, pingIntervalMs * 2),
    redisKeyPrefix: opts.redisKeyPrefix ?? 'reverb',
    heartbeatIntervalMs,
    nodeTimeoutMs: opts.nodeTimeoutMs ?? heartbeatIntervalMs * 3,
    clientEventsPerSecond: opts.clientEventsPerSecond ?? 10,
    maxConnectionsPerIp: opts.maxConnectionsPerIp ?? 100,
    maxSubscriptionsPerConnection: opts.maxSubscriptionsPerConnection ?? 100,
    trustProxy: opts.trustProxy ?? false,
    redisCommandTimeoutMs: opts.redisCommandTimeoutMs ?? 2000,
    fanoutBatchSize: Math.max(1, opts.fanoutBatchSize ?? 1000),
  };
}

/** Maps the REVERB_* environment (server/config.ts) to server options. */
export function realtimeOptionsFromConfig(config: Config): RealtimeOptions {
  const origins = config.REVERB_ALLOWED_ORIGINS.split(',')
    .map((o) => o.trim())
    .filter(Boolean);
  return {
    appId: config.REVERB_APP_ID,
    key: config.REVERB_APP_KEY,
    secret: config.REVERB_APP_SECRET,
    host: config.REVERB_HOST,
    port: config.REVERB_PORT,
    allowedOrigins: origins.length ? origins : ['*'],
    maxConnections: config.REVERB_MAX_CONNECTIONS,
    maxConnectionsPerIp: config.REVERB_MAX_CONNECTIONS_PER_IP,
    maxSubscriptionsPerConnection: config.REVERB_MAX_SUBSCRIPTIONS_PER_CONNECTION,
    trustProxy: config.REVERB_TRUST_PROXY,
    maxMessageSize: config.REVERB_MAX_MESSAGE_SIZE,
    activityTimeout: config.REVERB_ACTIVITY_TIMEOUT,
    redisUrl: config.REVERB_SCALING_ENABLED && config.REDIS_URL ? config.REDIS_URL : undefined,
  };
}

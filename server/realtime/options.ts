import { list, type Config } from '../config';
import { WEBHOOK_EVENT_TYPES, type WebhookEventType } from '../lib/webhook-events';
import { StartupError } from '../lib/startup-error';
import { realtimeAddresses } from './addresses';
import { appsFromConfig } from './apps';
import type { ReplayWindow } from './replay';

export interface RealtimeLogger {
  info(...a: unknown[]): void;
  warn(...a: unknown[]): void;
  error(...a: unknown[]): void;
}

/** Who may send client events (`.whisper()`), as Reverb's accept_client_events_from. */
export type ClientEventsFrom = 'members' | 'all' | 'none';

/** Reverb's per-connection rate limit on the messages a client sends. */
export interface RateLimiting {
  enabled: boolean;
  maxAttempts: number;
  decaySeconds: number;
  /** Over the limit: close the connection (4005) instead of only answering pusher:error 4005. */
  terminateOnLimit: boolean;
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
  /**
   * How long a closing socket may take to finish the websocket closing handshake before its TCP connection is
   * destroyed (1 000 ms; ws's own default is 30 s). The socket leaves its channels the moment the close starts.
   */
  closeTimeoutMs?: number;
  /**
   * Who may send `client-*` events: members of the channel (Reverb's default), any connection, or
   * none (answered with 4301). `true`/`false` (Boardly's earlier setting) read as members/none.
   */
  clientEvents?: boolean | ClientEventsFrom;
  rateLimiting?: Partial<RateLimiting>;
  /** A deactivated app refuses connections (4003) and HTTP API calls (403). */
  enabled?: boolean;
  /** Path prefix the websocket and HTTP API also answer under (Reverb's REVERB_SERVER_PATH). */
  path?: string;
  /** Largest HTTP API request body in bytes (Reverb's max_request_size). */
  maxRequestSize?: number;
  /**
   * More apps served beside the one above (Reverb's apps list): each isolated, with its own key,
   * secret, channels, limits and webhooks; unset fields take the values above.
   */
  apps?: AppDefinition[];
  /**
   * The replay window (ADR 0035): per channel, the last `maxEvents` events of at most `maxAgeSeconds`, so a
   * client that reconnects asks for what it missed (`pusher:resume`). Off when unset or maxEvents is 0.
   */
  replay?: ReplayWindow | null;
  /** Longest event name, client events and HTTP API (200). */
  maxEventNameLength?: number;
  /** Channels one HTTP API event may go to (100). */
  maxEventChannels?: number;
  /** Longest channel name (200). */
  maxChannelNameLength?: number;
  /** Users on one presence channel, over all nodes (100); 0 = no limit. Over it: subscription_error 4100. */
  presenceMaxMembers?: number;
  /** Largest presence `user_info`, JSON, in KB (2). Over it: subscription_error 4100. */
  presenceMaxMemberSizeKb?: number;
  /** A socket must sign in (pusher:signin) within signInTimeoutMs, else pusher:error 4009 and close (off). */
  requireSignIn?: boolean;
  signInTimeoutMs?: number;
  /** Pusher-format webhooks (webhooks.ts); none when urls is empty. */
  webhooks?: WebhookOptions;
  /** Prometheus metrics (metrics.ts) served on this port alone; off when undefined. */
  metricsPort?: number;
  /** Interface the metrics port listens on (default: `host`). */
  metricsHost?: string;
}

export interface WebhookOptions {
  urls: string[];
  /** Event types to send (default: all). */
  events?: WebhookEventType[];
  /** Events are collected this long, then sent in one request per URL (50 ms). 0 = at the next turn. */
  batchMs?: number;
  /** Most events in one request (100). */
  maxBatch?: number;
  /** A request not answered within this time counts as failed (5 000 ms). */
  timeoutMs?: number;
  /** Retries after a failed request, with exponential backoff from retryBaseMs (5 retries, 1 000 ms: 1, 2, 4, 8, 16 s). */
  retries?: number;
  retryBaseMs?: number;
  /** Events waiting per URL; beyond it the oldest are dropped and counted (10 000). */
  maxQueued?: number;
}

/** Settings each app has of its own; the rest (addresses, Redis, metrics, timers) belong to the server. */
export const APP_SETTINGS = [
  'allowedOrigins',
  'maxConnections',
  'maxConnectionsPerIp',
  'maxSubscriptionsPerConnection',
  'maxMessageSize',
  'activityTimeout',
  'pingIntervalMs',
  'clientEventsPerSecond',
  'clientEvents',
  'rateLimiting',
  'enabled',
  'maxEventNameLength',
  'maxEventChannels',
  'maxChannelNameLength',
  'presenceMaxMembers',
  'presenceMaxMemberSizeKb',
  'requireSignIn',
  'signInTimeoutMs',
  'webhooks',
  'replay',
] as const satisfies readonly (keyof RealtimeOptions)[];
export type AppDefinition = Pick<RealtimeOptions, 'appId' | 'key' | 'secret'> & Partial<Pick<RealtimeOptions, (typeof APP_SETTINGS)[number]>>;

export interface ResolvedOptions extends Required<Omit<RealtimeOptions, 'maxConnections' | 'redisUrl' | 'webhooks' | 'metricsPort' | 'clientEvents' | 'rateLimiting' | 'apps'>> {
  maxConnections?: number;
  redisUrl?: string;
  webhooks?: Required<WebhookOptions>;
  metricsPort?: number;
  clientEvents: ClientEventsFrom;
  rateLimiting: RateLimiting;
}

const silent: RealtimeLogger = { info() {}, warn() {}, error() {} };

const clientEventsFrom = (value: RealtimeOptions['clientEvents']): ClientEventsFrom => (value === true ? 'members' : value === false ? 'none' : (value ?? 'members'));

/**
 * Every app the server serves, each resolved in full: the first from the options' own app fields,
 * then `apps` (an entry with the first app's id replaces its settings). Keys and ids are unique.
 */
export function resolveApps(opts: RealtimeOptions): ResolvedOptions[] {
  const { apps = [], ...base } = opts;
  const first = apps.find((a) => a.appId === base.appId);
  const all = [{ ...base, ...first }, ...apps.filter((a) => a !== first).map((app) => ({ ...base, ...app }))].map(resolveOptions);
  for (const field of ['appId', 'key'] as const) {
    const seen = new Set<string>();
    for (const app of all) {
      if (seen.has(app[field])) throw new StartupError(`Two realtime apps share the ${field === 'appId' ? 'id' : 'key'} "${app[field]}": each app needs its own.`);
      seen.add(app[field]);
    }
  }
  return all;
}

export function resolveOptions(opts: RealtimeOptions): ResolvedOptions {
  // An empty secret signs with an empty HMAC key: anyone could sign a subscription or a publish.
  if (!opts.secret) throw new StartupError(`The realtime app "${opts.appId}" needs a secret (REVERB_APP_SECRET, or APP_KEY to derive it from).`);
  const { apps: _apps, ...own } = opts;
  const pingIntervalMs = opts.pingIntervalMs ?? opts.activityTimeout * 1000;
  const heartbeatIntervalMs = opts.heartbeatIntervalMs ?? 2000;
  return {
    ...own,
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
    closeTimeoutMs: opts.closeTimeoutMs ?? 1000,
    clientEvents: clientEventsFrom(opts.clientEvents),
    rateLimiting: {
      enabled: opts.rateLimiting?.enabled ?? false,
      maxAttempts: Math.max(1, opts.rateLimiting?.maxAttempts ?? 60),
      decaySeconds: opts.rateLimiting?.decaySeconds ?? 60,
      terminateOnLimit: opts.rateLimiting?.terminateOnLimit ?? false,
    },
    enabled: opts.enabled ?? true,
    path: (opts.path ?? '').replace(/\/$/, ''),
    maxRequestSize: opts.maxRequestSize ?? 10_000,
    maxEventNameLength: opts.maxEventNameLength ?? 200,
    maxEventChannels: opts.maxEventChannels ?? 100,
    maxChannelNameLength: opts.maxChannelNameLength ?? 200,
    presenceMaxMembers: opts.presenceMaxMembers ?? 100,
    presenceMaxMemberSizeKb: opts.presenceMaxMemberSizeKb ?? 2,
    requireSignIn: opts.requireSignIn ?? false,
    signInTimeoutMs: opts.signInTimeoutMs ?? 30_000,
    webhooks: opts.webhooks?.urls.length
      ? {
          urls: opts.webhooks.urls,
          events: opts.webhooks.events?.length ? opts.webhooks.events : [...WEBHOOK_EVENT_TYPES],
          batchMs: opts.webhooks.batchMs ?? 50,
          maxBatch: Math.max(1, opts.webhooks.maxBatch ?? 100),
          timeoutMs: opts.webhooks.timeoutMs ?? 5000,
          retries: opts.webhooks.retries ?? 5,
          retryBaseMs: opts.webhooks.retryBaseMs ?? 1000,
          maxQueued: Math.max(1, opts.webhooks.maxQueued ?? 10_000),
        }
      : undefined,
    replay: opts.replay && opts.replay.maxEvents > 0 && opts.replay.maxAgeSeconds > 0 ? { maxEvents: Math.floor(opts.replay.maxEvents), maxAgeSeconds: opts.replay.maxAgeSeconds } : null,
    // Metrics tell who is connected where: this machine only unless the operator says otherwise.
    metricsHost: opts.metricsHost || '127.0.0.1',
  };
}

/** Maps the REVERB_* environment (server/config.ts, Reverb's names) to server options. */
export function realtimeOptionsFromConfig(config: Config): RealtimeOptions {
  const origins = list(config.REVERB_ALLOWED_ORIGINS);
  const webhookUrls = list(config.REVERB_WEBHOOK_URL);
  const addresses = realtimeAddresses(config);
  const apps = appsFromConfig(config);
  return {
    appId: config.REVERB_APP_ID,
    key: config.REVERB_APP_KEY,
    secret: config.REVERB_APP_SECRET,
    host: addresses.listenHost,
    port: addresses.listenPort,
    path: addresses.path,
    maxRequestSize: config.REVERB_MAX_REQUEST_SIZE,
    allowedOrigins: origins.length ? origins : ['*'],
    maxConnections: config.REVERB_APP_MAX_CONNECTIONS,
    maxConnectionsPerIp: config.REVERB_MAX_CONNECTIONS_PER_IP,
    maxSubscriptionsPerConnection: config.REVERB_MAX_SUBSCRIPTIONS_PER_CONNECTION,
    trustProxy: config.REVERB_TRUST_PROXY,
    maxMessageSize: config.REVERB_APP_MAX_MESSAGE_SIZE,
    activityTimeout: config.REVERB_APP_ACTIVITY_TIMEOUT,
    pingIntervalMs: config.REVERB_APP_PING_INTERVAL * 1000,
    redisUrl: config.REVERB_SCALING_ENABLED && config.REDIS_URL ? config.REDIS_URL : undefined,
    redisKeyPrefix: config.REVERB_SCALING_CHANNEL,
    clientEvents: config.REVERB_APP_ACCEPT_CLIENT_EVENTS_FROM,
    rateLimiting: {
      enabled: config.REVERB_APP_RATE_LIMITING_ENABLED,
      maxAttempts: config.REVERB_APP_RATE_LIMIT_MAX_ATTEMPTS,
      decaySeconds: config.REVERB_APP_RATE_LIMIT_DECAY_SECONDS,
      terminateOnLimit: config.REVERB_APP_RATE_LIMIT_TERMINATE,
    },
    maxEventNameLength: config.REVERB_MAX_EVENT_NAME_LENGTH,
    maxEventChannels: config.REVERB_MAX_EVENT_CHANNELS,
    maxChannelNameLength: config.REVERB_MAX_CHANNEL_NAME_LENGTH,
    presenceMaxMembers: config.REVERB_PRESENCE_MAX_MEMBERS,
    presenceMaxMemberSizeKb: config.REVERB_PRESENCE_MAX_MEMBER_SIZE_KB,
    requireSignIn: config.REVERB_USER_AUTHENTICATION,
    signInTimeoutMs: config.REVERB_USER_AUTHENTICATION_TIMEOUT * 1000,
    webhooks: webhookUrls.length ? { urls: webhookUrls, events: list(config.REVERB_WEBHOOK_EVENTS) as WebhookEventType[], batchMs: config.REVERB_WEBHOOK_BATCH_MS } : undefined,
    replay: config.REVERB_APP_REPLAY_MAX_EVENTS > 0 ? { maxEvents: config.REVERB_APP_REPLAY_MAX_EVENTS, maxAgeSeconds: config.REVERB_APP_REPLAY_MAX_AGE } : null,
    metricsPort: config.REVERB_METRICS_PORT,
    metricsHost: config.REVERB_METRICS_HOST,
    ...(apps.length ? { apps } : {}),
  };
}

import { WEBHOOK_EVENT_TYPES, type WebhookEventType } from '../lib/webhook-events';
import { StartupError } from '../lib/startup-error';
import { logSafely, type RealtimeLogger } from './guard';
import type { ReplayWindow } from './replay';

export type { RealtimeLogger } from './guard';

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
  /** Pusher's subscription counting: subscribers of public and private channels are told the channel's count (off). */
  subscriptionCount?: boolean;
  /** Path prefix the websocket and HTTP API also answer under (Reverb's REVERB_SERVER_PATH). */
  path?: string;
  /**
   * Largest HTTP API request body in bytes (Reverb's max_request_size, per app). Default: what the app's own
   * limits admit in one request (largestLegitimateRequest), ~400 KB at the defaults. Beyond it: 413, connection closed.
   */
  maxRequestSize?: number;
  /** HTTP API requests per second per app, over all nodes with Redis (1 000); 0 = no limit. Over it: 429 with Retry-After. */
  httpRateLimit?: number;
  /** Browser origins the HTTP API answers with CORS headers (host patterns as allowedOrigins; `*` any). Default: allowedOrigins. */
  httpAllowedOrigins?: string[];
  /** An HTTP API request whose body has not fully arrived within this time is answered 408 and cut (10 000 ms). */
  requestTimeoutMs?: number;
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

/** Only channels whose name matches every condition given (soketi's `filter`). */
export interface WebhookFilter {
  channelNameStartsWith?: string;
  channelNameEndsWith?: string;
}

/** One receiver with its own event types, channel filter and extra headers (soketi's per-app `webhooks` entries). */
export interface WebhookTarget {
  url: string;
  /** Event types sent to this receiver (default: the options' `events`). */
  events?: WebhookEventType[];
  filter?: WebhookFilter;
  /** Sent on every POST; never replaces content-type, content-length, X-Pusher-Key or X-Pusher-Signature. */
  headers?: Record<string, string>;
}

export interface WebhookOptions {
  /** Receivers of every event type in `events`, unfiltered (REVERB_WEBHOOK_URL). */
  urls?: string[];
  /** Receivers of their own (REVERB_APPS entries' `webhooks`). */
  targets?: WebhookTarget[];
  /** Event types to send (default: all). */
  events?: WebhookEventType[];
  /**
   * Events are collected this long, then sent in one request per URL (50 ms). 0 = no batching: each event
   * is its own request, as Pusher and soketi send them.
   */
  batchMs?: number;
  /** false: no batching whatever batchMs says (soketi's webhooks.batching.enabled). */
  batching?: boolean;
  /** Most events in one request (100). */
  maxBatch?: number;
  /** A request not answered within this time counts as failed (5 000 ms). */
  timeoutMs?: number;
  /** Retries after a failed request, with exponential backoff from retryBaseMs (5 retries, 1 000 ms: 1, 2, 4, 8, 16 s). */
  retries?: number;
  retryBaseMs?: number;
  /** Events waiting per URL in memory; beyond it the oldest are dropped and counted (10 000). */
  maxQueued?: number;
  /**
   * Events waiting per URL in Redis when the server scales through Redis (1 000 000): the durable queue
   * outlives a restart; beyond this bound the oldest are dropped, counted and logged.
   */
  maxQueuedRedis?: number;
}

/** A target with its defaults filled in. */
export interface ResolvedWebhookTarget {
  url: string;
  events: WebhookEventType[];
  filter: WebhookFilter;
  headers: Record<string, string>;
}

export interface ResolvedWebhookOptions extends Required<Omit<WebhookOptions, 'urls' | 'targets' | 'events'>> {
  targets: ResolvedWebhookTarget[];
}

/** RFC 9110 token (a header name) and field value (no control characters but tab). */
const HEADER_NAME = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;
const HEADER_VALUE = /^[\t\x20-\x7e\x80-\xff]*$/;
/** What the sender sets itself: a target's headers can never replace these. */
export const RESERVED_WEBHOOK_HEADERS: ReadonlySet<string> = new Set(['content-type', 'content-length', 'x-pusher-key', 'x-pusher-signature', 'host', 'connection', 'transfer-encoding']);

/** Why a header cannot be sent, or null when it can. */
export function webhookHeaderProblem(name: string, value: unknown): string | null {
  if (!HEADER_NAME.test(name)) return `"${name}" is not a valid HTTP header name`;
  if (typeof value !== 'string' || !HEADER_VALUE.test(value)) return `the value of "${name}" is not a valid HTTP header value`;
  return null;
}

function resolveWebhooks(appId: string, hooks: WebhookOptions | undefined, log: RealtimeLogger): ResolvedWebhookOptions | undefined {
  if (!hooks) return undefined;
  const events = hooks.events?.length ? hooks.events : [...WEBHOOK_EVENT_TYPES];
  const targets: ResolvedWebhookTarget[] = [...(hooks.urls ?? []).map((url): WebhookTarget => ({ url })), ...(hooks.targets ?? [])].map((t, i) => {
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(t.headers ?? {})) {
      const problem = webhookHeaderProblem(name, value);
      if (problem) throw new StartupError(`The realtime app "${appId}" webhook ${i} (${t.url}): ${problem}.`);
      if (RESERVED_WEBHOOK_HEADERS.has(name.toLowerCase())) {
        logSafely(log, 'warn', `realtime app "${appId}" webhook ${t.url}: the header ${name} is set by the sender and is not sent as configured`);
        continue;
      }
      headers[name.toLowerCase()] = value as string;
    }
    return { url: t.url, events: t.events?.length ? t.events : events, filter: { ...t.filter }, headers };
  });
  if (targets.length === 0) return undefined;
  const batchMs = hooks.batchMs ?? 50;
  return {
    targets,
    batchMs,
    batching: (hooks.batching ?? true) && batchMs > 0,
    maxBatch: Math.max(1, hooks.maxBatch ?? 100),
    timeoutMs: hooks.timeoutMs ?? 5000,
    retries: hooks.retries ?? 5,
    retryBaseMs: hooks.retryBaseMs ?? 1000,
    maxQueued: Math.max(1, hooks.maxQueued ?? 10_000),
    maxQueuedRedis: Math.max(1, hooks.maxQueuedRedis ?? 1_000_000),
  };
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
  'subscriptionCount',
  'maxEventNameLength',
  'maxEventChannels',
  'maxChannelNameLength',
  'presenceMaxMembers',
  'presenceMaxMemberSizeKb',
  'requireSignIn',
  'signInTimeoutMs',
  'webhooks',
  'maxRequestSize',
  'httpRateLimit',
  'httpAllowedOrigins',
  'replay',
] as const satisfies readonly (keyof RealtimeOptions)[];
export type AppDefinition = Pick<RealtimeOptions, 'appId' | 'key' | 'secret'> & Partial<Pick<RealtimeOptions, (typeof APP_SETTINGS)[number]>>;

export interface ResolvedOptions extends Required<Omit<RealtimeOptions, 'maxConnections' | 'redisUrl' | 'webhooks' | 'metricsPort' | 'clientEvents' | 'rateLimiting' | 'apps'>> {
  maxConnections?: number;
  redisUrl?: string;
  webhooks?: ResolvedWebhookOptions;
  metricsPort?: number;
  clientEvents: ClientEventsFrom;
  rateLimiting: RateLimiting;
}

/** Pusher's limit on events per batch_events request. */
export const MAX_BATCH = 10;

/**
 * The largest body a Pusher SDK sends within an app's limits: a batch of MAX_BATCH events, each with data at
 * maxMessageSize (room for JSON escaping doubling it: quotes in a JSON payload), to maxEventChannels channels
 * of the longest name, with the longest event name and room for socket_id and info.
 */
export function largestLegitimateRequest(o: { maxMessageSize: number; maxEventChannels: number; maxChannelNameLength: number; maxEventNameLength: number }): number {
  return MAX_BATCH * (2 * o.maxMessageSize + o.maxEventChannels * (o.maxChannelNameLength + 3) + o.maxEventNameLength + 200);
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
  const all = [
    { ...base, ...first, webhooks: appWebhooks(base.webhooks, first, true) },
    ...apps.filter((a) => a !== first).map((app) => ({ ...base, ...app, webhooks: appWebhooks(base.webhooks, app, false) })),
  ].map(resolveOptions);
  // With several apps the id is part of every Redis key (`<channel>:<app id>:…`): a ':' in it could meet another app's keys.
  const clash = all.length > 1 ? all.find((app) => !/^[A-Za-z0-9_.-]{1,100}$/.test(app.appId)) : undefined;
  if (clash) throw new StartupError(`The realtime app id "${clash.appId.slice(0, 100)}" may hold only letters, digits and _ . - when several apps are served.`);
  for (const field of ['appId', 'key'] as const) {
    const seen = new Set<string>();
    for (const app of all) {
      if (seen.has(app[field])) throw new StartupError(`Two realtime apps share the ${field === 'appId' ? 'id' : 'key'} "${app[field]}": each app needs its own.`);
      seen.add(app[field]);
    }
  }
  return all;
}

/**
 * An app's webhooks: its own receivers with the server's delivery settings (batching, retries, bounds). The
 * REVERB_WEBHOOK_URL receivers belong to the default app alone; an apps entry that lists webhooks replaces them.
 */
function appWebhooks(base: WebhookOptions | undefined, app: AppDefinition | undefined, isDefault: boolean): WebhookOptions | undefined {
  const own = app?.webhooks;
  if (!own) return isDefault ? base : undefined;
  const { urls: _urls, targets: _targets, events: _events, ...delivery } = base ?? {};
  const ownsReceivers = own.urls !== undefined || own.targets !== undefined;
  return { ...(isDefault && !ownsReceivers ? base : delivery), ...own };
}

export function resolveOptions(opts: RealtimeOptions): ResolvedOptions {
  // An empty secret signs with an empty HMAC key: anyone could sign a subscription or a publish.
  if (!opts.secret) throw new StartupError(`The realtime app "${opts.appId}" needs a secret (REVERB_APP_SECRET, or APP_KEY to derive it from).`);
  const { apps: _apps, ...own } = opts;
  const pingIntervalMs = opts.pingIntervalMs ?? opts.activityTimeout * 1000;
  const heartbeatIntervalMs = opts.heartbeatIntervalMs ?? 2000;
  const allowedOrigins = opts.allowedOrigins.length ? opts.allowedOrigins : ['*'];
  const maxEventNameLength = opts.maxEventNameLength ?? 200;
  const maxEventChannels = opts.maxEventChannels ?? 100;
  const maxChannelNameLength = opts.maxChannelNameLength ?? 200;
  return {
    ...own,
    allowedOrigins,
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
    subscriptionCount: opts.subscriptionCount ?? false,
    path: (opts.path ?? '').replace(/\/$/, ''),
    maxRequestSize: opts.maxRequestSize ?? largestLegitimateRequest({ maxMessageSize: opts.maxMessageSize, maxEventChannels, maxChannelNameLength, maxEventNameLength }),
    httpRateLimit: Math.max(0, opts.httpRateLimit ?? 1000),
    httpAllowedOrigins: opts.httpAllowedOrigins?.length ? opts.httpAllowedOrigins : allowedOrigins,
    requestTimeoutMs: opts.requestTimeoutMs ?? 10_000,
    maxEventNameLength,
    maxEventChannels,
    maxChannelNameLength,
    presenceMaxMembers: opts.presenceMaxMembers ?? 100,
    presenceMaxMemberSizeKb: opts.presenceMaxMemberSizeKb ?? 2,
    requireSignIn: opts.requireSignIn ?? false,
    signInTimeoutMs: opts.signInTimeoutMs ?? 30_000,
    webhooks: resolveWebhooks(opts.appId, opts.webhooks, opts.logger ?? silent),
    replay: opts.replay && opts.replay.maxEvents > 0 && opts.replay.maxAgeSeconds > 0 ? { maxEvents: Math.floor(opts.replay.maxEvents), maxAgeSeconds: opts.replay.maxAgeSeconds } : null,
    // Metrics tell who is connected where: this machine only unless the operator says otherwise.
    metricsHost: opts.metricsHost || '127.0.0.1',
  };
}

import { z } from 'zod';
import { StartupError } from './lib/startup-error';
import { WEBHOOK_EVENT_TYPES } from './lib/webhook-events';

/** A comma-separated list, trimmed, without empty entries. */
export const list = (value: string) =>
  value
    .split(',')
    .map((v) => v.trim())
    .filter(Boolean);

const bool = z.enum(['true', 'false', '1', '0', '']).transform((v) => v === 'true' || v === '1');

const schema = z.object({
  APP_NAME: z.string().min(1).default('Boardly'),
  APP_ENV: z.enum(['production', 'development', 'test']).default('production'),
  APP_KEY: z.string().default(''),
  /** Unset: `http://localhost:{APP_PORT}` (see loadConfig). */
  APP_URL: z.url().optional(),
  APP_HOST: z.string().default('0.0.0.0'),
  APP_PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  TRUST_PROXY: bool.default(false),
  /** The web server's timeouts (server/lib/http-timeouts.ts): a slow or stalled client is closed. */
  HTTP_REQUEST_TIMEOUT_SECONDS: z.coerce.number().min(0.1).max(3_600).default(120),
  HTTP_HEADERS_TIMEOUT_SECONDS: z.coerce.number().min(0.1).max(600).default(20),
  HTTP_IDLE_TIMEOUT_SECONDS: z.coerce.number().min(0.1).max(3_600).default(30),
  HTTP_KEEP_ALIVE_TIMEOUT_SECONDS: z.coerce.number().min(0.1).max(600).default(5),
  DATABASE_URL: z.string().default(''),
  PGLITE_DIR: z.string().default('storage/pglite'),
  STORAGE_DIR: z.string().default('storage'),
  SESSION_LIFETIME_MINUTES: z.coerce.number().int().positive().default(120),
  REMEMBER_LIFETIME_DAYS: z.coerce.number().int().positive().default(30),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  MAIL_URL: z.string().default(''),
  MAIL_FROM: z.string().default('Boardly <no-reply@boardly.test>'),
  /** The mail worker inside this process (`npm start`); `npm run start:web` turns it off. */
  QUEUE_WORKER_ENABLED: bool.default(true),
  QUEUE_POLL_MS: z.coerce.number().int().min(50).max(60_000).default(1_000),
  MAIL_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(100).default(8),
  /** A delivery taking longer fails (and is retried); a claimed mail's lease is twice this. */
  MAIL_SEND_TIMEOUT_SECONDS: z.coerce.number().min(0.1).max(600).default(60),
  MAIL_RETRY_SECONDS: z.coerce.number().min(0.01).max(3_600).default(10),
  REDIS_URL: z.string().default(''),
  /** Prometheus metrics of the app (or of queue:work) on their own port; unset: off. */
  METRICS_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  METRICS_HOST: z.string().default('127.0.0.1'),
  /** Throttle counters: Redis when REDIS_URL is set, else PostgreSQL, else (PGlite) this process's memory. */
  THROTTLE_STORE: z.enum(['auto', 'redis', 'database', 'memory']).default('auto'),
  /** Prefix of the app's own Redis keys, so deployments can share one Redis. */
  REDIS_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9_.:-]{1,100}$/, 'letters, digits and _ . : - only')
    .default('boardly'),
  WELCOME_VARIANT: z.enum(['classic', 'new']).default('classic'),
  /** The public pages rendered to HTML on the server (ADR 0042); false: every page is client-rendered. */
  SSR_ENABLED: bool.default(true),
  DEMO_PASSWORD: z.string().default(''),
  SEED_DEMO: bool.default(true),
  SCHEDULER_ENABLED: bool.default(true),
  /**
   * Outgoing webhooks (issue #28): receivers on private, loopback, link-local or metadata addresses
   * are refused unless this is true (a test's local receiver; never in a shared deployment).
   */
  WEBHOOKS_ALLOW_PRIVATE: bool.default(false),
  /** Plain http receivers, outside production only (APP_ENV=production always requires https). */
  WEBHOOKS_ALLOW_HTTP: bool.default(false),
  REVERB_APP_ID: z.string().default('boardly'),
  REVERB_APP_KEY: z.string().default('boardly-key'),
  /** Empty: derived from the app key (server/secrets.ts), the same in every process of a deployment. */
  REVERB_APP_SECRET: z.string().default(''),
  /**
   * Reverb's names (config/reverb.php): the server listens on REVERB_SERVER_HOST:REVERB_SERVER_PORT,
   * browsers connect to REVERB_HOST:REVERB_PORT over REVERB_SCHEME (server/realtime/addresses.ts
   * reads the pair as Boardly always did when only REVERB_HOST/REVERB_PORT are set).
   */
  REVERB_SERVER: z.literal('reverb').default('reverb'),
  REVERB_SERVER_HOST: z.string().optional(),
  REVERB_SERVER_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  /** A path prefix the websocket and HTTP API answer under (`/reverb` → `/reverb/app/{key}`). */
  REVERB_SERVER_PATH: z
    .string()
    .regex(/^(\/[A-Za-z0-9._~-]+)*\/?$/, 'a path like /reverb')
    .default(''),
  REVERB_HOST: z.string().default(''),
  REVERB_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  REVERB_SERVER_ENABLED: bool.default(true),
  /** Where the app publishes events (the Pusher HTTP API); defaults to the local realtime server. */
  REVERB_PUBLISH_HOST: z.string().default(''),
  REVERB_SCHEME: z.enum(['http', 'https', '']).default(''),
  /** Largest HTTP API request body, bytes (Reverb's max_request_size); unset: what the app's limits admit in one request (largestLegitimateRequest). */
  REVERB_MAX_REQUEST_SIZE: z.coerce.number().int().positive().optional(),
  /** HTTP API requests per second per app (over all nodes with Redis); 0 = no limit. */
  REVERB_APP_HTTP_RATE_LIMIT: z.coerce.number().int().min(0).default(1000),
  /** Origins the HTTP API answers with CORS headers; empty: REVERB_ALLOWED_ORIGINS. */
  REVERB_APP_HTTP_ALLOWED_ORIGINS: z.string().default(''),
  /** On SIGTERM: seconds /ready answers 503 and new connections are refused before the open ones close. Unset: 5 (0 when APP_ENV=test). */
  REVERB_DRAIN_SECONDS: z.coerce.number().min(0).max(300).optional(),
  REVERB_ALLOWED_ORIGINS: z.string().default('*'),
  REVERB_APP_MAX_CONNECTIONS: z.coerce.number().int().positive().optional(),
  /** 0 = no limit. */
  REVERB_MAX_CONNECTIONS_PER_IP: z.coerce.number().int().min(0).default(100),
  REVERB_MAX_SUBSCRIPTIONS_PER_CONNECTION: z.coerce.number().int().min(0).default(100),
  REVERB_TRUST_PROXY: bool.default(false),
  REVERB_APP_MAX_MESSAGE_SIZE: z.coerce.number().int().positive().default(10_000),
  REVERB_APP_ACTIVITY_TIMEOUT: z.coerce.number().int().positive().default(30),
  /** Seconds a connection may be silent before the server pings it (Reverb's ping_interval). */
  REVERB_APP_PING_INTERVAL: z.coerce.number().positive().default(60),
  /** Who may send client events (`.whisper()`): channel members (Reverb's default), anyone, or no one. */
  REVERB_APP_ACCEPT_CLIENT_EVENTS_FROM: z.enum(['members', 'all', 'none']).default('members'),
  /** Reverb's per-connection message rate limit: over max attempts in decay seconds, pusher:error 4005 (and a close when terminating). */
  REVERB_APP_RATE_LIMITING_ENABLED: bool.default(false),
  REVERB_APP_RATE_LIMIT_MAX_ATTEMPTS: z.coerce.number().int().positive().default(60),
  REVERB_APP_RATE_LIMIT_DECAY_SECONDS: z.coerce.number().positive().default(60),
  REVERB_APP_RATE_LIMIT_TERMINATE: bool.default(false),
  /** Pusher's subscription counting: `pusher_internal:subscription_count` to subscribers of public and private channels. */
  REVERB_APP_SUBSCRIPTION_COUNT: bool.default(false),
  /**
   * The replay window of the default app (ADR 0035): a reconnecting client gets what it missed, up to this
   * many events per channel of at most MAX_AGE seconds. On in Boardly (its client resumes); 0 turns it off.
   */
  REVERB_APP_REPLAY_MAX_EVENTS: z.coerce.number().int().min(0).max(10_000).default(100),
  REVERB_APP_REPLAY_MAX_AGE: z.coerce.number().positive().max(86_400).default(120),
  /** More apps beside REVERB_APP_*: a JSON array in Reverb's shape (server/realtime/apps.ts), inline or in a file. */
  REVERB_APPS: z.string().default(''),
  REVERB_APPS_FILE: z.string().default(''),
  /** Read for compatibility with Reverb's config; this server reports to neither Pulse nor Telescope. */
  REVERB_PULSE_INGEST_INTERVAL: z.coerce.number().optional(),
  REVERB_TELESCOPE_INGEST_INTERVAL: z.coerce.number().optional(),
  REVERB_SCALING_ENABLED: bool.default(false),
  /** Redis pub/sub channel and key prefix (Reverb's scaling channel), so several deployments can share one Redis. */
  REVERB_SCALING_CHANNEL: z
    .string()
    .regex(/^[A-Za-z0-9_.:-]{1,100}$/, 'letters, digits and _ . : - only')
    .default('reverb'),
  /** Limits (soketi's defaults; 0 turns a count limit off). */
  REVERB_MAX_EVENT_NAME_LENGTH: z.coerce.number().int().positive().default(200),
  REVERB_MAX_EVENT_CHANNELS: z.coerce.number().int().positive().default(100),
  REVERB_MAX_CHANNEL_NAME_LENGTH: z.coerce.number().int().positive().max(1000).default(200),
  REVERB_PRESENCE_MAX_MEMBERS: z.coerce.number().int().min(0).default(100),
  REVERB_PRESENCE_MAX_MEMBER_SIZE_KB: z.coerce.number().positive().default(2),
  REVERB_USER_AUTHENTICATION: bool.default(false),
  REVERB_USER_AUTHENTICATION_TIMEOUT: z.coerce.number().int().positive().default(30),
  /** Comma-separated webhook receivers; empty: no webhooks. */
  REVERB_WEBHOOK_URL: z
    .string()
    .default('')
    .refine((v) => list(v).every((u) => /^https?:\/\/[^\s/]+/.test(u) && URL.canParse(u)), 'comma-separated http(s) URLs'),
  /** Comma-separated event types to send; empty: all of them. */
  REVERB_WEBHOOK_EVENTS: z
    .string()
    .default('')
    .refine((v) => list(v).every((e) => (WEBHOOK_EVENT_TYPES as readonly string[]).includes(e)), `one or more of ${WEBHOOK_EVENT_TYPES.join(', ')}`),
  REVERB_WEBHOOK_BATCH_MS: z.coerce.number().int().min(0).max(60_000).default(50),
  /** Prometheus metrics on their own port; unset: off. */
  REVERB_METRICS_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  REVERB_METRICS_HOST: z.string().default('127.0.0.1'),
});

export type Config = z.infer<typeof schema> & {
  APP_URL: string;
  /** One line per deprecated variable the environment used (logged once at start). */
  DEPRECATIONS: string[];
};

/**
 * Boardly's earlier names for what Reverb names otherwise: still read (when the new name is not
 * set), each with a line in the log. `value` turns an old value into the new variable's.
 */
export const RENAMED_VARIABLES: { from: string; to: string; value?: (old: string) => string }[] = [
  { from: 'REVERB_ACTIVITY_TIMEOUT', to: 'REVERB_APP_ACTIVITY_TIMEOUT' },
  { from: 'REVERB_MAX_CONNECTIONS', to: 'REVERB_APP_MAX_CONNECTIONS' },
  { from: 'REVERB_MAX_MESSAGE_SIZE', to: 'REVERB_APP_MAX_MESSAGE_SIZE' },
  { from: 'REVERB_CLIENT_EVENTS', to: 'REVERB_APP_ACCEPT_CLIENT_EVENTS_FROM', value: (old) => (old === 'true' || old === '1' ? 'members' : old === 'false' || old === '0' ? 'none' : old) },
  { from: 'REVERB_SCALING_PREFIX', to: 'REVERB_SCALING_CHANNEL' },
  { from: 'REVERB_PUBLIC_HOST', to: 'REVERB_HOST' },
  { from: 'REVERB_PUBLIC_PORT', to: 'REVERB_PORT' },
];

/** The environment with every old name read into its new one, and what was deprecated. */
function renamed(env: Record<string, string>): { env: Record<string, string>; deprecations: string[] } {
  const out = { ...env };
  const deprecations: string[] = [];
  // With either of the old public pair, REVERB_HOST and REVERB_PORT were the listening address: both move to
  // REVERB_SERVER_*. The old public port left unset meant the listening port (the old public host left unset
  // meant APP_URL's host: REVERB_HOST stays unset).
  if (out.REVERB_PUBLIC_HOST !== undefined || out.REVERB_PUBLIC_PORT !== undefined) {
    for (const to of ['REVERB_HOST', 'REVERB_PORT']) {
      const server = to.replace('REVERB_', 'REVERB_SERVER_');
      if (out[server] === undefined && out[to] !== undefined) {
        out[server] = out[to];
        delete out[to];
      }
    }
    if (out.REVERB_PUBLIC_PORT === undefined && out.REVERB_PORT === undefined && out.REVERB_SERVER_PORT !== undefined) out.REVERB_PORT = out.REVERB_SERVER_PORT;
  }
  for (const { from, to, value } of RENAMED_VARIABLES) {
    if (out[from] === undefined) continue;
    if (out[to] === undefined) {
      out[to] = value ? value(out[from]) : out[from];
      deprecations.push(`${from} is deprecated: it is read as ${to}${value ? `=${out[to]}` : ''}, Reverb's name; rename it.`);
    } else deprecations.push(`${from} is deprecated and ignored: ${to} is set.`);
    delete out[from];
  }
  return { env: out, deprecations };
}

/** Where the app says it lives when APP_URL is not set: this machine, on the port it listens on. */
export const defaultAppUrl = (port: number) => `http://localhost:${port}`;

/** Parses the environment once; unknown variables are ignored, bad ones stop the process with a clear message. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const given = Object.fromEntries(Object.entries(env).filter((entry): entry is [string, string] => entry[1] !== undefined && entry[1] !== ''));
  const { env: cleaned, deprecations } = renamed(given);
  const parsed = schema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new StartupError(`Invalid environment:\n${lines.join('\n')}`);
  }
  const data = parsed.data;
  return { ...data, APP_URL: data.APP_URL ?? defaultAppUrl(data.APP_PORT), DEPRECATIONS: deprecations };
}

/**
 * Once the server listens: with APP_PORT=0 the system picked the port, and an APP_URL that was
 * left to its default follows it. An APP_URL that was given is never touched.
 */
export function followListeningPort(config: Config, port: number): void {
  if (config.APP_PORT === 0 && config.APP_URL === defaultAppUrl(0)) {
    config.APP_URL = defaultAppUrl(port);
    config.APP_PORT = port;
  }
}

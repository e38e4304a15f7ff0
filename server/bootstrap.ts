import path from 'node:path';
import type { Config } from './config';
import { ROOT } from './root';
import { systemClock, type AppContext, type Clock } from './context';
import { createDatabase, type DatabaseHandle } from './db/connection';
import { migrateToLatest } from './db/migrate';
import { sha256 } from './lib/crypto';
import { resolveSecrets } from './secrets';
import { createLogger, type Logger } from './lib/logger';
import { RateLimiter, type ThrottleStore } from './lib/rate-limiter';
import { createMailer, type Mailer } from './mail/mailer';
import { MailQueue } from './mail/queue';
import { nullBroadcaster, pusherBroadcaster, type Broadcaster } from './broadcasting/broadcaster';
import { localDialHost, realtimeAddresses } from './realtime/addresses';
import { activityLog } from './features/activity/log';

export { ROOT };

export interface BootOptions {
  logger?: Logger;
  clock?: Clock;
  database?: DatabaseHandle;
  migrate?: boolean;
  mailer?: Mailer;
  broadcaster?: Broadcaster;
  /** Vite's manifest, when not the one `npm run build` writes (a process test serves a fixed one). */
  manifest?: string;
}

export interface Booted {
  ctx: AppContext;
  database: DatabaseHandle;
  close(): Promise<void>;
}

export async function boot(config: Config, options: BootOptions = {}): Promise<Booted> {
  const storage = path.resolve(ROOT, config.STORAGE_DIR);
  const appKey = resolveSecrets(config, storage);
  const logger = options.logger ?? createLogger(config.LOG_LEVEL);
  const database =
    options.database ??
    createDatabase({
      url: config.DATABASE_URL || undefined,
      pgliteDir: config.PGLITE_DIR === 'memory' ? 'memory' : path.resolve(ROOT, config.PGLITE_DIR),
      logger,
    });
  if (options.migrate !== false) await migrateToLatest(database.db);
  const clock = options.clock ?? systemClock;
  const mailer = options.mailer ?? createMailer({ url: config.MAIL_URL, from: config.MAIL_FROM, storageDir: storage, logger });
  const ctx: AppContext = {
    config,
    db: database.db,
    logger,
    clock,
    key: sha256(appKey),
    paths: { root: ROOT, storage, manifest: options.manifest ?? path.join(ROOT, 'public/build/.vite/manifest.json') },
    mailer,
    mailQueue: new MailQueue({
      db: database.db,
      mailer,
      clock,
      logger,
      pollMs: config.QUEUE_POLL_MS,
      maxAttempts: config.MAIL_MAX_ATTEMPTS,
      retryBaseMs: config.MAIL_RETRY_SECONDS * 1000,
      sendTimeoutMs: config.MAIL_SEND_TIMEOUT_SECONDS * 1000,
    }),
    broadcaster: options.broadcaster ?? defaultBroadcaster(config, logger),
    limiter: new RateLimiter(throttleStore(config, database), clock),
    activityLog,
    url: (p: string) => config.APP_URL.replace(/\/+$/, '') + (p.startsWith('/') ? p : `/${p}`),
  };
  return {
    ctx,
    database,
    async close() {
      await ctx.limiter.close();
      await database.close();
    },
  };
}

/** Shared counters whenever more than one process may answer (see THROTTLE_STORE). */
export function throttleStore(config: Config, database: DatabaseHandle): ThrottleStore {
  const wanted = config.THROTTLE_STORE;
  if (wanted === 'redis' || (wanted === 'auto' && config.REDIS_URL)) {
    if (!config.REDIS_URL) throw new Error('THROTTLE_STORE=redis needs REDIS_URL');
    return { kind: 'redis', url: config.REDIS_URL, prefix: config.REDIS_PREFIX };
  }
  if (wanted === 'database' || (wanted === 'auto' && database.pool)) {
    if (!database.pool) throw new Error('THROTTLE_STORE=database needs PostgreSQL (DATABASE_URL)');
    return { kind: 'postgres', pool: database.pool };
  }
  return { kind: 'memory' };
}

function defaultBroadcaster(config: Config, logger: Logger): Broadcaster {
  if (!config.REVERB_SERVER_ENABLED && !config.REVERB_PUBLISH_HOST) return nullBroadcaster;
  const addresses = realtimeAddresses(config);
  const host = config.REVERB_PUBLISH_HOST || localDialHost(addresses.listenHost);
  return pusherBroadcaster({
    appId: config.REVERB_APP_ID,
    key: config.REVERB_APP_KEY,
    secret: config.REVERB_APP_SECRET,
    host,
    port: addresses.listenPort,
    useTLS: false,
    logger,
  });
}

import type { Kysely } from 'kysely';
import type { Config } from './config';
import type { Database } from './db/types';
import type { Broadcaster } from './broadcasting/broadcaster';
import type { Logger } from './lib/logger';
import type { RateLimiter } from './lib/rate-limiter';
import type { ActivityLog } from './lib/unit-of-work';
import type { Mailer } from './mail/mailer';
import type { MailQueue } from './mail/queue';

export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** Everything a request handler may need, built once at start-up and passed down explicitly. */
export interface AppContext {
  config: Config;
  db: Kysely<Database>;
  logger: Logger;
  clock: Clock;
  /** Secret for signing session ids, CSRF tokens and links (derived from APP_KEY). */
  key: string;
  paths: { root: string; storage: string; manifest: string };
  mailer: Mailer;
  /** The outbox: mails are queued with the change and delivered by the worker (server/mail/queue.ts). */
  mailQueue: MailQueue;
  broadcaster: Broadcaster;
  limiter: RateLimiter;
  /** Where units of work write activity entries (features/activity/log.ts). */
  activityLog: ActivityLog;
  /** Absolute URL for a path, based on APP_URL (links in mails, Open Graph tags). */
  url(path: string): string;
}

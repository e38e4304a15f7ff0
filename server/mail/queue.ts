import type { Kysely } from 'kysely';
import type { Clock } from '../context';
import type { Database, Db } from '../db/types';
import type { Logger } from '../lib/logger';
import type { Mailer, MailMessage } from './mailer';
import { PollingLoop } from '../lib/polling-loop';
import { claimDueMails, insertOutboxMail, markMailFailed, markMailSent, pruneSentMails, type ClaimedMail } from './outbox-repository';

export interface MailQueueOptions {
  db: Kysely<Database>;
  mailer: Mailer;
  clock: Clock;
  logger: Logger;
  /** How often a running worker looks for due mails when nothing woke it (ms). */
  pollMs?: number;
  /** Attempts before a mail is given up (kept with failed_at and its last error). */
  maxAttempts?: number;
  /** First retry after this long; each further one waits twice as long (capped at an hour). */
  retryBaseMs?: number;
  /** Mails claimed per round trip. */
  batch?: number;
  /** A delivery that takes longer counts as failed (the SMTP server hangs). */
  sendTimeoutMs?: number;
}

export interface MailQueueStats {
  sent: number;
  retried: number;
  failed: number;
}

const HOUR_MS = 3_600_000;
const KEEP_SENT_MS = 7 * 24 * HOUR_MS;

/**
 * The outbox as a queue (ADR "mail outbox"): `enqueue` writes the mail in the caller's
 * transaction; the worker (`start`, in `npm start` or `npm run queue:work`) claims due mails
 * under a lease, delivers them, and retries failures with exponential backoff. At least once:
 * a worker killed between the SMTP server's acceptance and `sent_at` sends that mail again.
 */
export class MailQueue {
  readonly stats: MailQueueStats = { sent: 0, retried: 0, failed: 0 };
  readonly #o: Required<Omit<MailQueueOptions, 'db' | 'mailer' | 'clock' | 'logger'>>;
  readonly #loop: PollingLoop;
  #poked = false;
  #lastPrune = 0;

  constructor(private readonly options: MailQueueOptions) {
    this.#o = {
      pollMs: options.pollMs ?? 1_000,
      maxAttempts: options.maxAttempts ?? 8,
      retryBaseMs: options.retryBaseMs ?? 10_000,
      batch: options.batch ?? 20,
      sendTimeoutMs: options.sendTimeoutMs ?? 60_000,
    };
    this.#loop = new PollingLoop({
      round: () => this.#deliverBatch(),
      nextDelay: (claimed) => (claimed >= this.#o.batch ? 0 : this.#o.pollMs),
      pollMs: () => this.#o.pollMs,
      // The database is away, say: try again at the next poll.
      logger: options.logger,
      failure: 'mail queue: claiming failed',
      beforeTick: () => {
        this.#poked = false;
      },
    });
  }

  /** A claimed mail is left alone this long: well past a delivery's timeout. */
  get leaseMs(): number {
    return this.#o.sendTimeoutMs * 2;
  }

  /** Queues `message` in `db` (pass the open transaction); call `poke` once it committed. */
  async enqueue(db: Db, message: MailMessage): Promise<number> {
    return insertOutboxMail(db, message, this.options.clock.now());
  }

  /** Something was queued: a worker running here delivers it now rather than at its next poll. */
  poke(): void {
    this.#poked = true;
    this.#loop.poke();
  }

  /** Claims one batch of due mails and delivers them; the number claimed. Passes never overlap. */
  runOnce(): Promise<number> {
    return this.#loop.runOnce();
  }

  /** Delivers until nothing is due (retries that wait for later stay queued). */
  drain(): Promise<void> {
    return this.#loop.drain();
  }

  /** After a request: delivers what it queued, if it queued anything (tests wait on this). */
  async settle(): Promise<void> {
    if (!this.#poked) return;
    this.#poked = false;
    await this.drain();
  }

  /** The worker loop: polls every `pollMs`, and at once when poked. */
  start(): void {
    this.#loop.start();
  }

  /** Stops polling and waits for the delivery in progress (its mails are marked before exit). */
  stop(): Promise<void> {
    return this.#loop.stop();
  }

  async #deliverBatch(): Promise<number> {
    const { db, clock } = this.options;
    const claimed = await claimDueMails(db, clock.now(), this.leaseMs, this.#o.batch);
    for (const mail of claimed) await this.#deliver(mail);
    await this.#pruneNowAndThen();
    return claimed.length;
  }

  async #deliver(mail: ClaimedMail): Promise<void> {
    const { db, clock, logger } = this.options;
    try {
      await withTimeout(this.options.mailer.send(mail.message), this.#o.sendTimeoutMs);
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      const last = mail.attempts >= this.#o.maxAttempts;
      const retryAt = last ? null : new Date(clock.now().getTime() + this.retryDelayMs(mail.attempts));
      await markMailFailed(db, mail.id, reason.slice(0, 2000), clock.now(), retryAt);
      if (last) {
        this.stats.failed++;
        logger.error({ mail: mail.id, to: mail.message.to, attempts: mail.attempts, err: error }, 'mail queue: giving up on a mail');
      } else {
        this.stats.retried++;
        logger.warn({ mail: mail.id, attempts: mail.attempts, retryAt, err: error }, 'mail queue: delivery failed, will retry');
      }
      return;
    }
    await markMailSent(db, mail.id, clock.now());
    this.stats.sent++;
  }

  /** Wait before attempt `attempts + 1`: base, 2×base, 4×base … at most an hour. */
  retryDelayMs(attempts: number): number {
    return Math.min(HOUR_MS, this.#o.retryBaseMs * 2 ** Math.max(0, attempts - 1));
  }

  async #pruneNowAndThen(): Promise<void> {
    const now = this.options.clock.now().getTime();
    if (now - this.#lastPrune < HOUR_MS) return;
    this.#lastPrune = now;
    await pruneSentMails(this.options.db, new Date(now - KEEP_SENT_MS));
  }
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`mail delivery took longer than ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

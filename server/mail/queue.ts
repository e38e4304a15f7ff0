import type { Kysely } from 'kysely';
import type { Clock } from '../context';
import type { Database, Db } from '../db/types';
import type { Logger } from '../lib/logger';
import type { Mailer, MailMessage } from './mailer';
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
  #pass: Promise<number> | null = null;
  #poked = false;
  #timer: NodeJS.Timeout | null = null;
  #started = false;
  #lastPrune = 0;

  constructor(private readonly options: MailQueueOptions) {
    this.#o = {
      pollMs: options.pollMs ?? 1_000,
      maxAttempts: options.maxAttempts ?? 8,
      retryBaseMs: options.retryBaseMs ?? 10_000,
      batch: options.batch ?? 20,
      sendTimeoutMs: options.sendTimeoutMs ?? 60_000,
    };
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
    if (this.#started) this.#schedule(0);
  }

  /** Claims one batch of due mails and delivers them; the number claimed. Passes never overlap. */
  runOnce(): Promise<number> {
    const previous = this.#pass ?? Promise.resolve(0);
    const pass = previous.catch(() => 0).then(() => this.#deliverBatch());
    this.#pass = pass;
    void pass
      .finally(() => {
        if (this.#pass === pass) this.#pass = null;
      })
      .catch(() => {});
    return pass;
  }

  /** Delivers until nothing is due (retries that wait for later stay queued). */
  async drain(): Promise<void> {
    while ((await this.runOnce()) > 0);
  }

  /** After a request: delivers what it queued, if it queued anything (tests wait on this). */
  async settle(): Promise<void> {
    if (!this.#poked) return;
    this.#poked = false;
    await this.drain();
  }

  /** The worker loop: polls every `pollMs`, and at once when poked. */
  start(): void {
    if (this.#started) return;
    this.#started = true;
    this.#schedule(0);
  }

  /** Stops polling and waits for the delivery in progress (its mails are marked before exit). */
  async stop(): Promise<void> {
    this.#started = false;
    if (this.#timer) clearTimeout(this.#timer);
    this.#timer = null;
    await this.#pass?.catch(() => 0);
  }

  #schedule(delay: number): void {
    if (!this.#started) return;
    if (this.#timer) {
      if (delay > 0) return;
      clearTimeout(this.#timer);
    }
    this.#timer = setTimeout(() => {
      this.#timer = null;
      this.#poked = false;
      this.runOnce()
        .then((claimed) => this.#schedule(claimed >= this.#o.batch ? 0 : this.#o.pollMs))
        .catch((error) => {
          // The database is away, say: try again at the next poll.
          this.options.logger.warn({ err: error }, 'mail queue: claiming failed');
          this.#schedule(this.#o.pollMs);
        });
    }, delay);
    this.#timer.unref();
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

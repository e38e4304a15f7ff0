import type { Logger } from './logger';

export interface PollingLoopOptions {
  /** One round of work; answers how much it did. */
  round: () => Promise<number>;
  /** The wait before the next round, from what this one did (0: at once). */
  nextDelay: (done: number) => number;
  /** The wait after a failed round (the database is away, say). */
  pollMs: () => number;
  logger: Logger;
  /** The log line of a failed round. */
  failure: string;
  /** Runs when the timer fires, before its round. */
  beforeTick?: () => void;
}

/**
 * An outbox worker's loop (the mail queue's, the webhook worker's): rounds that never overlap,
 * polling when idle, at once when poked, and a stop that waits for the round in progress.
 */
export class PollingLoop {
  #timer: NodeJS.Timeout | null = null;
  #started = false;
  #pass: Promise<number> | null = null;

  constructor(private readonly o: PollingLoopOptions) {}

  get started(): boolean {
    return this.#started;
  }

  start(): void {
    if (this.#started) return;
    this.#started = true;
    this.#schedule(0);
  }

  /** Stops polling and waits for the round in progress. */
  async stop(): Promise<void> {
    this.#started = false;
    if (this.#timer) clearTimeout(this.#timer);
    this.#timer = null;
    await this.#pass?.catch(() => 0);
  }

  /** Something was queued: a running loop takes it now rather than at its next poll. */
  poke(): void {
    if (this.#started) this.#schedule(0, true);
  }

  /** One round, after the one in progress (rounds never overlap); what it did. */
  runOnce(): Promise<number> {
    const previous = this.#pass ?? Promise.resolve(0);
    const pass = previous.catch(() => 0).then(() => this.o.round());
    this.#pass = pass;
    void pass
      .finally(() => {
        if (this.#pass === pass) this.#pass = null;
      })
      .catch(() => {});
    return pass;
  }

  /** Rounds until one does nothing (work waiting for later stays queued). */
  async drain(): Promise<void> {
    while ((await this.runOnce()) > 0);
  }

  #schedule(delay: number, now = false): void {
    if (!this.#started) return;
    if (this.#timer) {
      if (!now) return;
      clearTimeout(this.#timer);
    }
    this.#timer = setTimeout(() => {
      this.#timer = null;
      this.o.beforeTick?.();
      this.runOnce()
        .then((done) => this.#schedule(this.o.nextDelay(done)))
        .catch((error) => {
          this.o.logger.warn({ err: error }, this.o.failure);
          this.#schedule(this.o.pollMs());
        });
    }, delay);
    this.#timer.unref();
  }
}

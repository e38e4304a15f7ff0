import type { Clock } from '../context';

interface Bucket {
  hits: number;
  resetAt: number;
}

/**
 * Fixed-window counters in memory (one process). `tooMany` before the action, `hit` after a
 * failure, `clear` after a success — the shape of Laravel's RateLimiter.
 */
export class RateLimiter {
  #buckets = new Map<string, Bucket>();

  constructor(private readonly clock: Clock) {}

  private bucket(key: string): Bucket | undefined {
    const b = this.#buckets.get(key);
    if (b && b.resetAt <= this.clock.now().getTime()) {
      this.#buckets.delete(key);
      return undefined;
    }
    return b;
  }

  hit(key: string, decaySeconds: number): number {
    const now = this.clock.now().getTime();
    const b = this.bucket(key) ?? { hits: 0, resetAt: now + decaySeconds * 1000 };
    b.hits += 1;
    this.#buckets.set(key, b);
    if (this.#buckets.size > 50_000) this.sweep();
    return b.hits;
  }

  tooMany(key: string, maxAttempts: number): boolean {
    return (this.bucket(key)?.hits ?? 0) >= maxAttempts;
  }

  /** Seconds until the key's window resets (at least 1 while limited). */
  availableIn(key: string): number {
    const b = this.bucket(key);
    return b ? Math.max(1, Math.ceil((b.resetAt - this.clock.now().getTime()) / 1000)) : 0;
  }

  clear(key: string): void {
    this.#buckets.delete(key);
  }

  /** Counts an attempt; true when it is over the limit. */
  attempt(key: string, maxAttempts: number, decaySeconds: number): boolean {
    if (this.tooMany(key, maxAttempts)) return true;
    this.hit(key, decaySeconds);
    return false;
  }

  private sweep() {
    const now = this.clock.now().getTime();
    for (const [k, b] of this.#buckets) if (b.resetAt <= now) this.#buckets.delete(k);
  }
}

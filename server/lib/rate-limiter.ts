import type { Redis } from 'ioredis';
import { lazyPackage } from './lazy-package';
import type pg from 'pg';
import { RateLimiterMemory, RateLimiterPostgres, RateLimiterRedis, type RateLimiterAbstract, type RateLimiterRes } from 'rate-limiter-flexible';
import type { Clock } from '../context';
import { sha256 } from './crypto';

// Loaded only when the throttles live in Redis.
const ioredis = lazyPackage<typeof import('ioredis')>('ioredis');

/**
 * Where the counters live. Memory serves one process only (the embedded PGlite mode); several
 * web nodes share Redis or the PostgreSQL `throttles` table, so an attacker gets the same
 * number of attempts however many nodes answer.
 */
export type ThrottleStore = { kind: 'memory' } | { kind: 'postgres'; pool: pg.Pool } | { kind: 'redis'; url: string; prefix: string };

/** A counter's key stays within the table's varchar(255) however long the e-mail address is. */
const storedKey = (key: string) => (key.length > 200 ? `sha256:${sha256(key)}` : key);

interface Counter {
  hits: number;
  msLeft: number;
}

/** Where a RateLimiter keeps its counters. */
interface Backend {
  get(key: string): Promise<Counter | null>;
  hit(key: string, decaySeconds: number): Promise<number>;
  /** One hit less, never below none (a window that has ended stays ended). */
  unhit(key: string, decaySeconds: number): Promise<void>;
  clear(key: string): Promise<void>;
  close(): Promise<void>;
}

/**
 * One process's memory, on the app's clock (the embedded mode; tests move the clock). The
 * shared stores below count in wall-clock time, as Redis and PostgreSQL do.
 */
class MemoryBackend implements Backend {
  #buckets = new Map<string, { hits: number; resetAt: number }>();
  constructor(private readonly clock: Clock) {}

  #bucket(key: string) {
    const b = this.#buckets.get(key);
    if (b && b.resetAt <= this.clock.now().getTime()) {
      this.#buckets.delete(key);
      return undefined;
    }
    return b;
  }

  async get(key: string): Promise<Counter | null> {
    const b = this.#bucket(key);
    return b ? { hits: b.hits, msLeft: b.resetAt - this.clock.now().getTime() } : null;
  }

  async hit(key: string, decaySeconds: number): Promise<number> {
    const now = this.clock.now().getTime();
    const b = this.#bucket(key) ?? { hits: 0, resetAt: now + decaySeconds * 1000 };
    b.hits += 1;
    this.#buckets.set(key, b);
    if (this.#buckets.size > 50_000) for (const [k, v] of this.#buckets) if (v.resetAt <= now) this.#buckets.delete(k);
    return b.hits;
  }

  async unhit(key: string): Promise<void> {
    const b = this.#bucket(key);
    if (b && b.hits > 0) b.hits -= 1;
  }

  async clear(key: string): Promise<void> {
    this.#buckets.delete(key);
  }

  async close(): Promise<void> {}
}

/** rate-limiter-flexible on Redis or PostgreSQL: every web node sees the same counts. */
class SharedBackend implements Backend {
  readonly #limiters = new Map<number, RateLimiterAbstract>();
  readonly #redis: Redis | null;

  constructor(private readonly store: Exclude<ThrottleStore, { kind: 'memory' }>) {
    this.#redis =
      store.kind === 'redis'
        ? // No offline queue: while Redis is away a check answers from memory at once (insurance).
          new (ioredis().Redis)(store.url, { maxRetriesPerRequest: 1, enableOfflineQueue: false, commandTimeout: 2_000 })
        : null;
    this.#redis?.on('error', () => {
      // Reconnects by itself; meanwhile the insurance limiter counts in memory.
    });
  }

  #limiter(decaySeconds: number): RateLimiterAbstract {
    let limiter = this.#limiters.get(decaySeconds);
    if (limiter) return limiter;
    // Counts are compared by RateLimiter, so the library's limiter itself never refuses.
    const base = { points: 2 ** 30, duration: decaySeconds, keyPrefix: 'throttle' };
    const store = this.store;
    limiter =
      store.kind === 'postgres'
        ? // The table comes from a migration (2026_11_25_000002_throttles).
          new RateLimiterPostgres({ ...base, storeClient: store.pool, storeType: 'pool', tableName: 'throttles', tableCreated: true })
        : new RateLimiterRedis({
            ...base,
            keyPrefix: `${store.prefix}:throttle`,
            storeClient: this.#redis,
            rejectIfRedisNotReady: true,
            insuranceLimiter: new RateLimiterMemory(base),
          });
    this.#limiters.set(decaySeconds, limiter);
    return limiter;
  }

  /** Any limiter reads and deletes a key: the duration only matters when a window starts. */
  #reader(): RateLimiterAbstract {
    return this.#limiters.values().next().value ?? this.#limiter(60);
  }

  async get(key: string): Promise<Counter | null> {
    const res: RateLimiterRes | null = await this.#reader().get(storedKey(key));
    return res ? { hits: res.consumedPoints, msLeft: res.msBeforeNext } : null;
  }

  async hit(key: string, decaySeconds: number): Promise<number> {
    return (await this.#limiter(decaySeconds).penalty(storedKey(key), 1)).consumedPoints;
  }

  async unhit(key: string, decaySeconds: number): Promise<void> {
    // On a key whose window ended meanwhile the library starts a new one at -1: drop it instead.
    const res = await this.#limiter(decaySeconds).reward(storedKey(key), 1);
    if (res.consumedPoints < 0) await this.clear(key);
  }

  async clear(key: string): Promise<void> {
    await this.#reader().delete(storedKey(key));
  }

  async close(): Promise<void> {
    if (this.#redis) await this.#redis.quit().catch(() => this.#redis?.disconnect());
  }
}

/** One limit on one counter: at most `maxAttempts` failures in a window of `decaySeconds`. */
export interface Throttle {
  key: string;
  maxAttempts: number;
  decaySeconds: number;
}

/**
 * Fixed-window counters: `tooMany` before the action, `hit` after a failure, `clear` after a
 * success — the shape of Laravel's RateLimiter. A window starts at a key's first hit and lasts
 * that hit's `decaySeconds`.
 */
export class RateLimiter {
  readonly #backend: Backend;

  constructor(
    readonly store: ThrottleStore,
    clock: Clock,
  ) {
    this.#backend = store.kind === 'memory' ? new MemoryBackend(clock) : new SharedBackend(store);
  }

  get kind(): ThrottleStore['kind'] {
    return this.store.kind;
  }

  /** Counts a failure; the number of hits in the window. */
  hit(key: string, decaySeconds: number): Promise<number> {
    return this.#backend.hit(key, decaySeconds);
  }

  /** The hits counted in the key's window. */
  async hits(key: string): Promise<number> {
    return (await this.#backend.get(key))?.hits ?? 0;
  }

  async tooMany(key: string, maxAttempts: number): Promise<boolean> {
    return ((await this.#backend.get(key))?.hits ?? 0) >= maxAttempts;
  }

  /** Seconds until the key's window resets (at least 1 while limited). */
  async availableIn(key: string): Promise<number> {
    const counter = await this.#backend.get(key);
    return counter ? Math.max(1, Math.ceil(counter.msLeft / 1000)) : 0;
  }

  clear(key: string): Promise<void> {
    return this.#backend.clear(key);
  }

  /**
   * Takes one attempt from each of `throttles` before the action is tried, so that parallel
   * requests cannot all pass a check made before any of them failed. Answers 0 when the attempt
   * may go ahead: a failure leaves its hits counted, a success gives them back (`giveBack`) or
   * clears its key. Otherwise the attempt is taken back at once and the answer is the seconds
   * until every counter over its limit has reset.
   */
  async take(throttles: readonly Throttle[]): Promise<number> {
    const hits = await Promise.all(throttles.map((t) => this.hit(t.key, t.decaySeconds)));
    const over = throttles.filter((t, i) => hits[i] > t.maxAttempts);
    if (!over.length) return 0;
    await this.giveBack(throttles);
    return Math.max(...(await Promise.all(over.map((t) => this.availableIn(t.key)))));
  }

  /** Takes back one hit from each of `throttles` (an attempt that succeeded, or was refused). */
  async giveBack(throttles: readonly Throttle[]): Promise<void> {
    await Promise.all(throttles.map((t) => this.#backend.unhit(t.key, t.decaySeconds)));
  }

  /** Counts an attempt; true when it is over the limit. */
  async attempt(key: string, maxAttempts: number, decaySeconds: number): Promise<boolean> {
    if (await this.tooMany(key, maxAttempts)) return true;
    await this.hit(key, decaySeconds);
    return false;
  }

  close(): Promise<void> {
    return this.#backend.close();
  }
}

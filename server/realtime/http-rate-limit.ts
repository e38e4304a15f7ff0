/**
 * The HTTP API's rate limit per app: a fixed window of one second (REVERB_APP_HTTP_RATE_LIMIT requests in it).
 * With Redis the window is counted over every node (one INCR per request, keyed by the second); without it, or
 * while Redis is away, each node counts its own requests. Answers the headers every limited answer carries.
 */
import { ScalingUnavailable } from './scaling';

export interface RateVerdict {
  ok: boolean;
  /** RateLimit-* (IETF draft) and X-RateLimit-* (soketi's) on every answer; Retry-After on a refusal. */
  headers: Record<string, string>;
}

/** Counts one request in `window` (a second since the epoch) over all nodes and answers the count so far. */
export type SharedCounter = (window: number) => Promise<number>;

export class HttpRateLimiter {
  private window = -1;
  private count = 0;

  /** `limit` requests per second; 0 or less: no limit. */
  constructor(
    private readonly limit: number,
    private readonly shared?: SharedCounter,
  ) {}

  /** Counts a request; null when there is no limit. */
  async take(now = Date.now()): Promise<RateVerdict | null> {
    if (this.limit <= 0) return null;
    const window = Math.floor(now / 1000);
    let count: number;
    try {
      count = this.shared ? await this.shared(window) : this.local(window);
    } catch (e) {
      // Redis away: this node's own count still holds a runaway client back.
      if (!(e instanceof ScalingUnavailable)) throw e;
      count = this.local(window);
    }
    const reset = Math.max(1, Math.ceil(((window + 1) * 1000 - now) / 1000));
    const remaining = String(Math.max(0, this.limit - count));
    const headers: Record<string, string> = {
      'RateLimit-Limit': String(this.limit),
      'RateLimit-Remaining': remaining,
      'RateLimit-Reset': String(reset),
      'X-RateLimit-Limit': String(this.limit),
      'X-RateLimit-Remaining': remaining,
    };
    const ok = count <= this.limit;
    if (!ok) headers['Retry-After'] = String(reset);
    return { ok, headers };
  }

  private local(window: number): number {
    if (window !== this.window) {
      this.window = window;
      this.count = 0;
    }
    this.count += 1;
    return this.count;
  }
}

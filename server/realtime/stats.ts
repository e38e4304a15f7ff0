/**
 * What one node counts for its metrics: plain numbers, so the hot paths (every frame in, every socket an event
 * fans out to) pay an addition, not a metrics-library call. metrics.ts reads them when Prometheus scrapes.
 */
export class RealtimeStats {
  connectionsOpened = 0;
  connectionsClosed = 0;
  /** Handshakes refused, by reason (app, protocol, origin, ip, quota, shutdown). */
  readonly refusedBy = new Map<string, number>();
  messagesIn = 0;
  bytesIn = 0;
  messagesOut = 0;
  bytesOut = 0;
  httpRequests = 0;
  httpBytesIn = 0;
  /** Webhook requests answered 2xx, and the events they carried. */
  webhookDeliveries = 0;
  webhookEventsDelivered = 0;
  /** Webhook requests that failed (each attempt, retried or not). */
  webhookFailures = 0;
  /**
   * Events given up on: retries exhausted, queue overflow (maxQueued in memory, maxQueuedRedis in Redis), a
   * failed push to Redis, or shutdown (in memory only: with Redis what is left stays queued).
   */
  webhookEventsDropped = 0;
  /** Events waiting: this node's in-memory queues, or (durable queue) the app's Redis queues as this node last saw them. */
  webhookEventsQueued = 0;
  redisRoundTrips = 0;
  redisErrors = 0;
  /** Set by the metrics server: observes each Redis round trip's duration in seconds. */
  onRedisRoundTrip: ((seconds: number) => void) | null = null;

  received(bytes: number): void {
    this.messagesIn += 1;
    this.bytesIn += bytes;
  }

  sent(bytes: number, count = 1): void {
    this.messagesOut += count;
    this.bytesOut += bytes * count;
  }

  refused(reason: string): void {
    this.refusedBy.set(reason, (this.refusedBy.get(reason) ?? 0) + 1);
  }

  redisRoundTrip(startedAt: number, ok: boolean): void {
    this.redisRoundTrips += 1;
    if (!ok) this.redisErrors += 1;
    this.onRedisRoundTrip?.((performance.now() - startedAt) / 1000);
  }
}

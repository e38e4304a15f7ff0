/**
 * The webhook sender (format: webhook-events.ts). Events are queued per receiver URL and sent in batches: the
 * first event of an empty queue starts a batchMs window, then up to maxBatch events go in one signed POST. One
 * request per URL is in flight at a time, so a receiver sees batches in order. A failed request (network error,
 * timeout, any status but 2xx) is retried with exponential backoff, the same body each time; after `retries`
 * it is dropped and counted. Nothing here waits on the event loop: requests are asynchronous, timers are unref'd,
 * and the queue is bounded (the oldest events go first when it overflows).
 *
 * At most once across nodes: each event is emitted by the one node whose atomic step decided it (first join /
 * last leave of a channel or presence user, the client event's own node, the reaper of a dead node).
 */
import { Agent as HttpAgent, request as httpRequest } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';
import { logSafely } from './guard';
import type { RealtimeLogger, ResolvedOptions } from './options';
import type { RealtimeStats } from './stats';
import { WEBHOOK_KEY_HEADER, WEBHOOK_SIGNATURE_HEADER, signWebhook, type WebhookBody, type WebhookEvent, type WebhookEventType } from '../lib/webhook-events';

type Options = NonNullable<ResolvedOptions['webhooks']>;

const httpAgent = new HttpAgent({ keepAlive: true, maxSockets: 4 });
const httpsAgent = new HttpsAgent({ keepAlive: true, maxSockets: 4 });

interface Batch {
  body: string;
  events: number;
  attempt: number;
}

/** One receiver URL: its queue, the batch in flight and its timers. */
class Target {
  queue: WebhookEvent[] = [];
  inFlight: Batch | null = null;
  timer: NodeJS.Timeout | null = null;
  abort: AbortController | null = null;

  constructor(readonly url: string) {}
}

export class WebhookSender {
  private readonly targets: Target[];
  private readonly types: ReadonlySet<WebhookEventType>;
  private stopping = false;

  constructor(
    private readonly opts: Options,
    private readonly app: { key: string; secret: string },
    private readonly stats: RealtimeStats,
    private readonly log: RealtimeLogger,
  ) {
    this.targets = opts.urls.map((url) => new Target(url));
    this.types = new Set(opts.events);
  }

  channelOccupied(channel: string): void {
    this.enqueue({ name: 'channel_occupied', channel });
  }

  channelVacated(channel: string): void {
    this.enqueue({ name: 'channel_vacated', channel });
  }

  memberAdded(channel: string, userId: string | number): void {
    this.enqueue({ name: 'member_added', channel, user_id: String(userId) });
  }

  memberRemoved(channel: string, userId: string | number): void {
    this.enqueue({ name: 'member_removed', channel, user_id: String(userId) });
  }

  /** `data` as Pusher sends it: a string (what the client sent, JSON-encoded when it was not a string). */
  clientEvent(channel: string, event: string, data: unknown, socketId: string, userId?: string | number): void {
    if (!this.types.has('client_event')) return;
    const payload = typeof data === 'string' ? data : (JSON.stringify(data ?? null) ?? 'null');
    this.enqueue(
      userId === undefined
        ? { name: 'client_event', channel, event, data: payload, socket_id: socketId }
        : { name: 'client_event', channel, event, data: payload, socket_id: socketId, user_id: String(userId) },
    );
  }

  cacheMiss(channel: string): void {
    this.enqueue({ name: 'cache_miss', channel });
  }

  private enqueue(event: WebhookEvent): void {
    if (this.stopping || !this.types.has(event.name)) return;
    for (const t of this.targets) {
      if (t.queue.length >= this.opts.maxQueued) {
        t.queue.shift();
        this.stats.webhookEventsDropped += 1;
        this.stats.webhookEventsQueued -= 1;
      }
      t.queue.push(event);
      this.stats.webhookEventsQueued += 1;
      if (!t.inFlight && !t.timer) this.schedule(t, this.opts.batchMs);
    }
  }

  private schedule(t: Target, ms: number): void {
    t.timer = setTimeout(() => {
      t.timer = null;
      this.sendNext(t);
    }, ms);
    t.timer.unref();
  }

  /** Takes the next batch off the queue and sends it (never throws: every failure is a retry or a drop). */
  private sendNext(t: Target): void {
    if (t.inFlight || t.queue.length === 0) return;
    const events = t.queue.splice(0, this.opts.maxBatch);
    this.stats.webhookEventsQueued -= events.length;
    const body: WebhookBody = { time_ms: Date.now(), events };
    t.inFlight = { body: JSON.stringify(body), events: events.length, attempt: 0 };
    void this.post(t);
  }

  private async post(t: Target): Promise<void> {
    const batch = t.inFlight;
    if (!batch) return;
    batch.attempt += 1;
    const abort = new AbortController();
    t.abort = abort;
    const failure = await this.request(t.url, batch.body, abort.signal);
    t.abort = null;
    if (failure === null) {
      this.stats.webhookDeliveries += 1;
      this.stats.webhookEventsDelivered += batch.events;
      return this.done(t);
    }
    this.stats.webhookFailures += 1;
    if (this.stopping || batch.attempt > this.opts.retries) {
      this.stats.webhookEventsDropped += batch.events;
      logSafely(this.log, 'warn', `realtime webhook to ${t.url} failed (${failure}); gave up on ${batch.events} event(s) after ${batch.attempt} attempt(s)`);
      return this.done(t);
    }
    const delay = this.opts.retryBaseMs * 2 ** (batch.attempt - 1);
    logSafely(this.log, 'warn', `realtime webhook to ${t.url} failed (${failure}); retrying in ${delay} ms`);
    t.timer = setTimeout(() => {
      t.timer = null;
      void this.post(t);
    }, delay);
    t.timer.unref();
  }

  /**
   * One signed POST; resolves with null when answered 2xx, else with what went wrong (never rejects).
   * node:http rather than fetch: fetch would load undici (and its wasm parser) into every realtime node.
   */
  private request(url: string, body: string, signal: AbortSignal): Promise<string | null> {
    return new Promise((resolve) => {
      let settled = false;
      const finish = (failure: string | null) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        resolve(failure);
      };
      const timer = setTimeout(() => req.destroy(new Error(`no answer within ${this.opts.timeoutMs} ms`)), this.opts.timeoutMs);
      timer.unref();
      const send = url.startsWith('https:') ? httpsRequest : httpRequest;
      const req = send(url, {
        method: 'POST',
        agent: url.startsWith('https:') ? httpsAgent : httpAgent,
        signal,
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
          [WEBHOOK_KEY_HEADER]: this.app.key,
          [WEBHOOK_SIGNATURE_HEADER]: signWebhook(this.app.secret, body),
        },
      });
      req.on('response', (res) => {
        res.resume(); // the answer's body is not needed; reading it frees the keep-alive connection
        res.on('end', () => finish(res.statusCode !== undefined && res.statusCode >= 200 && res.statusCode < 300 ? null : `HTTP ${res.statusCode}`));
        res.on('error', (e) => finish(e.message));
      });
      req.on('error', (e: NodeJS.ErrnoException) => finish(e.code ?? e.message));
      req.end(body);
    });
  }

  private done(t: Target): void {
    t.inFlight = null;
    if (t.queue.length === 0) return;
    // More is waiting: send it now when a full batch is there, else after the batch window.
    if (this.stopping || t.queue.length >= this.opts.maxBatch) this.sendNext(t);
    else this.schedule(t, this.opts.batchMs);
  }

  /** Sends what is queued once more without waiting for windows or retries, for up to graceMs; then gives up on the rest. */
  async stop(graceMs = 2000): Promise<void> {
    this.stopping = true;
    const deadline = Date.now() + graceMs;
    for (const t of this.targets) {
      if (t.timer) clearTimeout(t.timer);
      t.timer = null;
      if (t.inFlight && !t.abort)
        void this.post(t); // was waiting for a retry: one last attempt
      else this.sendNext(t);
    }
    while (this.targets.some((t) => t.inFlight) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
    for (const t of this.targets) {
      t.abort?.abort(new Error('server stopping'));
      if (t.timer) clearTimeout(t.timer);
      this.stats.webhookEventsDropped += t.queue.length;
      this.stats.webhookEventsQueued -= t.queue.length;
      t.queue = [];
    }
  }
}

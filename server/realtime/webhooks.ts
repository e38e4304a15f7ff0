/**
 * The webhook sender (format: webhook-events.ts). Each app has its receivers (targets), each with its own event
 * types, channel filter (soketi's channel_name_starts_with / channel_name_ends_with) and extra headers; an
 * event goes to the targets that accept it. Per target, events are queued and sent in order, one request in
 * flight at a time. With batching (batchMs > 0, `batching` not false) the first event of an empty queue starts
 * a batchMs window, then up to maxBatch events go in one signed POST; without, each event is its own POST (as
 * Pusher and soketi send them). A failed request (network error, timeout, any status but 2xx) is retried with
 * exponential backoff, the same body each time; after `retries` it is dropped and counted. Nothing here waits
 * on the event loop: requests are asynchronous, timers are unref'd.
 *
 * Where the queue lives:
 * - Without Redis, in memory, bounded by maxQueued (the oldest go first when it overflows, counted); what is
 *   still queued when the server stops after its grace period is dropped and counted.
 * - When the server scales through Redis, in Redis (durable, ADR 0033): per target a list `…:webhooks:<id>:q`
 *   under the app's key prefix, bounded by maxQueuedRedis (beyond it the oldest are dropped, counted and
 *   logged). An event is pushed there before anything sends it. Sending takes a per-target lease
 *   (`…:lease`, SET NX PX, renewed while held): only the holder moves a batch from the queue to `…:p` (the batch
 *   in flight, a Lua script that checks the lease first) and removes it after a 2xx or after the retries (by
 *   the batch's first item: each item carries a unique id; an ACK cut off by a Redis outage is repeated when
 *   Redis is back). So two nodes never both send a persisted event, and a target's events stay in order. A stopped
 *   server leaves what it could not send in Redis and frees the lease; a dead one's lease expires after
 *   nodeTimeoutMs. Every node looks for waiting events at start and every heartbeat, and the next holder
 *   sends the `…:p` batch first: an event in flight when its node died may arrive twice (at least once), an
 *   event never sent arrives once.
 *
 * At most once across nodes: each event is emitted by the one node whose atomic step decided it (first join /
 * last leave of a channel or presence user, the client event's own node, the reaper of a dead node).
 */
import { createHash, randomBytes } from 'node:crypto';
import { Agent as HttpAgent, request as httpRequest } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';
import type { Redis } from 'ioredis';
import { lazyPackage } from '../lib/lazy-package';
import { logSafely } from './guard';
import type { RealtimeLogger, ResolvedWebhookOptions, ResolvedWebhookTarget } from './options';
import type { RealtimeStats } from './stats';
import { WEBHOOK_KEY_HEADER, WEBHOOK_SIGNATURE_HEADER, signWebhook, type WebhookEvent, type WebhookEventType } from '../lib/webhook-events';

const redisPackage = lazyPackage<typeof import('ioredis')>('ioredis');

const httpAgent = new HttpAgent({ keepAlive: true, maxSockets: 4 });
const httpsAgent = new HttpsAgent({ keepAlive: true, maxSockets: 4 });

/** Where the durable queue lives: the app's Redis and key prefix, and how long a lease outlives its holder's silence. */
export interface DurableWebhookQueue {
  url: string;
  prefix: string;
  commandTimeoutMs: number;
  /** A holder that stops renewing loses its lease after this long (the node timeout). */
  leaseMs: number;
  /** How often every node looks for waiting events (the heartbeat). */
  sweepMs: number;
}

/** Lua script → its SHA1, for EVALSHA. */
const SHAS = new Map<string, string>();

// KEYS: queue. ARGV: event json, bound. Returns how many of the oldest were dropped to stay within the bound.
const ENQUEUE = `
local n = redis.call('RPUSH', KEYS[1], ARGV[1])
local over = n - tonumber(ARGV[2])
if over > 0 then redis.call('LTRIM', KEYS[1], over, -1) return over end
return 0`;

// KEYS: lease. ARGV: token, ms. Takes a free lease or extends our own; 0 when another node holds it.
const ACQUIRE = `
local v = redis.call('GET', KEYS[1])
if v == ARGV[1] then redis.call('PEXPIRE', KEYS[1], ARGV[2]) return 1 end
if not v then redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2]) return 1 end
return 0`;

// KEYS: lease. ARGV: token, ms. Extends our lease only.
const RENEW = `
if redis.call('GET', KEYS[1]) == ARGV[1] then redis.call('PEXPIRE', KEYS[1], ARGV[2]) return 1 end
return 0`;

// KEYS: lease, queue, in flight. ARGV: token, most events. nil without the lease; else the batch in flight
// (left by an earlier holder), or the next events moved from the queue to in flight; empty when none.
const CLAIM = `
if redis.call('GET', KEYS[1]) ~= ARGV[1] then return false end
local held = redis.call('LRANGE', KEYS[3], 0, -1)
if #held > 0 then return held end
local items = redis.call('LRANGE', KEYS[2], 0, tonumber(ARGV[2]) - 1)
if #items > 0 then
  redis.call('LTRIM', KEYS[2], #items, -1)
  redis.call('RPUSH', KEYS[3], unpack(items))
end
return items`;

// KEYS: in flight. ARGV: the batch's first item. The batch in flight is done (sent, or given up on). Checked by
// the batch (each item starts with a unique id), not the lease: a holder whose ACK was cut off by a Redis outage
// repeats it once Redis is back, even after its lease lapsed; a batch already resumed by another node is its.
const ACK = `
if redis.call('LINDEX', KEYS[1], 0) ~= ARGV[1] then return 0 end
redis.call('DEL', KEYS[1])
return 1`;

// KEYS: lease, queue, in flight. ARGV: token, force. Frees our lease when nothing waits (or when forced).
const RELEASE = `
if redis.call('GET', KEYS[1]) ~= ARGV[1] then return 1 end
if ARGV[2] ~= '1' and (redis.call('LLEN', KEYS[2]) > 0 or redis.call('LLEN', KEYS[3]) > 0) then return 0 end
redis.call('DEL', KEYS[1])
return 1`;

/** One receiver and its queue (memory), or its Redis keys and drain loop (durable). */
class Target {
  /** In-memory queue and the batch in flight. */
  queue: WebhookEvent[] = [];
  inFlight: { body: string; events: number; attempt: number } | null = null;
  timer: NodeJS.Timeout | null = null;
  abort: AbortController | null = null;
  /** Durable: a drain loop is running / was asked to run again / lost its lease / queue length last seen. */
  running = false;
  again = false;
  lost = false;
  seen = 0;
  /** The first item of a batch done but not yet removed from Redis (the ACK failed): removed before anything else. */
  unacked: string | null = null;
  idle: Promise<void> = Promise.resolve();

  constructor(
    readonly conf: ResolvedWebhookTarget,
    readonly keys: { lease: string; queue: string; inFlight: string },
  ) {}

  get url(): string {
    return this.conf.url;
  }

  accepts(event: WebhookEvent): boolean {
    if (!this.conf.events.includes(event.name)) return false;
    const { channelNameStartsWith: starts, channelNameEndsWith: ends } = this.conf.filter;
    return (!starts || event.channel.startsWith(starts)) && (!ends || event.channel.endsWith(ends));
  }
}

type Outcome = 'sent' | 'dropped' | 'kept';

export class WebhookSender {
  private readonly targets: Target[];
  private readonly types: ReadonlySet<WebhookEventType>;
  private readonly batchSize: number;
  private stopping = false;
  /** Durable: the last round is over, no drain loop starts any more. */
  private closed = false;
  /** Wakes backoff and batch-window sleeps when the server stops. */
  private readonly stopped = new AbortController();
  private readonly redis: Redis | null = null;
  private readonly token = randomBytes(8).toString('hex');
  /** Items in Redis are `<unique id> <event json>`: the id tells one batch from another with the same events. */
  private sequence = 0;
  private readonly pending = new Set<Promise<void>>();
  private sweepTimer: NodeJS.Timeout | null = null;
  private lastBoundLog = 0;
  private redisUp = true;

  constructor(
    private readonly opts: ResolvedWebhookOptions,
    private readonly app: { key: string; secret: string },
    private readonly stats: RealtimeStats,
    private readonly log: RealtimeLogger,
    private readonly durable: DurableWebhookQueue | null = null,
  ) {
    const seen = new Map<string, number>();
    this.targets = opts.targets.map((conf) => {
      // Keyed by the URL (and its rank among equal URLs), so the same receiver finds its queue after a restart.
      const n = seen.get(conf.url) ?? 0;
      seen.set(conf.url, n + 1);
      const id = `${createHash('sha256').update(conf.url).digest('hex').slice(0, 16)}${n ? `-${n}` : ''}`;
      const base = `${durable?.prefix ?? ''}:webhooks:${id}`;
      return new Target(conf, { lease: `${base}:lease`, queue: `${base}:q`, inFlight: `${base}:p` });
    });
    this.types = new Set(opts.targets.flatMap((t) => t.events));
    this.batchSize = opts.batching ? opts.maxBatch : 1;
    if (durable) {
      const { Redis } = redisPackage();
      this.redis = new Redis(durable.url, { maxRetriesPerRequest: 1, commandTimeout: durable.commandTimeoutMs });
      this.redis.on('error', (e: Error) => {
        if (this.redisUp) logSafely(this.log, 'error', 'realtime webhook queue: redis error', e.message);
        this.redisUp = false;
      });
      this.redis.on('ready', () => {
        this.redisUp = true;
        this.sweep();
      });
      this.sweepTimer = setInterval(() => this.sweep(), durable.sweepMs);
      this.sweepTimer.unref();
    }
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
      if (!t.accepts(event)) continue;
      if (this.redis) {
        this.track(this.persist(t, event));
        continue;
      }
      if (t.queue.length >= this.opts.maxQueued) {
        t.queue.shift();
        this.stats.webhookEventsDropped += 1;
        this.stats.webhookEventsQueued -= 1;
      }
      t.queue.push(event);
      this.stats.webhookEventsQueued += 1;
      if (!t.inFlight && !t.timer) this.schedule(t, this.opts.batching ? this.opts.batchMs : 0);
    }
  }

  private track(work: Promise<void>): void {
    this.pending.add(work);
    void work.finally(() => this.pending.delete(work));
  }

  // ---- in memory ----

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
    const events = t.queue.splice(0, this.batchSize);
    this.stats.webhookEventsQueued -= events.length;
    t.inFlight = { body: JSON.stringify({ time_ms: Date.now(), events }), events: events.length, attempt: 0 };
    void this.post(t);
  }

  private async post(t: Target): Promise<void> {
    const batch = t.inFlight;
    if (!batch) return;
    batch.attempt += 1;
    const abort = new AbortController();
    t.abort = abort;
    const failure = await this.request(t, batch.body, abort.signal);
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

  private done(t: Target): void {
    t.inFlight = null;
    if (t.queue.length === 0) return;
    // More is waiting: send it now when a full batch is there (or without batching), else after the batch window.
    if (this.stopping || !this.opts.batching || t.queue.length >= this.batchSize) this.sendNext(t);
    else this.schedule(t, this.opts.batchMs);
  }

  // ---- in Redis ----

  /** Runs a Lua script by its SHA1 (loaded with EVAL the first time Redis does not know it). */
  private async script(lua: string, keys: number, ...args: (string | number)[]): Promise<unknown> {
    const redis = this.redis as Redis;
    let sha = SHAS.get(lua);
    if (!sha) SHAS.set(lua, (sha = createHash('sha1').update(lua).digest('hex')));
    try {
      return await redis.evalsha(sha, keys, ...args);
    } catch (e) {
      if (!(e as Error).message.startsWith('NOSCRIPT')) throw e;
      return redis.eval(lua, keys, ...args);
    }
  }

  /** Pushes the event to the target's Redis queue, then makes sure someone sends it. */
  private async persist(t: Target, event: WebhookEvent): Promise<void> {
    try {
      const item = `${this.token}${(this.sequence++).toString(36)} ${JSON.stringify(event)}`;
      const over = Number(await this.script(ENQUEUE, 1, t.keys.queue, item, this.opts.maxQueuedRedis));
      if (over > 0) {
        this.stats.webhookEventsDropped += over;
        if (Date.now() - this.lastBoundLog > 60_000) {
          this.lastBoundLog = Date.now();
          logSafely(this.log, 'warn', `realtime webhook queue for ${t.url} is full (${this.opts.maxQueuedRedis} events in Redis): dropped the oldest`);
        }
      }
    } catch (e) {
      this.stats.webhookEventsDropped += 1;
      logSafely(this.log, 'error', `realtime webhook to ${t.url}: could not queue ${event.name} in Redis (${(e as Error).message}); dropped`);
      return;
    }
    this.drain(t);
  }

  /** Starts the target's drain loop, or asks the running one for another round. */
  private drain(t: Target): void {
    if (!this.redis || this.closed) return;
    if (t.running) {
      t.again = true;
      return;
    }
    t.running = true;
    t.again = false;
    t.lost = false;
    t.idle = this.drainLoop(t).finally(() => {
      t.running = false;
      if (t.again && !this.stopping) this.drain(t);
    });
  }

  /**
   * Holds the target's lease and sends batch after batch until the queue is empty (then frees the lease), the
   * lease is another node's, or the server stops (then what is left stays in Redis for the next holder).
   */
  private async drainLoop(t: Target): Promise<void> {
    const durable = this.durable as DurableWebhookQueue;
    const renew = setInterval(
      () => {
        this.script(RENEW, 1, t.keys.lease, this.token, durable.leaseMs).then(
          (ok) => {
            if (Number(ok) !== 1) t.lost = true;
          },
          () => {},
        );
      },
      Math.max(20, Math.floor(durable.leaseMs / 3)),
    );
    renew.unref();
    let full = false;
    try {
      for (;;) {
        t.again = false;
        if (t.unacked !== null) {
          await this.script(ACK, 1, t.keys.inFlight, t.unacked);
          t.unacked = null;
        }
        if (Number(await this.script(ACQUIRE, 1, t.keys.lease, this.token, durable.leaseMs)) !== 1) return;
        // With batching, a window lets events gather unless the last claim found a full batch waiting.
        if (this.opts.batching && !this.stopping && !full) await this.sleep(this.opts.batchMs);
        const claimed = (await this.script(CLAIM, 3, t.keys.lease, t.keys.queue, t.keys.inFlight, this.token, this.batchSize)) as string[] | null;
        if (!claimed) return;
        if (claimed.length === 0) {
          if (Number(await this.script(RELEASE, 3, t.keys.lease, t.keys.queue, t.keys.inFlight, this.token, this.stopping ? '1' : '0')) === 1) return;
          continue;
        }
        full = claimed.length >= this.batchSize;
        const events = claimed.map((item) => item.slice(item.indexOf(' ') + 1));
        const outcome = await this.deliver(t, `{"time_ms":${Date.now()},"events":[${events.join(',')}]}`, claimed.length);
        if (outcome === 'kept') return;
        t.unacked = claimed[0];
        await this.script(ACK, 1, t.keys.inFlight, t.unacked);
        t.unacked = null;
        if (t.lost) return;
      }
    } catch (e) {
      logSafely(this.log, 'warn', `realtime webhook queue for ${t.url}: ${(e as Error).message}; retried at the next sweep`);
    } finally {
      clearInterval(renew);
    }
  }

  /** One batch with its retries: sent, dropped after the retries, or kept in Redis (the server stops, the lease was lost). */
  private async deliver(t: Target, body: string, events: number): Promise<Outcome> {
    for (let attempt = 1; ; attempt++) {
      const abort = new AbortController();
      t.abort = abort;
      const failure = await this.request(t, body, abort.signal);
      t.abort = null;
      if (failure === null) {
        this.stats.webhookDeliveries += 1;
        this.stats.webhookEventsDelivered += events;
        return 'sent';
      }
      this.stats.webhookFailures += 1;
      if (attempt > this.opts.retries) {
        this.stats.webhookEventsDropped += events;
        logSafely(this.log, 'warn', `realtime webhook to ${t.url} failed (${failure}); gave up on ${events} event(s) after ${attempt} attempt(s)`);
        return 'dropped';
      }
      if (this.stopping || t.lost) {
        logSafely(this.log, 'warn', `realtime webhook to ${t.url} failed (${failure}); ${events} event(s) stay queued in Redis`);
        return 'kept';
      }
      const delay = this.opts.retryBaseMs * 2 ** (attempt - 1);
      logSafely(this.log, 'warn', `realtime webhook to ${t.url} failed (${failure}); retrying in ${delay} ms`);
      await this.sleep(delay);
      if (this.stopping || t.lost) return 'kept';
    }
  }

  /** Looks for events waiting in Redis (queued by a node that stopped or died, or while the lease was taken). */
  private sweep(): void {
    const redis = this.redis;
    if (!redis || this.stopping) return;
    const lengths = redis.pipeline();
    for (const t of this.targets) lengths.llen(t.keys.queue).llen(t.keys.inFlight);
    lengths.exec().then(
      (results) => {
        this.targets.forEach((t, i) => {
          const waiting = Number(results?.[2 * i]?.[1] ?? 0) + Number(results?.[2 * i + 1]?.[1] ?? 0);
          this.stats.webhookEventsQueued += waiting - t.seen;
          t.seen = waiting;
          if (waiting > 0 || t.unacked !== null) this.drain(t);
        });
      },
      () => {},
    );
  }

  private sleep(ms: number): Promise<void> {
    const signal = this.stopped.signal;
    if (signal.aborted) return Promise.resolve();
    return new Promise((resolve) => {
      const wake = () => {
        clearTimeout(timer);
        resolve();
      };
      const timer = setTimeout(() => {
        signal.removeEventListener('abort', wake);
        resolve();
      }, ms);
      timer.unref();
      signal.addEventListener('abort', wake, { once: true });
    });
  }

  // ---- both ----

  /**
   * One signed POST; resolves with null when answered 2xx, else with what went wrong (never rejects).
   * node:http rather than fetch: fetch would load undici (and its wasm parser) into every realtime node.
   * The target's own headers go first: the sender's content-type, length, key and signature always win.
   */
  private request(t: Target, body: string, signal: AbortSignal): Promise<string | null> {
    const url = t.url;
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
          ...t.conf.headers,
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

  /**
   * Sends what is queued once more without waiting for windows or retries, for up to graceMs. In memory, what
   * is left is then given up on (counted); in Redis it stays queued (the request cut short is sent again by the
   * next holder) and the lease is freed, so another node or the next start sends it.
   */
  async stop(graceMs = 2000): Promise<void> {
    const deadline = Date.now() + graceMs;
    if (this.redis) return this.stopDurable(deadline);
    this.stopping = true;
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

  private async stopDurable(deadline: number): Promise<void> {
    const redis = this.redis as Redis;
    if (this.sweepTimer) clearInterval(this.sweepTimer);
    // Events emitted while the server was closing are in Redis before the last round starts.
    await Promise.allSettled([...this.pending]);
    this.stopping = true;
    this.stopped.abort();
    for (const t of this.targets) this.drain(t);
    const loops = Promise.allSettled(this.targets.map((t) => t.idle));
    const late = await Promise.race([loops.then(() => false), new Promise<boolean>((r) => setTimeout(() => r(true), Math.max(0, deadline - Date.now())).unref())]);
    this.closed = true;
    if (late) {
      for (const t of this.targets) t.abort?.abort(new Error('server stopping'));
      await loops;
    }
    await Promise.allSettled(this.targets.map((t) => this.script(RELEASE, 3, t.keys.lease, t.keys.queue, t.keys.inFlight, this.token, '1')));
    for (const t of this.targets) this.stats.webhookEventsQueued -= t.seen;
    redis.disconnect();
  }
}

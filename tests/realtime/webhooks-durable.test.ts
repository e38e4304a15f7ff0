/**
 * Issue #26, the durable webhook queue of a server scaled through a real Redis (ADR 0033): events queued while
 * the receiver is down survive a server stop, and a node killed mid-delivery, and arrive exactly once from the
 * next server with the same prefix; two nodes sharing one Redis send each event once; the Redis bound drops the
 * oldest, counted and logged.
 */
import { fork } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { Redis } from 'ioredis';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { verifyWebhook, type WebhookEvent } from '../../server/lib/webhook-events';
import { parseApps } from '../../server/realtime/apps';
import { createRealtimeServer, type RealtimeOptions } from '../../server/realtime/index';
import { APP, Opened, sleep } from './helpers';
import { WebhookReceiver } from './webhook-receiver';
import { freePort } from '../resilience/support/processes';

const REDIS_URL = process.env.REDIS_URL;
const opened = new Opened();
const keyOf = (e: WebhookEvent) => `${e.name} ${e.channel}`;
const counts = (events: WebhookEvent[]) => events.reduce((m, e) => m.set(keyOf(e), (m.get(keyOf(e)) ?? 0) + 1), new Map<string, number>());

afterEach(() => opened.closeAll());

describe.skipIf(!REDIS_URL)('durable webhook queue (real Redis)', () => {
  const prefixes: string[] = [];
  const redis = REDIS_URL ? new Redis(REDIS_URL) : (null as unknown as Redis);
  const newPrefix = () => {
    const p = `rt-durable-${randomBytes(4).toString('hex')}`;
    prefixes.push(p);
    return p;
  };
  /** Events waiting in Redis under the prefix (queued and in flight). */
  const waiting = async (prefix: string) => {
    const keys = (await redis.keys(`${prefix}:webhooks:*`)).filter((k) => /:(q|p)$/.test(k));
    const lists = await Promise.all(keys.map((k) => redis.lrange(k, 0, -1)));
    return lists.flat().map((item) => JSON.parse(item.slice(item.indexOf(' ') + 1)) as WebhookEvent);
  };
  afterAll(async () => {
    for (const p of prefixes) {
      const keys = await redis.keys(`${p}:*`);
      if (keys.length) await redis.del(...keys);
    }
    await redis.quit();
  });

  it('keeps what a stopped server could not deliver; the next server with the same prefix delivers each event exactly once', async () => {
    const prefix = newPrefix();
    const port = await freePort(); // nothing listens there yet: every attempt is refused
    const url = `http://127.0.0.1:${port}/webhooks/realtime`;
    const scaling = { redisUrl: REDIS_URL, redisKeyPrefix: prefix, heartbeatIntervalMs: 200, nodeTimeoutMs: 600 };
    const hooks = { webhooks: { urls: [url], batchMs: 0, retries: 50, retryBaseMs: 100 } };
    const first = await opened.server({ ...scaling, ...hooks });
    const c = await opened.raw(first.port);
    for (const channel of ['kept-1', 'kept-2', 'kept-3']) await c.subscribe(channel);
    c.close();
    const expected = ['kept-1', 'kept-2', 'kept-3'].flatMap((ch) => [`channel_occupied ${ch}`, `channel_vacated ${ch}`]).sort();
    await expect.poll(async () => (await waiting(prefix)).map(keyOf).sort(), { timeout: 3000 }).toEqual(expected);
    await first.stop(); // one event is in flight (backing off), five queued: none is dropped
    expect((await waiting(prefix)).map(keyOf).sort()).toEqual(expected);
    expect(await redis.keys(`${prefix}:webhooks:*:lease`)).toEqual([]); // a stopped server frees its lease

    const r = opened.add(await WebhookReceiver.start('/webhooks/realtime', port), (x) => x.stop());
    const second = await opened.server({ ...scaling, ...hooks });
    await r.until(() => r.events.length === 6);
    await sleep(500);
    expect(r.events.map(keyOf).sort()).toEqual(expected);
    expect([...counts(r.events).values()].every((n) => n === 1)).toBe(true);
    expect(r.deliveries.every((d) => d.body.events.length === 1)).toBe(true);
    for (const d of r.deliveries) expect(second.sdk.webhook({ headers: d.headers as Record<string, string>, rawBody: d.rawBody }).isValid()).toBe(true);
    expect(await waiting(prefix)).toEqual([]);
  });

  it('a node killed while it delivers: its queued and in-flight events are sent by a survivor once its lease expires', async () => {
    const prefix = newPrefix();
    const port = await freePort();
    const url = `http://127.0.0.1:${port}/webhooks/realtime`;
    const child = fork(fileURLToPath(new URL('./fixtures/redis-node.ts', import.meta.url)), {
      execArgv: ['--import', 'tsx'],
      env: { ...process.env, REDIS_URL, RT_PREFIX: prefix, RT_HEARTBEAT_MS: '200', RT_NODE_TIMEOUT_MS: '600', RT_WEBHOOK_URL: url },
      stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
    });
    try {
      const childPort = await new Promise<number>((resolve, reject) => {
        child.once('message', (m: { port: number }) => resolve(m.port));
        child.once('exit', (code) => reject(new Error(`node exited early (${code})`)));
      });
      const doomed = await opened.raw(childPort);
      await doomed.subscribe('crash-1');
      await doomed.subscribe('crash-2');
      await expect.poll(async () => (await waiting(prefix)).length, { timeout: 3000 }).toBe(2);
      child.kill('SIGKILL');
      await new Promise((resolve) => child.once('exit', resolve));
      const r = opened.add(await WebhookReceiver.start('/webhooks/realtime', port), (x) => x.stop());
      await opened.server({ redisUrl: REDIS_URL, redisKeyPrefix: prefix, heartbeatIntervalMs: 200, nodeTimeoutMs: 600, webhooks: { urls: [url], batchMs: 20, retryBaseMs: 100 } });
      // The survivor also reaps the dead node: its channels are vacated.
      await r.until(() => r.events.length === 4, 8000);
      await sleep(500);
      expect([...counts(r.events).entries()].sort()).toEqual([
        ['channel_occupied crash-1', 1],
        ['channel_occupied crash-2', 1],
        ['channel_vacated crash-1', 1],
        ['channel_vacated crash-2', 1],
      ]);
    } finally {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    }
  });

  it('two nodes sharing one Redis send each event once, in its own POST, through a receiver that fails now and then', async () => {
    const prefix = newPrefix();
    const r = opened.add(await WebhookReceiver.start(), (x) => x.stop());
    r.failNext = 3;
    const scaling = { redisUrl: REDIS_URL, redisKeyPrefix: prefix, heartbeatIntervalMs: 200, nodeTimeoutMs: 600 };
    const hooks = { webhooks: { urls: [r.url], batchMs: 0, retryBaseMs: 30 } };
    const a = await opened.server({ ...scaling, ...hooks });
    const b = await opened.server({ ...scaling, ...hooks });
    const [ca, cb] = [await opened.raw(a.port), await opened.raw(b.port)];
    const channels = Array.from({ length: 20 }, (_, i) => `pair-${i}`);
    await Promise.all(channels.map((ch, i) => (i % 2 ? ca : cb).subscribe(ch)));
    await r.until(() => r.events.length === 20, 8000);
    await sleep(400);
    expect(r.events.map((e) => e.channel).sort()).toEqual([...channels].sort());
    expect([...counts(r.events).values()].every((n) => n === 1)).toBe(true);
    expect(r.deliveries.filter((d) => d.status === 200).every((d) => d.body.events.length === 1)).toBe(true);
    expect(r.deliveries.filter((d) => d.status !== 200)).toHaveLength(3);
    expect(await waiting(prefix)).toEqual([]);
  });

  it("keeps each app's queue under the app's own prefix, and each app's events reach its receivers only", async () => {
    const prefix = newPrefix();
    const [mainPort, crmPort] = [await freePort(), await freePort()];
    const hookUrl = (port: number) => `http://127.0.0.1:${port}/webhooks/realtime`;
    const CRM = { appId: 'crm', key: 'crm-key', secret: 'crm-secret-0123456789' };
    const apps = parseApps(JSON.stringify([{ app_id: CRM.appId, key: CRM.key, secret: CRM.secret, webhooks: [{ url: hookUrl(crmPort) }] }]), 'REVERB_APPS');
    const srv = await opened.server({
      redisUrl: REDIS_URL,
      redisKeyPrefix: prefix,
      heartbeatIntervalMs: 200,
      nodeTimeoutMs: 600,
      webhooks: { urls: [hookUrl(mainPort)], batchMs: 10, retries: 50, retryBaseMs: 100 },
      apps,
    });
    const main = await opened.raw(srv.port);
    await main.subscribe('main-room');
    const crm = await opened.raw(srv.port, { path: `/app/${CRM.key}?protocol=7&client=js&version=8.4.0` });
    await crm.subscribe('crm-room');
    await expect
      .poll(async () => [(await waiting(`${prefix}:${APP.appId}`)).map(keyOf), (await waiting(`${prefix}:${CRM.appId}`)).map(keyOf)], { timeout: 3000 })
      .toEqual([['channel_occupied main-room'], ['channel_occupied crm-room']]);
    const mainHooks = opened.add(await WebhookReceiver.start('/webhooks/realtime', mainPort), (x) => x.stop());
    const crmHooks = opened.add(await WebhookReceiver.start('/webhooks/realtime', crmPort), (x) => x.stop());
    await mainHooks.until(() => mainHooks.events.length === 1, 5000);
    await crmHooks.until(() => crmHooks.events.length === 1, 5000);
    await sleep(300);
    expect(mainHooks.events).toEqual([{ name: 'channel_occupied', channel: 'main-room' }]);
    expect(crmHooks.events).toEqual([{ name: 'channel_occupied', channel: 'crm-room' }]);
    expect(crmHooks.deliveries.every((d) => d.headers['x-pusher-key'] === CRM.key && verifyWebhook(CRM, { key: CRM.key, signature: d.headers['x-pusher-signature'] as string }, d.rawBody))).toBe(true);
  });

  it('over maxQueuedRedis drops the oldest, counts and logs it; the rest is delivered', async () => {
    const prefix = newPrefix();
    const port = await freePort();
    const url = `http://127.0.0.1:${port}/webhooks/realtime`;
    const warnings: string[] = [];
    const options: RealtimeOptions = {
      ...APP,
      host: '127.0.0.1',
      port: 0,
      allowedOrigins: ['*'],
      maxMessageSize: 10_000,
      activityTimeout: 30,
      metricsPort: 0,
      redisUrl: REDIS_URL,
      redisKeyPrefix: prefix,
      heartbeatIntervalMs: 200,
      nodeTimeoutMs: 600,
      logger: { info() {}, warn: (...a: unknown[]) => warnings.push(a.join(' ')), error() {} },
      webhooks: { urls: [url], batchMs: 0, retries: 50, retryBaseMs: 100, maxQueuedRedis: 3 },
    };
    const server = createRealtimeServer(options);
    const { port: wsPort, metricsPort } = await server.start();
    opened.add(server, (s) => s.stop());
    const c = await opened.raw(wsPort);
    for (let i = 0; i < 8; i++) await c.subscribe(`over-${i}`);
    await expect.poll(() => warnings.some((w) => /queue for .* is full \(3 events in Redis\): dropped the oldest/.test(w)), { timeout: 3000 }).toBe(true);
    const metric = async (name: string) => {
      const text = await (await fetch(`http://127.0.0.1:${metricsPort}/metrics`)).text();
      return Number(new RegExp(`^${name}(?:\\{[^}]*\\})? (\\d+)`, 'm').exec(text)?.[1]);
    };
    const queue = (await redis.keys(`${prefix}:webhooks:*:q`))[0];
    expect(await redis.llen(queue)).toBeLessThanOrEqual(3);
    const inRedis = (await waiting(prefix)).length;
    const dropped = await metric('reverb_webhook_events_dropped_total');
    expect(inRedis + dropped).toBe(8);
    const r = opened.add(await WebhookReceiver.start('/webhooks/realtime', port), (x) => x.stop());
    await r.until(() => r.events.length === inRedis, 5000);
    expect(r.events.map((e) => e.channel)).toContain('over-7'); // the newest is kept
  });
});

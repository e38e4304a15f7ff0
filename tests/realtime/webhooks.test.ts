/**
 * Issue #16, webhooks in Pusher's format, received by a real local HTTP server: signature and headers (checked
 * with the `pusher` SDK), every event type, batching, retries with backoff after the receiver fails, and at most
 * once per event over two nodes sharing a real Redis (the node whose atomic step decided it sends it).
 */
import { fork } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { Redis } from 'ioredis';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { verifyWebhook, type WebhookEvent } from '../../server/lib/webhook-events';
import { APP, Opened, sleep, subscribed } from './helpers';
import { WebhookReceiver } from './webhook-receiver';
import { freePort } from '../resilience/support/processes';

const opened = new Opened();
const receiver = async () => opened.add(await WebhookReceiver.start(), (r) => r.stop());
const server = (over: Parameters<Opened['server']>[0]) => opened.server(over);
const open = (port: number) => opened.raw(port);
const hooks = (r: WebhookReceiver, over: Record<string, unknown> = {}) => ({ webhooks: { urls: [r.url], batchMs: 20, retryBaseMs: 50, ...over } });
const named = (events: WebhookEvent[], name: string) => events.filter((e) => e.name === name);

afterEach(() => opened.closeAll());

describe('webhooks (one node)', () => {
  it("are POSTs signed like Pusher's: X-Pusher-Key and X-Pusher-Signature (HMAC-SHA256 of the body), which the pusher SDK accepts", async () => {
    const r = await receiver();
    const srv = await server(hooks(r));
    const before = Date.now();
    const c = await open(srv.port);
    await c.subscribe('signed-room');
    await r.untilEvents([{ name: 'channel_occupied', channel: 'signed-room' }]);
    const [d] = r.deliveries;
    expect(d.headers['content-type']).toBe('application/json');
    expect(d.headers['x-pusher-key']).toBe(APP.key);
    expect(d.headers['x-pusher-signature']).toMatch(/^[0-9a-f]{64}$/);
    const sdkView = srv.sdk.webhook({ headers: d.headers as Record<string, string>, rawBody: d.rawBody });
    expect(sdkView.isValid()).toBe(true);
    expect(sdkView.getEvents()).toEqual([{ name: 'channel_occupied', channel: 'signed-room' }]);
    expect(sdkView.getTime().getTime()).toBeGreaterThanOrEqual(before);
    expect(verifyWebhook(APP, { key: d.headers['x-pusher-key'] as string, signature: d.headers['x-pusher-signature'] as string }, d.rawBody)).toBe(true);
    // Another secret, or a body changed on the way, fails the check.
    expect(srv.sdk.webhook({ headers: d.headers as Record<string, string>, rawBody: d.rawBody.replace('signed-room', 'other-room') }).isValid()).toBe(false);
    expect(verifyWebhook({ ...APP, secret: 'wrong' }, { key: APP.key, signature: d.headers['x-pusher-signature'] as string }, d.rawBody)).toBe(false);
  });

  it('channel_occupied on the first subscription and channel_vacated when the last socket leaves', async () => {
    const r = await receiver();
    const srv = await server(hooks(r));
    const a = await open(srv.port);
    const b = await open(srv.port);
    await a.subscribe('lobby');
    await b.subscribe('lobby');
    a.send({ event: 'pusher:unsubscribe', data: { channel: 'lobby' } });
    b.close(); // the last one goes by closing its socket
    await r.untilEvents([{ name: 'channel_vacated', channel: 'lobby' }]);
    await sleep(100);
    expect(r.events).toEqual([
      { name: 'channel_occupied', channel: 'lobby' },
      { name: 'channel_vacated', channel: 'lobby' },
    ]);
  });

  it('member_added / member_removed once per user (not per socket), member_removed before channel_vacated, with pusher-js', async () => {
    const r = await receiver();
    const srv = await server(hooks(r));
    const ann1 = opened.pusher(srv.port, srv.sdk, { presence: { user_id: 'ann', user_info: { name: 'Ann' } } });
    const ann2 = opened.pusher(srv.port, srv.sdk, { presence: { user_id: 'ann', user_info: { name: 'Ann' } } });
    const ben = opened.pusher(srv.port, srv.sdk, { presence: { user_id: 42 as unknown as string } });
    for (const p of [ann1, ann2, ben]) await subscribed(p.subscribe('presence-team'));
    ann1.disconnect();
    ben.disconnect();
    await r.untilEvents([{ name: 'member_removed', user_id: '42' }]);
    ann2.disconnect(); // the last socket: ann leaves, then the channel is empty
    await r.untilEvents([{ name: 'channel_vacated' }]);
    await sleep(100);
    expect(r.events).toEqual([
      { name: 'channel_occupied', channel: 'presence-team' },
      { name: 'member_added', channel: 'presence-team', user_id: 'ann' },
      { name: 'member_added', channel: 'presence-team', user_id: '42' },
      { name: 'member_removed', channel: 'presence-team', user_id: '42' },
      { name: 'member_removed', channel: 'presence-team', user_id: 'ann' },
      { name: 'channel_vacated', channel: 'presence-team' },
    ]);
  });

  it("client_event with the data as a string, the sender's socket_id, and user_id on presence channels", async () => {
    const r = await receiver();
    const srv = await server({ ...hooks(r, { events: ['client_event'] }), clientEvents: true });
    const a = await open(srv.port);
    const b = await open(srv.port);
    await a.subscribeSigned(srv.sdk, 'private-chat');
    await b.subscribeSigned(srv.sdk, 'private-chat');
    await a.subscribeSigned(srv.sdk, 'presence-chat', { user_id: 'u-a' });
    await b.subscribeSigned(srv.sdk, 'presence-chat', { user_id: 'u-b' });
    a.send({ event: 'client-typing', channel: 'private-chat', data: { on: true } });
    a.send({ event: 'client-said', channel: 'presence-chat', data: 'plain text' });
    await r.until(() => r.events.length === 2);
    expect(r.events).toEqual([
      { name: 'client_event', channel: 'private-chat', event: 'client-typing', data: '{"on":true}', socket_id: a.socketId },
      { name: 'client_event', channel: 'presence-chat', event: 'client-said', data: 'plain text', socket_id: a.socketId, user_id: 'u-a' },
    ]);
  });

  it('cache_miss when a cache channel has nothing cached, none once it has', async () => {
    const r = await receiver();
    const srv = await server(hooks(r, { events: ['cache_miss'] }));
    const first = await open(srv.port);
    await first.subscribe('cache-rates');
    await first.next('pusher:cache_miss');
    await r.untilEvents([{ name: 'cache_miss', channel: 'cache-rates' }]);
    await srv.sdk.trigger('cache-rates', 'rate', { v: 1 });
    const second = await open(srv.port);
    await second.subscribe('cache-rates');
    await second.next('rate');
    await sleep(150);
    expect(r.events).toEqual([{ name: 'cache_miss', channel: 'cache-rates' }]);
  });

  it('batches what happens within the window into one request (time_ms, events[] in order), at most maxBatch events each', async () => {
    const r = await receiver();
    const srv = await server(hooks(r, { batchMs: 300, maxBatch: 4 }));
    const c = await open(srv.port);
    for (let i = 0; i < 6; i++) c.send({ event: 'pusher:subscribe', data: { channel: `batch-${i}` } });
    await r.until(() => r.events.length === 6);
    expect(r.deliveries.map((d) => d.body.events.length)).toEqual([4, 2]);
    expect(r.events.map((e) => 'channel' in e && e.channel)).toEqual(['batch-0', 'batch-1', 'batch-2', 'batch-3', 'batch-4', 'batch-5']);
    for (const d of r.deliveries) expect(typeof d.body.time_ms).toBe('number');
  });

  it('retries a failed request with backoff and the same signed body until the receiver takes it', async () => {
    const r = await receiver();
    r.failNext = 2;
    const srv = await server({ ...hooks(r, { retryBaseMs: 100 }), metricsPort: 0 });
    const c = await open(srv.port);
    await c.subscribe('flaky');
    await r.until(() => r.events.length === 1);
    expect(r.deliveries.map((d) => d.status)).toEqual([500, 500, 200]);
    expect(new Set(r.deliveries.map((d) => d.rawBody)).size).toBe(1); // same body, same time_ms: a receiver can tell it is late
    expect(new Set(r.deliveries.map((d) => d.headers['x-pusher-signature'])).size).toBe(1);
    expect(r.events).toEqual([{ name: 'channel_occupied', channel: 'flaky' }]);
  });

  it('gives up after the retries, counts the loss, and keeps serving and sending', async () => {
    const r = await receiver();
    r.failNext = 3;
    r.failWith = 503;
    const srv = await server(hooks(r, { retries: 2, retryBaseMs: 30 }));
    const c = await open(srv.port);
    await c.subscribe('lost');
    await r.until(() => r.deliveries.length === 3);
    await sleep(200);
    expect(r.deliveries.map((d) => d.status)).toEqual([503, 503, 503]); // 1 try + 2 retries, then dropped
    await c.subscribe('after');
    await r.untilEvents([{ name: 'channel_occupied', channel: 'after' }]);
    expect(r.events).toEqual([{ name: 'channel_occupied', channel: 'after' }]);
  });

  it('retries a receiver that cannot be reached at all, and delivers once it is up', async () => {
    const port = await freePort();
    const srv = await server({ webhooks: { urls: [`http://127.0.0.1:${port}/webhooks/realtime`], batchMs: 10, retryBaseMs: 200, retries: 6 } });
    const c = await open(srv.port);
    await c.subscribe('later');
    await sleep(100); // the first attempt has failed: connection refused
    const r = opened.add(await WebhookReceiver.start('/webhooks/realtime', port), (x) => x.stop());
    await r.untilEvents([{ name: 'channel_occupied', channel: 'later' }]);
    expect(r.events).toEqual([{ name: 'channel_occupied', channel: 'later' }]);
  });

  it('times out a receiver that does not answer, and retries', async () => {
    const r = await receiver();
    r.hangNext = 1;
    const srv = await server(hooks(r, { timeoutMs: 200, retryBaseMs: 50 }));
    const c = await open(srv.port);
    await c.subscribe('slow');
    await r.untilEvents([{ name: 'channel_occupied', channel: 'slow' }]);
    expect(r.events).toEqual([{ name: 'channel_occupied', channel: 'slow' }]);
  });

  it('sends only the REVERB_WEBHOOK_EVENTS types, to every URL', async () => {
    const r1 = await receiver();
    const r2 = await receiver();
    const srv = await server({ webhooks: { urls: [r1.url, r2.url], events: ['member_added'], batchMs: 10 } });
    const c = await open(srv.port);
    await c.subscribeSigned(srv.sdk, 'presence-only', { user_id: 'x' });
    await r1.untilEvents([{ name: 'member_added' }]);
    await r2.untilEvents([{ name: 'member_added' }]);
    await sleep(100);
    for (const r of [r1, r2]) expect(r.events).toEqual([{ name: 'member_added', channel: 'presence-only', user_id: 'x' }]);
  });
});

const REDIS_URL = process.env.REDIS_URL;

describe.skipIf(!REDIS_URL)('webhooks over two nodes (real Redis): at most once per event', () => {
  const prefix = `rt-hooks-${randomBytes(4).toString('hex')}`;
  const scaling = { redisUrl: REDIS_URL, redisKeyPrefix: prefix, heartbeatIntervalMs: 200, nodeTimeoutMs: 600 };
  afterAll(async () => {
    const redis = new Redis(REDIS_URL!);
    const keys = await redis.keys(`${prefix}:*`);
    if (keys.length) await redis.del(...keys);
    await redis.quit();
  });

  it('occupancy and membership are decided by Redis: one channel_occupied / member_added / member_removed / channel_vacated whatever the nodes', async () => {
    const r = await receiver();
    const a = await server({ ...scaling, ...hooks(r) });
    const b = await server({ ...scaling, ...hooks(r) });
    // Ten sockets over both nodes join at once: one occupied, one member_added per user.
    const sockets = await Promise.all(Array.from({ length: 10 }, (_, i) => open(i % 2 ? a.port : b.port)));
    await Promise.all(sockets.map((s, i) => s.subscribeSigned(i % 2 ? a.sdk : b.sdk, 'presence-both', { user_id: `u${i % 3}` })));
    await r.until(() => named(r.events, 'member_added').length === 3);
    for (const s of sockets) s.close();
    await r.untilEvents([{ name: 'channel_vacated', channel: 'presence-both' }]);
    await sleep(300);
    expect(named(r.events, 'channel_occupied')).toEqual([{ name: 'channel_occupied', channel: 'presence-both' }]);
    expect(
      named(r.events, 'member_added')
        .map((e) => 'user_id' in e && e.user_id)
        .sort(),
    ).toEqual(['u0', 'u1', 'u2']);
    expect(
      named(r.events, 'member_removed')
        .map((e) => 'user_id' in e && e.user_id)
        .sort(),
    ).toEqual(['u0', 'u1', 'u2']);
    expect(named(r.events, 'channel_vacated')).toHaveLength(1);
  });

  it('a node that dies: the one survivor that reaps it sends member_removed and channel_vacated for what only it held, once', async () => {
    const r = await receiver();
    const a = await server({ ...scaling, ...hooks(r) });
    const b = await server({ ...scaling, ...hooks(r) });
    const child = fork(fileURLToPath(new URL('./fixtures/redis-node.ts', import.meta.url)), {
      execArgv: ['--import', 'tsx'],
      env: { ...process.env, REDIS_URL, RT_PREFIX: prefix, RT_HEARTBEAT_MS: '200', RT_NODE_TIMEOUT_MS: '600', RT_WEBHOOK_URL: r.url },
      stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
    });
    try {
      const port = await new Promise<number>((resolve, reject) => {
        child.once('message', (m: { port: number }) => resolve(m.port));
        child.once('exit', (code) => reject(new Error(`node exited early (${code})`)));
      });
      const watcher = await open(a.port);
      await watcher.subscribeSigned(a.sdk, 'presence-doom', { user_id: 'watcher' });
      const doomed = await opened.raw(port);
      await doomed.subscribeSigned(b.sdk, 'presence-doom', { user_id: 'ghost' });
      await doomed.subscribe('only-on-the-dead-node');
      await r.untilEvents([
        { name: 'member_added', user_id: 'ghost' },
        { name: 'channel_occupied', channel: 'only-on-the-dead-node' },
      ]);
      child.kill('SIGKILL');
      await r.untilEvents(
        [
          { name: 'member_removed', user_id: 'ghost' },
          { name: 'channel_vacated', channel: 'only-on-the-dead-node' },
        ],
        8000,
      );
      await sleep(800);
      expect(named(r.events, 'member_removed')).toEqual([{ name: 'member_removed', channel: 'presence-doom', user_id: 'ghost' }]);
      expect(named(r.events, 'channel_vacated')).toEqual([{ name: 'channel_vacated', channel: 'only-on-the-dead-node' }]);
    } finally {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    }
  });
});

/**
 * Issue #11: with scaling on, subscriptions hung while Redis was down. Two nodes share a private
 * redis-server started by this test; it is killed (SIGKILL) and restarted empty on the same port.
 * While it is down: presence subscriptions are refused at once (subscription_error 4302), other channels
 * are served by the local node, API queries answer 503. When it is back: each node resubscribes the bus and
 * rebuilds its share of Redis (presence, counts, heartbeat) by itself, and events cross nodes again.
 */
import { fork, spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { relayTo } from '../helpers/tcp-relay';
import { fileURLToPath } from 'node:url';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RawClient, startServer, until, type Msg, type Running } from '../realtime/helpers';
import { WebhookReceiver } from '../realtime/webhook-receiver';
import { freePort } from '../helpers/free-port';

const hasRedisServer = spawnSync('redis-server', ['--version']).status === 0;
if (!hasRedisServer) console.log('realtime Redis outage test skipped: no redis-server binary on this machine');

/** A throwaway redis-server: no persistence, so a restart comes back empty (the harder case). */
async function startRedis(port: number): Promise<ChildProcess> {
  const proc = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: ['ignore', 'pipe', 'inherit'] });
  await new Promise<void>((resolve, reject) => {
    let out = '';
    proc.stdout!.on('data', (d: Buffer) => {
      out += d.toString();
      if (out.includes('Ready to accept connections')) resolve();
    });
    proc.once('exit', (code) => reject(new Error(`redis-server exited (${code}): ${out}`)));
  });
  return proc;
}

async function kill(proc: ChildProcess): Promise<void> {
  if (proc.exitCode !== null || proc.signalCode !== null) return;
  const exited = new Promise((resolve) => proc.once('exit', resolve));
  proc.kill('SIGKILL');
  await exited;
}

/**
 * `event` arriving after the client's `index`-th message. A member_added relayed through Redis can reach a socket
 * just before its own subscription_succeeded (harmless: pusher-js resets the list then), so an older one may
 * still be queued.
 */
function after(client: RawClient, index: number, event: string) {
  return (m: Msg) => m.event === event && client.all.indexOf(m) >= index;
}

async function apiStatus(node: Running, path: string): Promise<number> {
  try {
    return (await node.sdk.get({ path })).status;
  } catch (e) {
    return (e as { status?: number }).status ?? -1;
  }
}

describe.skipIf(!hasRedisServer)('realtime scale-out through a Redis outage', () => {
  let port: number;
  let redis: ChildProcess;
  let a: Running;
  let b: Running;
  const clients: RawClient[] = [];
  async function on(node: Running) {
    const c = await RawClient.open(node.port);
    clients.push(c);
    return c;
  }

  beforeAll(async () => {
    port = await freePort();
    redis = await startRedis(port);
    // A generous node timeout: on a loaded machine a late heartbeat must not get a live node reaped.
    const scaling = { redisUrl: `redis://127.0.0.1:${port}`, redisKeyPrefix: 'outage', heartbeatIntervalMs: 200, nodeTimeoutMs: 2000, redisCommandTimeoutMs: 500 };
    a = await startServer(scaling);
    b = await startServer(scaling);
  });
  afterAll(async () => {
    for (const c of clients) c.close();
    await a?.stop();
    await b?.stop();
    if (redis) await kill(redis);
  });

  it('answers subscriptions at once while Redis is down, and heals by itself when it returns', async () => {
    const orders = await on(b);
    await orders.subscribe('orders');
    const ann = await on(a);
    await ann.subscribeSigned(a.sdk, 'presence-team', { user_id: 'ann' });
    const ben = await on(b);
    await ben.subscribeSigned(b.sdk, 'presence-team', { user_id: 'ben' });
    const cat = await on(a);
    await cat.subscribeSigned(a.sdk, 'presence-team', { user_id: 'cat' });
    await a.sdk.trigger('orders', 'placed', { n: 1 });
    expect((await orders.next('placed')).payload).toEqual({ n: 1 });

    await kill(redis);

    // Presence needs the shared member list: refused at once rather than left hanging.
    const late = await on(a);
    const refused = await late.subscribeSigned(a.sdk, 'presence-late', { user_id: 'dan' });
    expect(refused.event).toBe('pusher:subscription_error');
    expect(refused.payload).toMatchObject({ type: 'ServerError', status: 4302 });
    // Other channels are served by this node, events published here still reach them.
    const local = await on(a);
    expect((await local.subscribe('orders-local')).event).toBe('pusher_internal:subscription_succeeded');
    await a.sdk.trigger('orders-local', 'placed', { n: 2 });
    expect((await local.next('placed')).payload).toEqual({ n: 2 });
    // Queries that need every node's counts cannot be answered honestly: 503, not a hang or a 500.
    expect(await apiStatus(a, '/channels')).toBe(503);
    // A member leaving now is seen by this node's sockets at once.
    cat.close();
    expect((await ann.next('pusher_internal:member_removed')).payload).toEqual({ user_id: 'cat' });

    redis = await startRedis(port); // same port, empty: everything must be rebuilt by the nodes
    const probe = new Redis(port, '127.0.0.1');
    try {
      await until(async () => ((await probe.pubsub('NUMSUB', 'outage:bus')) as [string, number])[1] === 2, 10_000, 'both nodes to resubscribe the bus');
      await until(async () => (await probe.scard('outage:nodes')) === 2, 10_000, 'both nodes to beat again');
      const get = async (node: Running, path: string, params?: Record<string, string>) => ((await apiStatus(node, path)) === 200 ? await (await node.sdk.get({ path, params })).json() : null);
      await until(
        async () =>
          (await get(a, '/channels/presence-team/users'))?.users
            .map((u: { id: string }) => u.id)
            .sort()
            .join() === 'ann,ben',
        10_000,
        'presence to be registered again (ann on A, ben on B; cat left during the outage)',
      );
      const open = clients.filter((c) => c.ws.readyState === c.ws.OPEN).length;
      await until(async () => (await get(b, '/connections'))?.connections === open, 10_000, `both nodes' connections counted again (${open})`);
      await until(async () => (await get(a, '/channels/orders', { info: 'subscription_count' }))?.subscription_count === 1, 10_000, 'subscription counts rebuilt');
    } finally {
      await probe.quit();
    }

    await a.sdk.trigger('orders', 'placed', { n: 3 });
    expect((await orders.next('placed')).payload).toEqual({ n: 3 });
    const again = await late.subscribeSigned(a.sdk, 'presence-late', { user_id: 'dan' });
    expect(again.event).toBe('pusher_internal:subscription_succeeded');
  });

  it('answers at once when Redis hangs (connected but not answering) instead of waiting for it', async () => {
    const probe = new Redis(port, '127.0.0.1');
    try {
      const c = await on(a);
      await probe.call('CLIENT', 'PAUSE', '1500', 'ALL'); // every client's commands now wait 1.5 s
      const refused = await c.subscribeSigned(a.sdk, 'presence-hang', { user_id: 'ivy' });
      expect(refused.event).toBe('pusher:subscription_error');
      expect(refused.payload).toMatchObject({ type: 'ServerError', status: 4302 });
      await until(async () => (await c.subscribeSigned(a.sdk, 'presence-hang', { user_id: 'ivy' })).event === 'pusher_internal:subscription_succeeded', 10_000, 'presence once Redis answers again');
    } finally {
      await probe.quit();
    }
  });

  it('a node cut off from Redis past the node timeout is reaped, then comes back and announces its members again', async () => {
    const relay = await relayTo(port);
    const scaling = { redisKeyPrefix: 'partition', heartbeatIntervalMs: 100, nodeTimeoutMs: 1000, redisCommandTimeoutMs: 500, clientEvents: true };
    const cutOff = await startServer({ ...scaling, redisUrl: `redis://127.0.0.1:${relay.port}` });
    const steady = await startServer({ ...scaling, redisUrl: `redis://127.0.0.1:${port}` });
    try {
      const eve = await RawClient.open(cutOff.port);
      await eve.subscribeSigned(cutOff.sdk, 'presence-p', { user_id: 'eve' });
      const fay = await RawClient.open(steady.port);
      clients.push(eve, fay);
      await fay.subscribeSigned(steady.sdk, 'presence-p', { user_id: 'fay' });
      expect((await eve.next('pusher_internal:member_added')).payload.user_id).toBe('fay');

      await relay.cut();
      // The steady node sees no heartbeat and reaps the other: its members are announced gone.
      expect((await fay.next('pusher_internal:member_removed', 10_000)).payload).toEqual({ user_id: 'eve' });
      const removedAt = fay.all.length;
      await relay.restore();
      // Back: the node learns it was reaped, registers its members again and announces them.
      expect((await fay.next(after(fay, removedAt, 'pusher_internal:member_added'), 10_000)).payload).toEqual({ user_id: 'eve', user_info: null });
      const users = (await (await steady.sdk.get({ path: '/channels/presence-p/users' })).json()).users.map((u: { id: string }) => u.id);
      expect(users.sort()).toEqual(['eve', 'fay']);
      fay.send({ event: 'client-hello', channel: 'presence-p', data: { from: 'fay' } });
      expect((await eve.next('client-hello')).data).toEqual({ from: 'fay' });
    } finally {
      await cutOff.stop();
      await steady.stop();
      await relay.cut();
    }
  });

  it('occupancy that changed while a node was cut off from Redis is announced by its rebuild, once (webhooks)', async () => {
    const receiver = await WebhookReceiver.start();
    const relay = await relayTo(port);
    const scaling = { redisKeyPrefix: 'occupancy', heartbeatIntervalMs: 100, nodeTimeoutMs: 5000, redisCommandTimeoutMs: 500 };
    const hooks = { webhooks: { urls: [receiver.url], batchMs: 10, retryBaseMs: 50 } };
    const cutOff = await startServer({ ...scaling, ...hooks, redisUrl: `redis://127.0.0.1:${relay.port}` });
    const steady = await startServer({ ...scaling, ...hooks, redisUrl: `redis://127.0.0.1:${port}` });
    try {
      const leaver = await RawClient.open(cutOff.port);
      const joiner = await RawClient.open(cutOff.port);
      const other = await RawClient.open(steady.port);
      clients.push(leaver, joiner, other);
      await leaver.subscribe('stale');
      await other.subscribe('shared');
      await receiver.untilEvents([
        { name: 'channel_occupied', channel: 'stale' },
        { name: 'channel_occupied', channel: 'shared' },
      ]);

      await relay.cut();
      await until(async () => (await apiStatus(cutOff, '/channels')) === 503, 5000, 'the cut-off node to notice');
      leaver.send({ event: 'pusher:unsubscribe', data: { channel: 'stale' } });
      await joiner.subscribe('fresh'); // served locally during the outage
      await joiner.subscribe('shared'); // not new over the cluster: no webhook, before or after
      await new Promise((r) => setTimeout(r, 300));
      expect(receiver.events.map((e) => `${e.name} ${'channel' in e ? e.channel : ''}`)).toEqual(['channel_occupied stale', 'channel_occupied shared']);

      await relay.restore();
      await receiver.untilEvents(
        [
          { name: 'channel_occupied', channel: 'fresh' },
          { name: 'channel_vacated', channel: 'stale' },
        ],
        10_000,
      );
      await new Promise((r) => setTimeout(r, 500));
      expect(receiver.events.map((e) => `${e.name} ${'channel' in e ? e.channel : ''}`).sort()).toEqual([
        'channel_occupied fresh',
        'channel_occupied shared',
        'channel_occupied stale',
        'channel_vacated stale',
      ]);
    } finally {
      await cutOff.stop();
      await steady.stop();
      await relay.cut();
      await receiver.stop();
    }
  });

  it('a node that stalls past the node timeout is reaped, then finds out by itself and announces its members again', async () => {
    const heartbeat = { RT_PREFIX: 'stall', RT_HEARTBEAT_MS: '100', RT_NODE_TIMEOUT_MS: '1000' };
    const child = fork(fileURLToPath(new URL('../realtime/fixtures/redis-node.ts', import.meta.url)), {
      execArgv: ['--import', 'tsx'],
      env: { ...process.env, REDIS_URL: `redis://127.0.0.1:${port}`, ...heartbeat },
      stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
    });
    const steady = await startServer({ redisUrl: `redis://127.0.0.1:${port}`, redisKeyPrefix: 'stall', heartbeatIntervalMs: 100, nodeTimeoutMs: 1000 });
    try {
      const stalledPort = await new Promise<number>((resolve, reject) => {
        child.once('message', (m: { port: number }) => resolve(m.port));
        child.once('exit', (code) => reject(new Error(`node exited early (${code})`)));
      });
      const gus = await RawClient.open(stalledPort);
      const hal = await RawClient.open(steady.port);
      clients.push(gus, hal);
      await gus.subscribeSigned(steady.sdk, 'presence-s', { user_id: 'gus' });
      await hal.subscribeSigned(steady.sdk, 'presence-s', { user_id: 'hal' });
      expect((await gus.next('pusher_internal:member_added')).payload.user_id).toBe('hal');

      child.kill('SIGSTOP'); // a stall: connections stay up, nothing runs
      expect((await hal.next('pusher_internal:member_removed', 10_000)).payload).toEqual({ user_id: 'gus' });
      const removedAt = hal.all.length;
      child.kill('SIGCONT');
      expect((await hal.next(after(hal, removedAt, 'pusher_internal:member_added'), 10_000)).payload).toEqual({ user_id: 'gus', user_info: null });
      const users = (await (await steady.sdk.get({ path: '/channels/presence-s/users' })).json()).users.map((u: { id: string }) => u.id);
      expect(users.sort()).toEqual(['gus', 'hal']);
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
      await steady.stop();
    }
  });
});

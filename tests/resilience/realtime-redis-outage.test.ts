/**
 * Issue #11: with scaling on, subscriptions hung while Redis was down. Two nodes share a private
 * redis-server started by this test; it is killed (SIGKILL) and restarted empty on the same port.
 * While it is down: presence subscriptions are refused at once (subscription_error 4302), other channels
 * are served by the local node, API queries answer 503. When it is back: each node resubscribes the bus and
 * rebuilds its share of Redis (presence, counts, heartbeat) by itself, and events cross nodes again.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RawClient, startServer, until, type Running } from '../realtime/helpers';

const hasRedisServer = spawnSync('redis-server', ['--version']).status === 0;
if (!hasRedisServer) console.log('realtime Redis outage test skipped: no redis-server binary on this machine');

async function freePort(): Promise<number> {
  const srv = createServer();
  await new Promise<void>((resolve) => srv.listen(0, '127.0.0.1', resolve));
  const { port } = srv.address() as { port: number };
  await new Promise<void>((resolve) => srv.close(() => resolve()));
  return port;
}

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
    const scaling = { redisUrl: `redis://127.0.0.1:${port}`, redisKeyPrefix: 'outage', heartbeatIntervalMs: 200, nodeTimeoutMs: 600, redisCommandTimeoutMs: 500 };
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
      await until(
        async () => {
          if ((await apiStatus(a, '/channels/presence-team/users')) !== 200) return false;
          const users = (await (await a.sdk.get({ path: '/channels/presence-team/users' })).json()).users.map((u: { id: string }) => u.id);
          return users.sort().join() === 'ann,ben';
        },
        10_000,
        'presence to be registered again (ann on A, ben on B; cat left during the outage)',
      );
      expect(await (await b.sdk.get({ path: '/connections' })).json()).toEqual({ connections: clients.filter((c) => c.ws.readyState === c.ws.OPEN).length });
      expect((await (await a.sdk.get({ path: '/channels/orders', params: { info: 'subscription_count' } })).json()).subscription_count).toBe(1);
    } finally {
      await probe.quit();
    }

    await a.sdk.trigger('orders', 'placed', { n: 3 });
    expect((await orders.next('placed')).payload).toEqual({ n: 3 });
    const again = await late.subscribeSigned(a.sdk, 'presence-late', { user_id: 'dan' });
    expect(again.event).toBe('pusher_internal:subscription_succeeded');
  });
});

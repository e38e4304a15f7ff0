/** Two nodes sharing a real Redis (REDIS_URL); a third one in a child process dies with SIGKILL. */
import { fork, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { Redis } from 'ioredis';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { RawClient, sdkFor, sleep, startServer, until, type Running } from './helpers';

const REDIS_URL = process.env.REDIS_URL;
const PREFIX = `rt-test-${randomBytes(6).toString('hex')}`;
const HEARTBEAT_MS = 200;
const NODE_TIMEOUT_MS = 600;

describe.skipIf(!REDIS_URL)('scale-out through Redis', () => {
  let a: Running;
  let b: Running;
  const raws: RawClient[] = [];
  async function on(node: Running) {
    const c = await RawClient.open(node.port);
    raws.push(c);
    return c;
  }
  const scaling = { redisUrl: REDIS_URL, redisKeyPrefix: PREFIX, heartbeatIntervalMs: HEARTBEAT_MS, nodeTimeoutMs: NODE_TIMEOUT_MS, clientEvents: true };

  beforeAll(async () => {
    a = await startServer(scaling);
    b = await startServer(scaling);
  });
  afterAll(async () => {
    await a?.stop();
    await b?.stop();
    const redis = new Redis(REDIS_URL!);
    const keys = await redis.keys(`${PREFIX}:*`);
    if (keys.length) await redis.del(...keys);
    await redis.quit();
  });
  afterEach(() => {
    for (const c of raws.splice(0)) c.close();
  });

  it('delivers an event published on one node to subscribers on both, honouring socket_id', async () => {
    const onA = await on(a);
    const onB = await on(b);
    const excluded = await on(b);
    for (const c of [onA, onB, excluded]) await c.subscribe('orders');
    await a.sdk.trigger('orders', 'created', { id: 1 }, { socket_id: excluded.socketId });
    expect((await onA.next('created')).payload).toEqual({ id: 1 });
    expect((await onB.next('created')).payload).toEqual({ id: 1 });
    expect(await excluded.none('created', 200)).toHaveLength(0);
  });

  it('shares presence: member lists span nodes, member_added / member_removed per user across nodes', async () => {
    const ann = await on(a);
    await ann.subscribeSigned(a.sdk, 'presence-x', { user_id: 'ann', user_info: { n: 'Ann' } });
    const ben = await on(b);
    const joined = await ben.subscribeSigned(b.sdk, 'presence-x', { user_id: 'ben', user_info: { n: 'Ben' } });
    expect(joined.payload.presence).toMatchObject({ count: 2, hash: { ann: { n: 'Ann' }, ben: { n: 'Ben' } } });
    expect((await ann.next('pusher_internal:member_added')).payload).toEqual({ user_id: 'ben', user_info: { n: 'Ben' } });

    // Ann's second socket, on the other node: nobody is told, and Ann stays when one socket leaves.
    const ann2 = await on(b);
    const second = await ann2.subscribeSigned(b.sdk, 'presence-x', { user_id: 'ann', user_info: { n: 'Ann' } });
    expect(second.payload.presence.count).toBe(2);
    expect(await ben.none('pusher_internal:member_added', 200)).toHaveLength(0);
    ann.close();
    await ann.closed;
    expect(await ben.none('pusher_internal:member_removed', 200)).toHaveLength(0);
    ann2.close();
    expect((await ben.next('pusher_internal:member_removed')).payload).toEqual({ user_id: 'ann' });
  });

  it('answers HTTP API channel queries with the subscribers of every node', async () => {
    const x = await on(a);
    const y = await on(b);
    const z = await on(b);
    await x.subscribeSigned(a.sdk, 'presence-api', { user_id: '1' });
    await y.subscribeSigned(b.sdk, 'presence-api', { user_id: '2' });
    await z.subscribeSigned(b.sdk, 'presence-api', { user_id: '2' });
    await z.subscribe('public-api');
    for (const sdk of [a.sdk, b.sdk]) {
      expect(await (await sdk.get({ path: '/channels/presence-api', params: { info: 'user_count,subscription_count' } })).json()).toEqual({
        occupied: true,
        user_count: 2,
        subscription_count: 3,
      });
      const users = await (await sdk.get({ path: '/channels/presence-api/users' })).json();
      expect(users.users.map((u: { id: string }) => u.id).sort()).toEqual(['1', '2']);
      const list = await (await sdk.get({ path: '/channels', params: { filter_by_prefix: 'presence-', info: 'user_count' } })).json();
      expect(list.channels['presence-api']).toEqual({ user_count: 2 });
      expect((await (await sdk.get({ path: '/channels' })).json()).channels).toHaveProperty('public-api');
      expect((await (await sdk.get({ path: '/connections' })).json()).connections).toBeGreaterThanOrEqual(3);
    }
  });

  it('relays client events, cache channels, sendToUser and terminate across nodes', async () => {
    const p = await on(a);
    const q = await on(b);
    await p.subscribeSigned(a.sdk, 'private-room');
    await q.subscribeSigned(b.sdk, 'private-room');
    p.send({ event: 'client-hi', channel: 'private-room', data: { from: 'a' } });
    expect((await q.next('client-hi')).data).toEqual({ from: 'a' });
    expect(await p.none('client-hi', 100)).toHaveLength(0);

    await a.sdk.trigger('cache-rate', 'rate', { v: 5 });
    const late = await on(b);
    await late.subscribe('cache-rate');
    expect((await late.next('rate')).payload).toEqual({ v: 5 });

    const user = await on(b);
    user.send({ event: 'pusher:signin', data: b.sdk.authenticateUser(user.socketId, { id: 'u9' }) });
    await user.next('pusher:signin_success');
    await a.sdk.sendToUser('u9', 'hello', { x: 1 });
    expect((await user.next('hello')).payload).toEqual({ x: 1 });
    await a.sdk.terminateUserConnections('u9');
    expect((await user.closed).code).toBe(4009);
  });

  it('removes the members of a node that dies abruptly and broadcasts member_removed', async () => {
    const child: ChildProcess = fork(fileURLToPath(new URL('./fixtures/redis-node.ts', import.meta.url)), {
      execArgv: ['--import', 'tsx'],
      env: { ...process.env, REDIS_URL, RT_PREFIX: PREFIX, RT_HEARTBEAT_MS: String(HEARTBEAT_MS), RT_NODE_TIMEOUT_MS: String(NODE_TIMEOUT_MS) },
      stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
    });
    try {
      const port = await new Promise<number>((resolve, reject) => {
        child.once('message', (m: { port: number }) => resolve(m.port));
        child.once('exit', (code) => reject(new Error(`node exited early (${code})`)));
      });
      const doomedSdk = sdkFor(port);
      const watcher = await on(a);
      await watcher.subscribeSigned(a.sdk, 'presence-doom', { user_id: 'watcher' });
      const ghost = await RawClient.open(port);
      raws.push(ghost);
      await ghost.subscribeSigned(doomedSdk, 'presence-doom', { user_id: 'ghost', user_info: { n: 'G' } });
      expect((await watcher.next('pusher_internal:member_added')).payload.user_id).toBe('ghost');
      expect(await (await a.sdk.get({ path: '/channels/presence-doom', params: { info: 'user_count' } })).json()).toMatchObject({ user_count: 2 });

      const killedAt = Date.now();
      child.kill('SIGKILL');
      const removed = await watcher.next('pusher_internal:member_removed', 8000);
      const took = Date.now() - killedAt;
      expect(removed.payload).toEqual({ user_id: 'ghost' });
      // Bound: node timeout + one heartbeat, plus slack for a loaded CI machine.
      expect(took).toBeLessThan(NODE_TIMEOUT_MS + HEARTBEAT_MS + 3000);
      const info = await (await a.sdk.get({ path: '/channels/presence-doom', params: { info: 'user_count,subscription_count' } })).json();
      expect(info).toEqual({ occupied: true, user_count: 1, subscription_count: 1 });
      const users = await (await b.sdk.get({ path: '/channels/presence-doom/users' })).json();
      expect(users.users).toEqual([{ id: 'watcher' }]);
      // Exactly one survivor reaped the node: the watcher heard member_removed once.
      expect(await watcher.none('pusher_internal:member_removed', 2 * HEARTBEAT_MS)).toHaveLength(0);
    } finally {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    }
  });

  it('cleans up after a graceful stop of a node', async () => {
    const c = await startServer(scaling);
    const watcher = await on(a);
    await watcher.subscribeSigned(a.sdk, 'presence-bye', { user_id: 'w' });
    const leaving = await RawClient.open(c.port);
    await leaving.subscribeSigned(c.sdk, 'presence-bye', { user_id: 'l' });
    await watcher.next('pusher_internal:member_added');
    await c.stop();
    expect((await leaving.closed).code).toBe(4200);
    expect((await watcher.next('pusher_internal:member_removed')).payload).toEqual({ user_id: 'l' });
    await until(async () => (await (await a.sdk.get({ path: '/channels/presence-bye', params: { info: 'user_count' } })).json()).user_count === 1);
    await sleep(0);
  });
});

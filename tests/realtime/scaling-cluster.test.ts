/**
 * Issue #16, scale-out: the connection quota and the presence member limit hold over all nodes (atomic in Redis),
 * a dead node's connections stop counting once it is reaped, and REVERB_SCALING_CHANNEL keeps two deployments on
 * one Redis apart (keys and pub/sub).
 */
import { fork, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { Redis } from 'ioredis';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config';
import { realtimeOptionsFromConfig } from '../../server/realtime/index';
import { RawClient, pusherClient, startServer, subscribed, until, type PusherClient, type Running } from './helpers';

const REDIS_URL = process.env.REDIS_URL;
const run = randomBytes(4).toString('hex');
const HEARTBEAT_MS = 200;
const NODE_TIMEOUT_MS = 600;

describe.skipIf(!REDIS_URL)('limits and key prefix over several nodes (real Redis)', () => {
  const servers: Running[] = [];
  const raws: RawClient[] = [];
  const pushers: PusherClient[] = [];
  const prefixes: string[] = [];
  const children: ChildProcess[] = [];

  function scaling(name: string) {
    const prefix = `rt-${name}-${run}`;
    if (!prefixes.includes(prefix)) prefixes.push(prefix);
    return { redisUrl: REDIS_URL, redisKeyPrefix: prefix, heartbeatIntervalMs: HEARTBEAT_MS, nodeTimeoutMs: NODE_TIMEOUT_MS };
  }
  async function node(over: Parameters<typeof startServer>[0]): Promise<Running> {
    const s = await startServer(over);
    servers.push(s);
    return s;
  }
  async function open(port: number, waitEstablished = true): Promise<RawClient> {
    const c = await RawClient.open(port, { waitEstablished });
    raws.push(c);
    return c;
  }

  afterEach(async () => {
    for (const p of pushers.splice(0)) p.disconnect();
    for (const c of raws.splice(0)) c.close();
    for (const child of children.splice(0)) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    for (const s of servers.splice(0)) await s.stop();
  });
  afterAll(async () => {
    const redis = new Redis(REDIS_URL!);
    for (const prefix of prefixes) {
      const keys = await redis.keys(`${prefix}:*`);
      if (keys.length) await redis.del(...keys);
    }
    await redis.quit();
  });

  it('REVERB_APP_MAX_CONNECTIONS=1 over two nodes: the second connection, on the other node, gets 4004; a free slot is free everywhere', async () => {
    const a = await node({ ...scaling('quota'), maxConnections: 1 });
    const b = await node({ ...scaling('quota'), maxConnections: 1 });
    const first = await open(a.port);
    const second = await open(b.port, false);
    expect((await second.next('pusher:error')).payload).toEqual({ code: 4004, message: 'Application is over connection quota' });
    expect((await second.closed).code).toBe(4004);
    const third = await open(a.port, false);
    expect((await third.closed).code).toBe(4004);
    first.close();
    await first.closed;
    // The slot is released when the socket leaves; the next connection may land on either node.
    await until(
      async () => {
        const c = await RawClient.open(b.port, { waitEstablished: false });
        raws.push(c);
        const answer = await c.next((m) => m.event === 'pusher:connection_established' || m.event === 'pusher:error');
        return answer.event === 'pusher:connection_established';
      },
      5000,
      'a connection on the other node once the first one left',
    );
    expect((await (await a.sdk.get({ path: '/connections' })).json()).connections).toBe(1);
  });

  it("the quota counts a dead node's connections only until it is reaped", async () => {
    const prefix = scaling('reap').redisKeyPrefix;
    const child = fork(fileURLToPath(new URL('./fixtures/redis-node.ts', import.meta.url)), {
      execArgv: ['--import', 'tsx'],
      env: { ...process.env, REDIS_URL, RT_PREFIX: prefix, RT_HEARTBEAT_MS: String(HEARTBEAT_MS), RT_NODE_TIMEOUT_MS: String(NODE_TIMEOUT_MS), RT_MAX_CONNECTIONS: '1' },
      stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
    });
    children.push(child);
    const port = await new Promise<number>((resolve, reject) => {
      child.once('message', (m: { port: number }) => resolve(m.port));
      child.once('exit', (code) => reject(new Error(`node exited early (${code})`)));
    });
    const survivor = await node({ ...scaling('reap'), maxConnections: 1 });
    await open(port); // takes the one slot, on the node about to die
    expect((await (await open(survivor.port, false)).closed).code).toBe(4004);
    child.kill('SIGKILL');
    await until(
      async () => {
        const c = await RawClient.open(survivor.port, { waitEstablished: false });
        raws.push(c);
        return (await c.next((m) => m.event === 'pusher:connection_established' || m.event === 'pusher:error')).event === 'pusher:connection_established';
      },
      8000,
      "the dead node's slot to be released by the reaper",
    );
  });

  it("presence members per channel are capped over all nodes (4100), and a member's second socket still joins", async () => {
    const a = await node({ ...scaling('presence'), presenceMaxMembers: 2 });
    const b = await node({ ...scaling('presence'), presenceMaxMembers: 2 });
    const ann = await open(a.port);
    const ben = await open(b.port);
    expect((await ann.subscribeSigned(a.sdk, 'presence-cap', { user_id: 'ann' })).event).toBe('pusher_internal:subscription_succeeded');
    expect((await ben.subscribeSigned(b.sdk, 'presence-cap', { user_id: 'ben' })).event).toBe('pusher_internal:subscription_succeeded');
    // A third user, through pusher-js on node a: refused with soketi's LimitReached / 4100.
    const cat = pusherClient(a.port, a.sdk, { presence: { user_id: 'cat' } });
    pushers.push(cat);
    await expect(subscribed(cat.subscribe('presence-cap'))).rejects.toThrow(/"status":4100/);
    const annAgain = await open(b.port);
    expect((await annAgain.subscribeSigned(b.sdk, 'presence-cap', { user_id: 'ann' })).event).toBe('pusher_internal:subscription_succeeded');
    const users = (await (await a.sdk.get({ path: '/channels/presence-cap/users' })).json()).users.map((u: { id: string }) => u.id).sort();
    expect(users).toEqual(['ann', 'ben']);
    expect(await ben.none('pusher_internal:member_added', 200)).toHaveLength(0); // nobody new was announced
  });

  it('two deployments on one Redis with their own REVERB_SCALING_CHANNEL do not see each other', async () => {
    const fromEnv = (prefix: string) => realtimeOptionsFromConfig(loadConfig({ REVERB_SCALING_CHANNEL: prefix, REVERB_SCALING_ENABLED: 'true', REDIS_URL })).redisKeyPrefix;
    const blue = { ...scaling('blue'), redisKeyPrefix: fromEnv(`rt-blue-${run}`) };
    const green = { ...scaling('green'), redisKeyPrefix: fromEnv(`rt-green-${run}`) };
    const blue1 = await node(blue);
    const blue2 = await node(blue);
    const green1 = await node(green);
    const onBlue2 = await open(blue2.port);
    const onGreen = await open(green1.port);
    await onBlue2.subscribe('orders');
    await onGreen.subscribe('orders');
    await blue1.sdk.trigger('orders', 'created', { id: 7 });
    expect((await onBlue2.next('created')).payload).toEqual({ id: 7 });
    expect(await onGreen.none('created', 300)).toHaveLength(0);
    await onBlue2.subscribeSigned(blue2.sdk, 'presence-team', { user_id: 'blue-user' });
    expect((await (await green1.sdk.get({ path: '/channels/presence-team/users' })).json()).users).toEqual([]);
    expect((await (await blue1.sdk.get({ path: '/channels/presence-team/users' })).json()).users).toEqual([{ id: 'blue-user' }]);
    const redis = new Redis(REDIS_URL!);
    try {
      expect(await redis.keys(`rt-blue-${run}:*`)).not.toEqual([]);
      expect((await redis.pubsub('CHANNELS', `rt-*-${run}:*`)).sort()).toEqual([`rt-blue-${run}:bus`, `rt-green-${run}:bus`]);
    } finally {
      await redis.quit();
    }
  });
});

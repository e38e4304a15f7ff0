/**
 * Issue #26, Pusher features Reverb lacks: user watchlists (online / offline events, pusher-js's
 * `pusher.user.watchlist`) and subscription counting (`channel.subscriptionCount`), with pusher-js
 * unmodified, on one node and across two nodes sharing Redis.
 */
import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterEach, describe, expect, it } from 'vitest';
import { Opened, RawClient, type Running, sleep, type startServer, until } from './helpers';

const REDIS_URL = process.env.REDIS_URL;
const opened = new Opened();
afterEach(() => opened.closeAll());
const server = (over: Parameters<typeof startServer>[0] = {}) => opened.server(over);

/** A pusher-js client signed in as `id`, watching `watchlist`, with every watchlist event it hears. */
async function signedIn(srv: Running, id: string, watchlist: string[] = []) {
  const client = opened.pusher(srv.port, srv.sdk, { user: { id, watchlist } });
  const heard: { name: string; user_ids: string[] }[] = [];
  client.user.watchlist.bind('online', (e: { name: string; user_ids: string[] }) => heard.push(e));
  client.user.watchlist.bind('offline', (e: { name: string; user_ids: string[] }) => heard.push(e));
  client.signin();
  await until(() => (client.user as unknown as { serverToUserChannel?: { subscribed: boolean } }).serverToUserChannel?.subscribed === true, 3000, `sign-in of ${id}`);
  return { client, heard };
}

describe('watchlists', () => {
  it('tells who is online at sign-in, then each user coming online and going offline', async () => {
    const srv = await server();
    const carol = await signedIn(srv, '3');
    const ann = await signedIn(srv, '1', ['2', '3']);
    await until(() => ann.heard.length === 1, 3000, 'initial online list');
    expect(ann.heard).toEqual([{ name: 'online', user_ids: ['3'] }]);

    const bob = await signedIn(srv, '2');
    await until(() => ann.heard.length === 2, 3000, 'bob online');
    expect(ann.heard[1]).toEqual({ name: 'online', user_ids: ['2'] });
    // A second connection of Bob's is not news; his last one closing is.
    const bobAgain = await signedIn(srv, '2');
    await sleep(200);
    expect(ann.heard).toHaveLength(2);
    bob.client.disconnect();
    await sleep(200);
    expect(ann.heard).toHaveLength(2);
    bobAgain.client.disconnect();
    await until(() => ann.heard.length === 3, 3000, 'bob offline');
    expect(ann.heard[2]).toEqual({ name: 'offline', user_ids: ['2'] });
    carol.client.disconnect();
    await until(() => ann.heard.length === 4, 3000, 'carol offline');
    // A user nobody watches comes and goes unnoticed.
    await signedIn(srv, '9');
    await sleep(200);
    expect(ann.heard).toHaveLength(4);
  });

  it('ignores a malformed watchlist and caps it at 100 ids; the internal channels stay out of reach', async () => {
    const srv = await server();
    const many = Array.from({ length: 150 }, (_, i) => String(i + 100));
    const watcher = await signedIn(srv, '1', [...many, { id: 1 }, '', null] as unknown as string[]);
    await signedIn(srv, '249'); // the 150th id: beyond the cap
    await signedIn(srv, '199'); // the 100th id
    await until(() => watcher.heard.length === 1, 3000, 'within the cap');
    expect(watcher.heard).toEqual([{ name: 'online', user_ids: ['199'] }]);
    const raw = await RawClient.open(srv.port);
    raw.send({ event: 'pusher:subscribe', data: { channel: '#online' } });
    expect((await raw.next('pusher:error')).payload).toMatchObject({ code: 4009 });
    raw.close();
  });

  it.skipIf(!REDIS_URL)('works across two nodes sharing Redis', async () => {
    const prefix = `wl-${randomBytes(4).toString('hex')}`;
    const scaling = { redisUrl: REDIS_URL, redisKeyPrefix: prefix, heartbeatIntervalMs: 200, nodeTimeoutMs: 600 };
    const [a, b] = [await server(scaling), await server(scaling)];
    try {
      const ann = await signedIn(a, '1', ['2']);
      const bob = await signedIn(b, '2');
      await until(() => ann.heard.length === 1, 3000, 'bob online via Redis');
      bob.client.disconnect();
      await until(() => ann.heard.length === 2, 3000, 'bob offline via Redis');
      expect(ann.heard).toEqual([
        { name: 'online', user_ids: ['2'] },
        { name: 'offline', user_ids: ['2'] },
      ]);
    } finally {
      const redis = new Redis(REDIS_URL!);
      const keys = await redis.keys(`${prefix}:*`);
      if (keys.length) await redis.del(...keys);
      await redis.quit();
    }
  });
});

describe('subscription counting', () => {
  it('tells the subscribers of a channel how many there are, when the app turns it on', async () => {
    const srv = await server({ subscriptionCount: true });
    const [one, two] = [opened.pusher(srv.port, srv.sdk), opened.pusher(srv.port, srv.sdk)];
    const first = one.subscribe('news');
    const counts: number[] = [];
    first.bind('pusher:subscription_count', (d: { subscription_count: number }) => counts.push(d.subscription_count));
    await until(() => first.subscriptionCount === 1, 3000, 'one subscriber');
    const second = two.subscribe('news');
    await until(() => first.subscriptionCount === 2 && second.subscriptionCount === 2, 3000, 'two subscribers');
    two.unsubscribe('news');
    await until(() => first.subscriptionCount === 1, 3000, 'one again');
    expect(counts).toEqual([1, 2, 1]);
  });

  it('is off by default and never for presence channels', async () => {
    const srv = await server();
    const raw = await RawClient.open(srv.port);
    await raw.subscribe('news');
    expect(await raw.none('pusher_internal:subscription_count')).toEqual([]);
    raw.close();
    const counting = await server({ subscriptionCount: true });
    const member = await RawClient.open(counting.port);
    await member.subscribeSigned(counting.sdk, 'presence-room', { user_id: '1' });
    expect(await member.none('pusher_internal:subscription_count')).toEqual([]);
    member.close();
  });
});

/**
 * Issue #16: a socket leaves its channels the moment its close starts (its close frame arrives, the server
 * closes it, or it errors), not when ws's 'close' fires after the closing handshake and TCP teardown; and a peer
 * that never finishes the handshake is cut after closeTimeoutMs. Asserted by order (what the API and the
 * other members see while the closing socket is still connected), never by elapsed time.
 */
import { Redis } from 'ioredis';
import { randomBytes } from 'node:crypto';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { Opened, connected, subscribed, type Running } from './helpers';
import { TcpPeer } from './tcp-peer';
import { wsFrame } from '../resilience/realtime-junk';

const REDIS_URL = process.env.REDIS_URL;
const opened = new Opened();
const server = (over: Parameters<Opened['server']>[0] = {}) => opened.server(over);
const raw = (port: number) => opened.raw(port);
const peer = async (port: number) => opened.add(await TcpPeer.open(port), (p) => p.destroy());
async function users(srv: Running, channel: string): Promise<string[]> {
  const body = await (await srv.sdk.get({ path: `/channels/${channel}/users` })).json();
  return body.users.map((u: { id: string }) => u.id).sort();
}
async function occupied(srv: Running, channel: string): Promise<boolean> {
  return (await (await srv.sdk.get({ path: `/channels/${channel}` })).json()).occupied;
}

afterEach(() => opened.closeAll());

describe('a closing socket leaves its channels at once', () => {
  it('pusher-js disconnect(): an API query right after no longer lists the user', async () => {
    const srv = await server();
    const watcher = await raw(srv.port);
    await watcher.subscribeSigned(srv.sdk, 'presence-room', { user_id: 'watcher' });
    const ann = opened.pusher(srv.port, srv.sdk, { presence: { user_id: 'ann' } });
    await connected(ann);
    await subscribed(ann.subscribe('presence-room'));
    expect(await users(srv, 'presence-room')).toEqual(['ann', 'watcher']);

    ann.disconnect();
    // pusher-js has sent its close frame; the closing handshake and TCP teardown are still under way.
    expect(await users(srv, 'presence-room')).toEqual(['watcher']);
    expect((await watcher.next('pusher_internal:member_removed')).payload).toEqual({ user_id: 'ann' });
  });

  it('a peer that sends its close frame and stops reading is dropped from every channel while still connected, then cut', async () => {
    const srv = await server({ closeTimeoutMs: 400 });
    const watcher = await raw(srv.port);
    await watcher.subscribeSigned(srv.sdk, 'presence-a', { user_id: 'watcher' });
    await watcher.subscribeSigned(srv.sdk, 'presence-b', { user_id: 'watcher' });
    const stuck = await peer(srv.port);
    for (const channel of ['presence-a', 'presence-b']) {
      stuck.send({ event: 'pusher:subscribe', data: { channel, ...srv.sdk.authorizeChannel(stuck.socketId, channel, { user_id: 'stuck' }) } });
      await stuck.next((m) => m.event === 'pusher_internal:subscription_succeeded' && m.channel === channel);
      await watcher.next((m) => m.event === 'pusher_internal:member_added' && m.channel === channel);
    }
    stuck.send({ event: 'pusher:subscribe', data: { channel: 'public-lonely' } });
    await stuck.next((m) => m.event === 'pusher_internal:subscription_succeeded' && m.channel === 'public-lonely');
    expect(await occupied(srv, 'public-lonely')).toBe(true);

    let cut = false;
    void stuck.closed.then(() => (cut = true));
    stuck.sendClose(1000);
    stuck.stopReading();
    const removed = [
      await watcher.next((m) => m.event === 'pusher_internal:member_removed' && m.channel === 'presence-a'),
      await watcher.next((m) => m.event === 'pusher_internal:member_removed' && m.channel === 'presence-b'),
    ];
    expect(removed.map((m) => m.payload)).toEqual([{ user_id: 'stuck' }, { user_id: 'stuck' }]);
    expect(await users(srv, 'presence-a')).toEqual(['watcher']);
    expect(await occupied(srv, 'public-lonely')).toBe(false);
    expect(cut).toBe(false); // all of that happened while the peer still held its TCP connection
    // It never answers: the server ends the connection itself (ws's own default would wait 30 s).
    expect(await stuck.cutByServer(5000)).toBe(true);
  });

  it('a peer that breaks the protocol leaves its channels at once too', async () => {
    const srv = await server({ closeTimeoutMs: 60_000 });
    const watcher = await raw(srv.port);
    await watcher.subscribeSigned(srv.sdk, 'presence-c', { user_id: 'watcher' });
    const junk = await peer(srv.port);
    junk.send({ event: 'pusher:subscribe', data: { channel: 'presence-c', ...srv.sdk.authorizeChannel(junk.socketId, 'presence-c', { user_id: 'junk' }) } });
    await watcher.next('pusher_internal:member_added');
    let cut = false;
    void junk.closed.then(() => (cut = true));
    junk.socket.write(wsFrame({ opcode: 1, payload: Buffer.from('{}'), mask: false })); // unmasked: ws closes with 1002
    junk.stopReading();
    expect((await watcher.next('pusher_internal:member_removed')).payload).toEqual({ user_id: 'junk' });
    expect(await users(srv, 'presence-c')).toEqual(['watcher']);
    expect(cut).toBe(false);
  });

  it('a socket the server closes (pong timeout) is dropped before its peer answers the close', async () => {
    const srv = await server({ pingIntervalMs: 200, pongTimeoutMs: 300, closeTimeoutMs: 60_000 });
    const watcher = opened.pusher(srv.port, srv.sdk, { presence: { user_id: 'watcher' } }); // answers pings
    const room = watcher.subscribe('presence-d');
    await subscribed(room);
    const quiet = await peer(srv.port);
    const removed = new Promise((resolve) => room.bind('pusher:member_removed', resolve));
    quiet.send({ event: 'pusher:subscribe', data: { channel: 'presence-d', ...srv.sdk.authorizeChannel(quiet.socketId, 'presence-d', { user_id: 'quiet' }) } });
    await quiet.next((m) => m.event === 'pusher_internal:subscription_succeeded');
    quiet.stopReading(); // never answers the ping, nor the close that follows
    let cut = false;
    void quiet.closed.then(() => (cut = true));
    expect(await removed).toEqual({ id: 'quiet', info: null });
    expect(await users(srv, 'presence-d')).toEqual(['watcher']);
    expect(cut).toBe(false);
  });
});

describe.skipIf(!REDIS_URL)('a closing socket leaves at once, over Redis', () => {
  const prefix = `rt-disc-${randomBytes(4).toString('hex')}`;
  afterAll(async () => {
    const redis = new Redis(REDIS_URL!);
    const keys = await redis.keys(`${prefix}:*`);
    if (keys.length) await redis.del(...keys);
    await redis.quit();
  });

  it('pusher-js disconnect() on one node: the other node stops listing the user in the same breath', async () => {
    const scaling = { redisUrl: REDIS_URL, redisKeyPrefix: prefix, heartbeatIntervalMs: 200, nodeTimeoutMs: 600 };
    const a = await server(scaling);
    const b = await server(scaling);
    const watcher = await raw(b.port);
    await watcher.subscribeSigned(b.sdk, 'presence-x', { user_id: 'watcher' });
    const ann = opened.pusher(a.port, a.sdk, { presence: { user_id: 'ann' } });
    await subscribed(ann.subscribe('presence-x'));
    await watcher.next('pusher_internal:member_added');
    ann.disconnect();
    expect(await users(a, 'presence-x')).toEqual(['watcher']);
    expect(await users(b, 'presence-x')).toEqual(['watcher']);
    expect((await watcher.next('pusher_internal:member_removed')).payload).toEqual({ user_id: 'ann' });
  });
});

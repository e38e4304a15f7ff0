import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import Pusher from 'pusher-js';
import { APP, RawClient, connected, nextEvent, pusherClient, pusherOptions, sleep, startServer, subscribed, type PusherClient, type Running } from './helpers';

let srv: Running;
const raws: RawClient[] = [];
const clients: PusherClient[] = [];
async function raw() {
  const c = await RawClient.open(srv.port);
  raws.push(c);
  return c;
}
function client(who?: Parameters<typeof pusherClient>[2]) {
  const p = pusherClient(srv.port, srv.sdk, who);
  clients.push(p);
  return p;
}
beforeAll(async () => {
  srv = await startServer({ clientEvents: true });
});
afterAll(() => srv.stop());
afterEach(() => {
  for (const c of raws.splice(0)) c.close();
  for (const p of clients.splice(0)) p.disconnect();
});

describe('public and private channels', () => {
  it('delivers an SDK-triggered event to a pusher-js subscriber', async () => {
    const p = client();
    const ch = p.subscribe('news');
    await subscribed(ch);
    const got = nextEvent(ch, 'App\\Events\\Posted');
    await srv.sdk.trigger('news', 'App\\Events\\Posted', { id: 7 });
    expect((await got).data).toEqual({ id: 7 });
  });

  it('answers a public subscription exactly like Reverb', async () => {
    const c = await raw();
    const m = await c.subscribe('test-channel');
    expect(m.raw).toBe('{"event":"pusher_internal:subscription_succeeded","data":"{}","channel":"test-channel"}');
  });

  it('authorizes a private channel signed with the secret', async () => {
    const p = client();
    const ch = p.subscribe('private-orders');
    await subscribed(ch);
    const got = nextEvent(ch, 'shipped');
    await srv.sdk.trigger('private-orders', 'shipped', 'plain string');
    expect((await got).data).toBe('plain string');
  });

  it('refuses a bad private signature with pusher:subscription_error {type:AuthError,status:401} that pusher-js surfaces', async () => {
    const c = await raw();
    const m = await c.subscribe('private-orders', { auth: 'test-key:deadbeef' });
    expect(m.event).toBe('pusher:subscription_error');
    expect(m.payload).toEqual({ type: 'AuthError', error: 'Connection is unauthorized', status: 401 });
    // Reverb's own answer follows, so raw Reverb clients see what they expect.
    expect((await c.next('pusher:error')).payload).toEqual({ code: 4009, message: 'Connection is unauthorized' });

    // pusher-js with a signature made for another socket: its subscription_error handler fires.
    const forged = srv.sdk.authorizeChannel('1.1', 'private-orders');
    const p = new Pusher(APP.key, {
      ...pusherOptions(srv.port, srv.sdk),
      channelAuthorization: { customHandler: (_p: unknown, cb: (e: null, d: typeof forged) => void) => cb(null, forged) },
    });
    clients.push(p);
    await connected(p);
    const ch = p.subscribe('private-orders');
    const err = await new Promise<any>((resolve) => ch.bind('pusher:subscription_error', resolve));
    expect(err).toMatchObject({ type: 'AuthError', status: 401 });
    expect(ch.subscribed).toBe(false);
  });

  it('refuses private/presence channels without auth, and a key that is not the app key', async () => {
    const c = await raw();
    expect((await c.subscribe('private-x')).event).toBe('pusher:subscription_error');
    expect((await c.subscribe('presence-x', { auth: null })).event).toBe('pusher:subscription_error');
    const good = srv.sdk.authorizeChannel(c.socketId, 'private-x').auth.split(':')[1];
    expect((await c.subscribe('private-x', { auth: `other-key:${good}` })).event).toBe('pusher:subscription_error');
    expect((await c.subscribe('private-x', { auth: `test-key:${good}` })).event).toBe('pusher_internal:subscription_succeeded');
  });

  it('stops delivering after pusher:unsubscribe', async () => {
    const c = await raw();
    await c.subscribe('leaving');
    c.send({ event: 'pusher:unsubscribe', data: { channel: 'leaving' } });
    await sleep(50);
    await srv.sdk.trigger('leaving', 'late', {});
    expect(await c.none('late')).toHaveLength(0);
  });
});

describe('presence channels', () => {
  const alice = { user_id: '1', user_info: { name: 'Alice' } };
  const bob = { user_id: '2', user_info: { name: 'Bob' } };

  it('sends {presence:{count,ids,hash}} on success, including the joining user', async () => {
    const a = await raw();
    const m = await a.subscribeSigned(srv.sdk, 'presence-room-1', alice);
    expect(m.payload).toEqual({ presence: { count: 1, ids: ['1'], hash: { '1': { name: 'Alice' } } } });
    const b = await raw();
    const mb = await b.subscribeSigned(srv.sdk, 'presence-room-1', bob);
    expect(mb.payload.presence.count).toBe(2);
    expect(mb.payload.presence.hash).toEqual({ '1': { name: 'Alice' }, '2': { name: 'Bob' } });
    expect(new Set(mb.payload.presence.ids)).toEqual(new Set(['1', '2']));
  });

  it('member_added on a user first socket only, member_removed on its last socket only, never to the joining socket', async () => {
    const watcher = await raw();
    await watcher.subscribeSigned(srv.sdk, 'presence-room-2', alice);
    const bob1 = await raw();
    await bob1.subscribeSigned(srv.sdk, 'presence-room-2', bob);
    const added = await watcher.next('pusher_internal:member_added');
    expect(added.payload).toEqual({ user_id: '2', user_info: { name: 'Bob' } });
    expect(await bob1.none('pusher_internal:member_added', 100)).toHaveLength(0);

    // Bob's second socket: nobody hears of it, and it sees one Bob in the member list.
    const bob2 = await raw();
    const second = await bob2.subscribeSigned(srv.sdk, 'presence-room-2', bob);
    expect(second.payload.presence.count).toBe(2);
    expect(await watcher.none('pusher_internal:member_added', 150)).toHaveLength(0);
    expect(await bob1.none('pusher_internal:member_added', 0)).toHaveLength(0);

    // Closing one of Bob's sockets: Bob is still there.
    bob1.close();
    await bob1.closed;
    expect(await watcher.none('pusher_internal:member_removed', 150)).toHaveLength(0);

    // Unsubscribing the last: everyone remaining hears member_removed.
    bob2.send({ event: 'pusher:unsubscribe', data: { channel: 'presence-room-2' } });
    const removed = await watcher.next('pusher_internal:member_removed');
    expect(removed.payload).toEqual({ user_id: '2' });
    expect(removed.channel).toBe('presence-room-2');
  });

  it('keeps pusher-js members in sync (pusher:member_added / member_removed)', async () => {
    const a = client({ presence: alice });
    const chA = a.subscribe('presence-room-3') as any;
    await subscribed(chA);
    expect(chA.members.count).toBe(1);
    expect(chA.members.me).toEqual({ id: '1', info: { name: 'Alice' } });

    const addedP = nextEvent(chA, 'pusher:member_added');
    const b = client({ presence: bob });
    const chB = b.subscribe('presence-room-3') as any;
    await subscribed(chB);
    expect((await addedP).data).toEqual({ id: '2', info: { name: 'Bob' } });
    expect(chB.members.count).toBe(2);

    const removedP = nextEvent(chA, 'pusher:member_removed');
    b.disconnect();
    expect((await removedP).data).toEqual({ id: '2', info: { name: 'Bob' } });
    expect(chA.members.count).toBe(1);
  });

  it('rejects channel_data without a user_id', async () => {
    const c = await raw();
    const auth = srv.sdk.authorizeChannel(c.socketId, 'presence-room-4', { user_id: '' } as any);
    const m = await c.subscribe('presence-room-4', { auth: auth.auth, channel_data: auth.channel_data });
    expect(m.event).toBe('pusher:subscription_error');
  });
});

describe('cache channels', () => {
  for (const [channel, presence] of [
    ['cache-prices', undefined],
    ['private-cache-prices', undefined],
    ['presence-cache-prices', { user_id: '9' }],
  ] as const) {
    it(`${channel}: pusher:cache_miss when empty, the last event on a later subscribe`, async () => {
      const first = await raw();
      await first.subscribeSigned(srv.sdk, channel, presence);
      expect((await first.next('pusher:cache_miss')).raw).toBe(`{"event":"pusher:cache_miss","channel":"${channel}"}`);
      await srv.sdk.trigger(channel, 'price', { v: 1 });
      await srv.sdk.trigger(channel, 'price', { v: 2 });
      const late = await raw();
      await late.subscribeSigned(srv.sdk, channel, presence);
      const cached = await late.next('price');
      expect(cached.payload).toEqual({ v: 2 });
      expect(cached.channel).toBe(channel);
      expect(await late.none('pusher:cache_miss', 50)).toHaveLength(0);
    });
  }
});

describe('encrypted channels', () => {
  it('relays ciphertext untouched; pusher-js decrypts with the shared secret from the SDK', async () => {
    const p = client();
    const ch = p.subscribe('private-encrypted-vault');
    await subscribed(ch);
    const spy = await raw();
    await spy.subscribeSigned(srv.sdk, 'private-encrypted-vault');
    const got = nextEvent(ch, 'secret');
    await srv.sdk.trigger('private-encrypted-vault', 'secret', { pin: 1234 });
    expect((await got).data).toEqual({ pin: 1234 });
    const relayed = await spy.next('secret');
    expect(Object.keys(relayed.payload).sort()).toEqual(['ciphertext', 'nonce']);
    expect(relayed.raw).not.toContain('1234');
  });
});

describe('client events', () => {
  it('relays client- events on private channels to the others, never echoing to the sender', async () => {
    const a = client();
    const b = client();
    const chA = a.subscribe('private-chat');
    const chB = b.subscribe('private-chat');
    await Promise.all([subscribed(chA), subscribed(chB)]);
    let echoed = false;
    chA.bind('client-typing', () => (echoed = true));
    const got = nextEvent(chB, 'client-typing');
    expect(chA.trigger('client-typing', { who: 'a' })).toBe(true);
    expect((await got).data).toEqual({ who: 'a' });
    await sleep(100);
    expect(echoed).toBe(false);
  });

  it('adds user_id on presence channels', async () => {
    const a = await raw();
    const b = await raw();
    await a.subscribeSigned(srv.sdk, 'presence-chat', { user_id: '11' });
    await b.subscribeSigned(srv.sdk, 'presence-chat', { user_id: '12' });
    a.send({ event: 'client-wave', channel: 'presence-chat', data: { hi: true }, user_id: 'forged' });
    const m = await b.next('client-wave');
    expect(m.user_id).toBe('11');
    expect(m.data).toEqual({ hi: true });
  });

  it('refuses client events on public channels and on channels the socket is not subscribed to', async () => {
    const a = await raw();
    const b = await raw();
    await a.subscribe('public-room');
    await b.subscribe('public-room');
    a.send({ event: 'client-x', channel: 'public-room', data: {} });
    expect((await a.next('pusher:error')).payload.code).toBe(4009);
    a.send({ event: 'client-x', channel: 'private-not-mine', data: {} });
    expect((await a.next('pusher:error')).payload).toEqual({ code: 4009, message: 'The client is not a member of the specified channel.' });
    expect(await b.none('client-x', 100)).toHaveLength(0);
  });

  it('rate-limits client events to 10 per second per connection with pusher:error 4301', async () => {
    const a = await raw();
    const b = await raw();
    await a.subscribeSigned(srv.sdk, 'private-flood');
    await b.subscribeSigned(srv.sdk, 'private-flood');
    for (let i = 0; i < 15; i++) a.send({ event: 'client-n', channel: 'private-flood', data: { i } });
    const err = await a.next('pusher:error');
    expect(err.payload).toEqual({ code: 4301, message: 'Client event rejected due to rate limit' });
    await sleep(200);
    expect(b.queue.filter((m) => m.event === 'client-n')).toHaveLength(10);
    expect(a.ws.readyState).toBe(1);
  });
});

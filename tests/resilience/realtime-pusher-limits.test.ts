/**
 * Issue #16, limits with Pusher's error codes (soketi's defaults, each configurable from the environment):
 * client events on/off, client event name and payload (pusher:error 4301, the socket stays open: no 1009 close),
 * channel name length, presence member info size and members per channel (4100), sign-in within a deadline
 * (4009), and the HTTP API's channels per event, event name and event data (400 / 413), each with a message
 * that says which limit. Clients: pusher-js, the `pusher` SDK and a raw websocket for exact frames.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config';
import { realtimeOptionsFromConfig } from '../../server/realtime/index';
import { Opened, connected, subscribed, until, type Running } from '../realtime/helpers';

const opened = new Opened();
const server = (over: Parameters<Opened['server']>[0] = {}) => opened.server(over);
const open = (port: number) => opened.raw(port);
/** The limits part of the options, as REVERB_* variables would set them. */
const limitsFromEnv = (env: Record<string, string>) => {
  const { clientEvents, maxEventNameLength, maxEventChannels, maxChannelNameLength, presenceMaxMembers, presenceMaxMemberSizeKb, requireSignIn, signInTimeoutMs, maxMessageSize } =
    realtimeOptionsFromConfig(loadConfig(env));
  return { clientEvents, maxEventNameLength, maxEventChannels, maxChannelNameLength, presenceMaxMembers, presenceMaxMemberSizeKb, requireSignIn, signInTimeoutMs, maxMessageSize };
};
afterEach(() => opened.closeAll());

async function pair(srv: Running, channel: string) {
  const from = await open(srv.port);
  const to = await open(srv.port);
  await from.subscribeSigned(srv.sdk, channel);
  await to.subscribeSigned(srv.sdk, channel);
  return { from, to };
}

describe('client events', () => {
  it('are off with REVERB_APP_ACCEPT_CLIENT_EVENTS_FROM=none (soketi and Pusher by default): pusher:error 4301 and nothing is relayed', async () => {
    const srv = await server(limitsFromEnv({ REVERB_APP_ACCEPT_CLIENT_EVENTS_FROM: 'none' }));
    const { from, to } = await pair(srv, 'private-off');
    from.send({ event: 'client-typing', channel: 'private-off', data: {} });
    const err = await from.next('pusher:error');
    expect(err.payload).toEqual({ code: 4301, message: 'Client events are not enabled for this app.' });
    expect(err.channel).toBe('private-off');
    expect(await to.none('client-typing')).toHaveLength(0);
  });

  it('are relayed when REVERB_APP_ACCEPT_CLIENT_EVENTS_FROM=members, with pusher-js on both ends', async () => {
    const srv = await server(limitsFromEnv({ REVERB_APP_ACCEPT_CLIENT_EVENTS_FROM: 'members' }));
    const a = opened.pusher(srv.port, srv.sdk);
    const b = opened.pusher(srv.port, srv.sdk);
    const chA = a.subscribe('private-on');
    const chB = b.subscribe('private-on');
    await Promise.all([subscribed(chA), subscribed(chB)]);
    const got = new Promise((resolve) => chB.bind('client-typing', resolve));
    expect(chA.trigger('client-typing', { who: 'a' })).toBe(true);
    expect(await got).toEqual({ who: 'a' });
  });

  it('answer a name or payload over the limit with 4301 naming the limit, keep the socket, and relay the next good one', async () => {
    const srv = await server(limitsFromEnv({ REVERB_APP_ACCEPT_CLIENT_EVENTS_FROM: 'members', REVERB_MAX_EVENT_NAME_LENGTH: '20', REVERB_APP_MAX_MESSAGE_SIZE: '1000' }));
    const { from, to } = await pair(srv, 'private-lim');
    from.send({ event: `client-${'n'.repeat(14)}`, channel: 'private-lim', data: {} }); // 21 characters
    expect((await from.next('pusher:error')).payload).toEqual({ code: 4301, message: 'Event name is too long: at most 20 characters.' });
    from.send({ event: 'client-big', channel: 'private-lim', data: { pad: 'x'.repeat(1000) } });
    expect((await from.next('pusher:error')).payload).toEqual({ code: 4301, message: 'Event data is too large: at most 1000 bytes.' });
    // Far over the message size, still a 4301 rather than a 1009 close.
    from.send({ event: 'client-huge', channel: 'private-lim', data: 'x'.repeat(20_000) });
    expect((await from.next('pusher:error')).payload).toEqual({ code: 4301, message: 'Event data is too large: at most 1000 bytes.' });
    from.send({ event: 'client-ok', channel: 'private-lim', data: { pad: 'x'.repeat(900) } });
    expect((await to.next('client-ok')).data).toEqual({ pad: 'x'.repeat(900) });
    expect(to.all.some((m) => m.event === 'client-big' || m.event === 'client-huge')).toBe(false);
    expect(from.ws.readyState).toBe(from.ws.OPEN);
  });

  it('default: 200-character names and 10,000-byte payloads are the last ones accepted', async () => {
    const srv = await server({ clientEvents: true });
    const { from, to } = await pair(srv, 'private-def');
    from.send({ event: `client-${'n'.repeat(193)}`, channel: 'private-def', data: 'x'.repeat(10_000) });
    expect((await to.next((m) => m.event.length === 200)).data).toBe('x'.repeat(10_000));
    from.send({ event: `client-${'n'.repeat(194)}`, channel: 'private-def', data: 'x' });
    expect((await from.next('pusher:error')).payload.code).toBe(4301);
    from.send({ event: 'client-x', channel: 'private-def', data: 'x'.repeat(10_001) });
    expect((await from.next('pusher:error')).payload).toEqual({ code: 4301, message: 'Event data is too large: at most 10000 bytes.' });
  });
});

describe('channel names', () => {
  it("refuse a name over REVERB_MAX_CHANNEL_NAME_LENGTH with soketi's LimitReached / 4009, and accept one at it", async () => {
    const srv = await server(limitsFromEnv({ REVERB_MAX_CHANNEL_NAME_LENGTH: '30' }));
    const c = await open(srv.port);
    expect((await c.subscribe('c'.repeat(30))).event).toBe('pusher_internal:subscription_succeeded');
    const over = await c.subscribe('c'.repeat(31));
    expect(over.event).toBe('pusher:subscription_error');
    expect(over.payload).toEqual({ type: 'LimitReached', error: 'Channel name is too long: at most 30 characters.', status: 4009 });
    expect((await c.next('pusher:error')).payload).toEqual({ code: 4009, message: 'Channel name is too long: at most 30 characters.' });
    // The HTTP API applies the same limit.
    await expect(srv.sdk.trigger('c'.repeat(31), 'e', {})).rejects.toMatchObject({ status: 400, body: expect.stringContaining('Channel name is too long: at most 30 characters.') });
  });

  it('default: 200 characters', async () => {
    const srv = await server();
    const c = await open(srv.port);
    expect((await c.subscribe('c'.repeat(200))).event).toBe('pusher_internal:subscription_succeeded');
    expect((await c.subscribe('c'.repeat(201))).payload).toMatchObject({ type: 'LimitReached', status: 4009 });
  });
});

describe('presence limits', () => {
  it('refuse member info over REVERB_PRESENCE_MAX_MEMBER_SIZE_KB (2 KB by default) with 4100, through pusher-js', async () => {
    const srv = await server(limitsFromEnv({}));
    const fits = opened.pusher(srv.port, srv.sdk, { presence: { user_id: 'fits', user_info: { bio: 'x'.repeat(2000) } } });
    const big = opened.pusher(srv.port, srv.sdk, { presence: { user_id: 'big', user_info: { bio: 'x'.repeat(2100) } } });
    await subscribed(fits.subscribe('presence-size'));
    const error = new Promise<any>((resolve) => big.subscribe('presence-size').bind('pusher:subscription_error', resolve));
    expect(await error).toEqual({ type: 'LimitReached', error: 'Presence member info is too large: at most 2 KB.', status: 4100 });
    const members = (await (await srv.sdk.get({ path: '/channels/presence-size/users' })).json()).users;
    expect(members).toEqual([{ id: 'fits' }]);
  });

  it('refuse a user past REVERB_PRESENCE_MAX_MEMBERS with 4100, count users rather than sockets, and let a place free up', async () => {
    const srv = await server(limitsFromEnv({ REVERB_PRESENCE_MAX_MEMBERS: '2' }));
    const ann = await open(srv.port);
    const annAgain = await open(srv.port);
    const ben = await open(srv.port);
    const cat = await open(srv.port);
    await ann.subscribeSigned(srv.sdk, 'presence-cap', { user_id: 'ann' });
    await annAgain.subscribeSigned(srv.sdk, 'presence-cap', { user_id: 'ann' });
    await ben.subscribeSigned(srv.sdk, 'presence-cap', { user_id: 'ben' });
    const full = await cat.subscribeSigned(srv.sdk, 'presence-cap', { user_id: 'cat' });
    expect(full.event).toBe('pusher:subscription_error');
    expect(full.payload).toEqual({ type: 'LimitReached', error: 'Presence channel is full: at most 2 members.', status: 4100 });
    expect((await cat.next('pusher:error')).payload).toEqual({ code: 4100, message: 'Presence channel is full: at most 2 members.' });
    expect(await ann.none((m) => m.event === 'pusher_internal:member_added' && m.payload.user_id === 'cat')).toHaveLength(0);
    ben.close();
    await ann.next('pusher_internal:member_removed');
    expect((await cat.subscribeSigned(srv.sdk, 'presence-cap', { user_id: 'cat' })).event).toBe('pusher_internal:subscription_succeeded');
  });

  it('0 turns the member limit off; the default is 100', async () => {
    expect(limitsFromEnv({}).presenceMaxMembers).toBe(100);
    const srv = await server({ ...limitsFromEnv({ REVERB_PRESENCE_MAX_MEMBERS: '0' }), maxConnectionsPerIp: 0 });
    const sockets = await Promise.all(Array.from({ length: 101 }, () => open(srv.port)));
    await Promise.all(sockets.map((s, i) => s.subscribeSigned(srv.sdk, 'presence-open', { user_id: `u${i}` })));
    expect((await (await srv.sdk.get({ path: '/channels/presence-open', params: { info: 'user_count' } })).json()).user_count).toBe(101);
  });
});

describe('sign-in deadline (REVERB_USER_AUTHENTICATION)', () => {
  it('closes a socket that has not signed in within the timeout with pusher:error 4009, keeps one that has', async () => {
    const srv = await server({ ...limitsFromEnv({ REVERB_USER_AUTHENTICATION: 'true' }), signInTimeoutMs: 400 });
    const late = await open(srv.port);
    const prompt = opened.pusher(srv.port, srv.sdk, { user: { id: 'u1' } });
    await connected(prompt);
    prompt.signin();
    await until(() => prompt.user.serverToUserChannel?.subscribed === true, 3000, 'sign-in');
    expect((await late.next('pusher:error', 5000)).payload).toEqual({ code: 4009, message: 'Connection not authorized within timeout.' });
    expect((await late.closed).code).toBe(4009);
    // The signed-in one outlives the deadline and still receives events.
    await new Promise((r) => setTimeout(r, 600));
    expect(prompt.connection.state).toBe('connected');
    const got = new Promise((resolve) => prompt.user.bind('hello', resolve));
    await srv.sdk.sendToUser('u1', 'hello', { ok: true });
    expect(await got).toEqual({ ok: true });
  });

  it('is off by default, with a 30 s deadline when turned on', async () => {
    expect(limitsFromEnv({})).toMatchObject({ requireSignIn: false, signInTimeoutMs: 30_000 });
    const srv = await server({ ...limitsFromEnv({}), pingIntervalMs: 100, pongTimeoutMs: 10_000 });
    const c = await open(srv.port);
    await c.next('pusher:ping', 2000); // the sweep ran; no sign-in was asked for
    c.send({ event: 'pusher:pong' });
    expect(c.all.some((m) => m.event === 'pusher:error')).toBe(false);
  });
});

describe('HTTP API limits (the pusher SDK)', () => {
  const failure = async (p: Promise<unknown>) => {
    try {
      await p;
      return null;
    } catch (e) {
      const err = e as { status: number; body: string };
      return { status: err.status, error: JSON.parse(err.body).error };
    }
  };

  it('channels per event, event name and event data, each from the environment and each refusal saying which', async () => {
    const srv = await server(limitsFromEnv({ REVERB_MAX_EVENT_CHANNELS: '3', REVERB_MAX_EVENT_NAME_LENGTH: '10', REVERB_APP_MAX_MESSAGE_SIZE: '500' }));
    expect(await failure(srv.sdk.trigger(['a', 'b', 'c'], 'e', {}))).toBeNull();
    expect(await failure(srv.sdk.trigger(['a', 'b', 'c', 'd'], 'e', {}))).toEqual({ status: 400, error: 'Too many channels: at most 3 per event.' });
    expect(await failure(srv.sdk.trigger('a', 'n'.repeat(11), {}))).toEqual({ status: 400, error: 'Event name is too long: at most 10 characters.' });
    expect(await failure(srv.sdk.trigger('a', 'e', 'x'.repeat(501)))).toEqual({ status: 413, error: 'Event data is too large: at most 500 bytes.' });
    expect(await failure(srv.sdk.triggerBatch([{ channel: 'a', name: 'e', data: 'x'.repeat(500) }]))).toBeNull();
  });
});

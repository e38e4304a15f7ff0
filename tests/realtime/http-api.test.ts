import { createHash, createHmac } from 'node:crypto';
import PusherServer from 'pusher';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { APP, RawClient, connected, pusherClient, sleep, startServer, until, type PusherClient, type Running } from './helpers';

let srv: Running;
const raws: RawClient[] = [];
const clients: PusherClient[] = [];
async function raw() {
  const c = await RawClient.open(srv.port);
  raws.push(c);
  return c;
}
beforeAll(async () => {
  srv = await startServer();
});
afterAll(() => srv.stop());
afterEach(() => {
  for (const c of raws.splice(0)) c.close();
  for (const p of clients.splice(0)) p.disconnect();
});

/** Signs a request by hand (to control the timestamp / tamper with parts). */
function signed(method: string, path: string, body: string, opts: { ts?: number; secret?: string; key?: string; md5?: string; extra?: Record<string, string> } = {}) {
  const params: Record<string, string> = {
    auth_key: opts.key ?? APP.key,
    auth_timestamp: String(opts.ts ?? Math.floor(Date.now() / 1000)),
    auth_version: '1.0',
    ...opts.extra,
  };
  if (body) params.body_md5 = opts.md5 ?? createHash('md5').update(body).digest('hex');
  const qs = Object.keys(params)
    .sort()
    .map((k) => `${k}=${params[k]}`)
    .join('&');
  const sig = createHmac('sha256', opts.secret ?? APP.secret)
    .update(`${method}\n${path}\n${qs}`)
    .digest('hex');
  return `http://127.0.0.1:${srv.port}${path}?${qs}&auth_signature=${sig}`;
}

async function post(path: string, body: unknown, opts?: Parameters<typeof signed>[3]) {
  const text = JSON.stringify(body);
  const res = await fetch(signed('POST', path, text, opts), { method: 'POST', body: text, headers: { 'content-type': 'application/json' } });
  return { status: res.status, body: await res.json() };
}

async function status(p: Promise<unknown>): Promise<number> {
  try {
    await p;
    return 200;
  } catch (e) {
    return (e as { status?: number }).status ?? -1;
  }
}

const eventsPath = `/apps/${APP.appId}/events`;

describe('health', () => {
  it('GET /up answers 200', async () => {
    const res = await fetch(`http://127.0.0.1:${srv.port}/up`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ health: 'OK' });
  });
});

describe('publishing', () => {
  it('trigger to one and to several channels, and triggerBatch, reach the subscribers', async () => {
    const c = await raw();
    await c.subscribe('a');
    await c.subscribe('b');
    const res = await srv.sdk.trigger('a', 'one', { n: 1 });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({});
    await srv.sdk.trigger(['a', 'b'], 'two', { n: 2 });
    const batch = await srv.sdk.triggerBatch([
      { channel: 'a', name: 'three', data: { n: 3 } },
      { channel: 'b', name: 'four', data: 'text' },
    ]);
    expect(await batch.json()).toEqual({ batch: {} });
    expect((await c.next('one')).raw).toBe('{"event":"one","data":"{\\"n\\":1}","channel":"a"}');
    const twos = [await c.next('two'), await c.next('two')];
    expect(twos.map((m) => m.channel).sort()).toEqual(['a', 'b']);
    expect((await c.next('three')).payload).toEqual({ n: 3 });
    expect((await c.next('four')).data).toBe('text');
  });

  it('excludes the socket named in socket_id', async () => {
    const me = await raw();
    const other = await raw();
    await me.subscribe('ex');
    await other.subscribe('ex');
    await srv.sdk.trigger('ex', 'changed', {}, { socket_id: me.socketId });
    await other.next('changed');
    expect(await me.none('changed', 150)).toHaveLength(0);
  });

  it('answers channel info when the trigger asks for it', async () => {
    const c = await raw();
    await c.subscribeSigned(srv.sdk, 'presence-info', { user_id: '5' });
    const res = await srv.sdk.trigger(['presence-info', 'nobody-here'], 'e', {}, { info: 'user_count,subscription_count' });
    expect(await res.json()).toEqual({
      channels: { 'presence-info': { user_count: 1, subscription_count: 1 }, 'nobody-here': { subscription_count: 0 } },
    });
  });

  it('accepts 100 channels and refuses 101 with 400', async () => {
    const channels = Array.from({ length: 101 }, (_, i) => `c${i}`);
    // The SDK refuses > 100 channels itself, so post the body directly (its typing says string; it JSON-encodes objects).
    const body = (list: string[]) => ({ name: 'x', data: '{}', channels: list }) as unknown as string;
    expect(await status(srv.sdk.post({ path: '/events', body: body(channels.slice(0, 100)) }))).toBe(200);
    expect(await status(srv.sdk.post({ path: '/events', body: body(channels) }))).toBe(400);
  });

  it('refuses event data over maxMessageSize with 413', async () => {
    expect(await status(srv.sdk.trigger('big', 'e', 'x'.repeat(10_001)))).toBe(413);
    expect(await status(srv.sdk.trigger('big', 'e', 'x'.repeat(9_000)))).toBe(200);
    expect(await status(srv.sdk.triggerBatch([{ channel: 'big', name: 'e', data: 'x'.repeat(10_001) }]))).toBe(413);
  });

  it('refuses malformed events with 400', async () => {
    expect((await post(eventsPath, { name: 'e', data: '{}' })).status).toBe(400); // no channel
    expect((await post(eventsPath, { name: 'e', data: {}, channel: 'a' })).status).toBe(400); // data not a string
    expect((await post(eventsPath, { name: 'e', data: '{}', channel: 'bad name!' })).status).toBe(400);
    expect((await post(eventsPath, { name: 'e', data: '{}', channel: 'a', socket_id: 'nope' })).status).toBe(400);
    expect((await post(eventsPath, { name: 'x'.repeat(201), data: '{}', channel: 'a' })).status).toBe(400);
  });
});

describe('request signatures', () => {
  it('accepts a hand-signed request and one 500 s old', async () => {
    expect((await post(eventsPath, { name: 'e', data: '{}', channel: 'a' })).status).toBe(200);
    expect((await post(eventsPath, { name: 'e', data: '{}', channel: 'a' }, { ts: Math.floor(Date.now() / 1000) - 500 })).status).toBe(200);
  });

  it('refuses a timestamp more than 600 s away with 401', async () => {
    const now = Math.floor(Date.now() / 1000);
    expect((await post(eventsPath, { name: 'e', data: '{}', channel: 'a' }, { ts: now - 601 })).status).toBe(401);
    expect((await post(eventsPath, { name: 'e', data: '{}', channel: 'a' }, { ts: now + 700 })).status).toBe(401);
  });

  it('refuses a wrong secret, a wrong key, a wrong body_md5, a tampered body and a missing signature with 401', async () => {
    expect(await status(new PusherServer({ appId: APP.appId, key: APP.key, secret: 'wrong', host: '127.0.0.1', port: String(srv.port), useTLS: false }).trigger('a', 'e', {}))).toBe(401);
    expect((await post(eventsPath, { name: 'e', data: '{}', channel: 'a' }, { key: 'other-key' })).status).toBe(401);
    expect((await post(eventsPath, { name: 'e', data: '{}', channel: 'a' }, { md5: '0'.repeat(32) })).status).toBe(401);
    const url = signed('POST', eventsPath, JSON.stringify({ name: 'e', data: '{}', channel: 'a' }));
    const tampered = await fetch(url, { method: 'POST', body: JSON.stringify({ name: 'e', data: '{}', channel: 'b' }) });
    expect(tampered.status).toBe(401);
    const bare = await fetch(`http://127.0.0.1:${srv.port}/apps/${APP.appId}/channels`);
    expect(bare.status).toBe(401);
    const extra = signed('GET', `/apps/${APP.appId}/channels`, '', { extra: { filter_by_prefix: 'a' } }).replace('filter_by_prefix=a', 'filter_by_prefix=b');
    expect((await fetch(extra)).status).toBe(401);
  });

  it('answers 404 for an unknown app id', async () => {
    const other = new PusherServer({ appId: 'other-app', key: APP.key, secret: APP.secret, host: '127.0.0.1', port: String(srv.port), useTLS: false });
    expect(await status(other.trigger('a', 'e', {}))).toBe(404);
    expect(await status(other.get({ path: '/channels' }))).toBe(404);
  });

  it('answers 405 for the wrong method and 404 for unknown paths', async () => {
    expect(await status(srv.sdk.get({ path: '/events' }))).toBe(405);
    expect(await status(srv.sdk.get({ path: '/nothing' }))).toBe(404);
  });
});

describe('queries', () => {
  it('GET /channels lists occupied channels, with filter_by_prefix and user_count', async () => {
    const a = await raw();
    const b = await raw();
    await a.subscribe('q-public');
    await a.subscribeSigned(srv.sdk, 'presence-q', { user_id: '1' });
    await b.subscribeSigned(srv.sdk, 'presence-q', { user_id: '2' });
    const all = await (await srv.sdk.get({ path: '/channels' })).json();
    expect(all.channels).toMatchObject({ 'q-public': {}, 'presence-q': {} });
    const presence = await (await srv.sdk.get({ path: '/channels', params: { filter_by_prefix: 'presence-', info: 'user_count' } })).json();
    expect(presence.channels).toEqual({ 'presence-q': { user_count: 2 } });
    expect(await status(srv.sdk.get({ path: '/channels', params: { info: 'user_count' } }))).toBe(400);
  });

  it('GET /channels/{name} answers occupied, subscription_count and user_count', async () => {
    const a = await raw();
    const b = await raw();
    await a.subscribe('q-one');
    await b.subscribe('q-one');
    expect(await (await srv.sdk.get({ path: '/channels/q-one', params: { info: 'subscription_count' } })).json()).toEqual({ occupied: true, subscription_count: 2 });
    expect(await (await srv.sdk.get({ path: '/channels/q-empty' })).json()).toEqual({ occupied: false });
    await a.subscribeSigned(srv.sdk, 'presence-q2', { user_id: '7' });
    await b.subscribeSigned(srv.sdk, 'presence-q2', { user_id: '7' });
    expect(await (await srv.sdk.get({ path: '/channels/presence-q2', params: { info: 'user_count,subscription_count' } })).json()).toEqual({
      occupied: true,
      user_count: 1,
      subscription_count: 2,
    });
  });

  it('GET /channels/{name}/users lists presence users, 400 for other channels', async () => {
    const a = await raw();
    const b = await raw();
    await a.subscribeSigned(srv.sdk, 'presence-u', { user_id: '1' });
    await b.subscribeSigned(srv.sdk, 'presence-u', { user_id: '2' });
    const users = await (await srv.sdk.get({ path: '/channels/presence-u/users' })).json();
    expect(users.users.map((u: { id: string }) => u.id).sort()).toEqual(['1', '2']);
    expect(await status(srv.sdk.get({ path: '/channels/private-u/users' }))).toBe(400);
  });

  it('GET /connections counts open sockets', async () => {
    const count = async () => (await (await srv.sdk.get({ path: '/connections' })).json()).connections as number;
    await until(async () => (await count()) === 0, 3000, 'earlier sockets to close');
    const a = await raw();
    await raw();
    expect(await (await srv.sdk.get({ path: '/connections' })).json()).toEqual({ connections: 2 });
    a.close();
    await a.closed;
    await until(async () => (await count()) === 1);
  });
});

describe('users: sign-in, sendToUser, terminate', () => {
  it('pusher:signin succeeds with an SDK signature and sendToUser reaches only that user', async () => {
    const alice = pusherClient(srv.port, srv.sdk, { user: { id: 'u-alice', name: 'Alice' } });
    const bob = pusherClient(srv.port, srv.sdk, { user: { id: 'u-bob' } });
    clients.push(alice, bob);
    await Promise.all([connected(alice), connected(bob)]);
    alice.signin();
    bob.signin();
    await until(() => (alice.user as any).serverToUserChannel?.subscribed === true && (bob.user as any).serverToUserChannel?.subscribed === true, 3000, 'sign-in');
    expect((alice.user as any).user_data).toEqual({ id: 'u-alice', name: 'Alice' });
    let bobGot = false;
    bob.user.bind('notice', () => (bobGot = true));
    const got = new Promise((resolve) => alice.user.bind('notice', resolve));
    await srv.sdk.sendToUser('u-alice', 'notice', { hello: 'alice' });
    expect(await got).toEqual({ hello: 'alice' });
    await sleep(100);
    expect(bobGot).toBe(false);
  });

  it('answers pusher:signin_success with user_data, and delivers #server-to-user events on every socket of the user', async () => {
    const a = await raw();
    const b = await raw();
    for (const c of [a, b]) {
      const auth = srv.sdk.authenticateUser(c.socketId, { id: '77' });
      c.send({ event: 'pusher:signin', data: auth });
      expect((await c.next('pusher:signin_success')).payload).toEqual({ user_data: '{"id":"77"}' });
    }
    await srv.sdk.sendToUser('77', 'ping-user', { x: 1 });
    expect((await a.next('ping-user')).channel).toBe('#server-to-user-77');
    expect((await b.next('ping-user')).payload).toEqual({ x: 1 });
  });

  it('fails a bad sign-in with pusher:error 4009 and closes the connection', async () => {
    const c = await raw();
    c.send({ event: 'pusher:signin', data: { auth: `${APP.key}:bad`, user_data: '{"id":"1"}' } });
    expect((await c.next('pusher:error')).payload.code).toBe(4009);
    expect((await c.closed).code).toBe(4009);
    const noId = await raw();
    noId.send({ event: 'pusher:signin', data: signUser(noId.socketId, '{"name":"x"}') }); // signed, but no id
    expect((await noId.closed).code).toBe(4009);
  });

  it('never lets a client subscribe to a #server-to-user channel that is not its own', async () => {
    const c = await raw();
    expect((await c.subscribe('#server-to-user-77')).event).toBe('pusher:subscription_error');
    c.send({ event: 'pusher:signin', data: srv.sdk.authenticateUser(c.socketId, { id: '78' }) });
    await c.next('pusher:signin_success');
    expect((await c.subscribe('#server-to-user-77')).event).toBe('pusher:subscription_error');
    expect((await c.subscribe('#server-to-user-78')).event).toBe('pusher_internal:subscription_succeeded');
    await srv.sdk.sendToUser('77', 'not-for-you', {});
    expect(await c.none('not-for-you', 150)).toHaveLength(0);
  });

  it('terminateUserConnections closes the sockets of a signed-in user and of a presence user', async () => {
    const signedIn = await raw();
    signedIn.send({ event: 'pusher:signin', data: srv.sdk.authenticateUser(signedIn.socketId, { id: 'bye' }) });
    await signedIn.next('pusher:signin_success');
    const present = await raw();
    await present.subscribeSigned(srv.sdk, 'presence-t', { user_id: 'bye' });
    const bystander = await raw();
    const res = await srv.sdk.terminateUserConnections('bye');
    expect(res.status).toBe(200);
    expect((await signedIn.closed).code).toBe(4009);
    expect((await present.closed).code).toBe(4009);
    expect(bystander.ws.readyState).toBe(1);
  });
});

function signUser(socketId: string, userData: string) {
  return { auth: `${APP.key}:${createHmac('sha256', APP.secret).update(`${socketId}::user::${userData}`).digest('hex')}`, user_data: userData };
}

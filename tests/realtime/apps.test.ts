/**
 * Issue #26: several apps on one server, each isolated (its key, secret, channels, limits), an app
 * that can be deactivated, Reverb's client-event modes and message rate limit, and the server path.
 */
import PusherServer from 'pusher';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP, RawClient, startServer, type Running } from './helpers';

const CRM = { appId: 'crm', key: 'crm-key', secret: 'crm-secret' } as const;
const OFF = { appId: 'off', key: 'off-key', secret: 'off-secret' } as const;

const sdk = (port: number, app: { appId: string; key: string; secret: string }, path = '') =>
  new PusherServer({ ...app, host: '127.0.0.1', port: String(port), useTLS: false, ...(path ? { path } : {}) } as ConstructorParameters<typeof PusherServer>[0]);

async function privateSubscriber(port: number, app: { appId: string; key: string; secret: string }, channel: string, path = '') {
  const client = await RawClient.open(port, { path: `${path}/app/${app.key}?protocol=7&client=js&version=8.4.0` });
  const { auth } = sdk(port, app).authorizeChannel(client.socketId, channel);
  expect((await client.subscribe(channel, { auth })).event).toBe('pusher_internal:subscription_succeeded');
  return client;
}

describe('several apps on one server', () => {
  let srv: Running;
  beforeAll(async () => {
    srv = await startServer({
      apps: [
        { ...CRM, clientEvents: 'none' },
        { ...OFF, enabled: false },
      ],
    });
  });
  afterAll(() => srv.stop());

  it('keeps each app to its own channels: the same name in two apps is two channels', async () => {
    const inBoardly = await privateSubscriber(srv.port, APP, 'private-orders');
    const inCrm = await privateSubscriber(srv.port, CRM, 'private-orders');
    await sdk(srv.port, CRM).trigger('private-orders', 'created', { id: 1 });
    expect((await inCrm.next('created')).payload).toEqual({ id: 1 });
    expect(await inBoardly.none('created')).toEqual([]);
    const channels = async (app: typeof CRM | typeof APP) => (await (await sdk(srv.port, app).get({ path: '/channels' })).json()).channels;
    expect(Object.keys(await channels(CRM))).toEqual(['private-orders']);
    inCrm.ws.close();
    await inCrm.closed;
    expect(await channels(CRM)).toEqual({});
    expect(Object.keys(await channels(APP))).toEqual(['private-orders']);
    inBoardly.ws.close();
  });

  it("refuses one app's key or secret for another", async () => {
    // A subscription signed with the Boardly secret is refused on the CRM app.
    const client = await RawClient.open(srv.port, { path: `/app/${CRM.key}?protocol=7` });
    const { auth } = sdk(srv.port, APP).authorizeChannel(client.socketId, 'private-orders');
    expect((await client.subscribe('private-orders', { auth: auth.replace(APP.key, CRM.key) })).event).toBe('pusher:subscription_error');
    client.ws.close();
    // The HTTP API of the CRM app, signed with Boardly's credentials.
    const forged = sdk(srv.port, { ...APP, appId: CRM.appId });
    await expect(forged.trigger('private-orders', 'created', {})).rejects.toMatchObject({ status: 401 });
    const unknown = await RawClient.open(srv.port, { path: '/app/nobody?protocol=7', waitEstablished: false });
    expect((await unknown.next('pusher:error')).payload).toMatchObject({ code: 4001 });
  });

  it('honours each app its own settings (client events off in the CRM app only)', async () => {
    const channel = 'private-chat';
    const a = await privateSubscriber(srv.port, CRM, channel);
    a.send({ event: 'client-typing', channel, data: {} });
    expect((await a.next('pusher:error')).payload).toMatchObject({ code: 4301, message: 'Client events are not enabled for this app.' });
    const b = await privateSubscriber(srv.port, APP, channel);
    const c = await privateSubscriber(srv.port, APP, channel);
    b.send({ event: 'client-typing', channel, data: { who: 'b' } });
    expect((await c.next('client-typing')).payload).toEqual({ who: 'b' });
    for (const x of [a, b, c]) x.ws.close();
  });

  it('refuses a deactivated app: connections with 4003, the HTTP API with 403', async () => {
    const client = await RawClient.open(srv.port, { path: `/app/${OFF.key}?protocol=7`, waitEstablished: false });
    expect((await client.next('pusher:error')).payload).toEqual({ code: 4003, message: 'Application is disabled' });
    expect((await client.closed).code).toBe(4003);
    await expect(sdk(srv.port, OFF).trigger('news', 'x', {})).rejects.toMatchObject({ status: 403 });
  });
});

describe("Reverb's client-event modes and message rate limit", () => {
  it('members (the default): only a subscriber of the channel may whisper on it', async () => {
    const srv = await startServer();
    try {
      const member = await privateSubscriber(srv.port, APP, 'private-room');
      const outsider = await RawClient.open(srv.port);
      outsider.send({ event: 'client-typing', channel: 'private-room', data: {} });
      expect((await outsider.next('pusher:error')).payload).toMatchObject({ code: 4009, message: 'The client is not a member of the specified channel.' });
      expect(await member.none('client-typing')).toEqual([]);
      member.ws.close();
      outsider.ws.close();
    } finally {
      await srv.stop();
    }
  });

  it('all: any connection may send to a private channel; public channels stay closed to client events', async () => {
    const srv = await startServer({ clientEvents: 'all' });
    try {
      const member = await privateSubscriber(srv.port, APP, 'private-room');
      const outsider = await RawClient.open(srv.port);
      outsider.send({ event: 'client-ping', channel: 'private-room', data: { n: 1 } });
      expect((await member.next('client-ping')).payload).toEqual({ n: 1 });
      outsider.send({ event: 'client-ping', channel: 'news', data: {} });
      expect((await outsider.next('pusher:error')).payload).toMatchObject({ code: 4009 });
      member.ws.close();
      outsider.ws.close();
    } finally {
      await srv.stop();
    }
  });

  it('rate limiting: over max attempts a 4005 error; with terminate_on_limit the connection is closed', async () => {
    const srv = await startServer({
      rateLimiting: { enabled: true, maxAttempts: 3, decaySeconds: 60 },
      apps: [{ ...CRM, rateLimiting: { enabled: true, maxAttempts: 3, decaySeconds: 60, terminateOnLimit: true } }],
    });
    try {
      const client = await RawClient.open(srv.port);
      for (let i = 0; i < 3; i++) await client.subscribe(`news-${i}`);
      // Heartbeats never count.
      client.send({ event: 'pusher:ping', data: {} });
      await client.next('pusher:pong');
      client.send({ event: 'pusher:subscribe', data: { channel: 'news-3' } });
      expect((await client.next('pusher:error')).payload).toEqual({ code: 4005, message: 'Rate limit exceeded' });
      expect(client.ws.readyState).toBe(client.ws.OPEN);
      client.ws.close();

      const strict = await RawClient.open(srv.port, { path: `/app/${CRM.key}?protocol=7` });
      for (let i = 0; i < 3; i++) await strict.subscribe(`news-${i}`);
      strict.send({ event: 'pusher:subscribe', data: { channel: 'news-3' } });
      expect((await strict.closed).code).toBe(4005);
    } finally {
      await srv.stop();
    }
  });

  it('answers under REVERB_SERVER_PATH as well as at the root', async () => {
    const srv = await startServer({ path: '/reverb' });
    try {
      const prefixed = await privateSubscriber(srv.port, APP, 'private-a', '/reverb');
      const plain = await privateSubscriber(srv.port, APP, 'private-a');
      await sdk(srv.port, APP).trigger('private-a', 'hello', {});
      await Promise.all([prefixed.next('hello'), plain.next('hello')]);
      const up = await fetch(`http://127.0.0.1:${srv.port}/reverb/up`);
      expect(up.status).toBe(200);
      prefixed.ws.close();
      plain.ws.close();
    } finally {
      await srv.stop();
    }
  });
});

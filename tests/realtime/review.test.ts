/**
 * Issue #26 review pass: what an attacker or an operator could reach or exhaust through the new features
 * (watchlists, replay, several apps, the HTTP API's operator features). Each test failed before its fix.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config';
import { realtimeAddresses } from '../../server/realtime/addresses';
import { createRealtimeServer } from '../../server/realtime/index';
import { APP, Opened, RawClient, type Running, sdkFor, sleep, type startServer, until } from './helpers';
import { WebhookReceiver } from './webhook-receiver';

const opened = new Opened();
afterEach(() => opened.closeAll());
const server = (over: Parameters<typeof startServer>[0] = {}) => opened.server(over);

describe('internal channels stay out of the HTTP API', () => {
  it("GET /channels does not list the watchers' internal channels (who watches whom)", async () => {
    const srv = await server();
    const client = opened.pusher(srv.port, srv.sdk, { user: { id: '1', watchlist: ['2', '3'] } });
    client.signin();
    await until(() => (client.user as unknown as { serverToUserChannel?: { subscribed: boolean } }).serverToUserChannel?.subscribed === true, 3000, 'sign-in');
    client.subscribe('news');
    await until(async () => 'news' in (await (await srv.sdk.get({ path: '/channels' })).json()).channels, 3000, 'news listed');
    const all = (await (await srv.sdk.get({ path: '/channels' })).json()).channels;
    expect(Object.keys(all)).toEqual(['news']);
  });
});

/** A raw socket signed in as `id`, watching `watchlist`. */
async function rawSignedIn(srv: Running, id: string, watchlist: string[]): Promise<RawClient> {
  const raw = await RawClient.open(srv.port);
  const auth = srv.sdk.authenticateUser(raw.socketId, { id, watchlist });
  raw.send({ event: 'pusher:signin', data: { auth: auth.auth, user_data: auth.user_data } });
  await raw.next('pusher:signin_success');
  return raw;
}

describe("the watchers' internal channels are not the client's subscriptions", () => {
  it('a watchlist does not count against maxSubscriptionsPerConnection', async () => {
    const srv = await server({ maxSubscriptionsPerConnection: 2 });
    const raw = await rawSignedIn(srv, '1', ['2', '3', '4']);
    expect((await raw.subscribe('news')).event).toBe('pusher_internal:subscription_succeeded');
    expect((await raw.subscribe('sport')).event).toBe('pusher_internal:subscription_succeeded');
    expect((await raw.subscribe('weather')).event).toBe('pusher:subscription_error');
    raw.close();
  });

  it('pusher:unsubscribe of a #watch: channel does nothing: no webhook for it, and the watch goes on', async () => {
    const receiver = await WebhookReceiver.start();
    try {
      const srv = await server({ webhooks: { urls: [receiver.url], batchMs: 10, retryBaseMs: 50 } });
      const raw = await rawSignedIn(srv, '1', ['2']);
      raw.send({ event: 'pusher:unsubscribe', data: { channel: '#watch:2' } });
      await sleep(200);
      const bob = await rawSignedIn(srv, '2', []);
      const online = await raw.next('pusher_internal:watchlist_events');
      expect(online.payload).toEqual({ events: [{ name: 'online', user_ids: ['2'] }] });
      await sleep(200);
      const channels = receiver.deliveries.flatMap((d) => d.body.events.map((e) => (e as { channel?: string }).channel));
      expect(channels.filter((c) => c?.startsWith('#'))).toEqual([]);
      bob.close();
      raw.close();
    } finally {
      await receiver.stop();
    }
  });
});

describe('the message rate limit', () => {
  it('counts frames that are not JSON: a flood of junk is limited like any other', async () => {
    const srv = await server({ rateLimiting: { enabled: true, maxAttempts: 3, decaySeconds: 60, terminateOnLimit: true } });
    const raw = await RawClient.open(srv.port);
    for (let i = 0; i < 6; i++) raw.send('not json');
    const closed = await Promise.race([raw.closed, sleep(2000).then(() => null)]);
    raw.close();
    expect(closed?.code).toBe(4005);
  });
});

describe("Boardly's old REVERB_CLIENT_EVENTS", () => {
  it('maps its booleans, and a value it never accepted still stops the start instead of turning client events off', () => {
    expect(loadConfig({ REVERB_CLIENT_EVENTS: 'true' }).REVERB_APP_ACCEPT_CLIENT_EVENTS_FROM).toBe('members');
    expect(loadConfig({ REVERB_CLIENT_EVENTS: '0' }).REVERB_APP_ACCEPT_CLIENT_EVENTS_FROM).toBe('none');
    expect(() => loadConfig({ REVERB_CLIENT_EVENTS: 'yes' })).toThrow(/REVERB_APP_ACCEPT_CLIENT_EVENTS_FROM/);
  });
});

describe("Boardly's old public variables, one of the pair set", () => {
  it('REVERB_PUBLIC_HOST alone: the server stays on REVERB_HOST:REVERB_PORT, browsers dial the public host on that port', () => {
    const config = loadConfig({ REVERB_HOST: '127.0.0.1', REVERB_PORT: '8081', REVERB_PUBLIC_HOST: 'ws.example.com' });
    expect(realtimeAddresses(config)).toMatchObject({ listenHost: '127.0.0.1', listenPort: 8081, publicHost: 'ws.example.com', publicPort: 8081 });
    expect(config.DEPRECATIONS).toHaveLength(1);
  });

  it("REVERB_PUBLIC_PORT alone: the server stays on REVERB_HOST:REVERB_PORT, browsers dial APP_URL's host on the public port", () => {
    const config = loadConfig({ REVERB_HOST: '127.0.0.1', REVERB_PORT: '8081', REVERB_PUBLIC_PORT: '443' });
    expect(realtimeAddresses(config)).toMatchObject({ listenHost: '127.0.0.1', listenPort: 8081, publicHost: null, publicPort: 443 });
    expect(config.DEPRECATIONS).toHaveLength(1);
  });
});

describe('usage figures', () => {
  it("/usage and the channels gauge count the clients' channels, not a watcher's internal ones", async () => {
    const srv = createRealtimeServer({ ...APP, host: '127.0.0.1', port: 0, allowedOrigins: ['*'], maxMessageSize: 10_000, activityTimeout: 30, metricsPort: 0 });
    const { port, metricsPort } = await srv.start();
    try {
      const running = { port, sdk: sdkFor(port), stop: () => srv.stop() };
      const raw = await rawSignedIn(running, '1', ['2', '3', '4']);
      await raw.subscribe('news');
      const usage = await (await fetch(`http://127.0.0.1:${metricsPort}/usage`)).json();
      expect(usage.apps[APP.appId].channels).toBe(1);
      const text = await (await fetch(`http://127.0.0.1:${metricsPort}/metrics`)).text();
      expect(text).toMatch(/^reverb_channels 1$/m);
      raw.close();
    } finally {
      await srv.stop();
    }
  });
});

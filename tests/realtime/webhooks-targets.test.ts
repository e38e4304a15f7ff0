/**
 * Issue #26, webhooks per app in soketi's shape: each receiver with its event types, channel filter and extra
 * headers (REVERB_APPS `webhooks`), headers checked at start and never replacing the signature, one event per
 * POST without batching, and two apps' webhooks kept apart (each signed with its own app's key and secret).
 */
import PusherServer from 'pusher';
import { afterEach, describe, expect, it } from 'vitest';
import { verifyWebhook } from '../../server/lib/webhook-events';
import { StartupError } from '../../server/lib/startup-error';
import { loadConfig } from '../../server/config';
import { parseApps } from '../../server/realtime/apps';
import { realtimeOptionsFromConfig } from '../../server/realtime/index';
import { resolveApps, resolveOptions } from '../../server/realtime/options';
import { APP, Opened, RawClient, sleep } from './helpers';
import { WebhookReceiver } from './webhook-receiver';

const opened = new Opened();
const receiver = async () => opened.add(await WebhookReceiver.start(), (r) => r.stop());
const CRM = { appId: 'crm', key: 'crm-key', secret: 'crm-secret-0123456789' } as const;
const crmSdk = (port: number) => new PusherServer({ ...CRM, host: '127.0.0.1', port: String(port), useTLS: false });

afterEach(() => opened.closeAll());

/** A raw client of the CRM app, subscribed to each channel in turn (private ones signed with the CRM secret). */
async function crmClient(port: number, channels: string[]): Promise<RawClient> {
  const c = opened.add(await RawClient.open(port, { path: `/app/${CRM.key}?protocol=7&client=js&version=8.4.0` }), (x) => x.close());
  for (const channel of channels) {
    const auth = channel.startsWith('private-') ? crmSdk(port).authorizeChannel(c.socketId, channel).auth : undefined;
    expect((await c.subscribe(channel, auth ? { auth } : {})).event).toBe('pusher_internal:subscription_succeeded');
  }
  return c;
}

describe('webhook targets', () => {
  it('send each receiver only its event types, on channels matching its filter (starts with AND ends with)', async () => {
    const filtered = await receiver();
    const prefixOnly = await receiver();
    const all = await receiver();
    const apps = parseApps(
      JSON.stringify([
        {
          app_id: CRM.appId,
          key: CRM.key,
          secret: CRM.secret,
          webhooks: [
            { url: filtered.url, event_types: ['channel_occupied', 'channel_vacated'], filter: { channel_name_starts_with: 'private-', channel_name_ends_with: '-chat' } },
            { url: prefixOnly.url, event_types: ['channel_occupied'], filter: { channel_name_starts_with: 'private-' } },
            { url: all.url },
          ],
          webhook_batching: { duration: 10 },
        },
      ]),
      'REVERB_APPS',
    );
    const srv = await opened.server({ apps });
    const c = await crmClient(srv.port, ['private-team-chat', 'private-team', 'public-chat', 'lobby']);
    c.send({ event: 'pusher:unsubscribe', data: { channel: 'private-team-chat' } });
    c.send({ event: 'pusher:unsubscribe', data: { channel: 'public-chat' } });
    await all.until(() => all.events.length === 6);
    await filtered.untilEvents([{ name: 'channel_vacated' }]);
    await sleep(150);
    expect(filtered.events).toEqual([
      { name: 'channel_occupied', channel: 'private-team-chat' },
      { name: 'channel_vacated', channel: 'private-team-chat' },
    ]);
    expect(prefixOnly.events).toEqual([
      { name: 'channel_occupied', channel: 'private-team-chat' },
      { name: 'channel_occupied', channel: 'private-team' },
    ]);
    expect(all.events.map((e) => `${e.name} ${e.channel}`)).toEqual([
      'channel_occupied private-team-chat',
      'channel_occupied private-team',
      'channel_occupied public-chat',
      'channel_occupied lobby',
      'channel_vacated private-team-chat',
      'channel_vacated public-chat',
    ]);
    for (const d of [...filtered.deliveries, ...all.deliveries]) {
      expect(d.headers['x-pusher-key']).toBe(CRM.key);
      expect(verifyWebhook(CRM, { key: CRM.key, signature: d.headers['x-pusher-signature'] as string }, d.rawBody)).toBe(true);
    }
  });

  it('filter client events and member events by channel too', async () => {
    const r = await receiver();
    const srv = await opened.server({
      clientEvents: 'all',
      webhooks: { targets: [{ url: r.url, events: ['client_event', 'member_added'], filter: { channelNameEndsWith: '-chat' } }], batchMs: 10 },
    });
    const a = await opened.raw(srv.port);
    await a.subscribeSigned(srv.sdk, 'presence-room-chat', { user_id: 'ann' });
    await a.subscribeSigned(srv.sdk, 'presence-room', { user_id: 'ann' });
    await a.subscribeSigned(srv.sdk, 'private-x-chat');
    await a.subscribeSigned(srv.sdk, 'private-x');
    a.send({ event: 'client-typing', channel: 'private-x', data: {} });
    a.send({ event: 'client-typing', channel: 'private-x-chat', data: {} });
    await r.untilEvents([{ name: 'client_event', channel: 'private-x-chat' }]);
    await sleep(150);
    expect(r.events).toEqual([
      { name: 'member_added', channel: 'presence-room-chat', user_id: 'ann' },
      { name: 'client_event', channel: 'private-x-chat', event: 'client-typing', data: '{}', socket_id: a.socketId },
    ]);
  });

  it("send a receiver's own headers on every POST, but never in place of the signature, key or content type", async () => {
    const r = await receiver();
    const warnings: string[] = [];
    const srv = await opened.server({
      logger: { info() {}, warn: (...a: unknown[]) => warnings.push(a.join(' ')), error() {} },
      webhooks: {
        targets: [{ url: r.url, headers: { 'X-Custom': 'v', Authorization: 'Bearer abc', 'X-Pusher-Signature': 'forged', 'x-pusher-key': 'other', 'Content-Type': 'text/plain' } }],
        batchMs: 0,
      },
    });
    const c = await opened.raw(srv.port);
    await c.subscribe('with-headers');
    await c.subscribe('again');
    await r.until(() => r.events.length === 2);
    for (const d of r.deliveries) {
      expect(d.headers['x-custom']).toBe('v');
      expect(d.headers.authorization).toBe('Bearer abc');
      expect(d.headers['content-type']).toBe('application/json');
      expect(d.headers['x-pusher-key']).toBe(APP.key);
      expect(srv.sdk.webhook({ headers: d.headers as Record<string, string>, rawBody: d.rawBody }).isValid()).toBe(true);
    }
    expect(warnings.filter((w) => /is set by the sender/.test(w))).toHaveLength(3);
  });

  it('refuse at start a header name or value that is not valid HTTP, naming the entry', () => {
    const entry = (headers: Record<string, string>) =>
      JSON.stringify([{ ...{ app_id: 'crm', key: 'k', secret: CRM.secret }, webhooks: [{ url: 'http://a.test/h' }, { url: 'http://b.test/h', headers }] }]);
    expect(() => parseApps(entry({ 'Bad Header': 'v' }), 'REVERB_APPS')).toThrow(StartupError);
    expect(() => parseApps(entry({ 'Bad Header': 'v' }), 'REVERB_APPS')).toThrow(/REVERB_APPS\[0\.webhooks\.1\.headers\.Bad Header\]: "Bad Header" is not a valid HTTP header name/);
    expect(() => parseApps(entry({ 'X-Ok': 'line\r\nX-Injected: 1' }), 'REVERB_APPS')).toThrow(/REVERB_APPS\[0\.webhooks\.1\.headers\.X-Ok\]: the value of "X-Ok" is not a valid HTTP header value/);
    expect(() => parseApps(entry({ 'X-Ok': 'fine value; q=1' }), 'REVERB_APPS')).not.toThrow();
    // Options given in code are checked the same way when resolved.
    const base = { ...APP, host: '127.0.0.1', port: 0, allowedOrigins: [], maxMessageSize: 10_000, activityTimeout: 30 };
    expect(() => resolveOptions({ ...base, webhooks: { targets: [{ url: 'http://a.test/h', headers: { 'x(y)': '1' } }] } })).toThrow(
      /"test-app" webhook 0 \(http:\/\/a\.test\/h\): "x\(y\)" is not a valid HTTP header name/,
    );
    // And the rest of the shape: event types and URLs.
    expect(() => parseApps(JSON.stringify([{ app_id: 'crm', key: 'k', secret: CRM.secret, webhooks: [{ url: 'ftp://x/y' }] }]), 'REVERB_APPS')).toThrow(/webhooks\.0\.url/);
    expect(() => parseApps(JSON.stringify([{ app_id: 'crm', key: 'k', secret: CRM.secret, webhooks: [{ url: 'http://x/y', event_types: ['subscription_count'] }] }]), 'REVERB_APPS')).toThrow(
      /webhooks\.0\.event_types\.0/,
    );
  });

  it('read from the environment: REVERB_APPS webhooks, and REVERB_WEBHOOK_BATCH_MS=0 as no batching; a bad header stops the start', () => {
    const apps = JSON.stringify([
      {
        app_id: 'crm',
        key: 'crm-key',
        secret: CRM.secret,
        webhooks: [{ url: 'https://crm.test/h', event_types: ['client_event'], filter: { channel_name_starts_with: 'private-' }, headers: { 'X-Token': 't' } }],
      },
    ]);
    const [main, crm] = resolveApps(
      realtimeOptionsFromConfig(loadConfig({ REVERB_APP_SECRET: CRM.secret, REVERB_APPS: apps, REVERB_WEBHOOK_URL: 'http://main.test/h', REVERB_WEBHOOK_BATCH_MS: '0' })),
    );
    expect(main.webhooks).toMatchObject({ targets: [{ url: 'http://main.test/h', filter: {}, headers: {} }], batching: false });
    expect(crm.webhooks).toMatchObject({
      targets: [{ url: 'https://crm.test/h', events: ['client_event'], filter: { channelNameStartsWith: 'private-' }, headers: { 'x-token': 't' } }],
      batching: false,
    });
    const bad = JSON.stringify([{ app_id: 'crm', key: 'crm-key', secret: CRM.secret, webhooks: [{ url: 'https://crm.test/h', headers: { 'X-Token': 'a\u0000b' } }] }]);
    expect(() => realtimeOptionsFromConfig(loadConfig({ REVERB_APPS: bad }))).toThrow(/REVERB_APPS\[0\.webhooks\.0\.headers\.X-Token\]/);
  });

  it('map an apps entry to targets, keep REVERB_WEBHOOK_URL for the default app, and the delivery settings for all', () => {
    const apps = parseApps(
      JSON.stringify([
        {
          app_id: 'crm',
          key: 'k',
          secret: CRM.secret,
          webhooks: [{ url: 'http://crm.test/h', event_types: ['member_added'], filter: { channel_name_ends_with: '-chat' }, headers: { 'X-A': 'b' } }],
          webhook_batching: false,
        },
        { app_id: 'quiet', key: 'q', secret: CRM.secret },
      ]),
      'REVERB_APPS',
    );
    const base = { ...APP, host: '127.0.0.1', port: 0, allowedOrigins: [], maxMessageSize: 10_000, activityTimeout: 30 };
    const [main, crm, quiet] = resolveApps({ ...base, webhooks: { urls: ['http://main.test/h'], events: ['channel_occupied'], batchMs: 200, retries: 2 }, apps });
    expect(main.webhooks).toMatchObject({ targets: [{ url: 'http://main.test/h', events: ['channel_occupied'], filter: {}, headers: {} }], batchMs: 200, batching: true, retries: 2 });
    expect(crm.webhooks).toMatchObject({
      targets: [{ url: 'http://crm.test/h', events: ['member_added'], filter: { channelNameEndsWith: '-chat' }, headers: { 'x-a': 'b' } }],
      batching: false,
      retries: 2,
    });
    expect(quiet.webhooks).toBeUndefined(); // the default app's receivers are its own
  });
});

describe('without batching', () => {
  it('batchMs 0 sends each event in its own POST, in order', async () => {
    const r = await receiver();
    const srv = await opened.server({ webhooks: { urls: [r.url], batchMs: 0 } });
    const c = await opened.raw(srv.port);
    for (let i = 0; i < 8; i++) c.send({ event: 'pusher:subscribe', data: { channel: `solo-${i}` } });
    await r.until(() => r.events.length === 8);
    expect(r.deliveries.map((d) => d.body.events.length)).toEqual([1, 1, 1, 1, 1, 1, 1, 1]);
    expect(r.events.map((e) => e.channel)).toEqual(Array.from({ length: 8 }, (_, i) => `solo-${i}`));
  });

  it("an app's webhook_batching false does the same whatever batchMs says", async () => {
    const r = await receiver();
    const apps = parseApps(JSON.stringify([{ ...{ app_id: CRM.appId, key: CRM.key, secret: CRM.secret }, webhooks: [{ url: r.url }], webhook_batching: false }]), 'REVERB_APPS');
    const srv = await opened.server({ webhooks: { urls: [], batchMs: 500 }, apps });
    const c = await crmClient(srv.port, []);
    for (let i = 0; i < 5; i++) c.send({ event: 'pusher:subscribe', data: { channel: `one-${i}` } });
    await r.until(() => r.events.length === 5, 2000);
    expect(r.deliveries.map((d) => d.body.events.length)).toEqual([1, 1, 1, 1, 1]);
  });
});

describe('two apps', () => {
  it("keep their webhooks apart: each app's events go to its receivers only, signed with its own secret", async () => {
    const mainHooks = await receiver();
    const crmHooks = await receiver();
    const apps = parseApps(JSON.stringify([{ app_id: CRM.appId, key: CRM.key, secret: CRM.secret, webhooks: [{ url: crmHooks.url }], webhook_batching: { duration: 10 } }]), 'REVERB_APPS');
    const srv = await opened.server({ webhooks: { urls: [mainHooks.url], batchMs: 10 }, apps });
    await crmClient(srv.port, ['private-orders', 'shared-name']);
    const main = await opened.raw(srv.port);
    await main.subscribe('shared-name');
    await main.subscribe('boardly-only');
    await crmHooks.until(() => crmHooks.events.length === 2);
    await mainHooks.until(() => mainHooks.events.length === 2);
    await sleep(150);
    expect(crmHooks.events).toEqual([
      { name: 'channel_occupied', channel: 'private-orders' },
      { name: 'channel_occupied', channel: 'shared-name' },
    ]);
    expect(mainHooks.events).toEqual([
      { name: 'channel_occupied', channel: 'shared-name' },
      { name: 'channel_occupied', channel: 'boardly-only' },
    ]);
    for (const d of crmHooks.deliveries) {
      expect(d.headers['x-pusher-key']).toBe(CRM.key);
      expect(verifyWebhook(CRM, { key: d.headers['x-pusher-key'] as string, signature: d.headers['x-pusher-signature'] as string }, d.rawBody)).toBe(true);
      expect(verifyWebhook(APP, { key: APP.key, signature: d.headers['x-pusher-signature'] as string }, d.rawBody)).toBe(false);
    }
    for (const d of mainHooks.deliveries) expect(srv.sdk.webhook({ headers: d.headers as Record<string, string>, rawBody: d.rawBody }).isValid()).toBe(true);
  });
});

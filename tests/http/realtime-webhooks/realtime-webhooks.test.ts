/**
 * The app's end of the realtime server's webhooks: POST /webhooks/realtime, signed with the app
 * secret (no session, no CSRF token), keeps members' online state and "last seen" from
 * member_added / member_removed, and refuses anything unsigned. The last test runs the real
 * realtime server sending to the app while pusher-js (via laravel-echo) joins the presence channel.
 */
import Echo from 'laravel-echo';
import Pusher from 'pusher-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRealtimeServer } from '../../../server/realtime/index';
import { signWebhook, type WebhookBody } from '../../../server/lib/webhook-events';
import { createTestApp, type TestApp } from '../../helpers/app';
import type { TestClient } from '../../helpers/client';
import { actingAs, addMember, createOrganization, createUser } from '../../helpers/factories';

const CREDS = { appId: 'hook-app', key: 'hook-key', secret: 'hook-secret' };
let app: TestApp;

beforeAll(async () => {
  app = await createTestApp({ env: { REVERB_APP_ID: CREDS.appId, REVERB_APP_KEY: CREDS.key, REVERB_APP_SECRET: CREDS.secret } });
});
afterAll(async () => {
  await app.close();
});

function post(body: string, headers: Record<string, string>) {
  return fetch(`${app.url}/webhooks/realtime`, { method: 'POST', headers: { 'Content-Type': 'application/json', ...headers }, body });
}

function signed(batch: WebhookBody, secret = CREDS.secret) {
  const body = JSON.stringify(batch);
  return post(body, { 'X-Pusher-Key': CREDS.key, 'X-Pusher-Signature': signWebhook(secret, body) });
}

const membership = (orgId: number, userId: number) =>
  app.ctx.db.selectFrom('memberships').select(['online_since', 'last_active_at', 'presence_changed_at']).where('organization_id', '=', orgId).where('user_id', '=', userId).executeTakeFirstOrThrow();

async function memberOf() {
  const org = await createOrganization(app, null);
  const user = await createUser(app, { name: 'Olive Online' });
  await addMember(app, org.id, user, 'viewer');
  return { org, user, channel: `presence-organizations.${org.id}.online` };
}

async function until(check: () => Promise<boolean>, what: string, timeoutMs = 10_000) {
  const end = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

describe('POST /webhooks/realtime', () => {
  it('refuses a bad signature, another key, a missing signature and a body changed on the way (401), changing nothing', async () => {
    const { org, user, channel } = await memberOf();
    const body = JSON.stringify({ time_ms: Date.now(), events: [{ name: 'member_added', channel, user_id: String(user.id) }] });
    const attempts: Record<string, string>[] = [
      { 'X-Pusher-Key': CREDS.key, 'X-Pusher-Signature': signWebhook('not-the-secret', body) },
      { 'X-Pusher-Key': 'other-key', 'X-Pusher-Signature': signWebhook(CREDS.secret, body) },
      { 'X-Pusher-Key': CREDS.key },
      { 'X-Pusher-Key': CREDS.key, 'X-Pusher-Signature': signWebhook(CREDS.secret, body.replace('member_added', 'member_removed')) },
    ];
    for (const headers of attempts) {
      const res = await post(body, headers);
      expect(res.status).toBe(401);
      expect(await res.json()).toEqual({ message: 'Invalid webhook signature.' });
    }
    expect(await membership(org.id, user.id)).toEqual({ online_since: null, last_active_at: null, presence_changed_at: null });
  });

  it('needs no session or CSRF token, sets no cookie, and answers 422 to a signed body that is not a batch', async () => {
    const res = await signed({ time_ms: Date.now(), events: [] });
    expect(res.status).toBe(200);
    expect(res.headers.getSetCookie()).toEqual([]);
    expect(await res.json()).toEqual({ received: 0, online: 0, offline: 0, ignored: 0 });

    const junk = '{"events":"nope"}';
    const bad = await post(junk, { 'X-Pusher-Key': CREDS.key, 'X-Pusher-Signature': signWebhook(CREDS.secret, junk) });
    expect(bad.status).toBe(422);
    expect(await bad.json()).toEqual({ message: 'The webhook body is not a Pusher webhook batch.' });
    const notJson = 'not json';
    expect((await post(notJson, { 'X-Pusher-Key': CREDS.key, 'X-Pusher-Signature': signWebhook(CREDS.secret, notJson) })).status).toBe(422);

    // Every other unsafe request still needs its CSRF token.
    expect((await fetch(`${app.url}/logout`, { method: 'POST' })).status).toBe(419);
  });

  it('member_added marks the member online and seen, member_removed offline with "last seen"; the Users page shows it', async () => {
    const { org, user, channel } = await memberOf();
    const joined = Date.now() - 5_000;
    const res = await signed({
      time_ms: joined,
      events: [
        { name: 'channel_occupied', channel },
        { name: 'member_added', channel, user_id: String(user.id) },
      ],
    });
    expect(await res.json()).toEqual({ received: 2, online: 1, offline: 0, ignored: 0 });
    expect(await membership(org.id, user.id)).toEqual({ online_since: new Date(joined), last_active_at: new Date(joined), presence_changed_at: new Date(joined) });

    const owner = await createUser(app);
    await addMember(app, org.id, owner, 'owner');
    const c: TestClient = await actingAs(app, app.client(), owner, org.id);
    const row = () => c.get('/users', { inertia: true }).then((r) => r.json().props.members.data.find((m: { id: number }) => m.id === user.id));
    expect(await row()).toMatchObject({ online_since: new Date(joined).toISOString() });

    const left = Date.now() - 1_000;
    expect(
      await (
        await signed({
          time_ms: left,
          events: [
            { name: 'member_removed', channel, user_id: String(user.id) },
            { name: 'channel_vacated', channel },
          ],
        })
      ).json(),
    ).toMatchObject({ offline: 1 });
    expect(await membership(org.id, user.id)).toEqual({ online_since: null, last_active_at: new Date(left), presence_changed_at: new Date(left) });
    expect(await row()).toMatchObject({ online_since: null, last_active_at: new Date(left).toISOString() });
  });

  it('ignores a late (retried) delivery older than the state it would undo', async () => {
    const { org, user, channel } = await memberOf();
    const now = Date.now();
    await signed({ time_ms: now - 1_000, events: [{ name: 'member_added', channel, user_id: String(user.id) }] });
    await signed({ time_ms: now - 500, events: [{ name: 'member_removed', channel, user_id: String(user.id) }] });
    // The first delivery of an older batch arrives last.
    const late = await signed({ time_ms: now - 2_000, events: [{ name: 'member_added', channel, user_id: String(user.id) }] });
    expect(await late.json()).toMatchObject({ online: 0, ignored: 1 });
    expect(await membership(org.id, user.id)).toMatchObject({ online_since: null, last_active_at: new Date(now - 500) });
  });

  it("touches only the named organisation's membership: another organisation, a non-member and odd ids are ignored", async () => {
    const { org, user, channel } = await memberOf();
    const other = await createOrganization(app, null);
    const stranger = await createUser(app);
    const res = await signed({
      time_ms: Date.now(),
      events: [
        { name: 'member_added', channel: `presence-organizations.${other.id}.online`, user_id: String(user.id) },
        { name: 'member_added', channel, user_id: String(stranger.id) },
        { name: 'member_added', channel, user_id: 'not-a-number' },
        { name: 'member_added', channel: 'presence-something-else', user_id: String(user.id) },
        { name: 'member_added', channel: 'presence-organizations.99999999999.online', user_id: String(user.id) },
      ],
    });
    expect(await res.json()).toEqual({ received: 5, online: 0, offline: 0, ignored: 5 });
    expect(await membership(org.id, user.id)).toMatchObject({ online_since: null });
  });

  it("end to end: the realtime server's webhooks keep the state while a member's pusher-js joins and leaves", async () => {
    const realtime = createRealtimeServer({
      ...CREDS,
      host: '127.0.0.1',
      port: 0,
      allowedOrigins: ['*'],
      maxMessageSize: 10_000,
      activityTimeout: 30,
      webhooks: { urls: [`${app.url}/webhooks/realtime`], batchMs: 10 },
    });
    const { port } = await realtime.start();
    try {
      const { org, user } = await memberOf();
      const client = await actingAs(app, app.client(), user, org.id);
      const echo = new Echo({
        broadcaster: 'reverb',
        key: CREDS.key,
        wsHost: '127.0.0.1',
        wsPort: port,
        forceTLS: false,
        enabledTransports: ['ws'],
        disableStats: true,
        Pusher,
        channelAuthorization: {
          endpoint: '/broadcasting/auth',
          transport: 'ajax',
          customHandler: async (p: { socketId: string; channelName: string }, cb: (e: Error | null, d: any) => void) => {
            const res = await client.post('/broadcasting/auth', { socket_id: p.socketId, channel_name: p.channelName }, { headers: { Accept: 'application/json' }, form: true });
            cb(res.status === 200 ? null : new Error(`auth ${res.status}`), res.status === 200 ? res.json() : null);
          },
        },
      });
      echo.join(`organizations.${org.id}.online`);
      await until(async () => (await membership(org.id, user.id)).online_since !== null, 'member_added to reach the app');
      echo.disconnect();
      await until(async () => (await membership(org.id, user.id)).online_since === null, 'member_removed to reach the app');
      expect((await membership(org.id, user.id)).last_active_at).not.toBeNull();
    } finally {
      await realtime.stop();
    }
  });
});

import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, FakeClock, type TestApp } from '../../helpers/app';
import type { TestClient, TestResponse } from '../../helpers/client';
import { addMember, createOrganization, createUser, memberClient } from '../../helpers/factories';
import { webhookWorker, pruneWebhookDeliveries } from '../../../server/features/webhooks/worker';
import { startReceiver, verifyStandardWebhook, type Receiver } from './receiver';

/**
 * Outgoing webhooks (issue #28) with the real app and a real local receiver. This app allows
 * private addresses and http (WEBHOOKS_ALLOW_PRIVATE / _HTTP), as only a test would; the SSRF
 * guard's refusals are in ssrf.test.ts, against an app with the safe defaults.
 */
let app: TestApp;
let receiver: Receiver;
let orgId: number;
let admin: TestClient;
const clock = new FakeClock(new Date('2026-11-23T09:00:00Z'));

beforeAll(async () => {
  app = await createTestApp({ clock, env: { WEBHOOKS_ALLOW_PRIVATE: 'true', WEBHOOKS_ALLOW_HTTP: 'true' } });
  receiver = await startReceiver();
  orgId = (await createOrganization(app, null, { name: 'Hooks Ltd' })).id;
  admin = (await memberClient(app, 'admin', orgId)).client;
});
afterAll(async () => {
  await receiver.close();
  await app.close();
});
beforeEach(() => {
  receiver.received.length = 0;
  receiver.script = [];
  receiver.fallback = 200;
});

const base = (id = orgId) => `/organizations/${id}/webhooks`;
const send = (client: TestClient, method: string, path: string, body?: unknown) => client.request(method, path, body ?? {}, { inertia: true, headers: { Referer: app.url + base() } });
async function follow(client: TestClient, res: TestResponse) {
  expect([302, 303], `expected a redirect, got ${res.status}: ${res.text.slice(0, 300)}`).toContain(res.status);
  const url = new URL(res.location!, app.url);
  return (await client.get(url.pathname + url.search, { inertia: true })).page();
}
/** Signs the admin in again (the session times out when the clock jumps). */
async function signInAgain() {
  admin = (await memberClient(app, 'admin', orgId)).client;
}
const drain = () => webhookWorker(app.ctx).drain();
const nowSeconds = () => Math.floor(clock.now().getTime() / 1000);

/** Creates an endpoint through the form; returns its id and secret (from its page). */
async function createEndpoint(client = admin, events = ['organization.read_receipts_changed'], url = receiver.url, org = orgId) {
  const res = await client.request('POST', base(org), { url, description: 'CRM', events }, { inertia: true, headers: { Referer: app.url + base(org) } });
  const page = await follow(client, res);
  expect(page.component).toBe('Organizations/WebhookShow');
  return { id: page.props.endpoint.id as number, secret: page.props.endpoint.secret as string, page };
}
/** A real change that writes an activity entry: named read receipts on or off. */
const toggleReceipts = (on: boolean, client = admin, org = orgId) => client.put(`/organizations/${org}/read-receipts`, { named_read_receipts: on }, { inertia: true });
/** Flips named read receipts, whatever they are now (a change, so always one entry). */
async function flip(client = admin) {
  const row = await app.ctx.db.selectFrom('organizations').select('named_read_receipts').where('id', '=', orgId).executeTakeFirstOrThrow();
  return toggleReceipts(!row.named_read_receipts, client);
}
const deliveries = (endpointId: number) => app.ctx.db.selectFrom('webhook_deliveries').selectAll().where('endpoint_id', '=', endpointId).orderBy('id').execute();
const attempts = (deliveryId: string) => app.ctx.db.selectFrom('webhook_attempts').selectAll().where('delivery_id', '=', deliveryId).orderBy('id').execute();
const logged = (event: string) =>
  app.ctx.db
    .selectFrom('activity_logs')
    .select(['subject_type', 'event', 'subject_id', 'causer_id'])
    .where('organization_id', '=', orgId)
    .where('subject_type', '=', 'webhook')
    .where('event', '=', event)
    .execute();
async function removeEndpoints() {
  await app.ctx.db.deleteFrom('webhook_endpoints').where('organization_id', '=', orgId).execute();
}

describe('endpoints: pages and forms', () => {
  beforeEach(removeEndpoints);

  it('an admin sees the page, adds an endpoint, and gets a whsec_ secret of 32 bytes, sealed at rest; the creation is logged', async () => {
    const index = (await admin.get(base(), { inertia: true })).page();
    expect(index.component).toBe('Organizations/Webhooks');
    expect(index.props.events).toContain('board_user.created');
    expect(index.props.events).toContain('insight.published');
    expect(index.props.events).not.toContain('user.signed_in');
    expect(index.props.events).not.toContain('user.password_changed');
    expect(index.props.events.some((e: string) => e.startsWith('webhook.'))).toBe(false);

    const { id, secret } = await createEndpoint();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]+=*$/);
    expect(Buffer.from(secret.slice(6), 'base64')).toHaveLength(32);
    const row = await app.ctx.db.selectFrom('webhook_endpoints').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(row.secret).not.toContain(secret.slice(6));
    expect(row.enabled).toBe(true);
    expect(await logged('created')).toHaveLength(1);
    const list = (await admin.get(base(), { inertia: true })).page();
    expect(list.props.endpoints).toMatchObject([{ id, url: receiver.url, description: 'CRM', enabled: true }]);
    expect(JSON.stringify(list.props)).not.toContain(secret);
  });

  it('refuses bad input with field errors: no URL, not a URL, oversized, no events, unknown events', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ url: '', events: ['board_user.created'] }, 'url'],
      [{ url: 'not a url', events: ['board_user.created'] }, 'url'],
      [{ url: `https://example.com/${'a'.repeat(2100)}`, events: ['board_user.created'] }, 'url'],
      [{ url: 'ftp://example.com/x', events: ['board_user.created'] }, 'url'],
      [{ url: 'https://user:pw@example.com/x', events: ['board_user.created'] }, 'url'],
      [{ url: receiver.url, events: [] }, 'events'],
      [{ url: receiver.url, events: ['user.signed_in'] }, 'events'],
      [{ url: receiver.url, events: ['webhook.created'] }, 'events'],
      [{ url: receiver.url, events: 'board_user.created' }, 'events'],
      [{ url: receiver.url, events: ['board_user.created'], description: 'x'.repeat(300) }, 'description'],
    ];
    for (const [body, field] of cases) {
      const page = await follow(admin, await send(admin, 'POST', base(), body));
      expect(page.props.errors[field], JSON.stringify(body).slice(0, 80)).toBeTruthy();
    }
    expect(await app.ctx.db.selectFrom('webhook_endpoints').select('id').where('organization_id', '=', orgId).execute()).toHaveLength(0);
  });

  it('refuses an oversized request body before it reaches the form', async () => {
    const res = await admin.request('POST', base(), { url: receiver.url, events: ['board_user.created'], description: 'x'.repeat(3_000_000) }, { inertia: true });
    expect(res.status).toBe(413);
    expect(await app.ctx.db.selectFrom('webhook_endpoints').select('id').where('organization_id', '=', orgId).execute()).toHaveLength(0);
  });

  it('keeps hostile text as text', async () => {
    const hostile = '<script>alert(1)</script> {braces} @@ =HYPERLINK("x")';
    const res = await send(admin, 'POST', base(), { url: receiver.url, description: hostile, events: ['board_user.created'] });
    const page = await follow(admin, res);
    expect(page.props.endpoint.description).toBe(hostile);
    const html = await admin.get(base());
    expect(html.text).not.toContain('<script>alert(1)</script>');
  });

  it('edits, turns off and on, and deletes an endpoint, each logged', async () => {
    const { id } = await createEndpoint();
    const off = await send(admin, 'PUT', `${base()}/${id}`, { url: receiver.url, description: 'CRM', events: ['board_user.created'], enabled: false });
    expect(off.status).toBe(303);
    let row = await app.ctx.db.selectFrom('webhook_endpoints').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ enabled: false, disabled_reason: 'manual', events: ['board_user.created'] });
    const on = await send(admin, 'PUT', `${base()}/${id}`, { url: receiver.url, description: 'CRM', events: ['board_user.created'], enabled: true });
    expect(on.status).toBe(303);
    row = await app.ctx.db.selectFrom('webhook_endpoints').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ enabled: true, disabled_reason: null });
    expect(await logged('updated')).toHaveLength(2);
    const gone = await send(admin, 'DELETE', `${base()}/${id}`);
    expect(gone.status).toBe(303);
    expect(gone.location).toBe(base());
    expect(await app.ctx.db.selectFrom('webhook_endpoints').select('id').where('id', '=', id).executeTakeFirst()).toBeUndefined();
    expect(await logged('deleted')).toHaveLength(1);
  });
});

describe('who may', () => {
  let endpointId: number;
  let otherOrg: number;
  let otherEndpoint: number;
  beforeAll(async () => {
    await removeEndpoints();
    endpointId = (await createEndpoint()).id;
    otherOrg = (await createOrganization(app, null, { name: 'Other Ltd' })).id;
    const otherAdmin = (await memberClient(app, 'admin', otherOrg)).client;
    otherEndpoint = (await createEndpoint(otherAdmin, ['board_user.created'], receiver.url, otherOrg)).id;
  });

  const routes = (org: number, endpoint: number): [string, string][] => [
    ['GET', `/organizations/${org}/webhooks`],
    ['POST', `/organizations/${org}/webhooks`],
    ['GET', `/organizations/${org}/webhooks/${endpoint}`],
    ['PUT', `/organizations/${org}/webhooks/${endpoint}`],
    ['DELETE', `/organizations/${org}/webhooks/${endpoint}`],
    ['POST', `/organizations/${org}/webhooks/${endpoint}/rotate`],
    ['POST', `/organizations/${org}/webhooks/${endpoint}/test`],
  ];

  it('viewers and editors get 403 on every route', async () => {
    for (const role of ['viewer', 'editor'] as const) {
      const { client } = await memberClient(app, role, orgId);
      for (const [method, path] of routes(orgId, endpointId))
        expect((await client.request(method, path, method === 'GET' ? undefined : {}, { inertia: true })).status, `${role} ${method} ${path}`).toBe(403);
    }
  });

  it("another organisation's endpoint id, or an organisation one is not in, is 404", async () => {
    for (const [method, path] of routes(orgId, otherEndpoint).slice(2))
      expect((await admin.request(method, path, method === 'GET' ? undefined : {}, { inertia: true })).status, `${method} ${path}`).toBe(404);
    for (const [method, path] of routes(otherOrg, otherEndpoint))
      expect((await admin.request(method, path, method === 'GET' ? undefined : {}, { inertia: true })).status, `${method} ${path}`).toBe(404);
    for (const bad of ['abc', '0', '99999999999']) expect((await admin.get(`${base()}/${bad}`, { inertia: true })).status).toBe(404);
    const other = await app.ctx.db.selectFrom('webhook_endpoints').selectAll().where('id', '=', otherEndpoint).executeTakeFirstOrThrow();
    expect(other.url).toBe(receiver.url);
  });

  it('guests are sent to sign in; a request without the CSRF token is 419', async () => {
    const guest = app.client();
    await guest.prime('/');
    const res = await guest.get(base(), { inertia: true });
    expect([302, 303, 409]).toContain(res.status);
    for (const [method, path] of routes(orgId, endpointId).filter(([m]) => m !== 'GET')) expect((await admin.request(method, path, {}, { noCsrf: true })).status).toBe(419);
    expect(await app.ctx.db.selectFrom('webhook_endpoints').select('id').where('id', '=', endpointId).executeTakeFirst()).toBeDefined();
  });

  it('an owner may', async () => {
    const owner = await createUser(app);
    await addMember(app, orgId, owner, 'owner');
    const { client } = await memberClient(app, 'owner', orgId);
    expect((await client.get(base(), { inertia: true })).status).toBe(200);
  });
});

describe('delivery', () => {
  beforeEach(async () => {
    await removeEndpoints();
    await signInAgain();
  });

  it('queues a delivery with the change, in its transaction, and sends it signed as Standard Webhooks says', async () => {
    const { id, secret } = await createEndpoint();
    await toggleReceipts(true);
    const [delivery] = await deliveries(id);
    expect(delivery).toMatchObject({ status: 'pending', event_type: 'organization.read_receipts_changed', attempts: 0 });
    expect(delivery.message_id).toMatch(/^msg_[A-Za-z0-9_-]{20,}$/);
    await drain();
    expect(receiver.received).toHaveLength(1);
    const { headers, body } = receiver.received[0];
    expect(headers['content-type']).toBe('application/json');
    expect(headers['webhook-id']).toBe(delivery.message_id);
    expect(verifyStandardWebhook(secret, headers, body, nowSeconds())).toBe(true);
    expect(verifyStandardWebhook(secret, headers, body.replace('true', 'false'), nowSeconds())).toBe(false);
    expect(verifyStandardWebhook(`whsec_${Buffer.alloc(32, 1).toString('base64')}`, headers, body, nowSeconds())).toBe(false);
    const payload = JSON.parse(body);
    expect(payload).toMatchObject({
      type: 'organization.read_receipts_changed',
      data: { subject_type: 'organization', subject_id: orgId, subject_name: 'Hooks Ltd', facts: { on: true }, causer: { type: 'user' } },
    });
    expect(typeof payload.data.causer.name).toBe('string');
    const [row] = await deliveries(id);
    expect(row).toMatchObject({ status: 'succeeded', attempts: 1 });
    const [attempt] = await attempts(row.id);
    expect(attempt).toMatchObject({ response_status: 200, error: null, response_excerpt: 'ok' });
    // The delivery log on the endpoint's page.
    const page = (await admin.get(`${base()}/${id}`, { inertia: true })).page();
    expect(page.props.deliveries[0]).toMatchObject({ message_id: delivery.message_id, status: 'succeeded', attempts: 1, tries: [{ response_status: 200 }] });
  });

  it('only endpoints that want the kind, are enabled, and belong to the organisation get it', async () => {
    const wants = await createEndpoint();
    const other = await createEndpoint(admin, ['board_user.created']);
    const off = await createEndpoint();
    await send(admin, 'PUT', `${base()}/${off.id}`, { url: receiver.url, events: ['organization.read_receipts_changed'], enabled: false });
    await toggleReceipts(false);
    expect(await deliveries(wants.id)).toHaveLength(1);
    expect(await deliveries(other.id)).toHaveLength(0);
    expect(await deliveries(off.id)).toHaveLength(0);
  });

  it('retries a failing receiver with backoff, recording each attempt, and keeps the order per endpoint', async () => {
    const { id } = await createEndpoint();
    await toggleReceipts(true);
    await toggleReceipts(false);
    receiver.script = [500, 503];
    await drain();
    // One attempt of the first only: the second waits behind it.
    expect(receiver.received).toHaveLength(1);
    let rows = await deliveries(id);
    expect(rows.map((r) => [r.status, r.attempts])).toEqual([
      ['pending', 1],
      ['pending', 0],
    ]);
    expect(rows[0].next_attempt_at.getTime() - clock.now().getTime()).toBe(5_000);
    clock.advance(5_000);
    await drain();
    expect(receiver.received).toHaveLength(2);
    rows = await deliveries(id);
    expect(rows[0].next_attempt_at.getTime() - clock.now().getTime()).toBe(5 * 60_000);
    clock.advance(5 * 60_000);
    await drain();
    rows = await deliveries(id);
    expect(rows.map((r) => [r.status, r.attempts])).toEqual([
      ['succeeded', 3],
      ['succeeded', 1],
    ]);
    const bodies = receiver.received.map((r) => JSON.parse(r.body).data.facts.on);
    expect(bodies).toEqual([true, true, true, false]);
    // The same webhook-id on every retry.
    expect(new Set(receiver.received.slice(0, 3).map((r) => r.headers['webhook-id'])).size).toBe(1);
    expect((await attempts(rows[0].id)).map((a) => a.response_status)).toEqual([500, 503, 200]);
    const endpoint = await app.ctx.db.selectFrom('webhook_endpoints').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(endpoint.failing_since).toBeNull();
  });

  it('does not follow redirects: a 302 is a failure', async () => {
    const { id } = await createEndpoint();
    receiver.script = [302];
    await toggleReceipts(true);
    await drain();
    const [row] = await deliveries(id);
    expect(row).toMatchObject({ status: 'pending', attempts: 1 });
    expect(receiver.received).toHaveLength(1);
  });

  it('turns an endpoint off after three days of failures, logs it and mails the admins and owners in their language', async () => {
    const german = await createUser(app, { name: 'Greta' });
    await app.ctx.db.updateTable('users').set({ locale: 'de' }).where('id', '=', german.id).execute();
    await addMember(app, orgId, german, 'owner');
    const { id } = await createEndpoint();
    receiver.fallback = 500;
    await flip();
    await drain();
    let endpoint = await app.ctx.db.selectFrom('webhook_endpoints').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(endpoint.failing_since?.getTime()).toBe(clock.now().getTime());
    const started = clock.now().getTime();
    // Retries through the schedule; a later change keeps failing too.
    for (const wait of [5_000, 5 * 60_000, 30 * 60_000, 2 * 3_600_000, 5 * 3_600_000, 10 * 3_600_000, 10 * 3_600_000]) {
      clock.advance(wait);
      await drain();
    }
    let [first] = await deliveries(id);
    expect(first).toMatchObject({ status: 'failed', attempts: 8 });
    endpoint = await app.ctx.db.selectFrom('webhook_endpoints').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(endpoint.enabled).toBe(true);
    await signInAgain();
    await flip();
    clock.set(new Date(started + 3 * 24 * 3_600_000));
    const sentBefore = app.mail.sent.length;
    await drain();
    await app.ctx.mailQueue.drain();
    endpoint = await app.ctx.db.selectFrom('webhook_endpoints').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(endpoint).toMatchObject({ enabled: false, disabled_reason: 'failing' });
    expect(await logged('disabled_failing')).toHaveLength(1);
    const mails = app.mail.sent.slice(sentBefore);
    expect(mails.find((m) => m.to === german.email)?.subject).toBe('Ein Webhook-Endpunkt wurde ausgeschaltet');
    const adminMails = mails.filter((m) => m.subject === 'A webhook endpoint was turned off');
    expect(adminMails.length).toBeGreaterThanOrEqual(1);
    expect(adminMails[0].text).toContain(receiver.url);
    expect(adminMails[0].text).toContain(`/organizations/${orgId}/webhooks/${id}`);
    // Off: nothing more is sent, nothing more is queued.
    const count = receiver.received.length;
    clock.advance(24 * 3_600_000);
    await drain();
    expect(receiver.received).toHaveLength(count);
    await signInAgain();
    await flip();
    expect((await deliveries(id)).length).toBe(2);
    [first] = await deliveries(id);
    expect(first.status).toBe('failed');
    await app.ctx.db.deleteFrom('memberships').where('user_id', '=', german.id).execute();
  });

  it('gives up on a receiver that does not answer within the timeout', async () => {
    const { createServer } = await import('node:http');
    const silent = createServer(() => {});
    await new Promise<void>((r) => silent.listen(0, '127.0.0.1', () => r()));
    const { id } = await createEndpoint(admin, ['organization.read_receipts_changed'], `http://127.0.0.1:${(silent.address() as { port: number }).port}/slow`);
    await flip();
    const { WebhookWorker } = await import('../../../server/features/webhooks/worker');
    await new WebhookWorker(app.ctx, 300).drain();
    const [row] = await deliveries(id);
    expect(row).toMatchObject({ status: 'pending', attempts: 1 });
    const [attempt] = await attempts(row.id);
    expect(attempt.error).toMatch(/no answer within 300 ms/);
    expect(attempt.duration_ms).toBeGreaterThanOrEqual(250);
    silent.closeAllConnections();
    await new Promise<void>((r) => silent.close(() => r()));
  });

  it('sends a webhook.test event on request', async () => {
    const { id, secret } = await createEndpoint();
    const res = await send(admin, 'POST', `${base()}/${id}/test`);
    expect(res.status).toBe(303);
    expect(res.location).toBe(`${base()}/${id}`);
    await drain();
    expect(receiver.received).toHaveLength(1);
    const { headers, body } = receiver.received[0];
    expect(JSON.parse(body)).toMatchObject({ type: 'webhook.test', data: { endpoint_id: id } });
    expect(verifyStandardWebhook(secret, headers, body, nowSeconds())).toBe(true);
  });

  it('rotation: a new secret, the previous one signing alongside for 24 hours, logged without either secret', async () => {
    const { id, secret: old } = await createEndpoint();
    const res = await send(admin, 'POST', `${base()}/${id}/rotate`);
    expect(res.status).toBe(303);
    const page = (await admin.get(`${base()}/${id}`, { inertia: true })).page();
    const fresh = page.props.endpoint.secret as string;
    expect(fresh).toMatch(/^whsec_/);
    expect(fresh).not.toBe(old);
    expect(new Date(page.props.endpoint.previous_secret_expires_at).getTime()).toBe(clock.now().getTime() + 24 * 3_600_000);
    const [entry] = await app.ctx.db.selectFrom('activity_logs').selectAll().where('subject_type', '=', 'webhook').where('event', '=', 'secret_rotated').where('subject_id', '=', id).execute();
    expect(JSON.stringify(entry)).not.toContain(old.slice(6));
    expect(JSON.stringify(entry)).not.toContain(fresh.slice(6));

    await send(admin, 'POST', `${base()}/${id}/test`);
    await drain();
    const { headers, body } = receiver.received[0];
    expect(String(headers['webhook-signature']).split(' ')).toHaveLength(2);
    expect(verifyStandardWebhook(fresh, headers, body, nowSeconds())).toBe(true);
    expect(verifyStandardWebhook(old, headers, body, nowSeconds())).toBe(true);

    clock.advance(24 * 3_600_000 + 1_000);
    await signInAgain();
    await send(admin, 'POST', `${base()}/${id}/test`);
    await drain();
    const later = receiver.received[1];
    expect(String(later.headers['webhook-signature']).split(' ')).toHaveLength(1);
    expect(verifyStandardWebhook(fresh, later.headers, later.body, nowSeconds())).toBe(true);
    expect(verifyStandardWebhook(old, later.headers, later.body, nowSeconds())).toBe(false);
  });

  it('a change that rolls back queues nothing', async () => {
    const { id } = await createEndpoint(admin, ['organization.read_receipts_changed']);
    const { inTransaction, systemActor } = await import('../../../server/lib/unit-of-work');
    await expect(
      inTransaction(app.ctx, systemActor, async (uow) => {
        await uow.log({ organization_id: orgId, kind: 'organization.read_receipts_changed', subject_id: orgId, facts: { on: true } });
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await deliveries(id)).toHaveLength(0);
  });

  it('prunes deliveries and attempts older than 30 days', async () => {
    const { id } = await createEndpoint();
    await flip();
    await flip();
    await drain();
    const [old, recent] = await deliveries(id);
    const day = 24 * 3_600_000;
    await app.ctx.db
      .updateTable('webhook_deliveries')
      .set({ created_at: new Date(clock.now().getTime() - 31 * day) })
      .where('id', '=', old.id)
      .execute();
    await app.ctx.db
      .updateTable('webhook_deliveries')
      .set({ created_at: new Date(clock.now().getTime() - 29 * day) })
      .where('id', '=', recent.id)
      .execute();
    expect(await attempts(old.id)).toHaveLength(1);
    await pruneWebhookDeliveries(app.ctx);
    expect((await deliveries(id)).map((d) => d.id)).toEqual([recent.id]);
    expect(await attempts(old.id)).toHaveLength(0);
    expect(await attempts(recent.id)).toHaveLength(1);
  });
});

import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Plan, SubscriptionStatus } from '../../../server/db/types';
import { createTestApp, FakeClock, type TestApp } from '../../helpers/app';
import type { TestClient } from '../../helpers/client';
import { actingAs, addMember, createBoardUsers, createInsights, createInvitation, createOrganization, createUser, memberClient } from '../../helpers/factories';

let app: TestApp;
const clock = new FakeClock();
const DAY = 86_400_000;

beforeAll(async () => {
  app = await createTestApp({ clock });
});
afterAll(() => app.close());
beforeEach(() => clock.set('2026-11-23T09:00:00Z'));

// ------------------------------------------------------------------ helpers

async function admin(role: 'owner' | 'admin' = 'admin', plan?: Plan) {
  const org = await createOrganization(app, null, plan ? { plan } : {});
  const { client, user } = await memberClient(app, role, org.id);
  return { client, user, orgId: org.id };
}

const sub = (orgId: number) => app.ctx.db.selectFrom('subscriptions').selectAll().where('organization_id', '=', orgId).executeTakeFirstOrThrow();
const events = (orgId: number) => app.ctx.db.selectFrom('subscription_events').selectAll().where('organization_id', '=', orgId).orderBy('id').execute();
const logs = (orgId: number) => app.ctx.db.selectFrom('activity_logs').selectAll().where('organization_id', '=', orgId).where('subject_type', '=', 'subscription').orderBy('id').execute();

async function setSub(
  orgId: number,
  values: Partial<{
    plan: Plan;
    status: SubscriptionStatus;
    trial_ends_at: Date | null;
    current_period_start: Date | null;
    current_period_end: Date | null;
    ends_at: Date | null;
    canceled_at: Date | null;
  }>,
) {
  await app.ctx.db.updateTable('subscriptions').set(values).where('organization_id', '=', orgId).execute();
}

/** Sends a form from `from` (as the browser would) and returns the errors the next page shows. */
async function send(c: TestClient, method: 'PUT' | 'POST', path: string, body: unknown, from: string) {
  const res = await c.request(method, path, body, { inertia: true, headers: { Referer: `${app.url}${from}` } });
  const next = await c.get(res.location?.startsWith('/') ? res.location : from, { inertia: true });
  return { res, page: next.json(), errors: next.json().props.errors as Record<string, string> };
}

const changePlan = (c: TestClient, plan: string) => send(c, 'PUT', '/subscription', { plan }, '/subscription/edit');
const cancel = (c: TestClient) => send(c, 'POST', '/subscription/cancel', {}, '/subscription');
const resume = (c: TestClient) => send(c, 'POST', '/subscription/resume', {}, '/subscription');

/** `n` draft insights, the first `shared` of them with a public link. */
const addInsights = (orgId: number, n: number, shared = 0) =>
  createInsights(app, orgId, null, n, (i) => ({ title: `Insight ${i}`, category: 'other', share_token: i < shared ? `tok-${orgId}-${i}-${Math.random().toString(36).slice(2)}` : null }));

function broadcastsFor(orgId: number) {
  return app.broadcasts.published.filter((m) => m.event === 'SubscriptionChanged' && m.channels.includes(`private-organizations.${orgId}`));
}

// ------------------------------------------------------------------ pages

describe('Subscriptions/Show', () => {
  it('shows plan, status, trial end, period and usage against each limit to any member', async () => {
    const org = await createOrganization(app, null);
    await createBoardUsers(app, org.id, 3);
    await addInsights(org.id, 4, 1);
    const { client } = await memberClient(app, 'viewer', org.id);
    const page = (await client.get('/subscription', { inertia: true })).json();
    expect(page.component).toBe('Subscriptions/Show');
    expect(page.props.subscription).toMatchObject({ plan: 'team', status: 'trialing', trial_ends_at: '2026-12-07T09:00:00.000Z', can: { cancel: true, resume: false, changePlan: true } });
    expect(page.props.plan).toMatchObject({ id: 'team', name: 'Team', price_cents: 2900 });
    expect(page.props.usage).toEqual([
      { key: 'members', label: 'members', used: 1, limit: 10, state: 'within' },
      { key: 'boardUsers', label: 'board users', used: 3, limit: 500, state: 'within' },
      { key: 'insights', label: 'insights', used: 4, limit: null, state: 'unlimited' },
      { key: 'publicLinks', label: 'public links', used: 1, limit: null, state: 'unlimited' },
      { key: 'portalMembers', label: 'board portal members', used: 0, limit: 100, state: 'within' },
    ]);
    expect(page.props.provider).toEqual({ name: 'manual' });
  });

  it('counts open invitations as members', async () => {
    const { client, orgId } = await admin();
    await createInvitation(app, orgId, { email: 'x@example.test', role: 'viewer', expires_at: new Date(clock.now().getTime() + 7 * DAY) });
    const page = (await client.get('/subscription', { inertia: true })).json();
    expect(page.props.usage[0]).toMatchObject({ key: 'members', used: 2 });
    expect(page.props.pendingInvitations).toBe(1);
  });

  it('sends guests to sign in', async () => {
    const res = await app.client().get('/subscription');
    expect(res.status).toBe(302);
    expect(res.location).toBe('/login');
  });
});

describe('who may change the subscription', () => {
  it.each(['viewer', 'editor'] as const)('a %s gets the 403 page on Edit and 403 on every change', async (role) => {
    const { client, organizationId } = await memberClient(app, role);
    const edit = await client.get('/subscription/edit');
    expect(edit.status).toBe(403);
    expect(edit.page().component).toBe('Errors/Error');
    for (const [method, path, body] of [
      ['PUT', '/subscription', { plan: 'business' }],
      ['POST', '/subscription/cancel', {}],
      ['POST', '/subscription/resume', {}],
    ] as const) {
      const res = await client.request(method, path, body, { inertia: true });
      expect(res.status).toBe(403);
    }
    expect((await sub(organizationId)).status).toBe('trialing');
    expect(await events(organizationId)).toHaveLength(0);
  });

  it('admins and owners reach Edit; a platform admin may change any organisation', async () => {
    const { client } = await admin('owner');
    const page = (await client.get('/subscription/edit', { inertia: true })).json();
    expect(page.component).toBe('Subscriptions/Edit');
    expect(page.props.plans.map((p: { id: string; fits: boolean }) => [p.id, p.fits])).toEqual([
      ['free', true],
      ['team', true],
      ['business', true],
    ]);

    const org = await createOrganization(app, null);
    const operator = await createUser(app, { platformAdmin: true });
    const c = await actingAs(app, app.client(), operator, org.id);
    const { errors } = await changePlan(c, 'business');
    expect(errors).toEqual({});
    expect((await sub(org.id)).plan).toBe('business');
    expect((await events(org.id))[0].actor_id).toBe(operator.id);
  });

  it('marks the plans current usage does not fit on Edit', async () => {
    const { client, orgId } = await admin();
    await createBoardUsers(app, orgId, 26);
    const page = (await client.get('/subscription/edit', { inertia: true })).json();
    const free = page.props.plans.find((p: { id: string }) => p.id === 'free');
    expect(free).toMatchObject({ fits: false, blocked_reason: 'The Free plan allows 25 board users; you have 26. Remove some before downgrading.' });
  });
});

// ------------------------------------------------------------------ transitions

describe('plan_changed', () => {
  it('trialing → active: choosing a plan ends the trial, starts a period and records the manual charge', async () => {
    const { client, user, orgId } = await admin();
    const { res, errors } = await changePlan(client, 'team');
    expect(res.status).toBe(303);
    expect(res.location).toBe('/subscription');
    expect(errors).toEqual({});
    const s = await sub(orgId);
    expect(s).toMatchObject({ plan: 'team', status: 'active', trial_ends_at: null, ends_at: null });
    expect(s.current_period_start!.toISOString()).toBe('2026-11-23T09:00:00.000Z');
    expect(s.current_period_end!.toISOString()).toBe('2026-12-23T09:00:00.000Z');
    const [event] = await events(orgId);
    expect(event).toMatchObject({ event: 'plan_changed', from_plan: 'team', to_plan: 'team', from_status: 'trialing', to_status: 'active', amount_cents: 2900, currency: 'USD', actor_id: user.id });
    expect(event.reference).toBe(`MAN-${orgId}-20261123-team`);
    const [log] = await logs(orgId);
    expect(log).toMatchObject({ event: 'plan_changed', causer_id: user.id, subject_id: s.id, facts: { plan: 'team', to: 'team' } });
    expect(log.properties).toMatchObject({ old: { status: 'trialing' }, attributes: { status: 'active' }, amount_cents: 2900 });
    expect(broadcastsFor(orgId).at(-1)?.data).toMatchObject({ event: 'plan_changed', plan: 'team', status: 'active', from_status: 'trialing' });
  });

  it('active → active: an upgrade takes effect at once and flashes the new plan', async () => {
    const { client, orgId } = await admin('owner', 'team');
    const { page } = await changePlan(client, 'business');
    expect(page.props.flash.success).toBe('You are now on the Business plan.');
    expect(await sub(orgId)).toMatchObject({ plan: 'business', status: 'active' });
    expect((await events(orgId))[0]).toMatchObject({ from_plan: 'team', to_plan: 'business', amount_cents: 9900 });
  });

  it('active → active: a downgrade to Free within its limits charges nothing and has no billing period', async () => {
    const { client, orgId } = await admin('owner', 'business');
    await createBoardUsers(app, orgId, 25);
    const { errors } = await changePlan(client, 'free');
    expect(errors).toEqual({});
    const s = await sub(orgId);
    expect(s).toMatchObject({ plan: 'free', status: 'active', current_period_end: null });
    expect((await events(orgId))[0]).toMatchObject({ from_plan: 'business', to_plan: 'free', amount_cents: 0, reference: null });
  });

  it('past_due → active and ended → active (subscribing again)', async () => {
    const { client, orgId } = await admin('owner', 'team');
    await setSub(orgId, { status: 'past_due', current_period_end: new Date(clock.now().getTime() - DAY) });
    expect((await changePlan(client, 'team')).errors).toEqual({});
    expect(await sub(orgId)).toMatchObject({ status: 'active', plan: 'team' });

    await setSub(orgId, { status: 'ended', plan: 'free', current_period_end: null });
    expect((await changePlan(client, 'team')).errors).toEqual({});
    expect(await sub(orgId)).toMatchObject({ status: 'active', plan: 'team' });
    expect((await events(orgId)).map((e) => `${e.from_status}→${e.to_status}`)).toEqual(['past_due→active', 'ended→active']);
  });

  it('is refused while canceled (resume first) and for the plan already active', async () => {
    const { client, orgId } = await admin('owner', 'team');
    expect((await changePlan(client, 'team')).errors).toEqual({ plan: 'You are already on the Team plan.' });
    await cancel(client);
    expect((await changePlan(client, 'business')).errors).toEqual({ plan: 'This subscription is canceled. Resume it before changing the plan.' });
    expect(await sub(orgId)).toMatchObject({ plan: 'team', status: 'canceled' });
    expect((await events(orgId)).map((e) => e.event)).toEqual(['canceled']);
  });

  it('refuses an unknown plan as a field error', async () => {
    const { client, orgId } = await admin();
    expect((await changePlan(client, 'platinum')).errors).toEqual({ plan: 'The selected plan is invalid.' });
    expect((await send(client, 'PUT', '/subscription', {}, '/subscription/edit')).errors).toEqual({ plan: 'The selected plan is invalid.' });
    expect(await events(orgId)).toHaveLength(0);
  });
});

describe('downgrade below current usage is refused with the limit and the count', () => {
  it('board users', async () => {
    const { client, orgId } = await admin('owner', 'team');
    await createBoardUsers(app, orgId, 31);
    const { errors } = await changePlan(client, 'free');
    expect(errors).toEqual({ plan: 'The Free plan allows 25 board users; you have 31. Remove some before downgrading.' });
    expect(await sub(orgId)).toMatchObject({ plan: 'team', status: 'active' });
    expect(await events(orgId)).toHaveLength(0);
    expect(await logs(orgId)).toHaveLength(0);
  });

  it('trashed board users do not count', async () => {
    const { client, orgId } = await admin('owner', 'team');
    await createBoardUsers(app, orgId, 26);
    const one = await app.ctx.db.selectFrom('board_users').select('id').where('organization_id', '=', orgId).limit(1).executeTakeFirstOrThrow();
    await app.ctx.db.updateTable('board_users').set({ deleted_at: clock.now() }).where('id', '=', one.id).execute();
    expect((await changePlan(client, 'free')).errors).toEqual({});
  });

  it('members (open invitations included)', async () => {
    const { client, orgId } = await admin('owner', 'business');
    for (let i = 0; i < 3; i++) await addMember(app, orgId, await createUser(app), 'viewer');
    expect((await changePlan(client, 'free')).errors).toEqual({ plan: 'The Free plan allows 3 members; you have 4. Remove some before downgrading.' });
    await createInvitation(app, orgId, { email: 'p@example.test', role: 'viewer', expires_at: new Date(clock.now().getTime() + DAY) });
    for (let i = 0; i < 6; i++) await addMember(app, orgId, await createUser(app), 'viewer');
    expect((await changePlan(client, 'team')).errors).toEqual({ plan: 'The Team plan allows 10 members; you have 11 (including 1 pending invitation). Remove some before downgrading.' });
  });

  it('insights', async () => {
    const { client, orgId } = await admin('owner', 'team');
    await addInsights(orgId, 51);
    expect((await changePlan(client, 'free')).errors).toEqual({ plan: 'The Free plan allows 50 insights; you have 51. Remove some before downgrading.' });
  });

  it('public links (shared insights), which Free does not include', async () => {
    const { client, orgId } = await admin('owner', 'team');
    await addInsights(orgId, 3, 2);
    expect((await changePlan(client, 'free')).errors).toEqual({ plan: 'The Free plan does not include public links; you have 2. Remove some before downgrading.' });
  });

  it('several limits at once, in one message', async () => {
    const { client, orgId } = await admin('owner', 'team');
    await createBoardUsers(app, orgId, 30);
    await addInsights(orgId, 1, 1);
    expect((await changePlan(client, 'free')).errors.plan).toBe(
      'The Free plan allows 25 board users; you have 30. The Free plan does not include public links; you have 1. Remove some before downgrading.',
    );
  });
});

describe('canceled', () => {
  it('active → canceled: grace until the end of the paid period, with event, log and broadcast', async () => {
    const { client, user, orgId } = await admin('owner', 'team');
    const { res, page } = await cancel(client);
    expect(res.status).toBe(303);
    expect(page.props.flash.success).toBe('Your subscription is canceled. Team stays available until Dec 23, 2026; you can resume it until then.');
    const s = await sub(orgId);
    expect(s).toMatchObject({ status: 'canceled', plan: 'team' });
    expect(s.ends_at!.toISOString()).toBe('2026-12-23T09:00:00.000Z');
    expect(s.canceled_at!.toISOString()).toBe('2026-11-23T09:00:00.000Z');
    expect(page.props.subscription).toMatchObject({ status: 'canceled', on_grace_period: true, can: { resume: true, cancel: false } });
    expect((await events(orgId))[0]).toMatchObject({ event: 'canceled', from_status: 'active', to_status: 'canceled', actor_id: user.id, amount_cents: 0 });
    expect((await logs(orgId))[0]).toMatchObject({ event: 'canceled', causer_id: user.id });
    expect(broadcastsFor(orgId).at(-1)?.data).toMatchObject({ event: 'canceled', status: 'canceled', ends_at: '2026-12-23T09:00:00.000Z' });
  });

  it('trialing → canceled: grace until the trial ends', async () => {
    const { client, orgId } = await admin();
    expect((await cancel(client)).errors).toEqual({});
    const s = await sub(orgId);
    expect(s.status).toBe('canceled');
    expect(s.ends_at!.toISOString()).toBe('2026-12-07T09:00:00.000Z');
  });

  it('past_due → canceled: ends now (nothing was paid for)', async () => {
    const { client, orgId } = await admin('owner', 'team');
    await setSub(orgId, { status: 'past_due', current_period_end: new Date(clock.now().getTime() - 2 * DAY) });
    expect((await cancel(client)).errors).toEqual({});
    const s = await sub(orgId);
    expect(s.status).toBe('canceled');
    expect(s.ends_at!.toISOString()).toBe('2026-11-23T09:00:00.000Z');
  });

  it('is refused when already canceled, when ended, and on the Free plan', async () => {
    const { client, orgId } = await admin('owner', 'team');
    await cancel(client);
    expect((await cancel(client)).errors).toEqual({ subscription: 'This subscription is already canceled.' });
    await setSub(orgId, { status: 'ended', plan: 'free' });
    expect((await cancel(client)).errors).toEqual({ subscription: 'This subscription has already ended.' });
    await setSub(orgId, { status: 'active', plan: 'free', current_period_end: null });
    expect((await cancel(client)).errors).toEqual({ subscription: 'The Free plan has nothing to cancel. Choose a paid plan first, or keep using the Free plan.' });
    expect((await events(orgId)).map((e) => e.event)).toEqual(['canceled']);
  });
});

describe('resumed', () => {
  it('canceled → active during the grace period', async () => {
    const { client, user, orgId } = await admin('owner', 'team');
    await cancel(client);
    clock.advance(10 * DAY);
    const again = await actingAs(app, app.client(), user, orgId); // the old session expired meanwhile
    const { page, errors } = await resume(again);
    expect(errors).toEqual({});
    expect(page.props.flash.success).toBe('Your Team subscription is running again.');
    expect(await sub(orgId)).toMatchObject({ status: 'active', ends_at: null, canceled_at: null });
    expect((await events(orgId)).map((e) => [e.event, e.from_status, e.to_status, e.actor_id])).toEqual([
      ['canceled', 'active', 'canceled', user.id],
      ['resumed', 'canceled', 'active', user.id],
    ]);
    expect((await logs(orgId)).map((l) => l.event)).toEqual(['canceled', 'resumed']);
    expect(broadcastsFor(orgId).map((b) => (b.data as { event: string }).event)).toEqual(['canceled', 'resumed']);
  });

  it('canceled → trialing when the trial is still running', async () => {
    const { client, orgId } = await admin();
    await cancel(client);
    expect((await resume(client)).errors).toEqual({});
    expect(await sub(orgId)).toMatchObject({ status: 'trialing', ends_at: null });
  });

  it('is refused for a running, past-due or ended subscription, and after the grace period', async () => {
    const { client, orgId } = await admin('owner', 'team');
    expect((await resume(client)).errors).toEqual({ subscription: 'Only a canceled subscription can be resumed; this one is running.' });
    await setSub(orgId, { status: 'past_due' });
    expect((await resume(client)).errors).toEqual({ subscription: 'Only a canceled subscription can be resumed; this one is past due.' });
    await setSub(orgId, { status: 'ended', plan: 'free' });
    expect((await resume(client)).errors).toEqual({ subscription: 'This subscription has ended and cannot be resumed. Choose a plan to subscribe again.' });
    await setSub(orgId, { status: 'canceled', plan: 'team', ends_at: new Date(clock.now().getTime() - 1000) });
    expect((await resume(client)).errors).toEqual({ subscription: 'The grace period is over, so this subscription can no longer be resumed. Choose a plan to subscribe again.' });
    expect(await events(orgId)).toHaveLength(0);
    expect(await logs(orgId)).toHaveLength(0);
  });
});

// ------------------------------------------------------------------ history

describe('Subscriptions/History', () => {
  it('lists date, event, plans, amount and actor, newest first, paginated', async () => {
    const { client, user, orgId } = await admin('owner');
    await changePlan(client, 'team');
    clock.advance(1000);
    await cancel(client);
    clock.advance(1000);
    await resume(client);
    const page = (await client.get('/subscription/history', { inertia: true })).json();
    expect(page.component).toBe('Subscriptions/History');
    expect(page.props.events.data.map((e: { event: string }) => e.event)).toEqual(['resumed', 'canceled', 'plan_changed']);
    expect(page.props.events.data[2]).toMatchObject({
      event: 'plan_changed',
      from_plan: 'team',
      to_plan: 'team',
      amount_cents: 2900,
      currency: 'USD',
      actor: user.name,
      created_at: '2026-11-23T09:00:00.000Z',
    });

    const values = Array.from({ length: 25 }, (_, i) => ({
      subscription_id: 0,
      organization_id: orgId,
      event: 'renewed',
      to_plan: 'team' as const,
      amount_cents: 2900,
      created_at: new Date(Date.UTC(2025, 0, 1 + i)),
    }));
    const s = await sub(orgId);
    await app.ctx.db
      .insertInto('subscription_events')
      .values(values.map((v) => ({ ...v, subscription_id: s.id })))
      .execute();
    const first = (await client.get('/subscription/history', { inertia: true })).json().props.events;
    expect(first.meta).toMatchObject({ total: 28, per_page: 20, last_page: 2 });
    const second = (await client.get('/subscription/history?page=2', { inertia: true })).json().props.events;
    expect(second.data).toHaveLength(8);
    expect(second.data.at(-1)).toMatchObject({ event: 'renewed', actor: null, created_at: '2025-01-01T00:00:00.000Z' });
  });

  it('shows only the current organisation’s events', async () => {
    const a = await admin('owner', 'team');
    const b = await admin('owner', 'team');
    await changePlan(a.client, 'business');
    const page = (await b.client.get('/subscription/history', { inertia: true })).json();
    expect(page.props.events.data).toEqual([]);
  });
});

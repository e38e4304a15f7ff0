import { spawnSync } from 'node:child_process';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Plan } from '../../../server/db/types';
import { registerBillingProvider, type BillingProvider } from '../../../server/features/billing';
import { runScheduledTransitions, startScheduler } from '../../../server/features/scheduler';
import { createTestApp, FakeClock, type TestApp } from '../../helpers/app';
import { actingAs, createOrganization, createUser, memberClient } from '../../helpers/factories';

let app: TestApp;
const clock = new FakeClock();
const DAY = 86_400_000;
const MINUTE = 60_000;

/** A provider that declines while `declining` is true (cards that bounce). */
let declining = true;
const flaky: BillingProvider = {
  name: 'flaky-test',
  async charge(customer, plan, period) {
    if (declining) return { ok: false, reason: 'card declined' };
    return { ok: true, amountCents: plan.priceCents, currency: 'USD', reference: `FLAKY-${customer.organizationId}-${period.start.toISOString().slice(0, 10)}` };
  },
  async cancel() {},
  async resume() {},
};
registerBillingProvider(flaky);

beforeAll(async () => {
  app = await createTestApp({ clock });
});
afterAll(() => app.close());
beforeEach(async () => {
  clock.set('2026-11-23T09:00:00Z');
  // Each test starts with no other subscription due: earlier tests' organisations are parked.
  await app.ctx.db
    .updateTable('organizations')
    .set({ deleted_at: new Date('2026-01-01T00:00:00Z') })
    .where('deleted_at', 'is', null)
    .execute();
});

const sub = (orgId: number) => app.ctx.db.selectFrom('subscriptions').selectAll().where('organization_id', '=', orgId).executeTakeFirstOrThrow();
const events = (orgId: number) => app.ctx.db.selectFrom('subscription_events').selectAll().where('organization_id', '=', orgId).orderBy('id').execute();
const logs = (orgId: number) => app.ctx.db.selectFrom('activity_logs').selectAll().where('organization_id', '=', orgId).where('subject_type', '=', 'subscription').orderBy('id').execute();
const run = () => runScheduledTransitions(app.ctx);
const none = { trialsEnded: 0, renewed: 0, pastDue: 0, recovered: 0, ended: 0, failed: 0 };

async function org(plan?: Plan) {
  return (await createOrganization(app, null, plan ? { plan } : {})).id;
}

describe('trial end', () => {
  it('falls to Free (active) when the trial ends without a chosen plan; a second run does nothing', async () => {
    const id = await org();
    clock.set('2026-12-07T08:59:00Z');
    expect(await run()).toEqual(none);
    expect((await sub(id)).status).toBe('trialing');

    clock.set('2026-12-07T09:00:30Z');
    expect(await run()).toEqual({ ...none, trialsEnded: 1 });
    const s = await sub(id);
    expect(s).toMatchObject({ plan: 'free', status: 'active', current_period_end: null });
    const [event] = await events(id);
    expect(event).toMatchObject({ event: 'trial_ended', from_plan: 'team', to_plan: 'free', from_status: 'trialing', to_status: 'active', amount_cents: 0, actor_id: null });
    expect(event.created_at.toISOString()).toBe('2026-12-07T09:00:30.000Z');
    const [log] = await logs(id);
    expect(log).toMatchObject({ event: 'trial_ended', causer_id: null, facts: { plan: 'team', to: 'free' } });
    expect(app.broadcasts.published.filter((m) => m.event === 'SubscriptionChanged' && m.channels.includes(`private-organizations.${id}`)).map((m) => m.data)).toEqual([
      expect.objectContaining({ event: 'trial_ended', plan: 'free', status: 'active' }),
    ]);

    expect(await run()).toEqual(none);
    clock.advance(40 * DAY);
    expect(await run()).toEqual(none); // Free has no billing period to renew
    expect(await events(id)).toHaveLength(1);
  });
});

describe('renewal', () => {
  it('starts the next period and records the manual charge at the end of each paid period; idempotent', async () => {
    const id = await org('team');
    const before = await sub(id);
    expect(before.current_period_end!.toISOString()).toBe('2026-12-23T09:00:00.000Z');
    clock.set('2026-12-23T09:00:00Z');
    expect(await run()).toEqual({ ...none, renewed: 1 });
    const after = await sub(id);
    expect(after).toMatchObject({ plan: 'team', status: 'active' });
    expect(after.current_period_start!.toISOString()).toBe('2026-12-23T09:00:00.000Z');
    expect(after.current_period_end!.toISOString()).toBe('2027-01-23T09:00:00.000Z');
    expect(await events(id)).toEqual([
      expect.objectContaining({ event: 'renewed', from_status: 'active', to_status: 'active', amount_cents: 2900, currency: 'USD', reference: `MAN-${id}-20261223-team`, actor_id: null }),
    ]);
    expect((await logs(id))[0]).toMatchObject({ event: 'renewed', facts: { plan: 'team', to: 'team', until: expect.stringMatching(/^2027-01-23T/) } });

    expect(await run()).toEqual(none);
    expect(await events(id)).toHaveLength(1);
  });

  it('catches up every missed period after downtime, one charge each', async () => {
    const id = await org('business');
    clock.set('2027-03-01T00:00:00Z');
    expect(await run()).toEqual({ ...none, renewed: 3 });
    expect((await events(id)).map((e) => [e.event, e.amount_cents, e.reference])).toEqual([
      ['renewed', 9900, `MAN-${id}-20261223-business`],
      ['renewed', 9900, `MAN-${id}-20270123-business`],
      ['renewed', 9900, `MAN-${id}-20270223-business`],
    ]);
    expect((await sub(id)).current_period_end!.toISOString()).toBe('2027-03-23T09:00:00.000Z');
    expect(await run()).toEqual(none);
  });
});

describe('grace end', () => {
  it('a canceled subscription ends at the end of its period and falls to Free', async () => {
    const owner = await createUser(app);
    const id = (await createOrganization(app, owner, { plan: 'team' })).id;
    const client = await actingAs(app, app.client(), owner, id);
    await client.post('/subscription/cancel', {}, { inertia: true });
    expect((await sub(id)).status).toBe('canceled');

    clock.set('2026-12-23T08:59:59Z');
    expect(await run()).toEqual(none);
    clock.set('2026-12-23T09:00:00Z');
    expect(await run()).toEqual({ ...none, ended: 1 });
    expect(await sub(id)).toMatchObject({ status: 'ended', plan: 'free', current_period_end: null });
    expect((await events(id)).map((e) => [e.event, e.from_status, e.to_status, e.from_plan, e.to_plan, e.actor_id])).toEqual([
      ['canceled', 'active', 'canceled', 'team', 'team', owner.id],
      ['ended', 'canceled', 'ended', 'team', 'free', null],
    ]);
    expect((await logs(id)).map((l) => [l.event, l.causer_id])).toEqual([
      ['canceled', owner.id],
      ['ended', null],
    ]);
    expect(await run()).toEqual(none);
    expect(await events(id)).toHaveLength(2);
  });

  it('a canceled trial ends when the trial would have', async () => {
    const { client, organizationId: id } = await memberClient(app, 'owner');
    await client.post('/subscription/cancel', {}, { inertia: true });
    clock.set('2026-12-07T09:00:00Z');
    expect(await run()).toEqual({ ...none, ended: 1 });
    expect(await sub(id)).toMatchObject({ status: 'ended', plan: 'free' });
  });

  it('a resumed subscription does not end', async () => {
    const { client, organizationId: id } = await memberClient(app, 'owner');
    await client.post('/subscription/cancel', {}, { inertia: true });
    await client.post('/subscription/resume', {}, { inertia: true });
    clock.set('2026-12-07T09:00:00Z');
    expect(await run()).toEqual({ ...none, trialsEnded: 1 });
    expect((await events(id)).map((e) => e.event)).toEqual(['canceled', 'resumed', 'trial_ended']);
  });
});

describe('past due', () => {
  it('a declined renewal makes it past due; retried daily; recovered when paid', async () => {
    declining = true;
    const id = await org('team');
    await app.ctx.db.updateTable('subscriptions').set({ provider: 'flaky-test' }).where('organization_id', '=', id).execute();
    clock.set('2026-12-23T09:00:00Z');
    expect(await run()).toEqual({ ...none, pastDue: 1 });
    expect(await sub(id)).toMatchObject({ status: 'past_due', plan: 'team' });
    expect((await logs(id))[0].facts).toMatchObject({ plan: 'team', reason: 'card declined' });

    clock.advance(MINUTE);
    expect(await run()).toEqual(none); // not retried within the day
    clock.advance(DAY);
    expect(await run()).toEqual(none); // retried, declined again: nothing recorded
    expect(await events(id)).toHaveLength(1);

    declining = false;
    clock.advance(DAY);
    expect(await run()).toEqual({ ...none, recovered: 1 });
    const s = await sub(id);
    expect(s.status).toBe('active');
    expect(s.current_period_start!.toISOString()).toBe('2026-12-23T09:00:00.000Z');
    expect(s.current_period_end!.toISOString()).toBe('2027-01-23T09:00:00.000Z');
    expect((await events(id)).map((e) => [e.event, e.from_status, e.to_status, e.amount_cents, e.reference])).toEqual([
      ['payment_failed', 'active', 'past_due', 0, null],
      ['payment_recovered', 'past_due', 'active', 2900, `FLAKY-${id}-2026-12-23`],
    ]);
    expect(await run()).toEqual(none);
  });

  it('ends (Free) when still unpaid 7 days after the period ended', async () => {
    declining = true;
    const id = await org('business');
    await app.ctx.db.updateTable('subscriptions').set({ provider: 'flaky-test' }).where('organization_id', '=', id).execute();
    clock.set('2026-12-23T09:00:00Z');
    await run();
    clock.set('2026-12-30T09:00:00Z');
    expect(await run()).toEqual({ ...none, ended: 1 });
    expect(await sub(id)).toMatchObject({ status: 'ended', plan: 'free' });
    expect((await events(id)).map((e) => e.event)).toEqual(['payment_failed', 'ended']);
    expect(await run()).toEqual(none);
  });
});

describe('the scheduler process', () => {
  it('skips deleted organisations', async () => {
    const id = await org();
    await app.ctx.db.updateTable('organizations').set({ deleted_at: clock.now() }).where('id', '=', id).execute();
    clock.set('2027-01-01T00:00:00Z');
    expect(await run()).toEqual(none);
    expect((await sub(id)).status).toBe('trialing');
  });

  it('runs on an interval inside the server and stops cleanly', async () => {
    const id = await org();
    clock.set('2026-12-08T00:00:00Z');
    const scheduler = startScheduler(app.ctx, { intervalMs: 25 });
    const deadline = Date.now() + 5_000;
    while ((await sub(id)).status === 'trialing' && Date.now() < deadline) await new Promise((r) => setTimeout(r, 25));
    await scheduler.stop();
    expect(await sub(id)).toMatchObject({ status: 'active', plan: 'free' });
    expect((await events(id)).map((e) => e.event)).toEqual(['trial_ended']);
  });

  it('npm run schedule:run runs once and exits', () => {
    const result = spawnSync(process.execPath, ['--import', 'tsx', 'server/cli/schedule.ts'], {
      cwd: process.cwd(),
      env: { ...process.env, PGLITE_DIR: 'memory', DATABASE_URL: '', APP_KEY: 'schedule-test', REVERB_SERVER_ENABLED: 'false', LOG_LEVEL: 'silent', STORAGE_DIR: '/tmp/boardly-schedule-test' },
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
    expect(result.stdout).toContain('Scheduled transitions: 0 trial(s) ended, 0 renewal(s), 0 past due, 0 recovered, 0 ended.');
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, FakeClock, type TestApp } from '../../helpers/app';
import { actingAs, addMember, createActivityLog, createActivityLogs, createBoardUsers, createInsight, createInsights, createOrganization, createUser, memberClient } from '../../helpers/factories';

let app: TestApp;
// A Wednesday.
const clock = new FakeClock(new Date('2026-11-25T12:00:00Z'));
const DAY = 86_400_000;

beforeAll(async () => {
  app = await createTestApp({ clock });
});
afterAll(() => app.close());

async function seed(orgId: number, size: number) {
  await createBoardUsers(app, orgId, size * 3, (i) => ({ first_name: `B${i}`, last_name: 'U', status: i % 3 === 0 ? 'inactive' : 'active' }));
  await createInsights(app, orgId, null, size * 4, (i) => ({
    title: `I${i}`,
    category: 'other',
    status: (['draft', 'published', 'archived', 'published'] as const)[i % 4],
    published_at: i % 4 === 0 ? null : new Date(clock.now().getTime() - (i % 14) * 7 * DAY),
  }));
  await createActivityLogs(app, orgId, size * 2, (i) => ({ event: 'created', description: `Entry ${i}`, created_at: new Date(clock.now().getTime() - (size * 2 - i) * 60_000) }));
}

describe('Dashboard', () => {
  it('counts board users by status, insights by status and members, with plan usage', async () => {
    const org = await createOrganization(app, null);
    const { client, user } = await memberClient(app, 'viewer', org.id);
    await addMember(app, org.id, await createUser(app), 'editor');
    await createBoardUsers(app, org.id, [
      { first_name: 'A', last_name: 'A', status: 'active' },
      { first_name: 'B', last_name: 'B', status: 'active' },
      { first_name: 'C', last_name: 'C', status: 'inactive' },
      { first_name: 'D', last_name: 'D', status: 'active', deleted_at: clock.now() },
    ]);
    await createInsights(
      app,
      org.id,
      null,
      [
        { title: 'd', status: 'draft' },
        { title: 'p', status: 'published', published_at: clock.now(), share_token: 'tok-dash-1' },
        { title: 'a', status: 'archived', published_at: new Date(clock.now().getTime() - 8 * DAY) },
        { title: 'x', status: 'published', published_at: clock.now(), deleted_at: clock.now() },
      ],
      { category: 'other' },
    );
    await createActivityLog(app, org.id, { causer_id: user.id, event: 'created', subject_type: 'board_user', subject_id: 1, description: 'Created board user A A' });

    const page = (await client.get('/dashboard', { inertia: true })).json();
    expect(page.component).toBe('Dashboard');
    expect(page.props.counts).toEqual({
      boardUsers: { active: 2, inactive: 1 },
      insights: { draft: 1, published: 1, archived: 1 },
      members: 2,
      pendingInvitations: 0,
      publicLinks: 1,
      portalMembers: 0,
    });
    expect(page.props.usage).toEqual([
      { key: 'members', label: 'members', used: 2, limit: 10, state: 'within' },
      { key: 'boardUsers', label: 'board users', used: 3, limit: 500, state: 'within' },
      { key: 'insights', label: 'insights', used: 3, limit: null, state: 'unlimited' },
      { key: 'publicLinks', label: 'public links', used: 1, limit: null, state: 'unlimited' },
      { key: 'portalMembers', label: 'board portal members', used: 0, limit: 100, state: 'within' },
    ]);
    expect(page.props.subscription).toMatchObject({ plan: 'team', plan_name: 'Team', status: 'trialing' });
    expect(page.props.recentActivity).toEqual([
      expect.objectContaining({ event: 'created', description: 'Created board user A A', causer: { id: user.id, name: user.name }, subject_type: 'board_user' }),
    ]);
  });

  it('charts insights published per week for the last 12 weeks (Monday weeks, oldest first)', async () => {
    const org = await createOrganization(app, null);
    const { client } = await memberClient(app, 'viewer', org.id);
    const at = (iso: string, extra = {}) => ({ title: iso, category: 'other' as const, status: 'published' as const, published_at: new Date(iso), ...extra });
    await createInsights(app, org.id, null, [
      at('2026-11-23T00:00:00Z'), // Monday of this week
      at('2026-11-25T11:00:00Z'),
      at('2026-11-22T23:59:59Z'), // Sunday: last week
      at('2026-09-07T10:00:00Z'), // first of the 12 weeks
      at('2026-09-06T10:00:00Z'), // just before: not shown
      at('2026-11-24T10:00:00Z', { deleted_at: new Date('2026-11-24T11:00:00Z') }), // trashed: not counted
    ]);
    const weeks = (await client.get('/dashboard', { inertia: true })).json().props.publishedPerWeek as { week: string; count: number }[];
    expect(weeks).toHaveLength(12);
    expect(weeks[0]).toEqual({ week: '2026-09-07', count: 1 });
    expect(weeks[10]).toEqual({ week: '2026-11-16', count: 1 });
    expect(weeks[11]).toEqual({ week: '2026-11-23', count: 2 });
    expect(weeks.reduce((n, w) => n + w.count, 0)).toBe(4);
  });

  it('weeks follow the user’s time zone', async () => {
    const org = await createOrganization(app, null);
    const { client, user } = await memberClient(app, 'viewer', org.id);
    await app.ctx.db.updateTable('users').set({ timezone: 'Pacific/Auckland' }).where('id', '=', user.id).execute();
    // Sunday 22 Nov 23:30 UTC is Monday 23 Nov 12:30 in Auckland.
    await createInsight(app, org.id, null, { title: 'nz', category: 'other', status: 'published', published_at: new Date('2026-11-22T23:30:00Z') });
    const weeks = (await client.get('/dashboard', { inertia: true })).json().props.publishedPerWeek;
    expect(weeks.at(-1)).toEqual({ week: '2026-11-23', count: 1 });
  });

  it('keeps the last 10 activity entries of this organisation only, newest first', async () => {
    const org = await createOrganization(app, null);
    const other = await createOrganization(app, null);
    const { client } = await memberClient(app, 'viewer', org.id);
    await seed(org.id, 7);
    await createActivityLog(app, other.id, { event: 'created', description: 'Someone else’s' });
    const recent = (await client.get('/dashboard', { inertia: true })).json().props.recentActivity as { description: string; causer: null }[];
    expect(recent).toHaveLength(10);
    expect(recent[0].description).toBe('Entry 13');
    expect(recent.map((r) => r.description)).not.toContain('Someone else’s');
    expect(recent[0].causer).toBeNull();
  });

  it('lists changes, not sign-ins: a busy morning of sign-ins does not push the changes out', async () => {
    const org = await createOrganization(app, null);
    const { client, user } = await memberClient(app, 'viewer', org.id);
    const at = (minutesAgo: number) => new Date(clock.now().getTime() - minutesAgo * 60_000);
    await createActivityLogs(
      app,
      org.id,
      [
        { event: 'created', subject_type: 'board_user', subject_id: 1, description: 'Created board user A A', created_at: at(30) },
        { event: 'shared', subject_type: 'insight', subject_id: 1, description: 'Shared insight "Q3"', created_at: at(20) },
        ...Array.from({ length: 12 }, (_, i) => ({ event: 'signed_in', subject_type: 'user', subject_id: user.id, description: `${user.name} signed in`, created_at: at(10 - i / 2) })),
      ],
      { causer_id: user.id },
    );
    const recent = (await client.get('/dashboard', { inertia: true })).json().props.recentActivity as { event: string; description: string }[];
    expect(recent.map((r) => r.event)).toEqual(['shared', 'created']);
  });

  it('uses the same, small number of queries whatever the size of the organisation', async () => {
    const small = await createOrganization(app, null);
    const large = await createOrganization(app, null);
    await seed(small.id, 1);
    await seed(large.id, 60);
    const user = await createUser(app);
    await addMember(app, small.id, user, 'viewer');
    await addMember(app, large.id, user, 'viewer');

    async function queriesFor(orgId: number) {
      const c = await actingAs(app, app.client(), user, orgId);
      await c.get('/dashboard', { inertia: true }); // warm up (session touch etc.)
      const before = app.queries.length;
      const res = await c.get('/dashboard', { inertia: true });
      expect(res.status).toBe(200);
      return app.queries.slice(before).map((q) => q.query.sql);
    }
    const a = await queriesFor(small.id);
    const b = await queriesFor(large.id);
    expect(b.length).toBe(a.length);
    const mine = b.filter((q) => /board_users|insights|activity_logs|subscriptions/.test(q));
    expect(mine).toHaveLength(4);
    expect(b.length).toBeLessThanOrEqual(12);
  });

  it('needs a current organisation, like every organisation page', async () => {
    const user = await createUser(app);
    const c = await actingAs(app, app.client(), user);
    const res = await c.get('/dashboard');
    expect(res.status).toBe(302);
    expect(res.location).toBe('/organizations/select');
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, FakeClock, type TestApp } from '../../helpers/app';
import { actingAs, addMember, createActivityLog, createOrganization, createUser } from '../../helpers/factories';

let app: TestApp;
const clock = new FakeClock();

beforeAll(async () => {
  app = await createTestApp({ clock });
});
afterAll(() => app.close());

async function log(organizationId: number | null, causerId: number | null, description: string, minutesAgo: number) {
  await createActivityLog(app, organizationId, {
    causer_id: causerId,
    event: 'updated',
    subject_type: 'board_user',
    subject_id: 1,
    description,
    created_at: new Date(clock.now().getTime() - minutesAgo * 60_000),
  });
}

async function setup() {
  const me = await createUser(app, { name: 'Me' });
  const colleague = await createUser(app);
  const a = await createOrganization(app, null, { name: 'Alpha' });
  const b = await createOrganization(app, null, { name: 'Beta' });
  const foreign = await createOrganization(app, null, { name: 'Foreign' });
  await addMember(app, a.id, me, 'editor');
  await addMember(app, b.id, me, 'viewer');
  await addMember(app, a.id, colleague, 'editor');
  await addMember(app, foreign.id, colleague, 'owner');
  await log(a.id, me.id, 'Mine in Alpha', 30);
  await log(b.id, me.id, 'Mine in Beta', 20);
  await log(null, me.id, 'My account', 10);
  await log(a.id, colleague.id, 'Colleague in Alpha', 5);
  await log(foreign.id, colleague.id, 'Colleague in Foreign', 1);
  const client = await actingAs(app, app.client(), me, a.id);
  return { me, a, b, foreign, client };
}

describe('History', () => {
  it('lists only my own activity, across my organisations, newest first', async () => {
    const { client, a, b } = await setup();
    const page = (await client.get('/history', { inertia: true })).json();
    expect(page.component).toBe('History');
    expect(page.props.activity.data.map((r: { description: string }) => r.description)).toEqual(['My account', 'Mine in Beta', 'Mine in Alpha']);
    expect(page.props.activity.data[1].organization).toEqual({ id: b.id, name: 'Beta' });
    expect(page.props.activity.data[0].organization).toBeNull();
    expect(page.props.organizations).toEqual([
      { id: a.id, name: 'Alpha' },
      { id: b.id, name: 'Beta' },
    ]);
    expect(page.props.filters).toEqual({ organization: null });
  });

  it('filters by one of my organisations', async () => {
    const { client, b } = await setup();
    const page = (await client.get(`/history?organization=${b.id}`, { inertia: true })).json();
    expect(page.props.activity.data.map((r: { description: string }) => r.description)).toEqual(['Mine in Beta']);
    expect(page.props.filters).toEqual({ organization: b.id });
  });

  it('ignores an organisation I do not belong to, and junk', async () => {
    const { client, foreign } = await setup();
    for (const q of [`organization=${foreign.id}`, 'organization=abc', 'organization=-1', 'organization[]=1', 'organization=99999999999']) {
      const res = await client.get(`/history?${q}`, { inertia: true });
      expect(res.status).toBe(200);
      const page = res.json();
      expect(page.props.filters).toEqual({ organization: null });
      expect(page.props.activity.data.map((r: { description: string }) => r.description)).not.toContain('Colleague in Foreign');
      expect(page.props.activity.data).toHaveLength(3);
    }
  });

  it('leaves out what I did in an organisation I have since left', async () => {
    const { client, me, b } = await setup();
    await app.ctx.db.deleteFrom('memberships').where('organization_id', '=', b.id).where('user_id', '=', me.id).execute();
    const page = (await client.get('/history', { inertia: true })).json();
    expect(page.props.activity.data.map((r: { description: string }) => r.description)).toEqual(['My account', 'Mine in Alpha']);
    const filtered = (await client.get(`/history?organization=${b.id}`, { inertia: true })).json();
    expect(filtered.props.filters.organization).toBeNull();
  });

  it('paginates by 25 and keeps the filter in the links', async () => {
    const { client, me, a } = await setup();
    for (let i = 0; i < 30; i++) await log(a.id, me.id, `Bulk ${i}`, 100 + i);
    const first = (await client.get(`/history?organization=${a.id}`, { inertia: true })).json().props.activity;
    expect(first.data).toHaveLength(25);
    expect(first.meta).toMatchObject({ total: 31, last_page: 2, per_page: 25 });
    expect(first.links.at(-1)).toMatchObject({ label: 'Next', url: `/history?organization=${a.id}&page=2` });
    const second = (await client.get(`/history?organization=${a.id}&page=2`, { inertia: true })).json().props.activity;
    expect(second.data.map((r: { description: string }) => r.description)).toEqual(['Bulk 24', 'Bulk 25', 'Bulk 26', 'Bulk 27', 'Bulk 28', 'Bulk 29']);
  });

  it('works without a current organisation and sends guests to sign in', async () => {
    const { me } = await setup();
    const c = await actingAs(app, app.client(), me);
    expect((await c.get('/history', { inertia: true })).json().props.activity.data).toHaveLength(3);
    const guest = await app.client().get('/history');
    expect(guest.status).toBe(302);
    expect(guest.location).toBe('/login');
  });
});

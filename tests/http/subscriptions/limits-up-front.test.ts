import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, FakeClock, type TestApp } from '../../helpers/app';
import { createBoardUsers, createInsight, createOrganization, memberClient } from '../../helpers/factories';

/** Issue #24 item 6: a plan limit is shown before the work, not only refused after it. */
let app: TestApp;
const clock = new FakeClock();

beforeAll(async () => {
  app = await createTestApp({ clock });
});
afterAll(() => app.close());

async function freeOrgWithBoardUsers(n: number) {
  const org = await createOrganization(app, null, { plan: 'free' });
  await createBoardUsers(app, org.id, n);
  return org.id;
}

const boardUserCount = async (orgId: number) =>
  Number(
    (
      await app.ctx.db
        .selectFrom('board_users')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('organization_id', '=', orgId)
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('Add board user at the limit', () => {
  it('the Create page carries usage, limit and who may upgrade; below the limit it is not full', async () => {
    const orgId = await freeOrgWithBoardUsers(25);
    const editor = (await memberClient(app, 'editor', orgId)).client;
    const admin = (await memberClient(app, 'admin', orgId)).client;

    const asEditor = (await editor.get('/board-users/create', { inertia: true })).page();
    expect(asEditor.props.limit).toEqual({ key: 'boardUsers', plan_name: 'Free', used: 25, max: 25, full: true, may_upgrade: false });
    const asAdmin = (await admin.get('/board-users/create', { inertia: true })).page();
    expect(asAdmin.props.limit).toMatchObject({ used: 25, max: 25, full: true, may_upgrade: true });

    const roomy = await freeOrgWithBoardUsers(24);
    const below = (await (await memberClient(app, 'editor', roomy)).client.get('/board-users/create', { inertia: true })).page();
    expect(below.props.limit).toMatchObject({ used: 24, max: 25, full: false });
  });

  it('the server still refuses the POST at the limit (the check stays authoritative)', async () => {
    const orgId = await freeOrgWithBoardUsers(25);
    const { client } = await memberClient(app, 'editor', orgId);
    const body = { first_name: 'One', last_name: 'Toomany', email: '', phone: '', position: '', board_name: '', status: 'active', tags: [], notes: '', joined_on: '' };
    const res = await client.request('POST', '/board-users', body, { inertia: true, headers: { Referer: `${app.url}/board-users/create` } });
    expect(res.status).toBeLessThan(400);
    const errors = (await client.get('/board-users/create', { inertia: true })).page().props.errors as Record<string, string>;
    expect(Object.values(errors).join(' ')).toMatch(/Free.*25 board users/);
    expect(await boardUserCount(orgId)).toBe(25);
  });

  it('insights and the import carry the same limit prop', async () => {
    const orgId = await freeOrgWithBoardUsers(25);
    const { client } = await memberClient(app, 'admin', orgId);
    expect((await client.get('/insights/create', { inertia: true })).page().props.limit).toMatchObject({ key: 'insights', used: 0, max: 50, full: false });
    expect((await client.get('/board-users/import', { inertia: true })).page().props.limit).toMatchObject({ key: 'boardUsers', used: 25, max: 25, full: true });
  });
});

describe('public links on Free', () => {
  it('an insight page carries the not-included limit, with who may upgrade', async () => {
    const org = await createOrganization(app, null, { plan: 'free' });
    const insight = await createInsight(app, org.id, null, { title: 'Shared?', category: 'other', status: 'published' });
    const viewer = (await memberClient(app, 'viewer', org.id)).client;
    const owner = (await memberClient(app, 'owner', org.id)).client;
    expect((await viewer.get(`/insights/${insight.id}`, { inertia: true })).page().props.sharing.limit).toEqual({
      key: 'publicLinks',
      plan_name: 'Free',
      used: 0,
      max: 0,
      full: true,
      may_upgrade: false,
    });
    expect((await owner.get(`/insights/${insight.id}`, { inertia: true })).page().props.sharing.limit).toMatchObject({ max: 0, may_upgrade: true });
  });
});

describe('the subscription page usage', () => {
  it('a limit of zero is "not included", never full or over', async () => {
    const org = await createOrganization(app, null, { plan: 'free' });
    const { client } = await memberClient(app, 'viewer', org.id);
    const usage = (await client.get('/subscription', { inertia: true })).page().props.usage as { key: string; used: number; limit: number | null; state: string }[];
    expect(usage.find((u) => u.key === 'publicLinks')).toMatchObject({ used: 0, limit: 0, state: 'not_included' });
    expect(usage.find((u) => u.key === 'boardUsers')).toMatchObject({ limit: 25, state: 'within' });
  });
});

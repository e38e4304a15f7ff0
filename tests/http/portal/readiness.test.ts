import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, FakeClock, type TestApp } from '../../helpers/app';
import type { TestClient } from '../../helpers/client';
import { createBoardUser, createInsight, createOrganization, memberClient } from '../../helpers/factories';
import { actingAsBoardMember, grantPortalAccess } from '../../helpers/portal';
import type { BoardUser, Insight } from '../../../server/db/types';

/**
 * Readiness without surveillance (issue #27): staff see how many of an insight's board members
 * read and acknowledged it, never a count below three, and names only when the organisation
 * turned named read receipts on. The numbers hidden are not in the page's JSON either.
 */
let app: TestApp;
const clock = new FakeClock();
const at = (m: number) => new Date(Date.UTC(2026, 10, 20, 9, m));

let orgId: number;
let viewer: TestClient;
let members: BoardUser[];
let insight: Insight;
let memberIds: number[];

const readiness = async (client: TestClient = viewer) => {
  const page = (await client.get(`/insights/${insight.id}`, { inertia: true })).page();
  expect(page.component).toBe('Insights/Show');
  return page.props.readiness;
};
const receipt = (i: number, acknowledged: boolean, m = 1) =>
  app.ctx.db
    .insertInto('insight_receipts')
    .values({ insight_id: insight.id, board_user_id: members[i].id, organization_id: orgId, read_at: at(m), acknowledged_at: acknowledged ? at(m + 1) : null })
    .onConflict((oc) => oc.columns(['insight_id', 'board_user_id']).doUpdateSet({ acknowledged_at: acknowledged ? at(m + 1) : null }))
    .execute();

beforeAll(async () => {
  clock.set(at(0));
  app = await createTestApp({ clock });
  orgId = (await createOrganization(app, null, { name: 'Readiness Trust' })).id;
  viewer = (await memberClient(app, 'viewer', orgId)).client;
  members = [];
  for (const [first, last] of [
    ['Ada', 'Adams'],
    ['Ben', 'Brown'],
    ['Cy', 'Clark'],
    ['Di', 'Dunn'],
    ['Ed', 'Evans'],
  ]) {
    members.push(await createBoardUser(app, orgId, { first_name: first, last_name: last, email: `${first.toLowerCase()}@board.test`, status: 'active' }));
  }
  memberIds = [];
  for (const m of members) memberIds.push((await grantPortalAccess(app, m)).id);
  // Linked but not recipients: no portal access; access but inactive; access but the e-mail changed since.
  const noAccess = await createBoardUser(app, orgId, { first_name: 'No', last_name: 'Access', email: 'no@board.test', status: 'active' });
  const inactive = await createBoardUser(app, orgId, { first_name: 'In', last_name: 'Active', email: 'in@board.test', status: 'active' });
  await grantPortalAccess(app, inactive);
  await app.ctx.db.updateTable('board_users').set({ status: 'inactive' }).where('id', '=', inactive.id).execute();
  const moved = await createBoardUser(app, orgId, { first_name: 'Mo', last_name: 'Ved', email: 'mo@board.test', status: 'active' });
  await grantPortalAccess(app, moved);
  await app.ctx.db.updateTable('board_users').set({ email: 'elsewhere@board.test' }).where('id', '=', moved.id).execute();
  insight = await createInsight(app, orgId, null, { title: 'Readiness', status: 'published', published_at: at(0), boardUserIds: [...members.map((m) => m.id), noAccess.id, inactive.id, moved.id] });
});
afterAll(() => app.close());
beforeEach(async () => {
  await app.ctx.db
    .deleteFrom('insight_receipts')
    .where(
      'board_user_id',
      'in',
      members.map((m) => m.id),
    )
    .execute();
  await app.ctx.db.updateTable('organizations').set({ named_read_receipts: false }).where('id', '=', orgId).execute();
});

describe('counts', () => {
  it('shows no count below three, and the page JSON does not carry it', async () => {
    for (const reads of [0, 1, 2]) {
      await app.ctx.db
        .deleteFrom('insight_receipts')
        .where(
          'board_user_id',
          'in',
          members.map((m) => m.id),
        )
        .execute();
      for (let i = 0; i < reads; i++) await receipt(i, true);
      const r = await readiness();
      expect(r).toEqual({ recipients: 5, read: null, acknowledged: null, minShown: 3, readers: null });
    }
    const raw = (await viewer.get(`/insights/${insight.id}`, { inertia: true })).text;
    expect(raw).not.toMatch(/"read":\d/);
    expect(raw).not.toMatch(/"acknowledged":\d/);
  });

  it('shows counts from three on, each on its own', async () => {
    for (const i of [0, 1, 2]) await receipt(i, i === 0);
    expect(await readiness()).toEqual({ recipients: 5, read: 3, acknowledged: null, minShown: 3, readers: null });
    await receipt(1, true);
    await receipt(2, true);
    await receipt(3, false);
    expect(await readiness()).toMatchObject({ read: 4, acknowledged: 3, readers: null });
  });

  it('keeps counting a reader whose access ended or who was unlinked: a count that dropped would say whether they read', async () => {
    for (const i of [0, 1, 2]) await receipt(i, true);
    expect(await readiness()).toMatchObject({ recipients: 5, read: 3, acknowledged: 3 });
    await app.ctx.db.deleteFrom('board_user_portal_access').where('board_user_id', '=', members[2].id).execute();
    expect(await readiness()).toMatchObject({ recipients: 4, read: 3, acknowledged: 3 });
    await app.ctx.db.deleteFrom('board_user_insight').where('insight_id', '=', insight.id).where('board_user_id', '=', members[1].id).execute();
    expect(await readiness()).toMatchObject({ recipients: 3, read: 3, acknowledged: 3 });
    await app.ctx.db.insertInto('board_user_insight').values({ insight_id: insight.id, board_user_id: members[1].id }).execute();
    await grantPortalAccess(app, members[2]);
  });

  it('shows names with dates only when the organisation turned named read receipts on', async () => {
    await receipt(1, true, 5);
    await receipt(3, false, 7);
    await app.ctx.db.updateTable('organizations').set({ named_read_receipts: true }).where('id', '=', orgId).execute();
    const r = await readiness();
    expect(r).toMatchObject({ recipients: 5, read: 2, acknowledged: 1, minShown: 3 });
    expect(r.readers).toEqual([
      { id: members[1].id, name: 'Ben Brown', read_at: at(5).toISOString(), acknowledged_at: at(6).toISOString() },
      { id: members[3].id, name: 'Di Dunn', read_at: at(7).toISOString(), acknowledged_at: null },
      { id: members[0].id, name: 'Ada Adams', read_at: null, acknowledged_at: null },
      { id: members[2].id, name: 'Cy Clark', read_at: null, acknowledged_at: null },
      { id: members[4].id, name: 'Ed Evans', read_at: null, acknowledged_at: null },
    ]);
  });

  it('answers a partial reload of the panel alone (what the live event asks for)', async () => {
    const res = await viewer.get(`/insights/${insight.id}`, { inertia: { partial: { component: 'Insights/Show', only: ['readiness'] } } });
    const props = res.page().props;
    expect(props.readiness).toEqual({ recipients: 5, read: null, acknowledged: null, minShown: 3, readers: null });
    expect(props).not.toHaveProperty('insight');
    expect(props).not.toHaveProperty('boardUsers');
  });

  it('is told live of a read by the insight id alone, and another organisation sees nothing', async () => {
    const sent = app.broadcasts.published.length;
    const board = await actingAsBoardMember(app, app.client(), memberIds[4]);
    await board.get(`/portal/insights/${insight.id}`, { inertia: true });
    await board.post(`/portal/insights/${insight.id}/acknowledge`, {}, { inertia: true });
    const events = app.broadcasts.published.slice(sent);
    expect(events.map((e) => [e.event, e.channels, e.data])).toEqual([
      ['InsightReadinessChanged', [`private-organizations.${orgId}`], { id: insight.id }],
      ['InsightReadinessChanged', [`private-organizations.${orgId}`], { id: insight.id }],
    ]);
    const { client: stranger } = await memberClient(app, 'owner');
    expect((await stranger.get(`/insights/${insight.id}`, { inertia: true })).status).toBe(404);
  });
});

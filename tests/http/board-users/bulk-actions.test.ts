import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, FakeClock, type TestApp } from '../../helpers/app';
import type { TestClient } from '../../helpers/client';
import { createBoardUsers, createInsights, createUser, editorOfNewOrganization, memberClient } from '../../helpers/factories';

let app: TestApp;
const clock = new FakeClock();

beforeAll(async () => {
  app = await createTestApp({ clock });
});
afterAll(() => app.close());

const editorOf = (plan?: 'free' | 'team' | 'business') => editorOfNewOrganization(app, plan);

/** 30 board users: every third inactive, named so the index sorts them Person 00 … Person 29. */
async function thirty(orgId: number) {
  const rows = await createBoardUsers(app, orgId, 30, (i) => ({
    first_name: 'Person',
    last_name: String(i).padStart(2, '0'),
    email: `p${i}@example.test`,
    status: i % 3 === 0 ? 'inactive' : 'active',
    tags: i === 0 ? ['t1', 't2', 't3', 't4', 't5', 't6', 't7', 't8', 't9', 't10'] : ['board'],
  }));
  return rows.map((r) => r.id);
}

const rows = (orgId: number) => app.ctx.db.selectFrom('board_users').selectAll().where('organization_id', '=', orgId).orderBy('last_name').execute();
const bulkLogs = (orgId: number) => app.ctx.db.selectFrom('activity_logs').selectAll().where('organization_id', '=', orgId).where('event', 'like', 'bulk_%').orderBy('id').execute();

async function apply(client: TestClient, path: string, body: Record<string, unknown>) {
  const res = await client.post(path, body, { inertia: true });
  const page = (await client.get(res.location ?? '/', { inertia: true })).page();
  return { status: res.status, page };
}

describe('board users', () => {
  it('changes the status of rows ticked on several pages, in one transaction with one activity entry', async () => {
    const { orgId, client } = await editorOf();
    await thirty(orgId);
    const page1 = (await client.get('/board-users', { inertia: true })).page().props.boardUsers;
    const page2 = (await client.get('/board-users?page=2', { inertia: true })).page().props.boardUsers;
    expect(page1.meta.last_page).toBe(2);
    const ids = [page1.data[1].id, page1.data[2].id, page2.data[0].id, page2.data[1].id]; // Person 01, 02, 25, 26
    const { status, page } = await apply(client, '/board-users/bulk', { action: 'status', status: 'inactive', ids });
    expect(status).toBe(303);
    expect(page.props.flash.success).toBe('Set the status of 4 board users to inactive.');
    const after = await rows(orgId);
    expect(after.filter((r) => r.status === 'inactive').map((r) => r.last_name)).toEqual(['00', '01', '02', '03', '06', '09', '12', '15', '18', '21', '24', '25', '26', '27']);
    const logs = await bulkLogs(orgId);
    expect(logs).toHaveLength(1);
    expect(logs[0]).toMatchObject({ event: 'bulk_updated', subject_type: 'board_user', description: null, facts: { count: 4, action: 'status', status: 'inactive' } });
    expect((logs[0].properties as any).ids.sort()).toEqual([...ids].sort());
    expect(app.broadcasts.published.some((m) => m.event === 'BoardUserChanged' && m.channels[0] === `private-organizations.${orgId}`)).toBe(true);
  });

  it('applies to all N matching the filters, across pages, and to nothing else', async () => {
    const { orgId, client } = await editorOf();
    await thirty(orgId);
    const index = (await client.get('/board-users?status=active', { inertia: true })).page().props.boardUsers;
    expect(index.meta.total).toBe(20);
    const { page } = await apply(client, '/board-users/bulk', { action: 'add_tag', tag: 'Audit', all: true, filters: { status: 'active', search: '' } });
    expect(page.props.flash.success).toBe('Tagged 20 board users “Audit”.');
    const after = await rows(orgId);
    expect(after.filter((r) => r.tags.includes('Audit')).length).toBe(20);
    expect(after.filter((r) => r.status === 'inactive').every((r) => !r.tags.includes('Audit'))).toBe(true);
    // Already tagged (any case) is left alone; a record with 10 tags is skipped and the message says so.
    const again = await apply(client, '/board-users/bulk', { action: 'add_tag', tag: 'audit', all: true, filters: { search: 'Person 0' } });
    expect(again.page.props.flash.success).toBe('Tagged 3 board users “audit”. 1 board user already had 10 tags and was left as it was.');
    const removed = await apply(client, '/board-users/bulk', { action: 'remove_tag', tag: 'AUDIT', all: true, filters: {} });
    expect(removed.page.props.flash.success).toBe('Removed the tag “AUDIT” from 23 board users.');
    expect((await rows(orgId)).every((r) => !r.tags.some((t) => t.toLowerCase() === 'audit'))).toBe(true);
    expect((await rows(orgId))[1].tags).toEqual(['board']);
  });

  it('deletes with an undo offer that restores exactly those records', async () => {
    const { orgId, client } = await editorOf();
    const ids = await thirty(orgId);
    await app.ctx.db.updateTable('board_users').set({ deleted_at: new Date() }).where('id', '=', ids[29]).execute();
    const { page } = await apply(client, '/board-users/bulk', { action: 'delete', all: true, filters: { status: 'inactive' } });
    expect(page.props.flash.success).toBeUndefined();
    expect(page.props.flash.undo).toEqual({ message: 'Deleted 10 board users.', url: '/board-users/bulk', data: { action: 'restore', ids: expect.any(Array) } });
    expect(page.props.flash.undo.data.ids).toHaveLength(10);
    expect(page.props.boardUsers.meta.total).toBe(19);
    const undone = await apply(client, page.props.flash.undo.url, page.props.flash.undo.data);
    expect(undone.page.props.flash.success).toBe('Restored 10 board users.');
    expect(undone.page.props.boardUsers.meta.total).toBe(29); // the one trashed before stays trashed
    expect((await bulkLogs(orgId)).map((l) => l.event)).toEqual(['bulk_deleted', 'bulk_restored']);
  });

  it('restores only within the plan limit', async () => {
    const { orgId, client } = await editorOf('free');
    const ids = await thirty(orgId);
    await app.ctx.db.updateTable('board_users').set({ deleted_at: new Date() }).where('id', 'in', ids.slice(0, 10)).execute();
    const { page } = await apply(client, '/board-users/bulk', { action: 'restore', ids: ids.slice(0, 10) });
    expect(page.props.errors.ids).toBe('The Free plan allows 25 board users; you have 20. Upgrade your plan to add more.');
    expect((await rows(orgId)).filter((r) => r.deleted_at).length).toBe(10);
  });

  it('checks every id against the organisation: one foreign id is a 404 and nothing changes', async () => {
    const mine = await editorOf();
    const theirs = await editorOf();
    const myIds = await thirty(mine.orgId);
    const theirIds = await thirty(theirs.orgId);
    for (const body of [
      { action: 'status', status: 'inactive', ids: [myIds[1], theirIds[1]] },
      { action: 'add_tag', tag: 'x', ids: [theirIds[2]] },
      { action: 'remove_tag', tag: 'board', ids: [myIds[3], theirIds[3]] },
      { action: 'delete', ids: [theirIds[4], myIds[4]] },
      { action: 'restore', ids: [theirIds[5]] },
      { action: 'delete', ids: [2_000_000_000] },
    ]) {
      expect((await mine.client.post('/board-users/bulk', body, { inertia: true })).status).toBe(404);
    }
    const res = await mine.client.post('/board-users/bulk/export', { ids: [myIds[1], theirIds[1]] }, { form: false });
    expect(res.status).toBe(404);
    expect((await rows(theirs.orgId)).every((r) => r.status === (Number(r.last_name) % 3 === 0 ? 'inactive' : 'active') && !r.deleted_at && !r.tags.includes('x'))).toBe(true);
    expect((await rows(mine.orgId)).filter((r) => r.status === 'inactive')).toHaveLength(10);
    expect(await bulkLogs(mine.orgId)).toEqual([]);
    // "All matching" only ever reaches the organisation's own rows.
    await apply(mine.client, '/board-users/bulk', { action: 'delete', all: true, filters: {} });
    expect((await rows(theirs.orgId)).every((r) => !r.deleted_at)).toBe(true);
  });

  it('validates the action and the selection, and is for editors and up', async () => {
    const { orgId, client } = await editorOf();
    await thirty(orgId);
    expect((await apply(client, '/board-users/bulk', { action: 'status', ids: [] })).page.props.errors).toMatchObject({ status: 'The selected status is invalid.' });
    expect((await apply(client, '/board-users/bulk', { action: 'delete', ids: [] })).page.props.errors).toEqual({ ids: 'Select at least one row.' });
    expect((await apply(client, '/board-users/bulk', { action: 'explode', ids: [1] })).page.props.errors.action).toBe('Choose an action.');
    expect((await apply(client, '/board-users/bulk', { action: 'add_tag', tag: 'x'.repeat(31), ids: [1] })).page.props.errors.tag).toBe('The tag may not be greater than 30 characters.');
    const viewer = await memberClient(app, 'viewer', orgId);
    expect((await viewer.client.post('/board-users/bulk', { action: 'delete', all: true }, { inertia: true })).status).toBe(403);
  });

  it('exports the selection: ticked ids, or all matching, with the export’s columns', async () => {
    const { orgId, client } = await editorOf();
    const ids = await thirty(orgId);
    const token = client.cookie('XSRF-TOKEN')!;
    // A plain form post, as the page's download form sends it.
    const byIds = await client.post('/board-users/bulk/export', { _token: token, 'ids[0]': String(ids[5]), 'ids[1]': String(ids[2]) }, { form: true, noCsrf: true });
    expect(byIds.status).toBe(200);
    const table = parse(byIds.text, { bom: true }) as string[][];
    expect(table[0].slice(0, 4)).toEqual(['ID', 'First name', 'Last name', 'Email']);
    expect(table.slice(1).map((r) => r[2])).toEqual(['02', '05']);
    const all = await client.post('/board-users/bulk/export', { all: true, filters: { status: 'inactive' } });
    expect((parse(all.text, { bom: true }) as string[][]).length).toBe(11);
    const viewer = await memberClient(app, 'viewer', orgId);
    expect((await viewer.client.post('/board-users/bulk/export', { ids: [ids[0]] })).status).toBe(200);
  });
});

describe('insights', () => {
  async function insightsOf(orgId: number, n: number) {
    const author = await createUser(app);
    const insights = await createInsights(app, orgId, author.id, n, (i) => ({
      title: `Insight ${String(i).padStart(2, '0')}`,
      category: 'governance',
      status: i % 2 ? 'published' : 'draft',
      published_at: i % 2 ? new Date('2026-01-01T00:00:00Z') : null,
      share_token: i === 1 ? `tok-${orgId}-${i}` : null,
      created_at: new Date(),
      updated_at: new Date(),
    }));
    return insights.map((x) => x.id);
  }
  const insightRows = (orgId: number) => app.ctx.db.selectFrom('insights').selectAll().where('organization_id', '=', orgId).orderBy('title').execute();

  it('publishes all matching across pages, keeping first publication dates', async () => {
    const { orgId, client } = await editorOf();
    await insightsOf(orgId, 30);
    expect((await client.get('/insights?status=draft', { inertia: true })).page().props.insights.meta.total).toBe(15);
    const { page } = await apply(client, '/insights/bulk', { action: 'publish', all: true, filters: { status: 'draft' } });
    expect(page.props.flash.success).toBe('Published 15 insights.');
    const after = await insightRows(orgId);
    expect(after.every((r) => r.status === 'published' && r.published_at)).toBe(true);
    expect(after[1].published_at?.toISOString()).toBe('2026-01-01T00:00:00.000Z');
    const logs = await bulkLogs(orgId);
    expect(logs).toHaveLength(1);
    expect((logs[0].properties as any).ids).toHaveLength(15);
  });

  it('archives (revoking links), deletes with undo, restores, and checks every id', async () => {
    const { orgId, client } = await editorOf();
    const ids = await insightsOf(orgId, 4);
    const other = await editorOf();
    const theirs = await insightsOf(other.orgId, 2);
    expect((await client.post('/insights/bulk', { action: 'archive', ids: [ids[1], theirs[0]] }, { inertia: true })).status).toBe(404);
    expect((await client.post('/insights/bulk/export', { ids: [theirs[1]] })).status).toBe(404);
    const archived = await apply(client, '/insights/bulk', { action: 'archive', ids: [ids[0], ids[1]] });
    expect(archived.page.props.flash.success).toBe('Archived 2 insights.');
    expect((await insightRows(orgId))[1]).toMatchObject({ status: 'archived', share_token: null });
    const deleted = await apply(client, '/insights/bulk', { action: 'delete', ids: [ids[2], ids[3]] });
    expect(deleted.page.props.flash.undo).toEqual({ message: 'Deleted 2 insights.', url: '/insights/bulk', data: { action: 'restore', ids: [ids[2], ids[3]] } });
    const restored = await apply(client, deleted.page.props.flash.undo.url, deleted.page.props.flash.undo.data);
    expect(restored.page.props.flash.success).toBe('Restored 2 insights.');
    expect((await insightRows(orgId)).every((r) => r.deleted_at === null)).toBe(true);
    expect((await insightRows(other.orgId)).map((r) => r.status)).toEqual(['draft', 'published']);
    const csv = parse((await client.post('/insights/bulk/export', { ids: [ids[0]] })).text, { bom: true }) as string[][];
    expect(csv[1].slice(0, 5)).toEqual([String(ids[0]), 'Insight 00', '', 'governance', 'archived']);
  });
});

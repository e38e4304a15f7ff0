import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, FakeClock, type TestApp } from '../../helpers/app';
import type { TestClient } from '../../helpers/client';
import { actingAs, addMember, createBoardUsers, createInsights, createOrganization, createUser, type InsightOverrides, memberClient } from '../../helpers/factories';

let app: TestApp;
const clock = new FakeClock();
let orgId: number;
let orgSlug: string;
let editor: TestClient;
let viewer: TestClient;
let foreignOrg: number;

const json = { headers: { Accept: 'application/json' } };

const boardUsers = (organizationId: number, n: number, extra: { deleted_at?: Date } = {}) =>
  createBoardUsers(app, organizationId, n, (i) => ({ first_name: `Bu${i}`, last_name: `Member${i}`, email: `bu${i}-${Math.random().toString(36).slice(2)}@x.test`, ...extra }));

/** Insights titled Insight 0, Insight 1… (governance) unless a row says otherwise. */
const insights = (organizationId: number, rows: InsightOverrides[]) => createInsights(app, organizationId, null, rows, (i) => ({ title: `Insight ${i}` }));

const valid = (overrides: Record<string, unknown> = {}) => ({
  title: 'Quarterly risk review',
  summary: 'What the board should know.',
  body: '# Heading\n\nSome **bold** text.',
  category: 'risk',
  board_user_ids: [],
  ...overrides,
});

const idFrom = (location: string | null) => Number(location!.split('/').pop());

beforeAll(async () => {
  app = await createTestApp({ clock });
  const owner = await createUser(app);
  const org = await createOrganization(app, owner, { plan: 'team' });
  orgId = org.id;
  orgSlug = org.slug;
  const ed = await createUser(app, { name: 'Eddie Editor' });
  await addMember(app, orgId, ed, 'editor');
  editor = await actingAs(app, app.client(), ed, orgId);
  viewer = (await memberClient(app, 'viewer', orgId)).client;
  foreignOrg = (await createOrganization(app, null)).id;
});
afterAll(() => app.close());

describe('index', () => {
  let client: TestClient;
  let org: number;
  beforeAll(async () => {
    const m = await memberClient(app, 'viewer');
    client = m.client;
    org = m.organizationId;
    const t = (d: number) => new Date(Date.UTC(2026, 0, d));
    await insights(org, [
      { title: 'Board evaluation 2026', summary: 'Annual review', category: 'governance', status: 'published', updated_at: t(5) },
      { title: 'Cash flow outlook', category: 'finance', status: 'draft', updated_at: t(4) },
      { title: 'Cyber risk', summary: 'Ransomware and the board', category: 'risk', status: 'archived', updated_at: t(3) },
      { title: 'Deleted one', category: 'risk', deleted_at: new Date(), updated_at: t(2) },
    ]);
    await insights(foreignOrg, [{ title: 'Foreign board evaluation' }]);
  });
  const titles = (page: any) => page.props.insights.data.map((i: any) => i.title);

  it('lists live insights of the organisation, newest first', async () => {
    const page = (await client.get('/insights', { inertia: true })).page();
    expect(page.component).toBe('Insights/Index');
    expect(titles(page)).toEqual(['Board evaluation 2026', 'Cash flow outlook', 'Cyber risk']);
    expect(page.props.filters).toEqual({ search: '', category: null, status: null, trashed: null, sort: 'updated', direction: 'desc' });
    expect(page.props.insights.data[0]).toMatchObject({ status: 'published', shared: false, board_users_count: 0 });
    expect(page.props.insights.data[0]).not.toHaveProperty('body');
    expect(page.props.insights.data[0]).not.toHaveProperty('share_token');
  });

  it('searches title and summary, filters category, status and trash', async () => {
    const get = async (qs: string) => titles((await client.get(`/insights?${qs}`, { inertia: true })).page());
    expect(await get('search=evaluation')).toEqual(['Board evaluation 2026']);
    expect(await get('search=ransomware')).toEqual(['Cyber risk']);
    expect(await get('category=finance')).toEqual(['Cash flow outlook']);
    expect(await get('status=archived')).toEqual(['Cyber risk']);
    expect(await get('category=risk&trashed=with')).toEqual(['Cyber risk', 'Deleted one']);
    expect(await get('trashed=only')).toEqual(['Deleted one']);
    expect(await get('category=bogus&status[]=x')).toHaveLength(3);
  });

  it('paginates 25 a page keeping the filters in the links', async () => {
    const m = await memberClient(app, 'viewer');
    await insights(
      m.organizationId,
      Array.from({ length: 30 }, (_, i) => ({ title: `Many ${i}`, category: 'people' as const })),
    );
    const page = (await m.client.get('/insights?category=people&search=many', { inertia: true })).page();
    expect(page.props.insights.data).toHaveLength(25);
    expect(page.props.insights.links.at(-1).url).toBe('/insights?search=many&category=people&page=2');
    const second = (await m.client.get('/insights?category=people&search=many&page=2', { inertia: true })).page();
    expect(second.props.insights.data).toHaveLength(5);
  });

  it('runs the same number of queries for 3 insights as for 60 with linked board users', async () => {
    const make = async (n: number) => {
      const m = await memberClient(app, 'editor');
      const people = await boardUsers(m.organizationId, 3);
      await insights(
        m.organizationId,
        Array.from({ length: n }, () => ({ boardUserIds: people.map((p) => p.id) })),
      );
      return m.client;
    };
    const small = await make(3);
    const big = await make(60);
    const count = async (c: TestClient) => {
      const before = app.queries.length;
      const page = (await c.get('/insights', { inertia: true })).page();
      expect(page.props.insights.data[0].board_users_count).toBe(3);
      return app.queries.length - before;
    };
    await count(small);
    await count(big);
    expect(await count(big)).toBe(await count(small));
    expect(await count(big)).toBeLessThanOrEqual(8);
  });
});

describe('create and edit', () => {
  it('creates a draft linked to board users, with its activity row and broadcast', async () => {
    const people = await boardUsers(orgId, 2);
    const sent = app.broadcasts.published.length;
    const res = await editor.post('/insights', valid({ board_user_ids: people.map((p) => p.id) }), { inertia: true });
    expect(res.status).toBe(303);
    const id = idFrom(res.location);
    const row = await app.ctx.db.selectFrom('insights').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ organization_id: orgId, status: 'draft', published_at: null, share_token: null, title: 'Quarterly risk review' });
    const links = await app.ctx.db.selectFrom('board_user_insight').select('board_user_id').where('insight_id', '=', id).execute();
    expect(links.map((l) => l.board_user_id).sort()).toEqual(people.map((p) => p.id).sort());
    const log = await app.ctx.db.selectFrom('activity_logs').selectAll().where('subject_type', '=', 'insight').where('subject_id', '=', id).executeTakeFirstOrThrow();
    expect(log.event).toBe('created');
    expect(app.broadcasts.published.slice(sent).map((b) => b.event)).toEqual(expect.arrayContaining(['InsightChanged', 'ActivityLogged']));
    const show = (await editor.get(`/insights/${id}`, { inertia: true })).page();
    expect(show.component).toBe('Insights/Show');
    expect(show.props.insight.body_html).toBe('<h2>Heading</h2>\n<p>Some <strong>bold</strong> text.</p>\n');
    expect(show.props.insight).not.toHaveProperty('body');
    expect(show.props.insight.author_name).toBe('Eddie Editor');
    expect(show.props.boardUsers.map((b: any) => b.id).sort()).toEqual(people.map((p) => p.id).sort());
  });

  it('edit shows the form values and the selected board users among the options', async () => {
    const people = await boardUsers(orgId, 1);
    const [row] = await insights(orgId, [{ title: 'Editable', body: 'Body', boardUserIds: [people[0].id] }]);
    const page = (await editor.get(`/insights/${row.id}/edit`, { inertia: true })).page();
    expect(page.component).toBe('Insights/Edit');
    expect(page.props.insight).toMatchObject({ id: row.id, title: 'Editable', body: 'Body', board_user_ids: [people[0].id] });
    expect(page.props.boardUserOptions.map((o: any) => o.value)).toContain(people[0].id);
    expect(page.props.categories).toEqual(['governance', 'strategy', 'finance', 'risk', 'people', 'other']);
  });

  it('update re-links, keeps links to trashed board users, and logs only what changed', async () => {
    const [a, b, c] = await boardUsers(orgId, 3);
    const [trashed] = await boardUsers(orgId, 1, { deleted_at: new Date() });
    const [row] = await insights(orgId, [{ title: 'Relink', body: 'x', category: 'risk', boardUserIds: [a, b, trashed].map((p) => p.id) }]);
    const res = await editor.put(`/insights/${row.id}`, valid({ title: 'Relink', body: 'x', summary: null, category: 'risk', board_user_ids: [b.id, c.id] }), { inertia: true });
    expect(res.status).toBe(303);
    const links = (await app.ctx.db.selectFrom('board_user_insight').select('board_user_id').where('insight_id', '=', row.id).execute()).map((l) => l.board_user_id).sort();
    expect(links).toEqual([b.id, c.id, trashed.id].sort());
    const log = await app.ctx.db.selectFrom('activity_logs').selectAll().where('subject_id', '=', row.id).where('event', '=', 'updated').executeTakeFirstOrThrow();
    expect(log.properties.old).toEqual({ board_user_ids: [a.id, b.id].sort((x, y) => x - y) });
    expect(log.properties.attributes).toEqual({ board_user_ids: [b.id, c.id].sort((x, y) => x - y) });
  });

  it('preview renders sanitised HTML as JSON', async () => {
    const res = await editor.post('/insights/preview', { body: '**hi** <img src=x onerror=alert(1)> [a](javascript:alert(1))' }, json);
    expect(res.status).toBe(200);
    expect(res.json().html).toBe('<p><strong>hi</strong>  <a rel="noopener noreferrer nofollow">a</a></p>\n');
    expect((await viewer.post('/insights/preview', { body: 'x' }, json)).status).toBe(403);
  });
});

describe('validation', () => {
  it.each([
    ['title', { title: '' }, 'The title field is required.'],
    ['title', { title: 't'.repeat(201) }, 'The title may not be greater than 200 characters.'],
    ['title', { title: ['a'] }, 'The title must be text.'],
    ['summary', { summary: 's'.repeat(501) }, 'The summary may not be greater than 500 characters.'],
    ['summary', { summary: { x: 1 } }, 'The summary must be text.'],
    ['body', { body: 'b'.repeat(50_001) }, 'The body may not be greater than 50000 characters.'],
    ['body', { body: ['**x**'] }, 'The body must be text.'],
    ['category', { category: 'gossip' }, 'The selected category is invalid.'],
    ['category', { category: undefined }, 'The category field is required.'],
    ['category', { category: '' }, 'The category field is required.'],
    ['category', { category: ['risk'] }, 'The selected category is invalid.'],
    ['board_user_ids', { board_user_ids: '1,2' }, 'One or more selected board users are invalid.'],
    ['board_user_ids', { board_user_ids: [{ id: 1 }] }, 'One or more selected board users are invalid.'],
    ['board_user_ids', { board_user_ids: [-1] }, 'One or more selected board users are invalid.'],
    ['board_user_ids', { board_user_ids: [1.5] }, 'One or more selected board users are invalid.'],
    ['board_user_ids', { board_user_ids: ['1 OR 1=1'] }, 'One or more selected board users are invalid.'],
    ['board_user_ids', { board_user_ids: [999_999] }, 'One or more selected board users are invalid.'],
  ])('%s: %j → field error', async (field, patch, message) => {
    const res = await editor.post('/insights', valid(patch), json);
    expect(res.status).toBe(422);
    expect(res.json().errors[field]).toBe(message);
  });

  it('refuses board users of another organisation and trashed ones, on create and on update', async () => {
    const [mine] = await boardUsers(orgId, 1);
    const [theirs] = await boardUsers(foreignOrg, 1);
    const [trashed] = await boardUsers(orgId, 1, { deleted_at: new Date() });
    for (const ids of [[mine.id, theirs.id], [trashed.id]]) {
      const res = await editor.post('/insights', valid({ board_user_ids: ids }), json);
      expect(res.status).toBe(422);
      expect(res.json().errors.board_user_ids).toBe('One or more selected board users are invalid.');
    }
    const [row] = await insights(orgId, [{ title: 'Keep' }]);
    const res = await editor.put(`/insights/${row.id}`, valid({ board_user_ids: [theirs.id] }), json);
    expect(res.status).toBe(422);
    expect(await app.ctx.db.selectFrom('board_user_insight').selectAll().where('insight_id', '=', row.id).execute()).toEqual([]);
    const title = await app.ctx.db.selectFrom('insights').select('title').where('id', '=', row.id).executeTakeFirstOrThrow();
    expect(title.title).toBe('Keep');
  });

  it('accepts a body with only the required fields', async () => {
    const res = await editor.post('/insights', { title: 'Bare', category: 'other' }, json);
    expect(res.status).toBe(303);
    const row = await app.ctx.db.selectFrom('insights').selectAll().where('id', '=', idFrom(res.location)).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ title: 'Bare', summary: null, body: '', status: 'draft' });
  });

  it('accepts numeric strings from plain forms and ignores duplicates', async () => {
    const [p] = await boardUsers(orgId, 1);
    const res = await editor.post('/insights', valid({ board_user_ids: [String(p.id), p.id] }), json);
    expect(res.status).toBe(303);
    const links = await app.ctx.db.selectFrom('board_user_insight').selectAll().where('insight_id', '=', idFrom(res.location)).execute();
    expect(links).toHaveLength(1);
  });
});

describe('publish, archive, delete, restore', () => {
  it('publish sets published_at once; archive revokes the link; delete is soft and restorable', async () => {
    const [row] = await insights(orgId, [{ title: 'Lifecycle' }]);
    expect((await editor.post(`/insights/${row.id}/publish`, undefined, { inertia: true })).status).toBe(303);
    let r = await app.ctx.db.selectFrom('insights').selectAll().where('id', '=', row.id).executeTakeFirstOrThrow();
    expect(r.status).toBe('published');
    expect(r.published_at).toEqual(clock.now());
    await editor.post(`/insights/${row.id}/share`, undefined, { inertia: true });
    expect((await editor.post(`/insights/${row.id}/archive`, undefined, { inertia: true })).status).toBe(303);
    r = await app.ctx.db.selectFrom('insights').selectAll().where('id', '=', row.id).executeTakeFirstOrThrow();
    expect(r).toMatchObject({ status: 'archived', share_token: null });
    clock.advance(60_000);
    await editor.post(`/insights/${row.id}/publish`, undefined, { inertia: true });
    r = await app.ctx.db.selectFrom('insights').selectAll().where('id', '=', row.id).executeTakeFirstOrThrow();
    expect(r.published_at).toEqual(new Date(clock.now().getTime() - 60_000));
    expect((await editor.delete(`/insights/${row.id}`, undefined, { inertia: true })).status).toBe(303);
    r = await app.ctx.db.selectFrom('insights').selectAll().where('id', '=', row.id).executeTakeFirstOrThrow();
    expect(r.deleted_at).not.toBeNull();
    expect((await editor.get(`/insights/${row.id}`, { inertia: true })).page().props.insight.deleted_at).not.toBeNull();
    expect((await editor.put(`/insights/${row.id}/restore`, undefined, { inertia: true })).status).toBe(303);
    r = await app.ctx.db.selectFrom('insights').selectAll().where('id', '=', row.id).executeTakeFirstOrThrow();
    expect(r.deleted_at).toBeNull();
    const events = await app.ctx.db.selectFrom('activity_logs').select('event').where('subject_type', '=', 'insight').where('subject_id', '=', row.id).orderBy('id').execute();
    expect(events.map((e) => e.event)).toEqual(['published', 'shared', 'archived', 'published', 'deleted', 'restored']);
  });
});

describe('sharing', () => {
  const tokenOf = async (id: number) => (await app.ctx.db.selectFrom('insights').select('share_token').where('id', '=', id).executeTakeFirstOrThrow()).share_token;

  it('share mints a ≥128-bit URL-safe token; unshare revokes at once; re-share mints a new one', async () => {
    const [row] = await insights(orgId, [{ title: 'Shared one', status: 'published', published_at: new Date() }]);
    const guest = app.client();

    const shared = await editor.post(`/insights/${row.id}/share`, undefined, { inertia: true });
    expect(shared.status).toBe(303);
    const first = (await tokenOf(row.id))!;
    expect(first).toMatch(/^[A-Za-z0-9_-]{32}$/);
    const show = (await editor.get(`/insights/${row.id}`, { inertia: true })).page();
    expect(show.props.insight).toMatchObject({ shared: true, share_url: `${app.url}/p/${orgSlug}/${first}` });
    expect((await guest.get(`/p/${orgSlug}/${first}`)).status).toBe(200);

    expect((await editor.delete(`/insights/${row.id}/share`, undefined, { inertia: true })).status).toBe(303);
    expect(await tokenOf(row.id)).toBeNull();
    expect((await guest.get(`/p/${orgSlug}/${first}`)).status).toBe(404);

    await editor.post(`/insights/${row.id}/share`, undefined, { inertia: true });
    const second = (await tokenOf(row.id))!;
    expect((await guest.get(`/p/${orgSlug}/${second}`)).status).toBe(200);
    await editor.post(`/insights/${row.id}/share`, undefined, { inertia: true });
    const third = (await tokenOf(row.id))!;
    expect(new Set([first, second, third]).size).toBe(3);
    expect((await guest.get(`/p/${orgSlug}/${second}`)).status).toBe(404);
    expect((await guest.get(`/p/${orgSlug}/${third}`)).status).toBe(200);

    const logs = await app.ctx.db.selectFrom('activity_logs').select(['event', 'properties']).where('subject_type', '=', 'insight').where('subject_id', '=', row.id).orderBy('id').execute();
    expect(logs.map((l) => l.event)).toEqual(['shared', 'unshared', 'shared', 'shared']);
    expect(JSON.stringify(logs)).not.toContain(first);
    expect(JSON.stringify(logs)).not.toContain(third);
    expect(app.broadcasts.published.filter((b) => b.event === 'InsightChanged').map((b) => (b.data as any).action)).toEqual(expect.arrayContaining(['shared', 'unshared']));
  });

  it('only published insights can be shared', async () => {
    const rows = await insights(orgId, [
      { title: 'Draft', status: 'draft' },
      { title: 'Archived', status: 'archived' },
    ]);
    for (const row of rows) {
      const res = await editor.post(`/insights/${row.id}/share`, undefined, json);
      expect(res.status).toBe(422);
      expect(res.json().errors.share).toBe('Only published insights can be shared. Publish it first.');
      expect(await tokenOf(row.id)).toBeNull();
    }
  });

  it('the free plan cannot share', async () => {
    const owner = await createUser(app);
    const org = await createOrganization(app, owner, { plan: 'free' });
    const client = await actingAs(app, app.client(), owner, org.id);
    const [row] = await insights(org.id, [{ status: 'published', published_at: new Date() }]);
    const res = await client.post(`/insights/${row.id}/share`, undefined, json);
    expect(res.status).toBe(422);
    expect(res.json().errors.share).toBe('The Free plan does not include public links. Upgrade your plan to use them.');
    expect(await tokenOf(row.id)).toBeNull();
    const page = (await client.get(`/insights/${row.id}`, { inertia: true })).page();
    expect(page.props.sharing).toMatchObject({ planAllows: false, planName: 'Free' });
    // A page visit goes back with the message under `share`.
    await client.post(`/insights/${row.id}/share`, undefined, { inertia: true, headers: { Referer: `${app.url}/insights/${row.id}` } });
    expect((await client.get(`/insights/${row.id}`, { inertia: true })).page().props.errors.share).toMatch(/does not include public links/);
  });

  it('the free plan allows 50 insights', async () => {
    const owner = await createUser(app);
    const org = await createOrganization(app, owner, { plan: 'free' });
    const client = await actingAs(app, app.client(), owner, org.id);
    await insights(
      org.id,
      Array.from({ length: 50 }, () => ({})),
    );
    const res = await client.post('/insights', valid(), json);
    expect(res.status).toBe(422);
    expect(res.json().errors.form).toBe('The Free plan allows 50 insights; you have 50. Upgrade your plan to add more.');
  });
});

describe('access', () => {
  it('viewers read but every write is 403', async () => {
    const [row] = await insights(orgId, [{ title: 'Viewer test', status: 'published', published_at: new Date() }]);
    expect((await viewer.get(`/insights/${row.id}`, { inertia: true })).status).toBe(200);
    expect((await viewer.get('/insights', { inertia: true })).page().props.auth.can.manageRecords).toBe(false);
    for (const [method, path] of [
      ['GET', '/insights/create'],
      ['GET', `/insights/${row.id}/edit`],
      ['POST', '/insights'],
      ['PUT', `/insights/${row.id}`],
      ['DELETE', `/insights/${row.id}`],
      ['PUT', `/insights/${row.id}/restore`],
      ['POST', `/insights/${row.id}/publish`],
      ['POST', `/insights/${row.id}/archive`],
      ['POST', `/insights/${row.id}/share`],
      ['DELETE', `/insights/${row.id}/share`],
    ] as const) {
      const res = await viewer.request(method, path, method === 'GET' ? undefined : valid(), { inertia: true });
      expect(res.status, `${method} ${path}`).toBe(403);
    }
    expect(await tokenOf2(row.id)).toBeNull();
  });

  it('insights of another organisation answer 404', async () => {
    const [row] = await insights(foreignOrg, [{ title: 'Theirs', status: 'published', published_at: new Date() }]);
    for (const [method, path] of [
      ['GET', `/insights/${row.id}`],
      ['GET', `/insights/${row.id}/edit`],
      ['PUT', `/insights/${row.id}`],
      ['DELETE', `/insights/${row.id}`],
      ['POST', `/insights/${row.id}/share`],
      ['POST', `/insights/${row.id}/publish`],
    ] as const) {
      expect((await editor.request(method, path, method === 'GET' ? undefined : valid(), { inertia: true })).status, `${method} ${path}`).toBe(404);
    }
  });
});

const tokenOf2 = async (id: number) => (await app.ctx.db.selectFrom('insights').select('share_token').where('id', '=', id).executeTakeFirstOrThrow()).share_token;

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportRows, listQuery } from '../../../server/features/board-users/repository';
import type { BoardUserFilters } from '../../../server/features/board-users/schema';
import { createTestApp, FakeClock, type TestApp } from '../../helpers/app';
import type { TestClient } from '../../helpers/client';
import { actingAs, addMember, type BoardUserOverrides, createBoardUsers, createInsights, createOrganization, createUser, memberClient } from '../../helpers/factories';

let app: TestApp;
const clock = new FakeClock();
let orgId: number;
let editor: TestClient;
let viewer: TestClient;
let other: { organizationId: number; client: TestClient };

const json = { headers: { Accept: 'application/json' } };

/** Board users named First0 Last000, First1 Last001… unless a row names them. */
const seed = (organizationId: number, rows: BoardUserOverrides[]) => createBoardUsers(app, organizationId, rows, (i) => ({ first_name: `First${i}`, last_name: `Last${String(i).padStart(3, '0')}` }));

const valid = (overrides: Record<string, unknown> = {}) => ({
  first_name: 'Anna',
  last_name: 'Smith',
  email: 'anna@example.test',
  phone: '+31 20 123 4567',
  position: 'Chair',
  board_name: 'Audit committee',
  status: 'active',
  tags: ['finance', 'audit'],
  notes: 'Prefers e-mail.',
  joined_on: '2024-03-01',
  ...overrides,
});

beforeAll(async () => {
  app = await createTestApp({ clock });
  const owner = await createUser(app);
  orgId = (await createOrganization(app, owner, { plan: 'team' })).id;
  const ed = await createUser(app);
  await addMember(app, orgId, ed, 'editor');
  editor = await actingAs(app, app.client(), ed, orgId);
  viewer = (await memberClient(app, 'viewer', orgId)).client;
  other = await memberClient(app, 'editor');
});
afterAll(() => app.close());

describe('index', () => {
  let org: number;
  let client: TestClient;
  beforeAll(async () => {
    const m = await memberClient(app, 'editor');
    org = m.organizationId;
    client = m.client;
    await seed(org, [
      { first_name: 'Anna', last_name: 'Zeller', email: 'anna@board.test', board_name: 'Audit', status: 'active', joined_on: '2020-01-01' },
      { first_name: 'Bram', last_name: 'Young', email: 'bram@board.test', board_name: 'Finance 50% club', status: 'inactive', joined_on: '2021-01-01' },
      { first_name: 'Carla', last_name: 'Xu', email: null, board_name: 'Audit', status: 'active', joined_on: null },
      { first_name: 'Dirk', last_name: 'Wolf', email: 'dirk@board.test', board_name: null, status: 'active', deleted_at: new Date() },
    ]);
    await seed(other.organizationId, [{ first_name: 'Anna', last_name: 'Elsewhere' }]);
  });

  const names = (page: any) => page.props.boardUsers.data.map((b: any) => b.first_name);

  it('lists the organisation’s live board users, sorted by name, with filters echoed', async () => {
    const page = (await client.get('/board-users', { inertia: true })).page();
    expect(page.component).toBe('BoardUsers/Index');
    expect(names(page)).toEqual(['Dirk', 'Carla', 'Bram', 'Anna'].filter((n) => n !== 'Dirk'));
    expect(page.props.filters).toEqual({ search: '', tags: [], status: null, trashed: null, sort: 'name', direction: 'asc' });
    expect(page.props.boardUsers.meta).toMatchObject({ total: 3, per_page: 25, current_page: 1 });
  });

  it('searches first and last name, full name, e-mail and board; wildcards are literal', async () => {
    const search = async (q: string) => names((await client.get(`/board-users?search=${encodeURIComponent(q)}`, { inertia: true })).page());
    expect(await search('anna')).toEqual(['Anna']);
    expect(await search('Anna Zel')).toEqual(['Anna']);
    expect(await search('Xu Carla')).toEqual(['Carla']);
    expect(await search('bram@board')).toEqual(['Bram']);
    expect(await search('audit')).toEqual(['Carla', 'Anna']);
    expect(await search('50%')).toEqual(['Bram']);
    expect(await search('%')).toEqual(['Bram']);
    expect(await search('_')).toEqual([]);
    expect(await search('Elsewhere')).toEqual([]);
  });

  it('filters by status and by trashed (none / with / only)', async () => {
    expect(names((await client.get('/board-users?status=inactive', { inertia: true })).page())).toEqual(['Bram']);
    expect(names((await client.get('/board-users?trashed=with', { inertia: true })).page())).toEqual(['Dirk', 'Carla', 'Bram', 'Anna']);
    expect(names((await client.get('/board-users?trashed=only', { inertia: true })).page())).toEqual(['Dirk']);
    // Junk values fall back to the defaults instead of failing.
    const junk = (await client.get('/board-users?status=deleted&trashed=all&sort=password&direction=sideways&page=-3', { inertia: true })).page();
    expect(names(junk)).toEqual(['Carla', 'Bram', 'Anna']);
    expect(junk.props.filters).toEqual({ search: '', tags: [], status: null, trashed: null, sort: 'name', direction: 'asc' });
    // Arrays where strings are expected are ignored too.
    const arrays = await client.get('/board-users?search[]=a&search[]=b&status[x]=1', { inertia: true });
    expect(arrays.status).toBe(200);
  });

  it('sorts by allow-listed columns in both directions', async () => {
    const sorted = async (qs: string) => names((await client.get(`/board-users?${qs}`, { inertia: true })).page());
    expect(await sorted('sort=name&direction=desc')).toEqual(['Anna', 'Bram', 'Carla']);
    expect(await sorted('sort=email&direction=asc')).toEqual(['Carla', 'Anna', 'Bram']);
    expect(await sorted('sort=joined_on&direction=desc')).toEqual(['Bram', 'Anna', 'Carla']);
    expect(await sorted('sort=status&direction=asc')).toEqual(['Carla', 'Anna', 'Bram']);
    expect(await sorted('sort=board&direction=asc')).toEqual(['Carla', 'Anna', 'Bram']);
  });

  it('paginates 25 a page and keeps the query string in the links', async () => {
    const m = await memberClient(app, 'viewer');
    await seed(
      m.organizationId,
      Array.from({ length: 60 }, (_, i) => ({ first_name: `P${i}`, board_name: 'Main board', status: i % 2 ? 'inactive' : 'active' })),
    );
    const first = (await m.client.get('/board-users?search=main&sort=name&direction=desc', { inertia: true })).page();
    expect(first.props.boardUsers.data).toHaveLength(25);
    expect(first.props.boardUsers.meta).toMatchObject({ total: 60, last_page: 3, from: 1, to: 25 });
    const next = first.props.boardUsers.links.at(-1);
    expect(next.label).toBe('Next');
    expect(next.url).toBe('/board-users?search=main&sort=name&direction=desc&page=2');
    const third = (await m.client.get('/board-users?search=main&status=active&page=2', { inertia: true })).page();
    expect(third.props.boardUsers.meta).toMatchObject({ total: 30, current_page: 2, from: 26, to: 30 });
    expect(third.props.boardUsers.links[0].url).toBe('/board-users?search=main&status=active');
    expect(third.props.boardUsers.links.find((l: any) => l.active).label).toBe('2');
  });

  it('runs the same number of queries for 3 rows as for 60 (no N+1)', async () => {
    const count = async (c: TestClient) => {
      const before = app.queries.length;
      const res = await c.get('/board-users?sort=board', { inertia: true });
      expect(res.status).toBe(200);
      return app.queries.length - before;
    };
    const small = await memberClient(app, 'editor');
    await seed(
      small.organizationId,
      Array.from({ length: 3 }, () => ({})),
    );
    const big = await memberClient(app, 'editor');
    await seed(
      big.organizationId,
      Array.from({ length: 60 }, () => ({ tags: ['a', 'b'] })),
    );
    await count(small.client); // warm the session row
    await count(big.client);
    const a = await count(small.client);
    const b = await count(big.client);
    expect(b).toBe(a);
    expect(a).toBeLessThanOrEqual(8);
  });
});

describe('create, update, delete and restore', () => {
  it('creates a board user in one transaction with its activity row and a broadcast after commit', async () => {
    const sent = app.broadcasts.published.length;
    const res = await editor.post('/board-users', valid(), { inertia: true });
    expect(res.status).toBe(303);
    const row = await app.ctx.db.selectFrom('board_users').selectAll().where('email', '=', 'anna@example.test').executeTakeFirstOrThrow();
    expect(res.location).toBe(`/board-users/${row.id}`);
    expect(row).toMatchObject({ organization_id: orgId, first_name: 'Anna', tags: ['finance', 'audit'], status: 'active' });
    expect(row.joined_on).toBe('2024-03-01');
    const log = await app.ctx.db.selectFrom('activity_logs').selectAll().where('subject_type', '=', 'board_user').where('subject_id', '=', row.id).executeTakeFirstOrThrow();
    expect(log).toMatchObject({ event: 'created', organization_id: orgId });
    expect(log.properties.attributes).toMatchObject({ first_name: 'Anna', email: 'anna@example.test' });
    const events = app.broadcasts.published.slice(sent).map((b) => b.event);
    expect(events).toEqual(expect.arrayContaining(['BoardUserChanged', 'ActivityLogged']));
    const show = (await editor.get(`/board-users/${row.id}`, { inertia: true })).page();
    expect(show.component).toBe('BoardUsers/Show');
    expect(show.props.flash).toMatchObject({ success: 'Anna Smith was added.' });
  });

  it('updates with a diff of the changed fields only', async () => {
    const [b] = await seed(orgId, [{ first_name: 'Ed', last_name: 'Edit', email: 'ed@example.test' }]);
    const res = await editor.put(`/board-users/${b.id}`, valid({ first_name: 'Eddie', last_name: 'Edit', email: 'ed@example.test', tags: [] }), { inertia: true });
    expect(res.status).toBe(303);
    const log = await app.ctx.db.selectFrom('activity_logs').selectAll().where('subject_id', '=', b.id).where('event', '=', 'updated').executeTakeFirstOrThrow();
    expect(log.properties.old).toMatchObject({ first_name: 'Ed' });
    expect(log.properties.attributes).toMatchObject({ first_name: 'Eddie' });
    expect(log.properties.attributes).not.toHaveProperty('last_name');
    const edit = (await editor.get(`/board-users/${b.id}/edit`, { inertia: true })).page();
    expect(edit.component).toBe('BoardUsers/Edit');
    expect(edit.props.boardUser).toMatchObject({ first_name: 'Eddie', email: 'ed@example.test', tags: [] });
  });

  it('soft deletes (hidden from the index, shown with a trashed flag) and restores', async () => {
    const [b] = await seed(orgId, [{ first_name: 'Trash', last_name: 'Me' }]);
    const del = await editor.delete(`/board-users/${b.id}`, undefined, { inertia: true });
    expect(del.status).toBe(303);
    const row = await app.ctx.db.selectFrom('board_users').selectAll().where('id', '=', b.id).executeTakeFirstOrThrow();
    expect(row.deleted_at).toEqual(clock.now());
    const index = (await editor.get('/board-users?search=Trash', { inertia: true })).page();
    expect(index.props.boardUsers.data).toHaveLength(0);
    const only = (await editor.get('/board-users?search=Trash&trashed=only', { inertia: true })).page();
    expect(only.props.boardUsers.data.map((x: any) => x.id)).toEqual([b.id]);
    const show = (await editor.get(`/board-users/${b.id}`, { inertia: true })).page();
    expect(show.props.boardUser.deleted_at).not.toBeNull();
    const restore = await editor.put(`/board-users/${b.id}/restore`, undefined, { inertia: true });
    expect(restore.status).toBe(303);
    const back = await app.ctx.db.selectFrom('board_users').select('deleted_at').where('id', '=', b.id).executeTakeFirstOrThrow();
    expect(back.deleted_at).toBeNull();
    const events = await app.ctx.db.selectFrom('activity_logs').select('event').where('subject_id', '=', b.id).where('subject_type', '=', 'board_user').orderBy('id').execute();
    expect(events.map((e) => e.event)).toEqual(['deleted', 'restored']);
  });

  it('lists the insights linked to a board user on its page', async () => {
    const [b] = await seed(orgId, [{ first_name: 'Linked' }]);
    await createInsights(
      app,
      orgId,
      null,
      [
        { title: 'Linked insight', category: 'risk' },
        { title: 'Deleted insight', category: 'risk', deleted_at: new Date() },
      ],
      { boardUserIds: [b.id] },
    );
    const show = (await viewer.get(`/board-users/${b.id}`, { inertia: true })).page();
    expect(show.props.insights.map((i: any) => i.title)).toEqual(['Linked insight']);
  });
});

describe('validation', () => {
  const post = (body: unknown) => editor.post('/board-users', body, json);

  it.each([
    ['first_name', { first_name: '' }, 'The first name field is required.'],
    ['first_name', { first_name: 'x'.repeat(101) }, 'The first name may not be greater than 100 characters.'],
    ['last_name', { last_name: ['array'] }, 'The last name must be text.'],
    ['email', { email: 'not-an-email' }, 'The email must be a valid email address.'],
    ['email', { email: { $ne: null } }, 'The email must be text.'],
    ['phone', { phone: 'call me<script>' }, 'The phone must be a valid phone number.'],
    ['position', { position: 'p'.repeat(101) }, 'The position may not be greater than 100 characters.'],
    ['board_name', { board_name: 'b'.repeat(201) }, 'The board may not be greater than 200 characters.'],
    ['status', { status: 'deleted' }, 'The selected status is invalid.'],
    ['status', { status: ['active'] }, 'The selected status is invalid.'],
    ['tags', { tags: Array.from({ length: 11 }, (_, i) => `t${i}`) }, 'No more than 10 tags: you entered 11.'],
    ['tags.0', { tags: ['x'.repeat(31)] }, 'Each tag may not be greater than 30 characters.'],
    ['tags', { tags: 'a,b' }, 'The tags must be a list.'],
    ['tags.0', { tags: [{ a: 1 }] }, 'Each tag must be text.'],
    ['notes', { notes: 'n'.repeat(5001) }, 'The notes may not be greater than 5000 characters.'],
    ['joined_on', { joined_on: '2026-02-30' }, 'The joined on date must be a real date.'],
    ['joined_on', { joined_on: 'yesterday' }, 'The joined on date must be a date (YYYY-MM-DD).'],
    ['joined_on', { joined_on: 20240101 }, 'The joined on date must be text.'],
  ])('%s: %j → field error', async (field, patch, message) => {
    const res = await post(valid({ email: null, ...patch }));
    expect(res.status).toBe(422);
    expect(res.json().errors[field]).toBe(message);
  });

  it('accepts blanks for optional fields and dedupes tags', async () => {
    const res = await post(valid({ email: '', phone: '', position: '', board_name: '', notes: '', joined_on: '', status: '', tags: ['A', 'a', ' ', 'b'] }));
    expect(res.status).toBe(303);
    const row = await app.ctx.db
      .selectFrom('board_users')
      .selectAll()
      .where('id', '=', Number(res.location!.split('/').pop()))
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ email: null, phone: null, joined_on: null, status: 'active', tags: ['A', 'b'] });
  });

  it('accepts a body with only the required fields', async () => {
    const res = await post({ first_name: 'Only', last_name: 'Required' });
    expect(res.status).toBe(303);
    const row = await app.ctx.db
      .selectFrom('board_users')
      .selectAll()
      .where('id', '=', Number(res.location!.split('/').pop()))
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ email: null, phone: null, position: null, board_name: null, notes: null, joined_on: null, status: 'active', tags: [] });
  });

  it('refuses a duplicate e-mail in the organisation (trashed included, any case), allows it elsewhere', async () => {
    await seed(orgId, [{ first_name: 'Dup', email: 'dup@example.test', deleted_at: new Date() }]);
    const res = await post(valid({ email: 'DUP@example.test' }));
    expect(res.status).toBe(422);
    expect(res.json().errors.email).toMatch(/already exists/);
    expect((await other.client.post('/board-users', valid({ email: 'dup@example.test' }), json)).status).toBe(303);
  });

  it('sends a page visit back with the errors in the session (never a 500)', async () => {
    const res = await editor.post('/board-users', { first_name: ['x'], tags: 'nope', joined_on: {} }, { inertia: true, headers: { Referer: `${app.url}/board-users/create` } });
    expect(res.status).toBe(303);
    expect(res.location).toBe('/board-users/create');
    const page = (await editor.get('/board-users/create', { inertia: true })).page();
    expect(page.props.errors).toMatchObject({ first_name: 'The first name must be text.', tags: 'The tags must be a list.' });
  });
});

describe('access', () => {
  it('viewers read but get 403 for every write and for the forms', async () => {
    const [b] = await seed(orgId, [{ first_name: 'Readonly' }]);
    expect((await viewer.get('/board-users', { inertia: true })).page().props.auth.can.manageRecords).toBe(false);
    expect((await viewer.get(`/board-users/${b.id}`, { inertia: true })).status).toBe(200);
    expect((await viewer.get('/board-users/create', { inertia: true })).status).toBe(403);
    expect((await viewer.get(`/board-users/${b.id}/edit`, { inertia: true })).status).toBe(403);
    expect((await viewer.post('/board-users', valid({ email: null }), { inertia: true })).status).toBe(403);
    expect((await viewer.put(`/board-users/${b.id}`, valid({ email: null }), { inertia: true })).status).toBe(403);
    expect((await viewer.delete(`/board-users/${b.id}`, undefined, { inertia: true })).status).toBe(403);
    expect((await viewer.put(`/board-users/${b.id}/restore`, undefined, { inertia: true })).status).toBe(403);
    const row = await app.ctx.db.selectFrom('board_users').selectAll().where('id', '=', b.id).executeTakeFirstOrThrow();
    expect(row.deleted_at).toBeNull();
  });

  it('a board user of another organisation answers 404 everywhere; junk ids too', async () => {
    const [foreign] = await seed(other.organizationId, [{ first_name: 'Foreign' }]);
    for (const [method, path] of [
      ['GET', `/board-users/${foreign.id}`],
      ['GET', `/board-users/${foreign.id}/edit`],
      ['PUT', `/board-users/${foreign.id}`],
      ['DELETE', `/board-users/${foreign.id}`],
      ['PUT', `/board-users/${foreign.id}/restore`],
      ['GET', '/board-users/abc'],
      ['GET', '/board-users/99999999999'],
    ] as const) {
      const res = await editor.request(method, path, method === 'GET' ? undefined : valid({ email: null }), { inertia: true });
      expect(res.status, `${method} ${path}`).toBe(404);
    }
  });

  it('guests are sent to sign in', async () => {
    const res = await app.client().get('/board-users');
    expect(res.status).toBe(302);
  });
});

describe('plan limits', () => {
  it('the free plan allows 25 live board users; trashed ones do not count, restoring respects the limit', async () => {
    const owner = await createUser(app);
    const org = await createOrganization(app, owner, { plan: 'free' });
    const client = await actingAs(app, app.client(), owner, org.id);
    const rows = await seed(
      org.id,
      Array.from({ length: 25 }, () => ({})),
    );
    const res = await client.post('/board-users', valid({ email: null }), json);
    expect(res.status).toBe(422);
    expect(res.json().errors.form).toBe('The Free plan allows 25 board users; you have 25. Upgrade your plan to add more.');
    await client.delete(`/board-users/${rows[0].id}`, undefined, { inertia: true });
    expect((await client.post('/board-users', valid({ email: null }), json)).status).toBe(303);
    const restore = await client.put(`/board-users/${rows[0].id}/restore`, undefined, json);
    expect(restore.status).toBe(422);
    expect(restore.json().errors.form).toMatch(/allows 25 board users/);
  });
});

describe('CSV export', () => {
  let org: number;
  let client: TestClient;
  beforeAll(async () => {
    const m = await memberClient(app, 'viewer');
    org = m.organizationId;
    client = m.client;
    await seed(org, [
      { first_name: '=HYPERLINK("http://evil")', last_name: 'Alpha', email: 'a@x.test', board_name: 'Board, "quoted"', tags: ['t1', 't2'], notes: 'line1\nline2', phone: '+31 6 1234' },
      { first_name: '@SUM(A1)', last_name: 'Beta', board_name: '-2+3', status: 'inactive' },
      { first_name: 'Tab', last_name: 'Gamma', board_name: '\tcmd', joined_on: '2020-05-06' },
      { first_name: 'Gone', last_name: 'Delta', deleted_at: new Date() },
    ]);
  });

  const parse = (text: string) => text.replace(/^\uFEFF/, '');

  it('streams the filtered list with headers, a download name and formula cells neutralised', async () => {
    const res = await client.get('/board-users/export');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="board-users-[\w-]+-2026-11-23\.csv"$/);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const text = parse(res.text);
    const lines = text.split('\r\n');
    expect(lines[0]).toBe('ID,First name,Last name,Email,Phone,Position,Board,Status,Tags,Joined on,Term started on,Term ends on,Notes,Created at (UTC),Deleted at (UTC)');
    expect(text).toContain(`"'=HYPERLINK(""http://evil"")",Alpha,a@x.test,+31 6 1234,,"Board, ""quoted""",active,t1; t2,,,,"line1\nline2",2026-`);
    expect(text).toContain(`'@SUM(A1),Beta,,,,'-2+3,inactive`);
    expect(text).toContain(`Tab,Gamma,,,,'\tcmd,active,,2020-05-06`);
    expect(text).not.toContain('Delta');
    expect(lines.filter(Boolean)).toHaveLength(4);
  });

  it('guards only what a spreadsheet would run: phone numbers and negative numbers stay as they are', async () => {
    const m = await memberClient(app, 'viewer');
    const cells = ['+44 20 7946 0000', '-12', '-0.5', "=cmd|' /C calc'!A0", '+SUM(1)', '-2+3', '@x', '\tx', '\rx', 'plain'];
    await seed(
      m.organizationId,
      cells.map((board_name, i) => ({ first_name: 'Cell', last_name: `N${String(i).padStart(2, '0')}`, board_name })),
    );
    const res = await m.client.get('/board-users/export?sort=name');
    const boards = parse(res.text)
      .split('\r\n')
      .slice(1)
      .filter(Boolean)
      .map((line) => line.split(',')[6]);
    expect(boards).toEqual(['+44 20 7946 0000', '-12', '-0.5', "'=cmd|' /C calc'!A0", "'+SUM(1)", "'-2+3", "'@x", "'\tx", `"'\rx"`, 'plain']);
  });

  it("writes timestamps in the reader's time zone and names the zone in the header", async () => {
    const m = await memberClient(app, 'viewer');
    await app.ctx.db.updateTable('users').set({ timezone: 'Europe/London' }).where('id', '=', m.user.id).execute();
    // Summer time: 18:27 UTC is 19:27 in London; in January London is on UTC.
    await seed(m.organizationId, [{ first_name: 'Tz', last_name: 'Case', deleted_at: new Date('2026-07-01T18:27:05Z') }]);
    await app.ctx.db
      .updateTable('board_users')
      .set({ created_at: new Date('2026-01-15T23:30:00Z') })
      .where('organization_id', '=', m.organizationId)
      .execute();
    const lines = parse((await m.client.get('/board-users/export?trashed=only')).text).split('\r\n');
    expect(lines[0]).toMatch(/,Created at \(Europe\/London\),Deleted at \(Europe\/London\)$/);
    expect(lines[1]).toMatch(/,2026-01-15 23:30:00,2026-07-01 19:27:05$/);
  });

  it('applies search, status, trashed and sort like the index', async () => {
    const rows = (qs: string) =>
      client.get(`/board-users/export?${qs}`).then((r) =>
        parse(r.text)
          .split('\r\n')
          .slice(1)
          .filter(Boolean)
          .map((l) => l.split(',')[2]),
      );
    expect(await rows('status=inactive')).toEqual(['Beta']);
    expect(await rows('trashed=only')).toEqual(['Delta']);
    expect(await rows('sort=name&direction=desc&trashed=with')).toEqual(['Gamma', 'Delta', 'Beta', 'Alpha']);
    expect(await rows('search=gamma')).toEqual(['Gamma']);
  });

  it('walks every sort in keyset batches in exactly the order of the index', async () => {
    const m = await memberClient(app, 'viewer');
    await seed(
      m.organizationId,
      Array.from({ length: 47 }, (_, i) => ({
        first_name: `F${i % 5}`,
        last_name: `L${i % 7}`,
        email: i % 3 ? `e${i % 4}@x.test`.replace('@', `${i}@`) : null,
        board_name: i % 4 ? `Board ${i % 3}` : null,
        status: i % 2 ? 'active' : 'inactive',
        joined_on: i % 5 ? `2020-0${(i % 9) + 1}-01` : null,
      })),
    );
    for (const sort of ['name', 'email', 'board', 'status', 'joined_on'] as const) {
      for (const direction of ['asc', 'desc'] as const) {
        const filters: BoardUserFilters = { search: '', tags: [], status: null, trashed: null, sort, direction };
        const expected = (await listQuery(app.ctx.db, m.organizationId, filters).execute()).map((r) => r.id);
        const got: number[] = [];
        for await (const row of exportRows(app.ctx.db, m.organizationId, filters, 6)) got.push(row.id);
        expect(got, `${sort} ${direction}`).toEqual(expected);
        expect(got).toHaveLength(47);
      }
    }
  });

  it('needs a signed-in member', async () => {
    expect((await app.client().get('/board-users/export')).status).toBe(302);
  });
});

describe('picker options', () => {
  it('returns JSON options of live board users of the organisation only', async () => {
    const m = await memberClient(app, 'viewer');
    await seed(m.organizationId, [
      { first_name: 'Opt', last_name: 'One', board_name: 'B' },
      { first_name: 'Opt', last_name: 'Gone', deleted_at: new Date() },
    ]);
    const res = await m.client.get('/board-users/options?search=opt', json);
    expect(res.status).toBe(200);
    expect(res.json().data).toEqual([{ value: expect.any(Number), label: 'Opt One', description: 'B' }]);
  });
});

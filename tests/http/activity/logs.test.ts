import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { User } from '../../../server/db/types';
import { exportRows, logQuery, type LogQueryFilters } from '../../../server/features/activity/repository';
import { localDay, matchesFilters, prependEntry, type ActivityLogFilterValues } from '../../../resources/js/Pages/Organizations/Partials/activityFilters';
import { createTestApp, FakeClock, type TestApp } from '../../helpers/app';
import type { TestClient } from '../../helpers/client';
import { actingAs, addMember, createActivityLog, createActivityLogs, createBoardUser, createOrganization, createUser } from '../../helpers/factories';

let app: TestApp;
const clock = new FakeClock(new Date('2026-11-25T12:00:00Z'));
const MINUTE = 60_000;

beforeAll(async () => {
  app = await createTestApp({ clock });
});
afterAll(() => app.close());

type Entry = { description: string; event?: string; subject_type?: string | null; subject_id?: number | null; causer?: User | null; at: Date | string; properties?: object; ip?: string | null };

async function log(organizationId: number, e: Entry) {
  return createActivityLog(app, organizationId, {
    causer_id: e.causer?.id ?? null,
    event: e.event ?? 'updated',
    subject_type: e.subject_type === undefined ? 'board_user' : e.subject_type,
    subject_id: e.subject_id === undefined ? 1 : e.subject_id,
    description: e.description,
    properties: JSON.stringify(e.properties ?? {}),
    ip: e.ip ?? null,
    user_agent: 'Mozilla/5.0 secret-agent',
    created_at: new Date(e.at),
  });
}

const ago = (minutes: number) => new Date(clock.now().getTime() - minutes * MINUTE);

/** An organisation with one member of each role, a platform admin, an outsider, and a log. */
async function setup() {
  const owner = await createUser(app, { name: 'Olivia Owner' });
  const admin = await createUser(app, { name: 'Adam Admin' });
  const editor = await createUser(app, { name: 'Eve Editor' });
  const viewer = await createUser(app, { name: 'Vic Viewer' });
  const platform = await createUser(app, { name: 'Pat Platform', platformAdmin: true });
  const outsider = await createUser(app, { name: 'Oscar Outsider' });
  const org = await createOrganization(app, owner, { name: 'Alpha' });
  const other = await createOrganization(app, outsider, { name: 'Other' });
  await addMember(app, org.id, admin, 'admin');
  await addMember(app, org.id, editor, 'editor');
  await addMember(app, org.id, viewer, 'viewer');
  await log(org.id, { description: 'Created board user Ada Lovelace', event: 'created', causer: editor, at: ago(50), properties: { attributes: { first_name: 'Ada', last_name: 'Lovelace' } } });
  await log(org.id, {
    description: 'Updated board user Ada Lovelace',
    causer: admin,
    at: ago(40),
    ip: '203.0.113.9',
    properties: { old: { status: 'active', share_token: 'abc-secret' }, attributes: { status: 'inactive', share_token: 'def-secret' } },
  });
  await log(org.id, { description: 'Trial ended: now on Free', event: 'trial_ended', subject_type: 'subscription', causer: null, at: ago(30) });
  await log(org.id, { description: 'Adam Admin changed Vic Viewer from viewer to editor', event: 'role_changed', subject_type: 'member', subject_id: viewer.id, causer: admin, at: ago(20) });
  await log(org.id, { description: 'Shared insight "Risk 100%"', event: 'shared', subject_type: 'insight', causer: editor, at: ago(10) });
  await log(other.id, { description: 'Foreign entry', event: 'created', causer: outsider, at: ago(5) });
  const as = async (user: User, current: number | undefined = org.id) => actingAs(app, app.client(), user, current);
  return { owner, admin, editor, viewer, platform, outsider, org, other, as };
}

const path = (id: number, qs = '') => `/organizations/${id}/activity-logs${qs ? `?${qs}` : ''}`;
const descriptions = async (client: TestClient, url: string) => {
  const res = await client.get(url, { inertia: true });
  expect(res.status, url).toBe(200);
  return res.json().props.activity.data.map((r: { description: string }) => r.description) as string[];
};

describe('Activity log: access', () => {
  it('is readable by admins, owners and platform admins', async () => {
    const s = await setup();
    for (const user of [s.owner, s.admin, s.platform]) {
      const res = await (await s.as(user, user === s.platform ? undefined : s.org.id)).get(path(s.org.id), { inertia: true });
      expect(res.status, user.name).toBe(200);
      const page = res.json();
      expect(page.component).toBe('Organizations/ActivityLogs');
      expect(page.props.organization).toEqual({ id: s.org.id, name: 'Alpha' });
      expect(page.props.activity.data).toHaveLength(5);
    }
  });

  it('answers 403 to editors and viewers, for the page and the export', async () => {
    const s = await setup();
    for (const user of [s.editor, s.viewer]) {
      const client = await s.as(user);
      expect((await client.get(path(s.org.id), { inertia: true })).status, user.name).toBe(403);
      expect((await client.get(`/organizations/${s.org.id}/activity-logs/export`)).status, user.name).toBe(403);
    }
  });

  it('answers 404, never 403, for an organisation the user cannot see (or that does not exist)', async () => {
    const s = await setup();
    const outsider = await s.as(s.outsider, s.other.id);
    expect((await outsider.get(path(s.org.id), { inertia: true })).status).toBe(404);
    expect((await outsider.get(`/organizations/${s.org.id}/activity-logs/export`)).status).toBe(404);
    // A viewer of Alpha probing the other organisation: 404 too (not the 403 Alpha would give).
    const viewer = await s.as(s.viewer);
    expect((await viewer.get(path(s.other.id), { inertia: true })).status).toBe(404);
    for (const id of ['999999', 'abc', '0', '-1', '1e3']) expect((await viewer.get(`/organizations/${id}/activity-logs`, { inertia: true })).status, id).toBe(404);
    await app.ctx.db.updateTable('organizations').set({ deleted_at: clock.now() }).where('id', '=', s.org.id).execute();
    expect((await (await s.as(s.owner)).get(path(s.org.id), { inertia: true })).status).toBe(404);
  });

  it('reads the organisation the path names, not only the current one', async () => {
    const s = await setup();
    // The admin's current organisation is another one; the log of Alpha is still theirs to read.
    const mine = await createOrganization(app, s.admin);
    const client = await s.as(s.admin, mine.id);
    expect(await descriptions(client, path(s.org.id))).toHaveLength(5);
  });

  it('sends guests to sign in', async () => {
    const s = await setup();
    for (const url of [path(s.org.id), `/organizations/${s.org.id}/activity-logs/export`]) {
      const res = await app.client().get(url);
      expect(res.status).toBe(302);
      expect(res.location).toBe('/login');
    }
  });
});

describe('Activity log: page', () => {
  it('lists the organisation’s entries newest first, with who, what, the changes and the IP', async () => {
    const s = await setup();
    const page = (await (await s.as(s.admin)).get(path(s.org.id), { inertia: true })).json();
    expect(page.props.activity.data.map((r: { description: string }) => r.description)).toEqual([
      'Shared insight "Risk 100%"',
      'Adam Admin changed Vic Viewer from viewer to editor',
      'Trial ended: now on Free',
      'Updated board user Ada Lovelace',
      'Created board user Ada Lovelace',
    ]);
    const [, roleChange, system, updated] = page.props.activity.data;
    expect(roleChange).toEqual({
      id: expect.any(Number),
      event: 'role_changed',
      subject_type: 'member',
      subject_id: s.viewer.id,
      subject_name: 'Vic Viewer',
      description: 'Adam Admin changed Vic Viewer from viewer to editor',
      facts: {},
      causer: { id: s.admin.id, name: 'Adam Admin' },
      created_at: ago(20).toISOString(),
      properties: {},
      ip: null,
    });
    expect(system.causer).toBeNull();
    expect(updated.ip).toBe('203.0.113.9');
    // Secret-looking values never leave the server, even when a writer logged them.
    expect(updated.properties).toEqual({ old: { status: 'active', share_token: '[hidden]' }, attributes: { status: 'inactive', share_token: '[hidden]' } });
    expect(JSON.stringify(page.props)).not.toContain('secret');
    expect(JSON.stringify(page.props)).not.toContain('user_agent');
    expect(JSON.stringify(page.props)).not.toContain('Foreign entry');
    expect(page.props.timeZone).toBe('UTC');
  });

  it('offers the causers, events and subject types that appear in the organisation’s log', async () => {
    const s = await setup();
    const page = (await (await s.as(s.admin)).get(path(s.org.id), { inertia: true })).json();
    expect(page.props.options).toEqual({
      causers: [
        { id: s.admin.id, name: 'Adam Admin' },
        { id: s.editor.id, name: 'Eve Editor' },
      ],
      system: true,
      events: ['created', 'role_changed', 'shared', 'trial_ended', 'updated'],
      subjectTypes: ['board_user', 'insight', 'member', 'subscription'],
    });
    expect(page.props.filters).toEqual({ causer: null, event: null, subject_type: null, from: null, to: null, search: '' });
  });

  it('filters by causer, the system, event, subject type and description', async () => {
    const s = await setup();
    const c = await s.as(s.owner);
    expect(await descriptions(c, path(s.org.id, `causer=${s.editor.id}`))).toEqual(['Shared insight "Risk 100%"', 'Created board user Ada Lovelace']);
    expect(await descriptions(c, path(s.org.id, 'causer=system'))).toEqual(['Trial ended: now on Free']);
    expect(await descriptions(c, path(s.org.id, 'event=updated'))).toEqual(['Updated board user Ada Lovelace']);
    expect(await descriptions(c, path(s.org.id, 'subject_type=board_user'))).toEqual(['Updated board user Ada Lovelace', 'Created board user Ada Lovelace']);
    expect(await descriptions(c, path(s.org.id, 'search=ada%20LOVELACE'))).toEqual(['Updated board user Ada Lovelace', 'Created board user Ada Lovelace']);
    // LIKE wildcards are text.
    expect(await descriptions(c, path(s.org.id, 'search=100%25'))).toEqual(['Shared insight "Risk 100%"']);
    expect(await descriptions(c, path(s.org.id, 'search=_'))).toEqual([]);
    expect(await descriptions(c, path(s.org.id, `causer=${s.admin.id}&event=role_changed&subject_type=member`))).toEqual(['Adam Admin changed Vic Viewer from viewer to editor']);
    // Another organisation's user simply matches nothing here.
    expect(await descriptions(c, path(s.org.id, `causer=${s.outsider.id}`))).toEqual([]);
    const page = (await c.get(path(s.org.id, `causer=${s.admin.id}&event=updated&search=%20ada%20`), { inertia: true })).json();
    expect(page.props.filters).toEqual({ causer: String(s.admin.id), event: 'updated', subject_type: null, from: null, to: null, search: 'ada' });
  });

  it('filters by a date range, both ends included, in the user’s time zone', async () => {
    const s = await setup();
    const org = await createOrganization(app, s.owner);
    // New York is UTC-5 in November: 03:00Z on the 20th is still the 19th there.
    await log(org.id, { description: 'NY 19th late', at: '2026-11-20T03:00:00Z' });
    await log(org.id, { description: 'NY 20th start', at: '2026-11-20T05:00:00Z' });
    await log(org.id, { description: 'NY 21st last minute', at: '2026-11-22T04:59:00Z' });
    await log(org.id, { description: 'NY 22nd', at: '2026-11-22T05:00:00Z' });
    await app.ctx.db.updateTable('users').set({ timezone: 'America/New_York' }).where('id', '=', s.owner.id).execute();
    const c = await s.as(s.owner, org.id);
    expect(await descriptions(c, path(org.id, 'from=2026-11-20&to=2026-11-21'))).toEqual(['NY 21st last minute', 'NY 20th start']);
    expect(await descriptions(c, path(org.id, 'from=2026-11-22'))).toEqual(['NY 22nd']);
    expect(await descriptions(c, path(org.id, 'to=2026-11-19'))).toEqual(['NY 19th late']);
    expect(await descriptions(c, path(org.id, 'from=2026-11-19&to=2026-11-19'))).toEqual(['NY 19th late']);
    expect((await c.get(path(org.id), { inertia: true })).json().props.timeZone).toBe('America/New_York');
    // The same range for a UTC user.
    await app.ctx.db.updateTable('users').set({ timezone: 'UTC' }).where('id', '=', s.owner.id).execute();
    expect(await descriptions(c, path(org.id, 'from=2026-11-20&to=2026-11-21'))).toEqual(['NY 20th start', 'NY 19th late']);
    // A stored zone Postgres and Intl do not know counts as UTC, never a 500.
    await app.ctx.db.updateTable('users').set({ timezone: 'Mars/Olympus' }).where('id', '=', s.owner.id).execute();
    expect(await descriptions(c, path(org.id, 'from=2026-11-20&to=2026-11-21'))).toEqual(['NY 20th start', 'NY 19th late']);
  });

  it('paginates by 25, newest first, keeping the filters in the links', async () => {
    const s = await setup();
    const org = await createOrganization(app, s.owner);
    const same = ago(100);
    // Thirty entries: ten share one instant, so the id breaks the tie.
    for (let i = 0; i < 30; i++) await log(org.id, { description: `Bulk ${i}`, event: 'created', at: i < 10 ? same : ago(100 - i) });
    await log(org.id, { description: 'Not created', event: 'deleted', at: ago(1) });
    const c = await s.as(s.owner, org.id);
    const first = (await c.get(path(org.id, 'event=created'), { inertia: true })).json().props.activity;
    expect(first.data).toHaveLength(25);
    expect(first.meta).toMatchObject({ total: 30, last_page: 2, per_page: 25, current_page: 1, from: 1, to: 25 });
    expect(first.links.at(-1)).toMatchObject({ label: 'Next', url: `/organizations/${org.id}/activity-logs?event=created&page=2` });
    expect(first.data[0].description).toBe('Bulk 29');
    const second = (await c.get(path(org.id, 'event=created&page=2'), { inertia: true })).json().props.activity;
    expect(second.data.map((r: { description: string }) => r.description)).toEqual(['Bulk 4', 'Bulk 3', 'Bulk 2', 'Bulk 1', 'Bulk 0']);
    const past = (await c.get(path(org.id, 'event=created&page=9'), { inertia: true })).json().props.activity;
    expect(past.data).toEqual([]);
    expect(past.meta.total).toBe(30);
  });

  it('treats any invalid filter as no filter, never a 500', async () => {
    const s = await setup();
    const c = await s.as(s.admin);
    const junk = [
      'causer=abc',
      'causer=-1',
      'causer=0',
      'causer=99999999999',
      'causer[]=1',
      'causer[a]=1',
      'event=DROP%20TABLE',
      'event[]=updated',
      `event=${'x'.repeat(500)}`,
      'subject_type=%00',
      'from=2026-02-30',
      'from=yesterday',
      'to=2026-13-01',
      'to[]=2026-11-01',
      'from=0000-00-00',
      'from=0000-01-01',
      'to=0000-12-31',
      'search[]=x',
      'search[a][b]=x',
      'page=-3',
      'page=abc',
      'page=1e9',
      'page[]=2',
    ];
    for (const q of junk) {
      const res = await c.get(path(s.org.id, q), { inertia: true });
      expect(res.status, q).toBe(200);
      const props = res.json().props;
      expect(props.filters, q).toEqual({ causer: null, event: null, subject_type: null, from: null, to: null, search: '' });
      expect(props.activity.data, q).toHaveLength(5);
      expect((await c.get(`/organizations/${s.org.id}/activity-logs/export?${q}`)).status, q).toBe(200);
    }
    // Odd but valid text is only a search; control characters are dropped, length capped.
    const long = (await c.get(path(s.org.id, `search=${'%E2%9C%93'.repeat(150)}%01`), { inertia: true })).json().props;
    expect(long.filters.search).toBe('✓'.repeat(100));
    expect(long.activity.data).toEqual([]);
  });
});

describe('Activity log: CSV export', () => {
  const body = (text: string) => text.replace(/^\uFEFF/, '');

  it('streams the log as a download with the columns, newest first, formulas neutralised', async () => {
    const s = await setup();
    await log(s.org.id, { description: '=HYPERLINK("http://evil","click")', event: 'created', causer: s.admin, at: ago(2), properties: { attributes: { first_name: '@SUM(A1)' } } });
    await log(s.org.id, { description: '-2+3 and\na second line', event: 'deleted', causer: null, subject_type: null, subject_id: null, at: ago(1) });
    const res = await (await s.as(s.admin)).get(`/organizations/${s.org.id}/activity-logs/export`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toMatch(new RegExp(`^attachment; filename="activity-log-${s.org.slug}-2026-11-25\\.csv"$`));
    expect(res.headers.get('cache-control')).toBe('no-store');
    const text = body(res.text);
    const lines = text.split('\r\n');
    // Times in the reader's zone (UTC here), as a spreadsheet reads them.
    const at = (d: Date) => d.toISOString().replace('T', ' ').slice(0, 19);
    expect(lines[0]).toBe('Date (UTC),Who,Event,Subject type,Subject ID,Subject,Description,Changes');
    expect(lines[1]).toBe(`${at(ago(1))},System,Deleted,,,,"'-2+3 and\na second line",{}`);
    expect(lines[2]).toBe(`${at(ago(2))},Adam Admin,Created,Board user,1,(deleted),"'=HYPERLINK(""http://evil"",""click"")","{""attributes"":{""first_name"":""@SUM(A1)""}}"`);
    expect(text).toContain(
      `${at(ago(40))},Adam Admin,Updated,Board user,1,(deleted),Updated board user Ada Lovelace,"{""old"":{""status"":""active"",""share_token"":""[hidden]""},""attributes"":{""status"":""inactive"",""share_token"":""[hidden]""}}"`,
    );
    expect(text).not.toContain('secret');
    expect(text).not.toContain('Foreign entry');
    expect(text).not.toContain('203.0.113.9');
    expect(lines.filter(Boolean)).toHaveLength(8);
  });

  it('applies the same filters as the page', async () => {
    const s = await setup();
    const c = await s.as(s.owner);
    const rows = async (qs: string) =>
      body((await c.get(`/organizations/${s.org.id}/activity-logs/export?${qs}`)).text)
        .split('\r\n')
        .slice(1)
        .filter(Boolean)
        .map((l) => l.split(',')[6]);
    expect(await rows(`causer=${s.editor.id}`)).toEqual(['"Shared insight ""Risk 100%"""', 'Created board user Ada Lovelace']);
    expect(await rows('causer=system')).toEqual(['Trial ended: now on Free']);
    expect(await rows('event=updated')).toEqual(['Updated board user Ada Lovelace']);
    expect(await rows('subject_type=member')).toEqual(['Adam Admin changed Vic Viewer from viewer to editor']);
    expect(await rows('search=lovelace&event=created')).toEqual(['Created board user Ada Lovelace']);
    expect(await rows('from=2026-11-26')).toEqual([]);
    expect(await rows('from=2026-11-25&to=2026-11-25')).toHaveLength(5);
  });

  it('reads in keyset batches in exactly the order of the page, entries of the same microsecond included', async () => {
    const s = await setup();
    const org = await createOrganization(app, s.owner);
    // One statement: every row gets the same now(), to the microsecond.
    await createActivityLogs(app, org.id, 13, (i) => ({ event: i % 2 ? 'created' : 'updated', description: `Same instant ${i}` }));
    for (let i = 0; i < 11; i++) await log(org.id, { description: `Spread ${i}`, event: i % 2 ? 'created' : 'updated', at: ago(i) });
    const filters = (extra: Partial<LogQueryFilters> = {}): LogQueryFilters => ({ causer: null, event: null, subject_type: null, from: null, to: null, search: '', timeZone: 'UTC', ...extra });
    for (const f of [filters(), filters({ event: 'created' })]) {
      const expected = (await logQuery(app.ctx.db, org.id, f).execute()).map((r) => r.id);
      const got: number[] = [];
      for await (const row of exportRows(app.ctx.db, org.id, f, 4)) got.push(row.id);
      expect(got).toEqual(expected);
      expect(new Set(got).size).toBe(f.event ? 11 : 24);
    }
  });
});

describe('Activity log: live filter matching (client helper)', () => {
  const none: ActivityLogFilterValues = { causer: null, event: null, subject_type: null, from: null, to: null, search: '' };
  const entry = { id: 7, event: 'updated', subject_type: 'board_user', description: 'Updated board user Ada Lovelace', causer: { id: 3 }, created_at: '2026-11-20T03:00:00.000Z' };

  it('matches every filter the server applies', () => {
    expect(matchesFilters(entry, none, 'UTC')).toBe(true);
    expect(matchesFilters(entry, { ...none, causer: '3' }, 'UTC')).toBe(true);
    expect(matchesFilters(entry, { ...none, causer: '4' }, 'UTC')).toBe(false);
    expect(matchesFilters(entry, { ...none, causer: 'system' }, 'UTC')).toBe(false);
    expect(matchesFilters({ ...entry, causer: null }, { ...none, causer: 'system' }, 'UTC')).toBe(true);
    expect(matchesFilters({ ...entry, causer: null }, { ...none, causer: '3' }, 'UTC')).toBe(false);
    expect(matchesFilters(entry, { ...none, event: 'updated' }, 'UTC')).toBe(true);
    expect(matchesFilters(entry, { ...none, event: 'created' }, 'UTC')).toBe(false);
    expect(matchesFilters(entry, { ...none, subject_type: 'insight' }, 'UTC')).toBe(false);
    expect(matchesFilters(entry, { ...none, search: 'ada LOVE' }, 'UTC')).toBe(true);
    expect(matchesFilters(entry, { ...none, search: 'grace' }, 'UTC')).toBe(false);
  });

  it('compares dates as calendar days in the user’s time zone, both ends included', () => {
    expect(localDay(entry.created_at, 'UTC')).toBe('2026-11-20');
    expect(localDay(entry.created_at, 'America/New_York')).toBe('2026-11-19');
    expect(localDay(entry.created_at, 'Not/AZone')).toBe('2026-11-20');
    expect(matchesFilters(entry, { ...none, from: '2026-11-20', to: '2026-11-20' }, 'UTC')).toBe(true);
    expect(matchesFilters(entry, { ...none, from: '2026-11-20' }, 'America/New_York')).toBe(false);
    expect(matchesFilters(entry, { ...none, to: '2026-11-19' }, 'America/New_York')).toBe(true);
    expect(matchesFilters(entry, { ...none, to: '2026-11-19' }, 'UTC')).toBe(false);
  });

  it('prepends without duplicates and keeps the page size', () => {
    const list = [{ id: 3 }, { id: 2 }, { id: 1 }];
    expect(prependEntry(list, { id: 4 }, 3)).toEqual([{ id: 4 }, { id: 3 }, { id: 2 }]);
    expect(prependEntry(list, { id: 2 }, 3)).toBe(list);
  });
});

describe('Activity log: subjects by name', () => {
  type Row = { event: string; description: string | null; subject_type: string | null; subject_id: number | null; subject_name: string | null };
  const rows = async (client: TestClient, orgId: number) => (await client.get(path(orgId), { inertia: true })).json().props.activity.data as Row[];

  it('names each subject as it was when the entry was written, after a rename and a delete too', async () => {
    const s = await setup();
    const editor = await s.as(s.editor);
    const body = { first_name: 'Anna', last_name: 'Smith', status: 'active', tags: [] };
    expect((await editor.post('/board-users', body, { inertia: true })).status).toBe(303);
    const created = await app.ctx.db.selectFrom('board_users').select('id').where('organization_id', '=', s.org.id).where('last_name', '=', 'Smith').executeTakeFirstOrThrow();
    expect((await editor.put(`/board-users/${created.id}`, { ...body, last_name: 'Jones' }, { inertia: true })).status).toBe(303);
    expect((await editor.delete(`/board-users/${created.id}`, undefined, { inertia: true })).status).toBe(303);
    // Gone for good (not only trashed): the names written with the entries remain.
    await app.ctx.db.deleteFrom('board_users').where('id', '=', created.id).execute();

    const entries = (await rows(await s.as(s.admin), s.org.id)).filter((r) => r.subject_type === 'board_user' && r.subject_name?.includes('Anna'));
    expect(entries.map((r) => [r.event, r.subject_name, r.description])).toEqual([
      ['deleted', 'Anna Jones', null],
      ['updated', 'Anna Jones', null],
      ['created', 'Anna Smith', null],
    ]);
  });

  it('names the subjects of older entries from the live record, and none when it is gone or in another organisation', async () => {
    const s = await setup();
    const ada = await createBoardUser(app, s.org.id, { first_name: 'Ada', last_name: 'Lovelace' });
    const foreign = await createBoardUser(app, s.other.id, { first_name: 'Not', last_name: 'Yours' });
    // Written as before names were kept: no subject_label.
    await log(s.org.id, { description: 'Old entry about Ada', subject_type: 'board_user', subject_id: ada.id, at: ago(3) });
    await log(s.org.id, { description: 'Old entry about a vanished board user', subject_type: 'board_user', subject_id: 999_999, at: ago(2) });
    await log(s.org.id, { description: 'Old entry pointing elsewhere', subject_type: 'board_user', subject_id: foreign.id, at: ago(1) });
    const byDescription = new Map((await rows(await s.as(s.admin), s.org.id)).map((r) => [r.description, r.subject_name]));
    expect(byDescription.get('Old entry about Ada')).toBe('Ada Lovelace');
    expect(byDescription.get('Old entry about a vanished board user')).toBeNull();
    expect(byDescription.get('Old entry pointing elsewhere')).toBeNull();
    // Members are named by the user's name, subscriptions by their plan.
    expect(byDescription.get('Adam Admin changed Vic Viewer from viewer to editor')).toBe('Vic Viewer');
    expect(byDescription.get('Trial ended: now on Free')).toBeNull();
  });

  it('sends the name with live entries and the dashboard, and puts it in the CSV', async () => {
    const s = await setup();
    const editor = await s.as(s.editor);
    app.broadcasts.published.length = 0;
    expect((await editor.post('/board-users', { first_name: 'Live', last_name: 'Name', status: 'active', tags: [] }, { inertia: true })).status).toBe(303);
    const live = app.broadcasts.published.find((e) => e.event === 'ActivityLogged');
    expect((live?.data as { subject_name: string } | undefined)?.subject_name).toBe('Live Name');
    const dashboard = (await editor.get('/dashboard', { inertia: true })).json().props.recentActivity as Row[];
    expect(dashboard.find((r) => r.event === 'created' && r.subject_type === 'board_user')?.subject_name).toBe('Live Name');
    const csv = (await (await s.as(s.admin)).get(`${path(s.org.id)}/export?search=Live`)).text.replace(/^\uFEFF/, '').split('\r\n');
    expect(csv[0]).toBe('Date (UTC),Who,Event,Subject type,Subject ID,Subject,Description,Changes');
    expect(csv[1]).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d,Eve Editor,Created,Board user,\d+,Live Name,Created board user Live Name,/);
  });
});

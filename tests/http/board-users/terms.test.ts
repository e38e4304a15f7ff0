import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, FakeClock, type TestApp } from '../../helpers/app';
import type { TestClient } from '../../helpers/client';
import { actingAs, addMember, createBoardUser, createBoardUsers, createOrganization, createUser, memberClient } from '../../helpers/factories';
import { uploadImport } from '../../helpers/import-upload';

/**
 * Issue #25's proof field: board members' terms (term_started_on, term_ends_on), added through the
 * board-user contract (shared/board-user-fields.ts): the form's validation, the record, the list's
 * sort, the activity diff, the CSV export and import, and the dashboard's "terms ending soon".
 */
let app: TestApp;
const clock = new FakeClock(new Date('2026-11-23T09:00:00Z'));
let orgId: number;
let editor: TestClient;
let viewer: TestClient;

const json = { headers: { Accept: 'application/json' } };
const person = (overrides: Record<string, unknown> = {}) => ({ first_name: 'Tess', last_name: 'Term', status: 'active', tags: [], ...overrides });

beforeAll(async () => {
  app = await createTestApp({ clock });
  const owner = await createUser(app);
  orgId = (await createOrganization(app, owner, { plan: 'team' })).id;
  const ed = await createUser(app);
  await addMember(app, orgId, ed, 'editor');
  editor = await actingAs(app, app.client(), ed, orgId);
  viewer = (await memberClient(app, 'viewer', orgId)).client;
});
afterAll(() => app.close());

async function create(body: Record<string, unknown>): Promise<number> {
  const res = await editor.post('/board-users', person(body), json);
  expect(res.status, res.text).toBe(303);
  return Number(res.location!.split('/').pop());
}

describe('term fields', () => {
  it('are stored, shown on the record and on the edit form, and logged in the activity diff', async () => {
    const id = await create({ last_name: 'Stored', term_started_on: '2024-01-01', term_ends_on: '2027-12-31' });
    const show = (await viewer.get(`/board-users/${id}`, { inertia: true })).page();
    expect(show.props.boardUser).toMatchObject({ term_started_on: '2024-01-01', term_ends_on: '2027-12-31' });
    const edit = (await editor.get(`/board-users/${id}/edit`, { inertia: true })).page();
    expect(edit.props.boardUser).toMatchObject({ term_started_on: '2024-01-01', term_ends_on: '2027-12-31' });

    const res = await editor.put(`/board-users/${id}`, person({ last_name: 'Stored', term_started_on: '2024-01-01', term_ends_on: '2028-06-30', version: edit.props.boardUser.version }), json);
    expect(res.status).toBe(303);
    const log = await app.ctx.db.selectFrom('activity_logs').select('properties').where('subject_id', '=', id).where('event', '=', 'updated').executeTakeFirstOrThrow();
    expect(log.properties).toMatchObject({ old: { term_ends_on: '2027-12-31' }, attributes: { term_ends_on: '2028-06-30' } });
    // Blank means open-ended.
    const open = await create({ last_name: 'Open', term_started_on: '', term_ends_on: '' });
    expect((await viewer.get(`/board-users/${open}`, { inertia: true })).page().props.boardUser).toMatchObject({ term_started_on: null, term_ends_on: null });
  });

  it.each([
    [{ term_started_on: '2026-02-30' }, 'term_started_on', 'The term start date must be a real date.'],
    [{ term_ends_on: 'next year' }, 'term_ends_on', 'The term end date must be a date (YYYY-MM-DD).'],
    [{ term_ends_on: ['2027-01-01'] }, 'term_ends_on', 'The term end date must be text.'],
    [{ term_ends_on: { $gt: '' } }, 'term_ends_on', 'The term end date must be text.'],
    [{ term_started_on: '2027-01-01', term_ends_on: '2026-12-31' }, 'term_ends_on', 'The term cannot end before it started.'],
  ])('%j → a field error, never a 500', async (patch, field, message) => {
    const res = await editor.post('/board-users', person(patch), json);
    expect(res.status).toBe(422);
    expect(res.json().errors[field]).toBe(message);
  });

  it('says so in German', async () => {
    const de = await createUser(app);
    await app.ctx.db.updateTable('users').set({ locale: 'de' }).where('id', '=', de.id).execute();
    await addMember(app, orgId, de, 'editor');
    const client = await actingAs(app, app.client(), de, orgId);
    const res = await client.post('/board-users', person({ term_started_on: '2027-01-01', term_ends_on: '2026-12-31' }), json);
    expect(res.json().errors.term_ends_on).toBe('Die Amtszeit kann nicht vor ihrem Beginn enden.');
  });

  it('sort the list by term end, open-ended terms last (and first, descending)', async () => {
    const m = await memberClient(app, 'editor');
    await createBoardUsers(app, m.organizationId, [
      { first_name: 'Open', last_name: 'Ended', term_ends_on: null },
      { first_name: 'Late', last_name: 'Term', term_ends_on: '2029-01-01' },
      { first_name: 'Soon', last_name: 'Term', term_ends_on: '2026-12-01' },
    ]);
    const names = async (direction: string) =>
      (await m.client.get(`/board-users?sort=term_ends_on&direction=${direction}`, { inertia: true })).page().props.boardUsers.data.map((b: { first_name: string }) => b.first_name);
    expect(await names('asc')).toEqual(['Soon', 'Late', 'Open']);
    expect(await names('desc')).toEqual(['Open', 'Late', 'Soon']);
    const row = (await m.client.get('/board-users?sort=term_ends_on', { inertia: true })).page().props.boardUsers.data[0];
    expect(row).toMatchObject({ term_ends_on: '2026-12-01', term_started_on: null });
  });

  it('travel through the CSV export and import, under their names in any language', async () => {
    const m = await memberClient(app, 'admin');
    await createBoardUser(app, m.organizationId, { first_name: 'Csv', last_name: 'Term', term_started_on: '2025-04-01', term_ends_on: '2028-03-31' });
    const exported = (await m.client.get('/board-users/export')).text.replace(/^\uFEFF/, '');
    const [header, line] = exported.split('\r\n');
    expect(header).toContain('Term started on,Term ends on');
    expect(line).toContain('2025-04-01,2028-03-31');

    // A German file: "Amtsende" is the term end.
    const csv = 'Vorname,Nachname,Amtsbeginn,Amtsende\r\nGerd,Gremium,2026-01-01,2029-12-31\r\n';
    const upload = await uploadImport(m.client, csv, 'de.csv');
    expect(upload.status).toBe(303);
    const imp = (await m.client.get(upload.location!, { inertia: true })).page().props.import;
    expect(imp.mapping).toEqual(['first_name', 'last_name', 'term_started_on', 'term_ends_on']);
  });
});

describe('the dashboard’s terms ending soon', () => {
  it('lists the live board users whose term ends in the next 90 days, soonest first, of this organisation only', async () => {
    const m = await memberClient(app, 'viewer');
    const other = await createOrganization(app, null);
    const day = (offset: number) => new Date(clock.now().getTime() + offset * 86_400_000).toISOString().slice(0, 10);
    await createBoardUsers(app, m.organizationId, [
      { first_name: 'In', last_name: 'Thirty', board_name: 'Audit', term_ends_on: day(30) },
      { first_name: 'In', last_name: 'Today', term_ends_on: day(0) },
      { first_name: 'In', last_name: 'Ninety', term_ends_on: day(90) },
      { first_name: 'Out', last_name: 'Later', term_ends_on: day(91) },
      { first_name: 'Out', last_name: 'Past', term_ends_on: day(-1) },
      { first_name: 'Out', last_name: 'Trashed', term_ends_on: day(10), deleted_at: new Date() },
      { first_name: 'Out', last_name: 'Open', term_ends_on: null },
    ]);
    await createBoardUser(app, other.id, { first_name: 'Out', last_name: 'Elsewhere', term_ends_on: day(5) });
    const page = (await m.client.get('/dashboard', { inertia: true })).page();
    // Deferred: the page's own visit stays the four queries of its figures.
    expect(page.props.termsEnding).toBeUndefined();
    expect(page.deferredProps?.default ?? Object.values(page.deferredProps ?? {}).flat()).toContain('termsEnding');
    const deferred = (await m.client.get('/dashboard', { inertia: { partial: { component: 'Dashboard', only: ['termsEnding'] } } })).page();
    expect(deferred.props.termsEnding).toEqual({
      total: 3,
      items: [
        { id: expect.any(Number), first_name: 'In', last_name: 'Today', board_name: null, term_ends_on: day(0) },
        { id: expect.any(Number), first_name: 'In', last_name: 'Thirty', board_name: 'Audit', term_ends_on: day(30) },
        { id: expect.any(Number), first_name: 'In', last_name: 'Ninety', board_name: null, term_ends_on: day(90) },
      ],
    });
  });
});

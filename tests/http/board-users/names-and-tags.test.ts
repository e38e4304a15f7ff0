import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportRows, listQuery } from '../../../server/features/board-users/repository';
import { createTestApp, type TestApp } from '../../helpers/app';
import type { TestClient } from '../../helpers/client';
import { actingAs, addMember, createBoardUsers, createOrganization, createUser, memberClient } from '../../helpers/factories';

// Issue #24 items 3 and 5 (ADR 0023): names sorted and found as people read them, on PGlite and
// on PostgreSQL alike (this file runs on both), and tags as a filter.
let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

type Row = { first_name: string; last_name: string; email?: string | null; board_name?: string | null; tags?: string[]; deleted_at?: Date | null };
const seed = (organizationId: number, rows: Row[]) => createBoardUsers(app, organizationId, rows);

const fullNames = (page: any): string[] => page.props.boardUsers.data.map((b: any) => `${b.first_name} ${b.last_name}`);

describe('board users: names as people read them', () => {
  let org: number;
  let client: TestClient;
  beforeAll(async () => {
    const m = await memberClient(app, 'viewer');
    org = m.organizationId;
    client = m.client;
    await seed(org, [
      { first_name: 'Zoë', last_name: 'Berg' },
      { first_name: 'Ulla', last_name: 'Zimmer' },
      { first_name: 'Anders', last_name: 'Ångström' },
      { first_name: 'Émile', last_name: 'Berg' },
      { first_name: 'Paul', last_name: 'Éluard' },
      { first_name: 'Seán', last_name: 'Ó Súilleabháin' },
      { first_name: 'Åsa', last_name: 'Berg' },
      { first_name: 'Ola', last_name: 'Ødegaard' },
      { first_name: 'Cem', last_name: 'Ünal' },
      { first_name: 'Karel', last_name: 'Čapek' },
      { first_name: 'Amy', last_name: 'Abbott' },
      { first_name: 'Dora', last_name: 'Dupont', board_name: 'Fondation Île-de-France' },
      { first_name: 'Jan', last_name: 'Łukasiewicz', email: 'J.Lukasiewicz@Example.test' },
      { first_name: 'Nina', last_name: 'Nash' },
      { first_name: 'Tom', last_name: 'Turner' },
      { first_name: 'Grete', last_name: 'Weiß' },
      { first_name: 'Emma', last_name: 'Eder' },
    ]);
  });

  const expected = [
    'Amy Abbott',
    'Anders Ångström',
    'Åsa Berg',
    'Émile Berg',
    'Zoë Berg',
    'Karel Čapek',
    'Dora Dupont',
    'Emma Eder',
    'Paul Éluard',
    'Jan Łukasiewicz',
    'Nina Nash',
    'Seán Ó Súilleabháin',
    'Ola Ødegaard',
    'Tom Turner',
    'Cem Ünal',
    'Grete Weiß',
    'Ulla Zimmer',
  ];

  it('sorts accented last and first names among the plain letters (Ångström near A, Ünal near U), both ways', async () => {
    expect(fullNames((await client.get('/board-users', { inertia: true })).page())).toEqual(expected);
    expect(fullNames((await client.get('/board-users?sort=name&direction=desc', { inertia: true })).page())).toEqual([...expected].reverse());
  });

  it('keeps keyset pagination (the export) in the same order', async () => {
    const filters = { search: '', status: null, trashed: null, sort: 'name', direction: 'asc' } as const;
    const listed = (await listQuery(app.ctx.db, org, filters).execute()).map((r) => r.id);
    const exported: number[] = [];
    for await (const row of exportRows(app.ctx.db, org, filters, 4)) exported.push(row.id);
    expect(exported).toEqual(listed);
    expect(exported).toHaveLength(expected.length);
  });

  it('finds names, boards and e-mails whatever their accents and case', async () => {
    const search = async (q: string) => fullNames((await client.get(`/board-users?search=${encodeURIComponent(q)}`, { inertia: true })).page());
    expect(await search('ile-de-france')).toEqual(['Dora Dupont']);
    expect(await search('lukasiewicz')).toEqual(['Jan Łukasiewicz']);
    expect(await search('o suilleabhain')).toEqual(['Seán Ó Súilleabháin']);
    expect(await search('ÅNGSTRÖM')).toEqual(['Anders Ångström']);
    expect(await search('odegaard')).toEqual(['Ola Ødegaard']);
    expect(await search('weiss')).toEqual(['Grete Weiß']);
    expect(await search('sean o')).toEqual(['Seán Ó Súilleabháin']);
    expect(await search('j.lukasiewicz@example')).toEqual(['Jan Łukasiewicz']);
    expect(await search('berg emile')).toEqual(['Émile Berg']);
  });

  it('has the search’s trigram index on this database (PGlite bundles pg_trgm, PostgreSQL has it in contrib)', async () => {
    const { rows } = await sql<{ indexdef: string }>`select indexdef from pg_indexes where indexname = 'board_users_search_trgm_index' and schemaname = current_schema()`.execute(app.ctx.db);
    expect(rows[0]?.indexdef).toMatch(/USING gin \(search_text .*gin_trgm_ops\)/);
  });

  it('offers the same in the insight form’s picker', async () => {
    const res = await client.get('/board-users/options?search=capek', { headers: { Accept: 'application/json' } });
    expect(res.json().data.map((o: { label: string }) => o.label)).toEqual(['Karel Čapek']);
  });
});

describe('organisations: names as people read them', () => {
  it('sorts the list and the switcher by the folded name and finds names without their accents', async () => {
    const me = await createUser(app);
    const ids: Record<string, number> = {};
    for (const name of ['Zenith Board', 'Fondation Île-de-France', 'Ångström Trust', 'Beta Council', 'Øresund Forum', 'Charity North']) {
      ids[name] = (await createOrganization(app, me, { name })).id;
    }
    const client = await actingAs(app, app.client(), me, ids['Beta Council']);
    const page = (await client.get('/organizations', { inertia: true })).page();
    const order = ['Ångström Trust', 'Beta Council', 'Charity North', 'Fondation Île-de-France', 'Øresund Forum', 'Zenith Board'];
    expect(page.props.organizations.data.map((o: { name: string }) => o.name)).toEqual(order);
    expect(page.props.auth.organizations.map((o: { name: string }) => o.name)).toEqual(order);
    const found = (await client.get('/organizations?search=ile-de-france', { inertia: true })).page();
    expect(found.props.organizations.data.map((o: { name: string }) => o.name)).toEqual(['Fondation Île-de-France']);
    const upper = (await client.get('/organizations?search=ORESUND', { inertia: true })).page();
    expect(upper.props.organizations.data.map((o: { name: string }) => o.name)).toEqual(['Øresund Forum']);
  });
});

describe('tags as a filter', () => {
  let org: number;
  let client: TestClient;
  beforeAll(async () => {
    const owner = await createUser(app);
    org = (await createOrganization(app, owner, { plan: 'team' })).id;
    const editor = await createUser(app);
    await addMember(app, org, editor, 'editor');
    client = await actingAs(app, app.client(), editor, org);
    await seed(org, [
      { first_name: 'Ada', last_name: 'Ash', tags: ['Finance', 'Audit'] },
      { first_name: 'Ben', last_name: 'Birch', tags: ['finance'] },
      { first_name: 'Cy', last_name: 'Cedar', tags: ['audit', 'risk'] },
      { first_name: 'Di', last_name: 'Dogwood', tags: ['Finance', 'audit', 'risk'] },
      { first_name: 'Ed', last_name: 'Elm', tags: ['finance', 'audit'], deleted_at: new Date() },
      { first_name: 'Flo', last_name: 'Fir', tags: [] },
    ]);
    const foreign = await createOrganization(app, owner);
    await seed(foreign.id, [{ first_name: 'Gus', last_name: 'Gum', tags: ['finance', 'audit', 'secret'] }]);
  });

  it('lists each row’s tags and the organisation’s tags with how many live board users carry them', async () => {
    const page = (await client.get('/board-users', { inertia: true })).page();
    expect(page.props.boardUsers.data.map((b: { tags: string[] }) => b.tags)).toEqual([['Finance', 'Audit'], ['finance'], ['audit', 'risk'], ['Finance', 'audit', 'risk'], []]);
    // The counts are deferred (the visit stays one page query): the page asks for them next.
    expect(page.props.tags).toBeUndefined();
    expect(page.deferredProps).toEqual({ default: ['tags'] });
    const deferred = (await client.get('/board-users', { inertia: { partial: { component: 'BoardUsers/Index', only: ['tags'] } } })).page();
    expect(deferred.props.tags).toEqual([
      { name: 'Audit', count: 3 },
      { name: 'Finance', count: 3 },
      { name: 'risk', count: 2 },
    ]);
    // Typing a search reloads the list alone: the tags are not counted again.
    const partial = (await client.get('/board-users?search=a', { inertia: { partial: { component: 'BoardUsers/Index', only: ['boardUsers', 'filters'] } } })).page();
    expect(partial.props.tags).toBeUndefined();
    expect(partial.props.boardUsers.data.length).toBeGreaterThan(0);
  });

  it('filters by several tags (every one, any case), as tags=a,b or tags[]=a&tags[]=b, and keeps them in the page links', async () => {
    const names = async (qs: string) => (await client.get(`/board-users?${qs}`, { inertia: true })).page();
    const both = await names('tags=finance,AUDIT');
    expect(fullNames(both)).toEqual(['Ada Ash', 'Di Dogwood']);
    expect(both.props.filters.tags).toEqual(['finance', 'AUDIT']);
    expect(both.props.boardUsers.links[1].url).toBe('/board-users?tags=finance%2CAUDIT');
    expect(fullNames(await names('tags[]=finance&tags[]=audit'))).toEqual(['Ada Ash', 'Di Dogwood']);
    expect(fullNames(await names('tags=risk&search=cedar'))).toEqual(['Cy Cedar']);
    expect(fullNames(await names('tags=risk&trashed=with&tags=x'))).toEqual([]);
    expect(fullNames(await names('tags=finance&trashed=only'))).toEqual(['Ed Elm']);
    expect(fullNames(await names('tags=secret'))).toEqual([]);
    const quoted = await names(`tags=${encodeURIComponent('"a,b",risk')}`);
    expect(quoted.props.filters.tags).toEqual(['a,b', 'risk']);
  });

  it('matches tags in the search', async () => {
    const page = (await client.get('/board-users?search=RISK', { inertia: true })).page();
    expect(fullNames(page)).toEqual(['Cy Cedar', 'Di Dogwood']);
  });

  it('applies a bulk action on "all matching" with the tag filter to those rows only', async () => {
    const res = await client.post('/board-users/bulk', { action: 'status', status: 'inactive', all: true, filters: { tags: ['risk'] } }, { inertia: true });
    expect([302, 303]).toContain(res.status);
    const inactive = (await client.get('/board-users?status=inactive', { inertia: true })).page();
    expect(fullNames(inactive)).toEqual(['Cy Cedar', 'Di Dogwood']);
  });
});

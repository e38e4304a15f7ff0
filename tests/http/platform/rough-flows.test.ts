import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomToken } from '../../../server/lib/crypto';
import { IMPORT_FIELD_NAMES } from '../../../server/features/board-user-import/schema';
import { createTestApp, FakeClock, type TestApp } from '../../helpers/app';
import { actingAs, createInsight, createInsights, createOrganization, createUser, editorOfNewOrganization, memberClient } from '../../helpers/factories';
import { uploadImport } from '../../helpers/import-upload';

/** Issue #24 item 7, the flows: insights sort, the import's template and checks, withdrawn links, registering to create an organisation. */
let app: TestApp;
const clock = new FakeClock();

beforeAll(async () => {
  app = await createTestApp({ clock });
});
afterAll(() => app.close());

describe('insights index sort', () => {
  async function orgWithInsights() {
    const org = await createOrganization(app, null, { plan: 'business' });
    const rows = [
      { title: 'Zoë’s review', status: 'draft' as const, published_at: null, updated_at: new Date('2026-03-01T00:00:00Z') },
      { title: 'Éthique du conseil', status: 'published' as const, published_at: new Date('2026-01-10T00:00:00Z'), updated_at: new Date('2026-01-10T00:00:00Z') },
      { title: 'alpha plan', status: 'archived' as const, published_at: new Date('2025-12-01T00:00:00Z'), updated_at: new Date('2026-02-01T00:00:00Z') },
      { title: 'Budget', status: 'published' as const, published_at: new Date('2026-02-20T00:00:00Z'), updated_at: new Date('2026-04-01T00:00:00Z') },
    ];
    await createInsights(app, org.id, null, rows, { category: 'other' });
    const { client } = await memberClient(app, 'viewer', org.id);
    const titles = async (query: string) => {
      const page = (await client.get(`/insights${query}`, { inertia: true })).page();
      return { titles: (page.props.insights.data as { title: string }[]).map((i) => i.title), filters: page.props.filters, links: page.props.insights.links };
    };
    return titles;
  }

  it('sorts by title as people read it (accents and case folded), by status, by publication and update date', async () => {
    const titles = await orgWithInsights();
    expect((await titles('?sort=title&direction=asc')).titles).toEqual(['alpha plan', 'Budget', 'Éthique du conseil', 'Zoë’s review']);
    expect((await titles('?sort=title&direction=desc')).titles).toEqual(['Zoë’s review', 'Éthique du conseil', 'Budget', 'alpha plan']);
    expect((await titles('?sort=status&direction=asc')).titles).toEqual(['Zoë’s review', 'Budget', 'Éthique du conseil', 'alpha plan']);
    // Newest publication first when no direction is given; a draft (never published) last.
    expect((await titles('?sort=published')).titles).toEqual(['Budget', 'Éthique du conseil', 'alpha plan', 'Zoë’s review']);
    expect((await titles('?sort=updated&direction=asc')).titles).toEqual(['Éthique du conseil', 'alpha plan', 'Zoë’s review', 'Budget']);
  });

  it('keeps the default (last updated first) for no or an unknown sort key, and echoes the sort', async () => {
    const titles = await orgWithInsights();
    const plain = await titles('');
    expect(plain.titles).toEqual(['Budget', 'Zoë’s review', 'alpha plan', 'Éthique du conseil']);
    expect(plain.filters).toMatchObject({ sort: 'updated', direction: 'desc' });
    const junk = await titles('?sort=id;drop%20table%20insights&direction=sideways');
    expect(junk.titles).toEqual(plain.titles);
    expect((await titles('?sort=title')).filters).toMatchObject({ sort: 'title', direction: 'asc' });
  });
});

describe('the import: template, accepted columns, rows checked before the start', () => {
  it('offers a CSV template whose header row is the accepted columns, to those who may import', async () => {
    const { client } = await editorOfNewOrganization(app);
    const res = await client.get('/board-users/import/template');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(res.headers.get('content-disposition')).toMatch(/attachment; filename="board-users-import-template\.csv"/);
    const [header, ...rest] = res.text.replace(/^\uFEFF/, '').split('\r\n');
    expect(header.split(',')).toEqual(IMPORT_FIELD_NAMES);
    expect(rest.join('')).toBe('');
    expect(header).not.toMatch(/(^|,)[=+\-@]/);

    const viewer = (await memberClient(app, 'viewer')).client;
    expect((await viewer.get('/board-users/import/template')).status).toBe(403);
    // A guest is sent to sign in.
    const guest = await app.client().get('/board-users/import/template');
    expect(guest.status).toBe(302);
    expect(guest.location).toBe('/login');
  });

  it('the template imports as it is: every column is recognised', async () => {
    const { client } = await editorOfNewOrganization(app);
    const template = (await client.get('/board-users/import/template')).text;
    const upload = await uploadImport(client, `${template}Ada,Lovelace,ada@example.test,+44 20 7946 0000,Chair,Main board,active,,,2026-01-05\r\n`);
    expect(upload.status).toBe(303);
    const page = (await client.get(upload.location!, { inertia: true })).page();
    expect(page.props.import.mapping).toEqual(IMPORT_FIELD_NAMES);
    expect(page.props.preview.map((r: { outcome: string }) => r.outcome)).toEqual(['create']);
  });

  it('lists the accepted columns with their other names, from the import schema, in the reader’s language', async () => {
    const { client } = await editorOfNewOrganization(app);
    const columns = (await client.get('/board-users/import', { inertia: true })).page().props.columns as { field: string; label: string; required: boolean; aliases: string[] }[];
    expect(columns.map((c) => c.field)).toEqual(IMPORT_FIELD_NAMES);
    expect(columns.find((c) => c.field === 'first_name')).toMatchObject({ label: 'First name', required: true, aliases: expect.arrayContaining(['vorname', 'prenom']) });
    expect(columns.find((c) => c.field === 'phone')).toMatchObject({ required: false, aliases: expect.arrayContaining(['telefon']) });
  });

  it('flags a row further down than the preview that would fail, with its error in the reader’s language, before the start', async () => {
    const { client, orgId } = await editorOfNewOrganization(app);
    const editor = await app.ctx.db
      .selectFrom('memberships')
      .innerJoin('users', 'users.id', 'memberships.user_id')
      .select('users.id')
      .where('memberships.organization_id', '=', orgId)
      .executeTakeFirstOrThrow();
    await app.ctx.db.updateTable('users').set({ locale: 'de' }).where('id', '=', editor.id).execute();
    const good = Array.from({ length: 12 }, (_, i) => `Person${i},Tester,person${i}@example.test`);
    const csv = ['first_name,last_name,email', ...good, 'Nobody,,not-an-email', ...good.slice(0, 2).map((r) => r.replace('Person', 'Other').replace('person', 'other'))].join('\n');
    const upload = await uploadImport(client, csv);
    const page = (await client.get(upload.location!, { inertia: true })).page();
    expect(page.props.preview).toHaveLength(10);
    expect(page.props.preview.every((r: { outcome: string }) => r.outcome === 'create')).toBe(true);
    // The whole-file check is a deferred prop: the page asks for it right after it shows.
    expect(page.deferredProps).toMatchObject({ default: expect.arrayContaining(['problems']) });
    const { problems } = (await client.get(upload.location!, { inertia: { partial: { component: 'BoardUsers/Import', only: ['problems'] } } })).page().props;
    expect(problems.count).toBe(1);
    expect(problems.rows).toHaveLength(1);
    expect(problems.rows[0]).toMatchObject({ line: 14, cells: ['Nobody', '', 'not-an-email'] });
    expect(problems.rows[0].error).toMatch(/Nachname/);
    expect(problems.rows[0].error).not.toMatch(/last name/i);
    // Nothing was imported: the check runs before the start.
    const count = await app.ctx.db
      .selectFrom('board_users')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('organization_id', '=', orgId)
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(0);
  });
});

describe('a withdrawn public link', () => {
  it('answers 404 with a page that says the link is not available or was withdrawn, in the reader’s language, naming nothing', async () => {
    const owner = await createUser(app);
    const org = await createOrganization(app, owner, { plan: 'business', name: 'Withdrawing Org' });
    const token = randomToken(24);
    await createInsight(app, org.id, null, { title: 'Secret board pack', category: 'other', status: 'published', published_at: new Date(), share_token: token, shared_at: new Date() });
    const path = `/p/${org.slug}/${token}`;
    expect((await app.client().get(path)).status).toBe(200);

    const ownerClient = await actingAs(app, app.client(), owner, org.id);
    const insight = await app.ctx.db.selectFrom('insights').select('id').where('share_token', '=', token).executeTakeFirstOrThrow();
    expect((await ownerClient.delete(`/insights/${insight.id}/share`, undefined, { inertia: true })).status).toBeLessThan(400);

    const expected = { 'en-US': /<title>Link not available - /, de: /<title>Link nicht verfügbar - /, fr: /<title>Lien indisponible - / } as const;
    const withdrawn = { 'en-US': /withdrawn/, de: /zurückgezogen/, fr: /retiré/ } as const;
    for (const [locale, heading] of Object.entries(expected) as [keyof typeof expected, RegExp][]) {
      const res = await app.client().get(path, { headers: { 'Accept-Language': locale } });
      expect(res.status, locale).toBe(404);
      const page = res.page();
      expect(page.component).toBe('Errors/404');
      expect(page.props.reason).toBe('publicLink');
      expect(page.props.locale).toBe(locale);
      expect(res.text).toMatch(heading);
      expect(page.props.message).toMatch(withdrawn[locale]);
      expect(res.text).not.toContain('Secret board pack');
      expect(res.text).not.toContain('Withdrawing Org');
    }
  });
});

describe('registering to create an organisation', () => {
  it('the register page knows why it was opened, and after verifying the address the organisation form opens', async () => {
    const c = app.client();
    await c.prime('/register?intent=organization');
    expect((await c.get('/register?intent=organization', { inertia: true })).page().props.intent).toBe('organization');
    expect((await c.get('/register', { inertia: true })).page().props.intent).toBeNull();
    expect((await c.get('/register?intent=%3Cscript%3E', { inertia: true })).page().props.intent).toBeNull();

    const email = `founder-${Date.now()}@example.test`;
    const res = await c.post('/register', { name: 'Founder', email, password: 'a long secret', password_confirmation: 'a long secret', intent: 'organization' }, { inertia: true });
    expect(res.location).toBe('/verify-email');
    await app.ctx.db.updateTable('users').set({ email_verified_at: new Date() }).where('email', '=', email).execute();
    expect((await c.get('/verify-email', { inertia: true })).location).toBe('/organizations/create');
  });

  it('without the intent, verifying leads on as before (the dashboard, then the organisation choice)', async () => {
    const c = app.client();
    await c.prime('/register');
    const email = `plain-${Date.now()}@example.test`;
    await c.post('/register', { name: 'Plain', email, password: 'a long secret', password_confirmation: 'a long secret' }, { inertia: true });
    await app.ctx.db.updateTable('users').set({ email_verified_at: new Date() }).where('email', '=', email).execute();
    expect((await c.get('/verify-email', { inertia: true })).location).toBe('/dashboard');
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InsightStatus } from '../../../server/db/types';
import { randomToken } from '../../../server/lib/crypto';
import { createTestApp, FakeClock, type TestApp } from '../../helpers/app';
import { actingAs, addMember, createBoardUser, createInsight, createOrganization, createUser, linkBoardUsers } from '../../helpers/factories';

let app: TestApp;
const clock = new FakeClock();
let org: { id: number; slug: string; name: string };
let authorId: number;

async function insight(
  organizationId: number,
  r: Partial<{ title: string; summary: string | null; body: string; status: InsightStatus; shared: boolean; deleted_at: Date | null; published_at: Date }> = {},
) {
  const token = r.shared === false ? null : randomToken(24);
  const row = await createInsight(app, organizationId, authorId, {
    title: r.title ?? 'A public insight',
    summary: r.summary === undefined ? 'Summary text' : r.summary,
    body: r.body ?? 'Body **text**',
    category: 'strategy',
    status: r.status ?? 'published',
    published_at: r.published_at ?? (r.status && r.status !== 'published' ? null : new Date('2026-11-01T10:00:00Z')),
    share_token: token,
    deleted_at: r.deleted_at ?? null,
  });
  return { ...row, token: token!, path: `/p/${(await app.ctx.db.selectFrom('organizations').select('slug').where('id', '=', organizationId).executeTakeFirstOrThrow()).slug}/${token}` };
}

const viewCount = async (id: number) => (await app.ctx.db.selectFrom('insights').select('view_count').where('id', '=', id).executeTakeFirstOrThrow()).view_count;

beforeAll(async () => {
  app = await createTestApp({ clock });
  const author = await createUser(app, { name: 'Author Person' });
  authorId = author.id;
  org = await createOrganization(app, author, { name: 'Acme Governance', slug: 'acme-gov', plan: 'team' });
});
afterAll(() => app.close());

describe('public index', () => {
  it('lists only shared, published, live insights of that organisation, with no personal data', async () => {
    const person = await createBoardUser(app, org.id, { first_name: 'Secretive', last_name: 'Trustee', email: 'secret.trustee@example.test' });
    const visible = await insight(org.id, { title: 'Visible insight' });
    await linkBoardUsers(app, visible.id, [person.id]);
    await insight(org.id, { title: 'Draft insight', status: 'draft' });
    await insight(org.id, { title: 'Archived insight', status: 'archived' });
    await insight(org.id, { title: 'Unshared insight', shared: false });
    await insight(org.id, { title: 'Deleted insight', deleted_at: new Date() });
    const otherOrg = await createOrganization(app, null);
    await insight(otherOrg.id, { title: 'Other org insight' });

    const res = await app.client().get('/p/acme-gov');
    expect(res.status).toBe(200);
    const page = res.page();
    expect(page.component).toBe('Insights/Public/Index');
    expect(page.props.organization).toMatchObject({ name: 'Acme Governance', slug: 'acme-gov' });
    expect(page.props.insights.data.map((i: any) => i.title)).toEqual(['Visible insight']);
    expect(page.props.insights.data[0].url).toBe(visible.path);
    expect(page.props.insights.data[0]).not.toHaveProperty('id');
    for (const secret of ['Draft insight', 'Archived insight', 'Unshared insight', 'Deleted insight', 'Other org insight', 'Secretive', 'Trustee', 'secret.trustee', 'Author Person']) {
      expect(res.text).not.toContain(secret);
    }
    expect(res.headers.get('cache-control')).toBe('private, no-cache');
    expect(res.text).toContain('<meta property="og:title" content="Insights from Acme Governance">');

    // A German guest's page says it in German, and a cache keeps the languages apart.
    const german = await app.client().get('/p/acme-gov', { headers: { 'Accept-Language': 'de-DE,de;q=0.9' } });
    expect(german.text).toContain('<meta property="og:title" content="Insights von Acme Governance">');
    expect(german.text).toContain('<html lang="de">');
    expect(german.headers.get('vary')).toMatch(/Accept-Language/);
    expect(german.headers.get('vary')).toMatch(/Cookie/);
  });

  it('answers 404 for an unknown, deleted or disabled organisation', async () => {
    const disabled = await createOrganization(app, null, { slug: 'hidden-org', public_page_enabled: false });
    await insight(disabled.id, { title: 'Hidden' });
    const deleted = await createOrganization(app, null, { slug: 'gone-org' });
    await insight(deleted.id);
    await app.ctx.db.updateTable('organizations').set({ deleted_at: new Date() }).where('id', '=', deleted.id).execute();
    for (const path of ['/p/hidden-org', '/p/gone-org', '/p/no-such-org', '/p/UPPER', '/p/%3Cscript%3E']) {
      const res = await app.client().get(path);
      expect(res.status, path).toBe(404);
      expect(res.page().component).toBe('Errors/404');
      expect(res.headers.get('cache-control') ?? '').not.toContain('private');
    }
  });

  it('runs the same number of queries for 3 shared insights as for 60', async () => {
    const small = await createOrganization(app, null, { slug: 'small-org' });
    const big = await createOrganization(app, null, { slug: 'big-org' });
    for (let i = 0; i < 3; i++) await insight(small.id);
    for (let i = 0; i < 60; i++) await insight(big.id);
    const count = async (path: string) => {
      const client = app.client();
      const before = app.queries.length;
      expect((await client.get(path)).status).toBe(200);
      return app.queries.length - before;
    };
    expect(await count('/p/big-org')).toBe(await count('/p/small-org'));
    expect(await count('/p/big-org')).toBeLessThanOrEqual(3);
  });
});

describe('public show', () => {
  it('renders the sanitised insight with title, description and Open Graph tags, escaped', async () => {
    const row = await insight(org.id, {
      title: 'Risk & "reward" </title><script>alert(1)</script>',
      summary: 'A <b>short</b> "summary"',
      body: '# Hello\n\n<script>alert(2)</script><img src=x onerror=alert(3)>\n\n[x](javascript:alert(4))',
    });
    const res = await app.client().get(row.path);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('private, no-cache');
    const html = res.text;
    expect(html).toContain('<title>Risk &amp; "reward" &lt;/title&gt;&lt;script&gt;alert(1)&lt;/script&gt; - Boardly</title>');
    expect(html).toContain('<meta name="description" content="A &lt;b&gt;short&lt;/b&gt; &quot;summary&quot;">');
    expect(html).toContain('<meta property="og:title" content="Risk &amp; &quot;reward&quot; &lt;/title&gt;&lt;script&gt;alert(1)&lt;/script&gt;">');
    expect(html).toContain('<meta property="og:description" content="A &lt;b&gt;short&lt;/b&gt; &quot;summary&quot;">');
    expect(html).toContain(`<meta property="og:url" content="${app.url}${row.path}">`);
    expect(html).toContain('<meta property="og:type" content="article">');
    expect(html).toContain(`<link rel="canonical" href="${app.url}${row.path}">`);
    expect(html).not.toMatch(/<script>alert/);
    const page = res.page();
    expect(page.component).toBe('Insights/Public/Show');
    expect(page.props.insight.body_html).toBe('<h2>Hello</h2>\n<p><a rel="noopener noreferrer nofollow">x</a></p>\n');
    expect(page.props.insight).not.toHaveProperty('id');
    expect(page.props.insight).not.toHaveProperty('author_id');
    expect(page.props.organization).toEqual({ name: 'Acme Governance', slug: 'acme-gov', publicPageEnabled: true });
  });

  it('describes an insight without a summary by the start of its text', async () => {
    const row = await insight(org.id, { summary: null, body: `## Why\n\nBoards *must* adapt. ${'word '.repeat(100)}` });
    const html = (await app.client().get(row.path)).text;
    expect(html).toMatch(/<meta name="description" content="Why Boards must adapt\. word word[^"]*…">/);
  });

  it('never serves drafts, archived, unshared, deleted insights, wrong slugs or junk tokens', async () => {
    const draft = await insight(org.id, { status: 'draft' });
    const archived = await insight(org.id, { status: 'archived' });
    const deleted = await insight(org.id, { deleted_at: new Date() });
    const ok = await insight(org.id);
    const other = await createOrganization(app, null, { slug: 'other-org' });
    const paths = [draft.path, archived.path, deleted.path, `/p/other-org/${ok.token}`, '/p/acme-gov/short', `/p/acme-gov/${ok.token}x%00`, `/p/acme-gov/${'a'.repeat(65)}`];
    for (const path of paths) {
      const res = await app.client().get(path);
      expect(res.status, path).toBe(404);
      expect(res.text).not.toContain('A public insight');
    }
    await app.ctx.db.updateTable('insights').set({ share_token: null }).where('id', '=', ok.id).execute();
    expect((await app.client().get(ok.path)).status).toBe(404);
    expect(other.slug).toBe('other-org');
  });

  it('keeps working when the listing page is off, but not when the organisation is deleted', async () => {
    const o = await createOrganization(app, null, { slug: 'unlisted-org', public_page_enabled: false });
    const row = await insight(o.id);
    expect((await app.client().get(row.path)).status).toBe(200);
    await app.ctx.db.updateTable('organizations').set({ deleted_at: new Date() }).where('id', '=', o.id).execute();
    expect((await app.client().get(row.path)).status).toBe(404);
  });
});

describe('view counting', () => {
  it('counts once per visitor per hour, per browser, and never prefetches', async () => {
    const row = await insight(org.id);
    const visit = (ua: string, headers: Record<string, string> = {}) => app.client().get(row.path, { headers: { 'User-Agent': ua, ...headers } });
    await visit('Browser A');
    expect(await viewCount(row.id)).toBe(1);
    await visit('Browser A');
    clock.advance(59 * 60_000);
    await visit('Browser A');
    expect(await viewCount(row.id)).toBe(1);
    await visit('Browser B');
    expect(await viewCount(row.id)).toBe(2);
    await visit('Browser C', { Purpose: 'prefetch' });
    await visit('Browser C', { 'Sec-Purpose': 'prefetch;prerender' });
    expect(await viewCount(row.id)).toBe(2);
    clock.advance(60_000);
    await visit('Browser A');
    expect(await viewCount(row.id)).toBe(3);
    await visit('Browser A');
    expect(await viewCount(row.id)).toBe(3);
    const rows = await app.ctx.db.selectFrom('insight_views').selectAll().where('insight_id', '=', row.id).execute();
    expect(rows).toHaveLength(2);
    expect(rows.every((r) => /^[0-9a-f]{64}$/.test(r.visitor_hash))).toBe(true);
  });

  it('does not count the author’s own visits, but counts a colleague’s', async () => {
    const row = await insight(org.id);
    const author = await app.ctx.db.selectFrom('users').selectAll().where('id', '=', authorId).executeTakeFirstOrThrow();
    const authorClient = await actingAs(app, app.client(), author, org.id);
    expect((await authorClient.get(row.path)).status).toBe(200);
    expect((await authorClient.get(row.path, { inertia: true })).status).toBe(200);
    expect(await viewCount(row.id)).toBe(0);
    const colleague = await createUser(app);
    await addMember(app, org.id, colleague, 'viewer');
    const colleagueClient = await actingAs(app, app.client(), colleague, org.id);
    await colleagueClient.get(row.path, { headers: { 'User-Agent': 'colleague' } });
    expect(await viewCount(row.id)).toBe(1);
  });

  it('a 404 counts nothing', async () => {
    const row = await insight(org.id, { status: 'draft' });
    await app.client().get(row.path);
    expect(await viewCount(row.id)).toBe(0);
    expect(await app.ctx.db.selectFrom('insight_views').selectAll().where('insight_id', '=', row.id).execute()).toEqual([]);
  });
});

import { Writable } from 'node:stream';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomToken } from '../../../server/lib/crypto';
import { builtRenderer, serverRenderer } from '../../../server/inertia/server-render';
import { isServerRendered } from '../../../shared/server-rendering';
import { createTestApp, type TestApp } from '../../helpers/app';
import { actingAs, createInsight, createOrganization, createUser } from '../../helpers/factories';

/** What the server rendered inside the root element (empty for the client-rendered shell). */
function root(html: string): { rendered: boolean; inner: string } {
  const match = /<div id="app"( data-server-rendered="true")?>([\s\S]*)<\/div>\n {2}<\/body>/.exec(html);
  if (!match) throw new Error(`no root element in:\n${html.slice(0, 2000)}`);
  return { rendered: Boolean(match[1]), inner: match[2] };
}

/** Text as a reader sees it: tags out, entities decoded. */
const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ');

let app: TestApp;
let org: { id: number; slug: string };
let authorId: number;

async function shared(title: string, body: string, overrides: { summary?: string | null } = {}) {
  const token = randomToken(24);
  await createInsight(app, org.id, authorId, {
    title,
    summary: overrides.summary === undefined ? null : overrides.summary,
    body,
    category: 'strategy',
    status: 'published',
    published_at: new Date('2026-11-01T10:00:00Z'),
    share_token: token,
  });
  return `/p/${org.slug}/${token}`;
}

beforeAll(async () => {
  app = await createTestApp();
  const author = await createUser(app);
  authorId = author.id;
  org = await createOrganization(app, author, { name: 'Acme Governance', slug: 'acme-ssr', plan: 'team' });
});
afterAll(() => app.close());

describe('public pages arrive as HTML', () => {
  it('a shared insight: its title and body inside the root, its stylesheet linked, its head complete', async () => {
    const path = await shared('Board renewal in 2027', 'The committee **recommends** a staggered renewal of three seats.\n\nA second paragraph.');
    const res = await app.client().get(path);
    expect(res.status).toBe(200);
    const { rendered, inner } = root(res.text);
    expect(rendered).toBe(true);
    expect(text(inner)).toContain('Board renewal in 2027');
    expect(text(inner)).toContain('The committee recommends a staggered renewal of three seats.');
    // The Markdown arrives as sanitised HTML, as the page draws it.
    expect(inner).toContain('<strong>recommends</strong>');
    expect(text(inner)).toContain('All insights from Acme Governance');
    // Drawn from the page object as the browser receives it (a date as its ISO string), so hydration finds the same.
    expect(inner).toContain('<time dateTime="2026-11-01T10:00:00.000Z">');
    // Drawn before any script runs: the page's utilities come with the HTML.
    expect(res.text).toContain('<link rel="stylesheet" href="/build/assets/full-v1.css">');
    expect(res.text).toContain('<html lang="en-US">');
    expect(res.text).toContain('<title>Board renewal in 2027 - Boardly</title>');
    expect(res.text).toContain(`<link rel="canonical" href="${app.ctx.url(path)}">`);
    expect(res.text).toContain('<meta property="og:title" content="Board renewal in 2027">');
    expect(res.text).toContain('<meta name="twitter:description" content="The committee recommends a staggered renewal of three seats. A second paragraph.">');
    // Without JavaScript, what only a script can operate is hidden.
    expect(res.text).toContain('<noscript><style>[data-requires-js]{display:none!important}</style></noscript>');
    expect(inner).toMatch(/<button type="button" data-requires-js="true"/);
    // The theme class is set before the first paint, ahead of the stylesheets.
    expect(res.text.indexOf("localStorage.getItem('theme')")).toBeLessThan(res.text.indexOf('rel="stylesheet"'));
    // The same page object as before goes with it, for the client to hydrate.
    expect(res.page().component).toBe('Insights/Public/Show');
  });

  it('in the reader’s language', async () => {
    const path = await shared('Sprachprobe', 'Ein Satz.');
    const res = await app.client().get(path, { headers: { 'Accept-Language': 'de-DE,de;q=0.9' } });
    expect(res.text).toContain('<html lang="de">');
    expect(text(root(res.text).inner)).toContain('Alle Insights von Acme Governance');
  });

  it('the organisation’s page, the landing pages and the legal texts', async () => {
    await shared('Listed on the organisation page', 'Body.');
    const pages: [string, string[]][] = [
      [`/p/${org.slug}`, ['Acme Governance', 'Listed on the organisation page']],
      ['/', ['Keep every board member known, briefed and up to date.']],
      ['/welcome/new', ['Sign in']],
      ['/privacy-policy', ['Privacy policy']],
      ['/terms', ['Terms of service']],
    ];
    for (const [path, texts] of pages) {
      const res = await app.client().get(path);
      expect(res.status, path).toBe(200);
      const { rendered, inner } = root(res.text);
      expect(rendered, path).toBe(true);
      for (const t of texts) expect(text(inner), path).toContain(t);
      expect(res.text, path).toMatch(/<meta name="description" content="[^"]{20,}">/);
      expect(res.text, path).toContain('<link rel="canonical" href="');
      expect(res.text, path).toContain('<meta property="og:title" content="');
    }
    // Either landing page names / as its address.
    expect((await app.client().get('/welcome/new')).text).toContain(`<link rel="canonical" href="${app.ctx.url('/')}">`);
  });

  it('a withdrawn link says it was withdrawn, in the document, and is kept out of search results', async () => {
    const path = await shared('Soon withdrawn', 'Body.');
    await app.ctx.db.updateTable('insights').set({ share_token: null }).where('title', '=', 'Soon withdrawn').execute();
    const res = await app.client().get(path);
    expect(res.status).toBe(404);
    const { rendered, inner } = root(res.text);
    expect(rendered).toBe(true);
    expect(text(inner)).toContain('This link is not available');
    expect(text(inner)).toContain('The link may have been withdrawn');
    expect(text(inner)).not.toContain('Soon withdrawn');
    expect(res.text).toContain('<meta name="robots" content="noindex">');
  });

  it('the error pages', async () => {
    const missing = await app.client().get('/no-such-page');
    expect(missing.status).toBe(404);
    expect(text(root(missing.text).inner)).toContain('We couldn’t find that page');
    // A forged form post (no CSRF token): the 419 page, rendered.
    const forged = await app.client().post('/login', { email: 'a@example.test', password: 'x' }, { noCsrf: true });
    expect(forged.status).toBe(419);
    const { rendered, inner } = root(forged.text);
    expect(rendered).toBe(true);
    expect(text(inner)).toMatch(/expired/i);
    expect(forged.text).toContain('<meta name="robots" content="noindex">');
  });

  it('hostile text stays text: no script from a title, a summary, a body or an organisation name survives', async () => {
    const hostileOrg = await createOrganization(app, null, { name: '</div><script>alert("org")</script> {organization} @@x', slug: 'hostile-ssr', plan: 'team' });
    const token = randomToken(24);
    await createInsight(app, hostileOrg.id, authorId, {
      title: '</title></script><script>alert(1)</script> {count, plural, one {#}} @@title',
      summary: '<img src=x onerror=alert(2)> =HYPERLINK("http://evil")',
      body: 'Fine text.\n\n<script>alert(3)</script>\n\n<img src=x onerror="alert(4)">\n\n[link](javascript:alert(5))',
      category: 'strategy',
      status: 'published',
      published_at: new Date('2026-11-01T10:00:00Z'),
      share_token: token,
    });
    const res = await app.client().get(`/p/hostile-ssr/${token}`);
    expect(res.status).toBe(200);
    const { rendered, inner } = root(res.text);
    expect(rendered).toBe(true);
    expect(text(inner)).toContain('</title></script><script>alert(1)</script> {count, plural, one {#}} @@title');
    expect(text(inner)).toContain('Fine text.');
    expect(inner).not.toMatch(/<script|<[^>]+\son\w+=|href="javascript:/i);
    // The document's only scripts are the theme, the page object and the client's entry.
    expect(res.text.match(/<script/g)?.length).toBe(3);
    expect(res.text).not.toMatch(/<img[^>]*onerror/i);
    expect(res.text).not.toContain('<script>alert');
  });
});

describe('what stays client-rendered', () => {
  it('signed-in pages and Inertia visits', async () => {
    const user = await createUser(app);
    const own = await createOrganization(app, user);
    const client = app.client();
    await actingAs(app, client, user, own.id);
    const dashboard = await client.get('/dashboard');
    expect(dashboard.status).toBe(200);
    expect(root(dashboard.text)).toEqual({ rendered: false, inner: '' });
    expect(dashboard.text).not.toContain('full-v1.css');

    const { version } = (await app.client().get('/terms')).page();
    const visit = await app.client().get('/terms', { inertia: { version } });
    expect(visit.headers.get('content-type')).toMatch(/json/);
    expect(visit.json().component).toBe('Legal/Terms');
  });
});

describe('a renderer that fails never fails the request', () => {
  function capture() {
    const lines: Record<string, unknown>[] = [];
    const stream = new Writable({
      write(chunk, _encoding, done) {
        for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
        done();
      },
    });
    return { lines, logger: pino({ level: 'info' }, stream) };
  }

  it('a page that throws while rendering: the client-rendered shell, logged once', async () => {
    const { lines, logger } = capture();
    const failing = await createTestApp({
      renderer: serverRenderer({
        renders: isServerRendered,
        load: async () => ({
          render: async () => {
            throw new Error('boom in a component');
          },
        }),
        logger,
      }),
    });
    try {
      for (let i = 0; i < 3; i++) {
        const res = await failing.client().get('/terms');
        expect(res.status).toBe(200);
        expect(root(res.text)).toEqual({ rendered: false, inner: '' });
        expect(res.page().component).toBe('Legal/Terms');
      }
      await new Promise((r) => setTimeout(r, 20));
      expect(lines.filter((l) => String(l.msg).includes('server rendering of Legal/Terms failed'))).toHaveLength(1);
    } finally {
      await failing.close();
    }
  });

  it('a renderer that is not built: the client-rendered shell, logged once', async () => {
    const { lines, logger } = capture();
    const unbuilt = await createTestApp({ renderer: serverRenderer({ renders: isServerRendered, load: builtRenderer('/nonexistent/ssr.js'), logger }) });
    try {
      for (const path of ['/', '/terms', '/privacy-policy']) {
        const res = await unbuilt.client().get(path);
        expect(res.status).toBe(200);
        expect(root(res.text).rendered).toBe(false);
      }
      await new Promise((r) => setTimeout(r, 20));
      expect(lines.filter((l) => String(l.msg).includes('server rendering is unavailable'))).toHaveLength(1);
    } finally {
      await unbuilt.close();
    }
  });

  it('SSR_ENABLED=false: every page is client-rendered', async () => {
    const off = await createTestApp({ env: { SSR_ENABLED: 'false' } });
    try {
      const res = await off.client().get('/terms');
      expect(root(res.text)).toEqual({ rendered: false, inner: '' });
      expect(res.text).not.toContain('full-v1.css');
    } finally {
      await off.close();
    }
  });
});

import type { APIRequestContext, Page } from '@playwright/test';
import { demoTest, expect, signInAs } from './support/fixtures';

/**
 * Known XSS payloads in every text field of board users and insights, then every page that
 * shows them (signed in and public) in Chromium: no dialog may open and no injected element or
 * event-handler attribute may exist in the DOM. The payloads call alert() so that any execution,
 * whatever slipped past, shows up as a dialog.
 */
const test = demoTest({ SCHEDULER_ENABLED: 'true' });

const PAYLOADS: [name: string, payload: string][] = [
  ['script tag', '<script>alert("script")</script>'],
  ['img onerror', '<img src=x onerror=alert("img")>'],
  ['svg onload', '<svg onload=alert("svg")>'],
  ['svg script', '<svg><script>alert("svgscript")</script></svg>'],
  ['attribute break-out', '"><script>alert("break")</script>'],
  ['single-quote break-out', "'><img src=x onerror=alert('sq')>"],
  ['javascript: URL', 'javascript:alert("js")'],
  ['markdown javascript link', '[click me](javascript:alert("mdlink"))'],
  ['markdown encoded link', '[click](jav&#x09;ascript:alert("mdtab"))'],
  ['markdown entity link', '[c](&#106;avascript:alert("ent"))'],
  ['markdown data link', '[d](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)'],
  ['markdown image', '![x](javascript:alert("mdimg"))'],
  ['html javascript link', '<a href="javascript:alert(\'a\')">a</a>'],
  ['mixed-case scheme', '<a href="JaVaScRiPt:alert(\'case\')">c</a>'],
  ['html-encoded', '&lt;script&gt;alert("enc")&lt;/script&gt;'],
  ['percent-encoded', '%3Cscript%3Ealert("pct")%3C%2Fscript%3E'],
  ['unicode-escaped', '\\u003cscript\\u003ealert("uni")\\u003c/script\\u003e'],
  ['iframe srcdoc', '<iframe srcdoc="<script>alert(\'iframe\')</script>"></iframe>'],
  ['details ontoggle', '<details open ontoggle=alert("details")>x</details>'],
  ['object data', '<object data="javascript:alert(\'obj\')"></object>'],
  ['mutation XSS', '<math><mtext><table><mglyph><style><img src=x onerror=alert("mxss")>'],
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a template placeholder in a plain string is the payload under test
  ['template literal', '${alert("tpl")}'],
  // biome-ignore lint/suspicious/noTemplateCurlyInString: as above
  ['backtick template', '`${alert("tpl2")}`'],
  ['template injection', '{{constructor.constructor(\'alert("ng")\')()}}'],
  ['closing script in JSON', '</script><script>alert("json")</script>'],
  ['style expression', '<div style="background:url(javascript:alert(\'css\'))">s</div>'],
  ['form action', '<form action="javascript:alert(\'form\')"><button>go</button></form>'],
  ['meta refresh', '<meta http-equiv="refresh" content="0;url=javascript:alert(\'meta\')">'],
];

/** Short payloads for tags (≤ 30 characters each). */
const TAG_PAYLOADS = ['<svg onload=alert("t1")>', '<img src=x onerror=alert(2)>', '"><script>alert(3)</script>', 'javascript:alert("t4")'];

/** Anything a payload could have planted. Modals are portalled to <body>, so all of it is searched. */
async function injected(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    const all = Array.from(document.body.querySelectorAll('*'));
    for (const el of all) {
      const tag = el.tagName.toLowerCase();
      if (tag === 'script' && !(el.getAttribute('type') === 'application/json' && el.hasAttribute('data-page')) && !(el as HTMLScriptElement).src) found.push(`script: ${el.outerHTML.slice(0, 80)}`);
      if (['iframe', 'object', 'embed', 'frame', 'meta', 'base', 'form'].includes(tag) && el.closest('#app article, #app [role="tabpanel"]')) found.push(`${tag}: ${el.outerHTML.slice(0, 80)}`);
      if (tag === 'iframe' || tag === 'object' || tag === 'embed') found.push(`${tag}: ${el.outerHTML.slice(0, 80)}`);
      for (const attr of Array.from(el.attributes)) {
        if (/^on/i.test(attr.name)) found.push(`${tag}[${attr.name}]`);
        if (['href', 'src', 'action', 'formaction', 'data', 'xlink:href'].includes(attr.name.toLowerCase()) && /^\s*(javascript|data|vbscript):/i.test(attr.value.replace(/[\u0000-\u0020]/g, ''))) {
          found.push(`${tag}[${attr.name}=${attr.value.slice(0, 40)}]`);
        }
      }
      if (tag === 'img' && el.getAttribute('src') === 'x') found.push('img[src=x]');
    }
    return found;
  });
}

/** JSON writes with the session's CSRF token, as the app's own client sends them. */
async function write(request: APIRequestContext, page: Page, method: 'post' | 'put' | 'delete', path: string, data?: unknown) {
  const xsrf = (await page.context().cookies()).find((c) => c.name === 'XSRF-TOKEN')!.value;
  const res = await request[method](path, { data, headers: { 'X-XSRF-TOKEN': decodeURIComponent(xsrf), Accept: 'application/json' }, maxRedirects: 0 });
  if (res.status() !== 303) throw new Error(`${method.toUpperCase()} ${path} → ${res.status()}: ${await res.text()}`);
  return res.headers().location;
}

test('no payload executes or plants markup on any board-user, insight or public page', async ({ page, browser, app }) => {
  test.setTimeout(480_000);
  const dialogs: string[] = [];
  page.on('dialog', async (d) => {
    dialogs.push(`${page.url()}: ${d.message()}`);
    await d.dismiss();
  });
  await signInAs(page, 'editor');
  const request = page.context().request;
  const marker = `xss${Date.now().toString(36)}`;

  const boardUserIds: number[] = [];
  const insightIds: number[] = [];
  for (const [i, [, payload]] of PAYLOADS.entries()) {
    const location = await write(request, page, 'post', '/board-users', {
      first_name: `${marker} ${payload}`.slice(0, 100),
      last_name: payload.slice(0, 100),
      email: `${marker}-${i}@example.test`,
      phone: '',
      position: payload.slice(0, 100),
      board_name: payload,
      status: 'active',
      tags: [TAG_PAYLOADS[i % TAG_PAYLOADS.length]],
      notes: payload,
      joined_on: '',
      // The first few end their term tomorrow: the dashboard's "Terms ending soon" names them.
      term_ends_on: i < 3 ? new Date(Date.now() + 86_400_000).toISOString().slice(0, 10) : '',
    });
    boardUserIds.push(Number(location.split('/').pop()));
  }
  const allPayloads = PAYLOADS.map(([, p]) => p).join('\n\n');
  for (const [i, [, payload]] of PAYLOADS.entries()) {
    const location = await write(request, page, 'post', '/insights', {
      title: `${marker} ${payload}`.slice(0, 200),
      summary: payload,
      body: `# ${payload}\n\n${payload}\n\n${i === 0 ? allPayloads : ''}`,
      category: 'risk',
      board_user_ids: [boardUserIds[i]],
    });
    const id = Number(location.split('/').pop());
    insightIds.push(id);
    await write(request, page, 'post', `/insights/${id}/publish`);
    await write(request, page, 'post', `/insights/${id}/share`);
  }

  const visit = async (p: Page, path: string) => {
    const res = await p.goto(path);
    expect(res!.status(), `${path}\n${res!.status() >= 500 ? app.output.slice(-5).join('') : ''}`).toBeLessThan(400);
    await p.waitForLoadState('networkidle');
    expect(await injected(p), path).toEqual([]);
  };

  // Signed-in pages: lists (including a reflected search), details and forms.
  await visit(page, `/board-users?search=${encodeURIComponent(marker)}`);
  await expect(page.getByText(`${marker} <script>alert("script")</script>`)).toBeVisible();
  await visit(page, `/board-users?search=${encodeURIComponent('"><script>alert("q")</script>')}`);
  await visit(page, '/dashboard');
  await expect(page.getByRole('region', { name: 'Terms ending soon' }).getByText(`${marker} <script>alert("script")</script>`, { exact: false })).toBeVisible();
  expect(await injected(page), '/dashboard, terms ending soon').toEqual([]);
  await visit(page, `/insights?search=${encodeURIComponent(marker)}`);
  await visit(page, `/insights?search=${encodeURIComponent('<img src=x onerror=alert("q")>')}`);
  for (const id of boardUserIds) {
    await visit(page, `/board-users/${id}`);
    await visit(page, `/board-users/${id}/edit`);
  }
  for (const id of insightIds) {
    await visit(page, `/insights/${id}`);
    await visit(page, `/insights/${id}/edit`);
  }
  // The editor's preview renders the body through the same sanitiser.
  await page.getByRole('tab', { name: 'Preview' }).click();
  await expect(page.getByRole('tabpanel', { name: 'Preview' })).not.toHaveAttribute('aria-busy', 'true');
  expect(await injected(page)).toEqual([]);
  // Links inside rendered bodies never carry a script URL and always get rel=nofollow.
  await visit(page, `/insights/${insightIds[0]}`);
  for (const link of await page.locator('article a').all()) {
    expect((await link.getAttribute('href')) ?? '').not.toMatch(/script:|^data:/i);
    expect(await link.getAttribute('rel')).toBe('noopener noreferrer nofollow');
  }

  // Public pages, signed out (and with the HTML shell's Open Graph tags in play).
  const guestContext = await browser.newContext();
  const guest = await guestContext.newPage();
  guest.on('dialog', async (d) => {
    dialogs.push(`${guest.url()}: ${d.message()}`);
    await d.dismiss();
  });
  await visit(guest, '/p/northwind');
  await expect(guest.getByText(`${marker} <meta http-equiv="refresh" content="0;url=javascript:alert('meta')">`)).toBeVisible();
  await visit(guest, '/p/northwind?page=2');
  await expect(guest.getByText(`${marker} <script>alert("script")</script>`)).toBeVisible();
  for (const id of insightIds) {
    await page.goto(`/insights/${id}`);
    const url = await page.getByRole('textbox', { name: 'Public link' }).inputValue();
    await visit(guest, url);
    const heads = await guest.evaluate(() => Array.from(document.head.querySelectorAll('script:not([src]):not([nonce])')).length);
    expect(heads).toBe(0);
  }
  await guestContext.close();

  expect(dialogs).toEqual([]);
});

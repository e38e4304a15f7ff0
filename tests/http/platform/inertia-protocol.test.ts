import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpError } from '../../../server/errors';
import { always, deepMerge, defer, merge, once, optional, prepend } from '../../../server/inertia';
import { flash } from '../../../server/http/session-bridge';
import { createTestApp, writeTestManifest, type TestApp } from '../../helpers/app';

// Pages that exist only in this file: they exercise the protocol, not a component.
declare module '../../../server/inertia/middleware' {
  interface PageRegistry {
    'Test/Props': Record<string, unknown>;
    'Test/Slashes': Record<string, unknown>;
    'Test/Form': Record<string, unknown>;
  }
}

let app: TestApp;
const calls: string[] = [];

beforeAll(async () => {
  app = await createTestApp({
    extraRoutes(router) {
      router.get('/__test/props', (_req, res) =>
        res.inertia.render(
          'Test/Props',
          {
            plain: 'plain',
            lazy: () => {
              calls.push('lazy');
              return 'lazy';
            },
            pinned: always('pinned'),
            extra: optional(() => {
              calls.push('extra');
              return 'extra';
            }),
            stats: defer(() => {
              calls.push('stats');
              return { count: 3 };
            }),
            chart: defer(() => 'chart', 'charts'),
            posts: merge([{ id: 1 }], { matchOn: 'id' }),
            messages: prepend(['m1']),
            settings: deepMerge({ a: { b: 1 } }),
            feed: merge([{ id: 2 }], { defer: true }),
            plans: once(() => {
              calls.push('plans');
              return ['free', 'team'];
            }),
            countries: once(['nl'], { key: 'countries-v1', ttlMs: 60_000 }),
          },
          { title: 'Props' },
        ),
      );
      router.get('/__test/slashes', (_req, res) => res.inertia.render('Test/Slashes', { html: '</script><script>alert(1)</script> & <!-- a/b "quoted"' }));
      router.post('/__test/validate', (_req, res) => res.inertia.validationFailed({ name: 'The name field is required.' }));
      router.get('/__test/form', (_req, res) => res.inertia.render('Test/Form'));
      router.post('/__test/flash', (req, res) => {
        flash(req, 'success', 'Saved.');
        res.redirect('/__test/form');
      });
      router.put('/__test/put', (_req, res) => res.redirect('/__test/form'));
      router.patch('/__test/patch', (_req, res) => res.redirect('/__test/form'));
      router.delete('/__test/delete', (_req, res) => res.redirect('/__test/form'));
      router.post('/__test/post', (_req, res) => res.redirect('/__test/form'));
      router.get('/__test/external', (_req, res) => res.inertia.location('https://example.com/elsewhere?a=1'));
      router.post('/__test/fragment', (_req, res) => res.redirect('/terms#changes'));
      router.post('/__test/empty', (_req, res) => void res.end());
      router.get('/__test/boom', () => {
        throw new Error('secret internals');
      });
      router.get('/__test/status/:code', (req) => {
        throw new HttpError(Number(req.params.code));
      });
      router.get('/__test/history', (_req, res) => res.inertia.render('Test/Form', {}, { encryptHistory: true, clearHistory: true }));
    },
  });
});
afterAll(() => app.close());

/** A browser that has loaded a page, so its Inertia visits carry the current asset version. */
async function visitor() {
  const c = app.client();
  await c.prime('/__test/form');
  return c;
}

describe('first visit (HTML)', () => {
  it('renders the shell with the page object in a JSON script before #app', async () => {
    const res = await app.client().get('/__test/props');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/text\/html/);
    expect(res.text).toMatch(/<script data-page="app" type="application\/json">\{.*\}<\/script>\s*<div id="app"><\/div>/s);
    const page = res.page();
    expect(page.component).toBe('Test/Props');
    expect(page.url).toBe('/__test/props');
    expect(page.props.errors).toEqual({});
  });

  it('escapes every / as \\/ and uses no HTML entities in the page JSON', async () => {
    const res = await app.client().get('/__test/slashes');
    const json = res.text.match(/<script data-page="app" type="application\/json">([\s\S]*?)<\/script>/)![1];
    expect(json).not.toMatch(/[^\\]\//);
    expect(json).toContain('<\\/script>'.replace('<', '\\u003c'));
    expect(json).not.toMatch(/&(amp|lt|gt|quot|#\d+);/);
    expect(res.page().props.html).toBe('</script><script>alert(1)</script> & <!-- a/b "quoted"');
    expect(res.page().url).toBe('/__test/slashes');
  });

  it('puts the title, csrf meta tag and built assets in the head', async () => {
    const res = await app.client().get('/__test/props');
    expect(res.text).toContain('<title>Props - Boardly</title>');
    expect(res.text).toMatch(/<meta name="csrf-token" content="[0-9a-f]{40}">/);
    expect(res.text).toContain('<script type="module" src="/build/assets/app-v1.js"');
    expect(res.text).toContain('<link rel="stylesheet" href="/build/assets/app-v1.css">');
  });

  it('sends Vary: X-Inertia on every response', async () => {
    for (const path of ['/__test/props', '/nope', '/favicon.svg']) {
      const res = await app.client().get(path);
      expect(res.headers.get('vary')).toMatch(/X-Inertia/i);
    }
  });
});

describe('Inertia visits (JSON)', () => {
  it('answers JSON with X-Inertia: true and the page object', async () => {
    const c = app.client();
    await c.prime('/__test/form');
    const res = await c.get('/__test/props?tab=a&x=%2F', { inertia: true });
    expect(res.status).toBe(200);
    expect(res.headers.get('x-inertia')).toBe('true');
    expect(res.headers.get('content-type')).toMatch(/application\/json/);
    const page = res.json();
    expect(page.component).toBe('Test/Props');
    expect(page.url).toBe('/__test/props?tab=a&x=%2F');
    expect(page.version).toBe(c.version);
    expect(page.props).toMatchObject({ plain: 'plain', lazy: 'lazy', pinned: 'pinned', errors: {} });
  });

  it('leaves out optional and deferred props on a full visit and lists deferred ones by group', async () => {
    const page = (await (await visitor()).get('/__test/props', { inertia: true })).json();
    expect(page.props).not.toHaveProperty('extra');
    expect(page.props).not.toHaveProperty('stats');
    expect(page.props).not.toHaveProperty('chart');
    expect(page.props).not.toHaveProperty('feed');
    expect(page.deferredProps).toEqual({ default: ['stats', 'feed'], charts: ['chart'] });
  });

  it('describes merge, prepend, deep-merge and match-on props', async () => {
    const page = (await (await visitor()).get('/__test/props', { inertia: true })).json();
    expect(page.mergeProps).toEqual(['posts']);
    expect(page.prependProps).toEqual(['messages']);
    expect(page.deepMergeProps).toEqual(['settings']);
    expect(page.matchPropsOn).toEqual(['posts.id']);
  });

  it('omits encryptHistory/clearHistory unless true, and sends them when asked', async () => {
    const plain = (await (await visitor()).get('/__test/form', { inertia: true })).json();
    expect(plain).not.toHaveProperty('encryptHistory');
    expect(plain).not.toHaveProperty('clearHistory');
    const history = (await (await visitor()).get('/__test/history', { inertia: true })).json();
    expect(history.encryptHistory).toBe(true);
    expect(history.clearHistory).toBe(true);
  });

  it('lists once props and skips those the client already has', async () => {
    const first = (await (await visitor()).get('/__test/props', { inertia: true })).json();
    expect(first.onceProps).toEqual({
      plans: { prop: 'plans', expiresAt: null },
      'countries-v1': { prop: 'countries', expiresAt: expect.any(Number) },
    });
    expect(first.props.plans).toEqual(['free', 'team']);
    calls.length = 0;
    const again = (await (await visitor()).get('/__test/props', { inertia: { exceptOnce: ['plans', 'countries-v1'] } })).json();
    expect(again.props).not.toHaveProperty('plans');
    expect(again.props).not.toHaveProperty('countries');
    expect(again.onceProps.plans).toEqual({ prop: 'plans', expiresAt: null });
    expect(calls).not.toContain('plans');
  });
});

describe('partial reloads', () => {
  const partial = (only?: string[], except?: string[], component = 'Test/Props') => ({ inertia: { partial: { component, only, except } } });

  it('narrows to X-Inertia-Partial-Data, keeping always props and errors', async () => {
    calls.length = 0;
    const page = (await (await visitor()).get('/__test/props', partial(['plain']))).json();
    expect(Object.keys(page.props).sort()).toEqual(['errors', 'pinned', 'plain']);
    expect(calls).not.toContain('lazy');
  });

  it('removes X-Inertia-Partial-Except props', async () => {
    const page = (await (await visitor()).get('/__test/props', partial(undefined, ['plain', 'pinned']))).json();
    expect(page.props).not.toHaveProperty('plain');
    expect(page.props.pinned).toBe('pinned');
    expect(page.props.lazy).toBe('lazy');
  });

  it('ignores partial headers meant for another component', async () => {
    const page = (await (await visitor()).get('/__test/props', partial(['plain'], undefined, 'Other/Page'))).json();
    expect(page.props.lazy).toBe('lazy');
    expect(page.props).not.toHaveProperty('extra');
    expect(page.deferredProps).toBeDefined();
  });

  it('resolves optional props only when asked', async () => {
    calls.length = 0;
    await app.client().get('/__test/props', { inertia: true });
    expect(calls).not.toContain('extra');
    const page = (await (await visitor()).get('/__test/props', partial(['extra']))).json();
    expect(page.props.extra).toBe('extra');
  });

  it('resolves a deferred group on its own partial reload', async () => {
    calls.length = 0;
    const page = (await (await visitor()).get('/__test/props', partial(['stats', 'feed']))).json();
    expect(page.props.stats).toEqual({ count: 3 });
    expect(page.props.feed).toEqual([{ id: 2 }]);
    expect(page).not.toHaveProperty('deferredProps');
    expect(page.mergeProps).toEqual(['feed']);
  });

  it('does not mark props named in X-Inertia-Reset as mergeable', async () => {
    const page = (await (await visitor()).get('/__test/props', { inertia: { partial: { component: 'Test/Props', only: ['posts'] }, reset: ['posts'] } })).json();
    expect(page.props.posts).toEqual([{ id: 1 }]);
    expect(page).not.toHaveProperty('mergeProps');
    expect(page).not.toHaveProperty('matchPropsOn');
  });

  it('resolves a once prop the client has when a partial reload names it', async () => {
    const page = (await (await visitor()).get('/__test/props', { inertia: { partial: { component: 'Test/Props', only: ['plans'] }, exceptOnce: ['plans'] } })).json();
    expect(page.props.plans).toEqual(['free', 'team']);
  });
});

describe('asset versioning', () => {
  it('answers a GET with a stale version with 409 and the full URL, and keeps flash data', async () => {
    const c = app.client();
    await c.prime('/__test/form');
    await c.post('/__test/flash', {}, { inertia: true });
    const res = await c.get('/__test/form?page=2', { inertia: { version: 'stale' } });
    expect(res.status).toBe(409);
    expect(res.headers.get('x-inertia-location')).toBe(`${app.url}/__test/form?page=2`);
    expect(res.headers.get('x-inertia')).toBeNull();
    expect(res.text).toBe('');
    const next = (await c.get('/__test/form?page=2')).page();
    expect(next.props.flash).toEqual({ success: 'Saved.' });
    expect(next.flash).toEqual({ success: 'Saved.' });
  });

  it('never answers 409 to a non-GET with a stale version', async () => {
    const c = app.client();
    await c.prime('/__test/form');
    const res = await c.post('/__test/post', {}, { inertia: { version: 'stale' } });
    expect(res.status).toBe(302);
  });

  it('derives the version from the build manifest', async () => {
    const c = app.client();
    await c.prime('/__test/form');
    const before = c.version;
    expect(before).toMatch(/^[0-9a-f]{32}$/);
    writeTestManifest(app.ctx.paths.manifest, 'v2');
    await new Promise((r) => setTimeout(r, 1100));
    const after = (await c.get('/__test/form', { inertia: { version: 'x' } })).headers.get('x-inertia-location');
    expect(after).toBeTruthy();
    const fresh = (await (await visitor()).get('/__test/form')).page().version;
    expect(fresh).not.toBe(before);
    writeTestManifest(app.ctx.paths.manifest, 'v1');
    await new Promise((r) => setTimeout(r, 1100));
  });
});

describe('redirects', () => {
  it.each(['put', 'patch', 'delete'] as const)('turns 302 into 303 after %s', async (method) => {
    const c = app.client();
    await c.prime('/__test/form');
    const res = await c[method](`/__test/${method}`, {}, { inertia: true });
    expect(res.status).toBe(303);
    expect(res.location).toBe('/__test/form');
  });

  it('keeps 302 after POST', async () => {
    const c = app.client();
    await c.prime('/__test/form');
    expect((await c.post('/__test/post', {}, { inertia: true })).status).toBe(302);
  });

  it('external redirects: 409 + X-Inertia-Location for Inertia visits, a plain redirect otherwise', async () => {
    const c = app.client();
    await c.prime('/__test/form');
    const inertiaRes = await c.get('/__test/external', { inertia: true });
    expect(inertiaRes.status).toBe(409);
    expect(inertiaRes.headers.get('x-inertia-location')).toBe('https://example.com/elsewhere?a=1');
    const plain = await c.get('/__test/external');
    expect(plain.status).toBe(302);
    expect(plain.location).toBe('https://example.com/elsewhere?a=1');
  });

  it('a redirect to a URL with a #fragment becomes 409 + X-Inertia-Redirect', async () => {
    const c = app.client();
    await c.prime('/__test/form');
    const res = await c.post('/__test/fragment', {}, { inertia: true });
    expect(res.status).toBe(409);
    expect(res.headers.get('x-inertia-redirect')).toBe('/terms#changes');
    expect(res.location).toBeNull();
  });

  it('an empty 200 answer to an Inertia request redirects back', async () => {
    const c = app.client();
    await c.prime('/__test/form');
    const res = await c.post('/__test/empty', {}, { inertia: true, headers: { Referer: `${app.url}/__test/form?x=1` } });
    expect(res.status).toBe(303);
    expect(res.location).toBe('/__test/form?x=1');
  });

  it('never redirects back to another site', async () => {
    const c = app.client();
    await c.prime('/__test/form');
    const res = await c.post('/__test/empty', {}, { inertia: true, headers: { Referer: 'https://evil.example/phish' } });
    expect(res.location).toBe('/');
  });
});

describe('validation errors and flash', () => {
  it('redirects back with errors shared as props.errors, never 422', async () => {
    const c = app.client();
    await c.prime('/__test/form');
    const res = await c.post('/__test/validate', {}, { inertia: true, headers: { Referer: `${app.url}/__test/form` } });
    expect(res.status).toBe(303);
    expect(res.location).toBe('/__test/form');
    const page = (await c.get('/__test/form', { inertia: true })).json();
    expect(page.props.errors).toEqual({ name: 'The name field is required.' });
    const after = (await c.get('/__test/form', { inertia: true })).json();
    expect(after.props.errors).toEqual({});
  });

  it('nests errors under the X-Inertia-Error-Bag name', async () => {
    const c = app.client();
    await c.prime('/__test/form');
    await c.post('/__test/validate', {}, { inertia: { errorBag: 'createUser' }, headers: { Referer: `${app.url}/__test/form` } });
    const page = (await c.get('/__test/form', { inertia: true })).json();
    expect(page.props.errors).toEqual({ createUser: { name: 'The name field is required.' } });
  });

  it('carries flash messages to the next page as shared props and page.flash, once', async () => {
    const c = app.client();
    await c.prime('/__test/form');
    const res = await c.post('/__test/flash', {}, { inertia: true });
    expect(res.status).toBe(302);
    const page = (await c.get('/__test/form', { inertia: true })).json();
    expect(page.props.flash).toEqual({ success: 'Saved.' });
    expect(page.flash).toEqual({ success: 'Saved.' });
    const later = (await c.get('/__test/form', { inertia: true })).json();
    expect(later.props.flash).toEqual({});
    expect(later).not.toHaveProperty('flash');
  });
});

describe('error pages', () => {
  it('renders Errors/404 with status 404 for unknown routes, as HTML and as JSON', async () => {
    const html = await app.client().get('/definitely/not/here');
    expect(html.status).toBe(404);
    expect(html.page().component).toBe('Errors/404');
    expect(html.text).toContain('<title>Page not found - Boardly</title>');
    const json = await (await visitor()).get('/definitely/not/here', { inertia: true });
    expect(json.status).toBe(404);
    expect(json.headers.get('x-inertia')).toBe('true');
    expect(json.json().component).toBe('Errors/404');
  });

  it.each([403, 419, 429, 503])('renders an error page for %i', async (code) => {
    const res = await app.client().get(`/__test/status/${code}`);
    expect(res.status).toBe(code);
    expect(res.page()).toMatchObject({ component: 'Errors/Error', props: { status: code } });
    if (code !== 419) {
      const visit = await (await visitor()).get(`/__test/status/${code}`, { inertia: true });
      expect(visit.status).toBe(code);
      expect(visit.json()).toMatchObject({ component: 'Errors/Error', props: { status: code } });
    }
  });

  it('renders 500 without any stack trace or internal message', async () => {
    const res = await app.client().get('/__test/boom');
    expect(res.status).toBe(500);
    expect(res.page().component).toBe('Errors/Error');
    expect(res.text).not.toContain('secret internals');
    expect(res.text).not.toMatch(/at .*\.ts:\d+/);
  });

  it('answers JSON errors to non-page JSON requests', async () => {
    const res = await app.client().get('/nope', { headers: { Accept: 'application/json' } });
    expect(res.status).toBe(404);
    expect(res.json()).toEqual({ message: expect.any(String) });
  });

  it('answers malformed JSON bodies with 400, not 500', async () => {
    const c = app.client();
    await c.prime('/__test/form');
    const res = await c.request('POST', '/__test/post', '{"broken', { inertia: true });
    expect(res.status).toBe(400);
  });
});

describe('CSRF', () => {
  it('rejects an unsafe request without a token with 419', async () => {
    const c = app.client();
    await c.prime('/__test/form');
    const res = await c.post('/__test/post', {}, { noCsrf: true });
    expect(res.status).toBe(419);
  });

  it('sends an Inertia visit with an expired token back with a flash error', async () => {
    const c = app.client();
    await c.prime('/__test/form');
    const res = await c.post('/__test/post', {}, { noCsrf: true, inertia: true, headers: { Referer: `${app.url}/__test/form` } });
    expect(res.status).toBe(303);
    const page = (await c.get('/__test/form', { inertia: true })).json();
    expect(page.props.flash).toEqual({ error: 'The page expired, please try again.' });
  });

  it('accepts the token as X-XSRF-TOKEN, X-CSRF-TOKEN or _token', async () => {
    const c = app.client();
    const shell = await c.get('/__test/form');
    const token = shell.text.match(/name="csrf-token" content="([^"]+)"/)![1];
    expect(c.cookie('XSRF-TOKEN')).toBe(token);
    expect((await c.post('/__test/post', {}, { noCsrf: true, headers: { 'X-CSRF-TOKEN': token } })).status).toBe(302);
    expect((await c.post('/__test/post', { _token: token }, { noCsrf: true, form: true })).status).toBe(302);
    expect((await c.post('/__test/post')).status).toBe(302);
  });

  it("rejects another session's token", async () => {
    const a = app.client();
    const b = app.client();
    await a.prime('/__test/form');
    await b.prime('/__test/form');
    const res = await a.post('/__test/post', {}, { noCsrf: true, headers: { 'X-XSRF-TOKEN': b.cookie('XSRF-TOKEN')! } });
    expect(res.status).toBe(419);
  });
});

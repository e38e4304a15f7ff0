import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../server/app';
import { cleanParam } from '../../server/lib/query';
import { createTestApp, type TestApp } from '../helpers/app';
import { actingAs, createOrganization, createUser } from '../helpers/factories';
import { cookieHeader, rawRequest } from '../helpers/raw-http';
import type { TestClient } from '../helpers/client';

/** Input the app cannot use answers 4xx (never 500): paths, static files, query strings, bodies. */

let app: TestApp;
let owner: TestClient;
let orgId: number;

beforeAll(async () => {
  app = await createTestApp({
    extraRoutes: (router) => {
      // What a value the database refuses looks like when a check upstream is missing.
      router.get('/__test/as-integer', async (req, res) => {
        await sql`select ${String(req.query.v)}::int`.execute(app.ctx.db);
        res.json({ ok: true });
      });
      router.get('/__test/bug', () => {
        throw new Error('a real bug at /work/server/x.ts:1:1');
      });
    },
  });
  const user = await createUser(app);
  orgId = (await createOrganization(app, user)).id;
  owner = await actingAs(app, app.client(), user, orgId);
});
afterAll(() => app.close());

const get = (path: string, headers: Record<string, string> = {}) => rawRequest(app.url, { method: 'GET', path, headers: { Accept: 'text/html', ...headers } });

describe('a malformed %-escape in a path parameter answers 400', () => {
  it('public, guest and signed-in routes alike', async () => {
    const signedIn = { Cookie: cookieHeader(owner.cookies) };
    for (const badEscape of ['%ZZ', '%', '%E0%A4%A', '%ED%A0%80', '%C0%AF', '%FF']) {
      for (const [path, headers] of [
        [`/p/${badEscape}`, {}],
        [`/p/acme/${badEscape}`, {}],
        [`/org-login/${badEscape}`, {}],
        [`/invitations/${badEscape}`, {}],
        [`/insights/${badEscape}`, signedIn],
        [`/organizations/${badEscape}/activity-logs`, signedIn],
      ] as const) {
        const res = await get(path, headers);
        expect(res.status, path).toBe(400);
        expect(res.text, path).not.toContain('Failed to decode');
      }
    }
  });

  it('as an Inertia visit the 400 is the error page', async () => {
    const res = await owner.get('/insights/%ZZ', { inertia: true });
    expect(res.status).toBe(400);
    expect(res.page().component).toBe('Errors/Error');
  });
});

describe('/build answers 404 for anything it does not have', () => {
  it('missing chunks, the directory itself, traversal and odd escapes', async () => {
    for (const p of [
      '/build/assets/gone-123.js',
      '/build/',
      '/build',
      '/build/assets',
      '/build/..%2f..%2fpackage.json',
      '/build/%2e%2e/%2e%2e/package.json',
      '/build/%ZZ',
      '/build/assets/%00.js',
      '/build/.vite/manifest.json',
    ]) {
      for (const method of ['GET', 'HEAD', 'POST']) {
        const res = await rawRequest(app.url, { method, path: p });
        expect(res.status, `${method} ${p}`).toBe(404);
        expect(res.headers['cache-control'], p).toBe('no-store');
        expect(res.text, p).not.toContain('"name": "boardly"');
      }
    }
  });

  it('serves what is in the build directory, and nothing outside it', async () => {
    const root = mkdtempSync(path.join(tmpdir(), 'boardly-build-'));
    mkdirSync(path.join(root, 'public/build/assets'), { recursive: true });
    writeFileSync(path.join(root, 'public/build/assets/app-1.js'), 'console.log("built")');
    writeFileSync(path.join(root, 'secret.txt'), 'outside the build');
    const other = createApp({ ...app.ctx, paths: { ...app.ctx.paths, root } });
    const server: Server = await new Promise((resolve) => {
      const s = other.listen(0, '127.0.0.1', () => resolve(s));
    });
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      const ok = await rawRequest(base, { method: 'GET', path: '/build/assets/app-1.js' });
      expect(ok.status).toBe(200);
      expect(ok.text).toBe('console.log("built")');
      expect(ok.headers['cache-control']).toContain('immutable');
      for (const p of ['/build/..%2fsecret.txt', '/build/..%2f..%2fsecret.txt', '/build/assets/..%2f..%2f..%2fsecret.txt', '/build/%2e%2e/%2e%2e/secret.txt']) {
        const res = await rawRequest(base, { method: 'GET', path: p });
        expect(res.status, p).toBe(404);
        expect(res.text, p).not.toContain('outside the build');
      }
    } finally {
      server.closeAllConnections();
      await new Promise<void>((r) => server.close(() => r()));
    }
  });
});

describe('one query-string cleaner for every list page', () => {
  const lists = () => ['/users', '/organizations', '/board-users', '/insights', `/organizations/${orgId}/activity-logs`, '/history', '/subscription/history', '/board-users/options'];
  const bad = [
    'search=%00',
    'search=a%00b%01c',
    'search[]=x',
    'search[a]=1',
    'page[a]=1',
    'page=1&page=2',
    'sort[$gt]=',
    'status[]=active',
    'organization=%00',
    'from=%00',
    `search=${'y'.repeat(5000)}`,
  ];

  it('NUL, control characters, arrays and objects never reach the database (no 500)', async () => {
    for (const list of lists()) {
      for (const query of bad) {
        const res = await owner.get(`${list}?${query}`, { inertia: true, headers: { Accept: 'application/json' } });
        expect(res.status, `${list}?${query}`).toBe(200);
      }
    }
  });

  it('the search the page shows is the cleaned one', async () => {
    for (const list of ['/users', '/organizations']) {
      const nul = (await owner.get(`${list}?search=a%00b%01c`, { inertia: true })).page();
      expect(nul.props.filters.search, list).toBe('abc');
      const array = (await owner.get(`${list}?search[]=x`, { inertia: true })).page();
      expect(array.props.filters.search, list).toBe('');
      const long = (await owner.get(`${list}?search=${'y'.repeat(500)}`, { inertia: true })).page();
      expect(long.props.filters.search, list).toBe('y'.repeat(100));
    }
  });

  it('cleanParam: a single string only, controls out, trimmed, capped without splitting a character', () => {
    expect(cleanParam(' a\u0000b\u0001\u009fc ')).toBe('abc');
    expect(cleanParam(['x'])).toBeUndefined();
    expect(cleanParam({ a: '1' })).toBeUndefined();
    expect(cleanParam(undefined)).toBeUndefined();
    expect(cleanParam('😀😀', 3)).toBe('😀\ufffd');
  });
});

describe('bodies the parsers cannot read answer 4xx', () => {
  const post = (body: Buffer | string, headers: Record<string, string>) =>
    rawRequest(app.url, {
      method: 'PATCH',
      path: '/settings',
      headers: { Cookie: cookieHeader(owner.cookies), 'X-XSRF-TOKEN': owner.cookie('XSRF-TOKEN')!, Accept: 'application/json', ...headers },
      body,
    });

  it('Content-Encoding: gzip (or deflate, br) on a body that is not compressed → 400', async () => {
    for (const encoding of ['gzip', 'deflate', 'br']) {
      const res = await post('{"locale":"en"}', { 'Content-Type': 'application/json', 'Content-Encoding': encoding });
      expect(res.status, encoding).toBe(400);
      expect(JSON.parse(res.text).message).toBe('The request body could not be read.');
    }
  });

  it('an unknown Content-Encoding or charset → 415; too large → 413; broken JSON → 400', async () => {
    expect((await post('{}', { 'Content-Type': 'application/json', 'Content-Encoding': 'x-compress' })).status).toBe(415);
    expect((await post('{}', { 'Content-Type': 'application/json; charset=koi8-r' })).status).toBe(415);
    expect((await post('a=1', { 'Content-Type': 'application/x-www-form-urlencoded; charset=x-unknown' })).status).toBe(415);
    expect((await post(JSON.stringify({ locale: 'x'.repeat(2 * 1024 * 1024) }), { 'Content-Type': 'application/json' })).status).toBe(413);
    expect((await post(Array.from({ length: 1500 }, (_, i) => `f${i}=1`).join('&'), { 'Content-Type': 'application/x-www-form-urlencoded' })).status).toBe(413);
    const broken = await post('{"locale":', { 'Content-Type': 'application/json' });
    expect(broken.status).toBe(400);
    expect(broken.text).not.toContain('locale');
  });

  it('a real gzip body is read', async () => {
    const res = await post(gzipSync('{"locale":"fr-FR","timezone":"Europe/Paris"}'), { 'Content-Type': 'application/json', 'Content-Encoding': 'gzip' });
    expect(res.status).toBe(303);
    const page = (await owner.get('/settings', { inertia: true })).page();
    expect(page.props.preferences).toMatchObject({ locale: 'fr-FR', timezone: 'Europe/Paris' });
  });
});

describe('defence in depth: a value the database refuses is a 400, a real bug stays a 500', () => {
  it('PostgreSQL data exceptions caused by input → 400 without details', async () => {
    for (const v of ['99999999999', 'abc', '%00']) {
      const res = await get(`/__test/as-integer?v=${v}`, { Accept: 'application/json' });
      expect(res.status, v).toBe(400);
      expect(res.text, v).toBe('{"message":"Bad request."}');
    }
    expect((await get('/__test/as-integer?v=12', { Accept: 'application/json' })).status).toBe(200);
  });

  it('anything else is still a 500, with no stack trace', async () => {
    const res = await get('/__test/bug', { Accept: 'application/json' });
    expect(res.status).toBe(500);
    expect(res.text).not.toContain('/work/server');
    expect(res.text).not.toContain('a real bug');
  });
});

import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../server/app';
import { randomToken } from '../../server/lib/crypto';
import { createTestApp, FakeClock, type TestApp } from '../helpers/app';
import { actingAs, addMember, createBoardUser, createInsight, createInvitation, createOrganization, createUser } from '../helpers/factories';
import { cookieHeader, rawRequest, type RawResponse } from '../helpers/raw-http';
import { fillRoute, listRoutes, routeParams, type RouteEntry } from '../helpers/routes';

/**
 * Every route of the router, fed generated junk (path parameters, query strings, bodies, content
 * types and encodings, headers) as a guest, as a signed-in owner (with a valid CSRF token, so the
 * input reaches the handler), with Inertia headers and with a confirmed password. No answer may
 * be a 5xx, show a stack trace, or redirect off the site. The generator is seeded: every run
 * sends the same requests.
 */

/** mulberry32: small, seeded, good enough to pick junk. */
function prng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return { next, pick: <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)] };
}

const TEN_KB = 'x'.repeat(10_000);

/** Raw path segments (already URL-encoded as a client would send them). */
const PARAM_JUNK = [
  '%ZZ',
  '%ED%A0%80',
  '%C0%AF',
  '%00',
  '%01%1F%7F',
  '%0D%0ALocation:%20x',
  '99999999999999999999',
  '2147483648',
  '-1',
  '0',
  '1.5',
  '1e3',
  '0x1F',
  '%201',
  '%F0%9F%98%80',
  '..%2f..%2fpackage.json',
  '%5C%5Cevil',
  TEN_KB,
  '__proto__',
  'constructor',
  '%27%3B--%3Cscript%3E',
  'NaN',
  `Ab-_${'c'.repeat(60)}`,
] as const;

const QUERY_JUNK = [
  '',
  '?search=%00',
  '?search=a%00b%01',
  '?search[]=x',
  '?search[a]=1',
  '?search=%ZZ',
  `?search=${TEN_KB}`,
  '?page[a]=1',
  '?page=-1',
  '?page=99999999999999999999',
  '?page=1e309',
  '?page[]=2&page[]=3',
  '?sort=__proto__',
  '?sort[$gt]=',
  '?direction=%00',
  '?status[]=active&status[]=x',
  '?category=%00&trashed[]=only',
  '?organization=%00',
  '?organization=99999999999999999',
  '?organization[]=1',
  '?from=0000-00-00&to=9999-99-99',
  '?from[]=2026-01-01',
  '?causer=99999999999',
  '?causer[]=1',
  '?event=%00',
  '?subject_type[a]=b',
  '?email=%00',
  '?email[]=a',
  '?board_user=%00',
  '?board_user[]=1',
  '?a[b][c][d][e][f][g][h][i][j][k][l][m][n][o][p][q][r][s][t][u][v][w][x][y][z][aa][bb][cc][dd][ee][ff][gg]=1',
  '?__proto__[polluted]=1',
  '?constructor[prototype][x]=1',
  '?search=%ED%A0%80',
  `?${Array.from({ length: 1500 }, (_, i) => `p${i}=1`).join('&')}`,
] as const;

const FIELDS = [
  'name',
  'email',
  'password',
  'password_confirmation',
  'current_password',
  'title',
  'summary',
  'body',
  'category',
  'slug',
  'description',
  'website',
  'role',
  'user_id',
  'organization_id',
  'first_name',
  'last_name',
  'phone',
  'position',
  'board_name',
  'status',
  'tags',
  'notes',
  'joined_on',
  'board_user_ids',
  'plan',
  'locale',
  'timezone',
  'remember',
  'public_page_enabled',
  'token',
  'socket_id',
  'channel_name',
  '_token',
  'search',
  'page',
] as const;

const VALUE_JUNK: readonly unknown[] = [
  null,
  true,
  false,
  0,
  -1,
  1.5,
  1e308,
  -1e308,
  1e20,
  2147483648,
  -2147483649,
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\ud800',
  '\u202e',
  TEN_KB,
  '%ZZ',
  '<script>alert(1)</script>',
  [],
  ['x'],
  [1, 2],
  [[]],
  [null],
  {},
  { a: 1 },
  { $gt: '' },
  { __proto__: { polluted: 1 } },
  'NaN',
  '2026-02-30',
  '0000-00-00',
  '10000-01-01',
  'owner',
  'admin',
  'viewer',
  'business',
  'sweep@example.test',
  'not-an-email',
  'private-encrypted-x',
  '123.456',
  'Europe/Nowhere',
  'xx-XX',
];

type Body = { contentType?: string; encoding?: string; data: Buffer | string; label: string };

function junkObject(r: ReturnType<typeof prng>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const field of FIELDS) if (r.next() < 0.6) out[field] = r.pick(VALUE_JUNK);
  return out;
}

/** Bodies of every kind the parsers meet, plus generated JSON objects of wrong types. */
function bodyKinds(r: ReturnType<typeof prng>): Body[] {
  const json = 'application/json';
  const form = 'application/x-www-form-urlencoded';
  const generated = Array.from({ length: 6 }, (_, i) => ({ contentType: json, data: JSON.stringify(junkObject(r)), label: `json#${i}` }));
  return [
    ...generated,
    { contentType: json, data: '{}', label: 'json {}' },
    { contentType: json, data: '{"a":', label: 'invalid json' },
    { contentType: json, data: '[1,2,3]', label: 'json array' },
    { contentType: json, data: '"str"', label: 'json string' },
    { contentType: json, data: 'null', label: 'json null' },
    { contentType: json, data: '{"__proto__":{"polluted":1},"constructor":{"prototype":{"x":1}}}', label: 'json proto' },
    { contentType: json, data: JSON.stringify({ name: 'x'.repeat(2 * 1024 * 1024) }), label: '2 MB json' },
    { contentType: json, data: JSON.stringify(Object.fromEntries(FIELDS.map((f) => [f, '\u0000\u0001']))), label: 'json NUL everywhere' },
    { contentType: json, data: JSON.stringify(Object.fromEntries(FIELDS.map((f) => [f, { a: { b: { c: [1] } } }]))), label: 'json nested everywhere' },
    { contentType: form, data: 'a[b][c][d]=1&name[]=x&email[a]=b&password[]=1&role[$gt]=', label: 'form nested' },
    { contentType: form, data: Array.from({ length: 40 }, (_, i) => `a${'[x]'.repeat(i)}=1`).join('&'), label: 'form deep' },
    { contentType: form, data: Array.from({ length: 1500 }, (_, i) => `f${i}=1`).join('&'), label: 'form 1500 fields' },
    { contentType: form, data: 'name=%ZZ&email=%00&title=%ED%A0%80', label: 'form bad escapes' },
    { contentType: 'text/plain', data: 'hello', label: 'text/plain' },
    { contentType: 'application/xml', data: '<a/>', label: 'xml' },
    { contentType: 'multipart/form-data; boundary=x', data: '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--x--', label: 'multipart' },
    { contentType: 'application/json; charset=utf-7', data: '{}', label: 'charset utf-7' },
    { contentType: 'application/json; charset=latin1', data: Buffer.from('{"name":"\xe9"}', 'latin1'), label: 'charset latin1' },
    { contentType: json, encoding: 'gzip', data: '{"name":"not gzip"}', label: 'gzip raw' },
    { contentType: json, encoding: 'deflate', data: '{"name":"not deflate"}', label: 'deflate raw' },
    { contentType: json, encoding: 'br', data: '{"name":"not br"}', label: 'br raw' },
    { contentType: json, encoding: 'x-unknown', data: '{}', label: 'unknown encoding' },
    { contentType: json, encoding: 'gzip', data: gzipSync(Buffer.from(JSON.stringify(junkObject(r)))), label: 'real gzip' },
    { contentType: 'application/x-www-form-urlencoded', data: '', label: 'empty form' },
    { data: 'no content type at all', label: 'no content type' },
  ];
}

const REFERERS = (base: string) => [
  '',
  'garbage',
  `${base}//evil.example/x`,
  `${base}/\\evil.example`,
  'http://evil.example/',
  `${base}/dashboard`,
  'javascript:alert(1)',
  '%ZZ',
  `${base}/%ZZ`,
  `${base}/a?b=%00`,
];

interface Actor {
  name: string;
  inertia: boolean;
  confirmed: boolean;
  guest: boolean;
}
const ACTORS: Actor[] = [
  { name: 'guest', inertia: false, confirmed: false, guest: true },
  { name: 'owner', inertia: false, confirmed: false, guest: false },
  { name: 'owner+inertia+confirmed', inertia: true, confirmed: true, guest: false },
];

interface World {
  ownerId: number;
  orgId: number;
  slug: string;
  memberId: number;
  invitationId: number;
  invitationToken: string;
  boardUserId: number;
  insightId: number;
  shareToken: string;
}

/** Routes are swept in groups (one test each), so a slow machine meets no single long timeout. */
const GROUPS: [string, (path: string) => boolean][] = [
  ['/board-users', (p) => p.startsWith('/board-users')],
  ['/insights', (p) => p.startsWith('/insights')],
  ['/organizations', (p) => p.startsWith('/organizations') || p.startsWith('/org-login')],
  ['/users, /invitations', (p) => p.startsWith('/users') || p.startsWith('/invitations')],
  ['account pages', (p) => /^\/(register|login|logout|forgot-password|reset-password|verify-email|email|confirm-password|profile|password|settings|history)\b/.test(p)],
  ['everything else', () => true],
];
const groupOf = (path: string) => GROUPS.find(([, matches]) => matches(path))![0];
/** A stable seed per test, whatever order the tests run in. */
const seedOf = (text: string) => [...text].reduce((h, c) => Math.imul(h ^ c.charCodeAt(0), 16777619) >>> 0, 2166136261);

const clock = new FakeClock(new Date('2026-11-23T09:00:00Z'));
let app: TestApp;
let routes: RouteEntry[];
const stats = { requests: 0, fiveHundreds: 0, byStatus: new Map<number, number>() };
const failures: string[] = [];

async function makeWorld(): Promise<World> {
  const owner = await createUser(app);
  const org = await createOrganization(app, owner);
  const member = await createUser(app);
  await addMember(app, org.id, member, 'editor');
  const invitation = await createInvitation(app, org.id, { email: `invited-${org.id}@sweep.test`, role: 'viewer', invited_by: owner.id, expires_at: new Date(clock.now().getTime() + 86_400_000) });
  const boardUser = await createBoardUser(app, org.id, { first_name: 'Sweep', last_name: 'Target' });
  const shareToken = randomToken(24);
  const insight = await createInsight(app, org.id, owner.id, { title: 'Sweep insight', category: 'governance', status: 'published', published_at: clock.now(), share_token: shareToken });
  return {
    ownerId: owner.id,
    orgId: org.id,
    slug: org.slug,
    memberId: member.id,
    invitationId: invitation.id,
    invitationToken: invitation.token,
    boardUserId: boardUser.id,
    insightId: insight.id,
    shareToken,
  };
}

/** The value a real visitor would put in `:name` on this route. */
function realParam(path: string, name: string, w: World): string {
  if (name === 'orgSlug' || name === 'slug') return w.slug;
  if (name === 'token') return path.startsWith('/p/') ? w.shareToken : path.startsWith('/invitations') ? w.invitationToken : randomToken(32);
  if (name === 'hash') return 'a'.repeat(40);
  if (path.startsWith('/board-users')) return String(w.boardUserId);
  if (path.startsWith('/insights')) return String(w.insightId);
  if (path.startsWith('/users')) return String(w.memberId);
  if (path.startsWith('/invitations')) return String(w.invitationId);
  if (path.startsWith('/verify-email')) return String(w.ownerId);
  return String(w.orgId);
}

const PAGES_OWNERS_SEE = ['/dashboard', '/users', '/organizations', '/board-users', '/insights', '/history', '/subscription/history', '/organizations/:id/activity-logs', '/settings', '/profile'];

const STACK_TRACE = /\n\s+at .+:\d+:\d+|node_modules\/|[\\/]server[\\/][\w/-]+\.ts/;

/** A 3xx (or Inertia's 409) may only send the browser to a path of this app. */
function unsafeTarget(res: RawResponse): string | null {
  const base = app.ctx.config.APP_URL.replace(/\/+$/, '');
  for (const header of ['location', 'x-inertia-location', 'x-inertia-redirect']) {
    const value = res.headers[header];
    if (typeof value !== 'string') continue;
    const local = value.startsWith(`${base}/`) ? value.slice(base.length) : value;
    if (!local.startsWith('/') || local.startsWith('//') || local.includes('\\') || /[\u0000-\u001f]/.test(local)) return `${header}: ${value}`;
  }
  return null;
}

async function send(actor: Actor, jar: Map<string, string>, version: string, method: string, path: string, body: Body | undefined, referer: string, extra: Record<string, string> = {}) {
  const headers: Record<string, string> = { Accept: 'text/html, application/xhtml+xml', ...extra };
  if (jar.size) headers.Cookie = cookieHeader(jar);
  const xsrf = jar.get('XSRF-TOKEN');
  if (xsrf && method !== 'GET' && method !== 'HEAD') headers['X-XSRF-TOKEN'] = xsrf;
  if (actor.inertia) Object.assign(headers, { 'X-Inertia': 'true', 'X-Requested-With': 'XMLHttpRequest', 'X-Inertia-Version': version });
  if (referer) headers.Referer = referer;
  if (body?.contentType) headers['Content-Type'] = body.contentType;
  if (body?.encoding) headers['Content-Encoding'] = body.encoding;
  const res = await rawRequest(app.url, { method, path, headers, body: body?.data });
  stats.requests += 1;
  stats.byStatus.set(res.status, (stats.byStatus.get(res.status) ?? 0) + 1);
  const label = `${actor.name} ${method} ${path.length > 120 ? `${path.slice(0, 120)}…` : path}${body ? ` [${body.label}]` : ''}${referer ? ` (Referer ${referer.slice(0, 60)})` : ''}`;
  if (res.status >= 500) {
    stats.fiveHundreds += 1;
    failures.push(`${label} → ${res.status} ${res.text.slice(0, 160)}`);
  } else if (STACK_TRACE.test(res.text)) {
    failures.push(`${label} → ${res.status} shows a stack trace`);
  } else {
    const unsafe = unsafeTarget(res);
    if (unsafe) failures.push(`${label} → ${res.status} redirects off the site (${unsafe})`);
  }
  return res;
}

/** A client for the actor: a primed guest, or the world's owner signed in (password confirmed if asked). */
async function clientFor(actor: Actor, w: World) {
  const client = app.client();
  if (actor.guest) {
    await client.prime('/login');
  } else {
    const owner = await app.ctx.db.selectFrom('users').selectAll().where('id', '=', w.ownerId).executeTakeFirstOrThrow();
    await actingAs(app, client, owner, w.orgId, actor.confirmed ? { 'auth.password_confirmed_at': Math.floor(clock.now().getTime() / 1000) } : {});
  }
  return client;
}

beforeAll(async () => {
  app = await createTestApp({ clock });
  routes = listRoutes(createApp(app.ctx));
});

afterAll(async () => {
  const statuses = [...stats.byStatus]
    .sort(([a], [b]) => a - b)
    .map(([s, n]) => `${s}×${n}`)
    .join(' ');
  console.log(`Bad-input sweep: ${routes.length} routes, ${stats.requests} requests, ${stats.fiveHundreds} answered 5xx (statuses: ${statuses})`);
  await app.close();
});

describe('bad-input sweep over every route', () => {
  it('finds the whole router (nested routers included)', () => {
    const names = routes.map((r) => `${r.method} ${r.path}`);
    for (const expected of [
      'GET /p/:orgSlug/:token',
      'DELETE /organizations/:id',
      'POST /organizations/:id/transfer',
      'DELETE /profile',
      'GET /users',
      'PUT /board-users/:id/restore',
      'POST /broadcasting/auth',
    ]) {
      expect(names).toContain(expected);
    }
    expect(routes.length).toBeGreaterThan(60);
  });

  for (const actor of ACTORS) {
    for (const [group] of GROUPS) {
      it(`${actor.name} · ${group}: no 5xx, no stack trace, no redirect off the site`, { timeout: 300_000 }, async () => {
        failures.length = 0;
        const r = prng(seedOf(`${actor.name}|${group}`));
        const allBodies = bodyKinds(r);
        // Guests are stopped by the guards before any handler: the parsers and the router see their
        // input all the same, so a sample of bodies and queries is enough for them.
        const bodies = actor.guest ? Array.from({ length: 8 }, () => r.pick(allBodies)) : allBodies;
        const queries = actor.guest ? ['', ...Array.from({ length: 8 }, () => r.pick(QUERY_JUNK))] : QUERY_JUNK;
        const referers = REFERERS(app.ctx.config.APP_URL.replace(/\/+$/, ''));
        for (const route of routes.filter((x) => groupOf(x.path) === group)) {
          const w = await makeWorld();
          const client = await clientFor(actor, w);
          const hasBody = !['GET', 'HEAD'].includes(route.method);
          const params = routeParams(route.path);
          const real = Object.fromEntries(params.map((p) => [p, realParam(route.path, p, w)]));
          // Junk in each parameter (the others real), each with a random query string and body.
          for (const name of params) {
            for (const junk of PARAM_JUNK) {
              const path = fillRoute(route.path, { ...real, [name]: junk }) + r.pick(QUERY_JUNK);
              await send(actor, client.cookies, client.version, route.method, path, hasBody ? r.pick(bodies) : undefined, r.pick(referers));
            }
          }
          // Real parameters: every query junk (reads) or every body kind (writes).
          const realPath = fillRoute(route.path, real);
          if (hasBody) {
            for (const body of bodies) await send(actor, client.cookies, client.version, route.method, realPath + r.pick(QUERY_JUNK), body, r.pick(referers));
          } else {
            for (const query of queries) {
              const res = await send(actor, client.cookies, client.version, route.method, realPath + query, undefined, r.pick(referers));
              // The sweep must really reach the pages: the owner sees each plain list page.
              if (!actor.guest && query === '' && PAGES_OWNERS_SEE.includes(route.path) && res.status !== 200) failures.push(`${actor.name} GET ${realPath} → ${res.status}, expected 200`);
            }
          }
          // Odd headers on a real request: a stale or junk asset version, partial reloads naming junk, a junk error bag.
          await send(actor, client.cookies, 'stale', route.method, realPath, hasBody ? r.pick(bodies) : undefined, r.pick(referers), {
            'X-Inertia': 'true',
            'X-Inertia-Version': 'stale-%00',
            'X-Inertia-Partial-Component': 'Errors/Error',
            'X-Inertia-Partial-Data': '__proto__,constructor,errors,,,',
            'X-Inertia-Error-Bag': '__proto__',
            Accept: 'application/json',
          });
          await send(actor, client.cookies, client.version, 'OPTIONS', realPath, undefined, '');
          await send(actor, client.cookies, client.version, 'HEAD', fillRoute(route.path, Object.fromEntries(params.map((p) => [p, r.pick(PARAM_JUNK)]))), undefined, '');
        }
        expect(failures.slice(0, 40)).toEqual([]);
      });
    }
  }

  it('paths outside the router: static files, traversal, unknown methods', async () => {
    failures.length = 0;
    const jar = new Map<string, string>();
    const guest = ACTORS[0];
    for (const path of [
      '/build/',
      '/build',
      '/build/assets/gone-123.js',
      '/build/..%2f..%2fpackage.json',
      '/build/%2e%2e/%2e%2e/package.json',
      '/build/%ZZ',
      '/build/assets/%00.js',
      '/build/.vite/manifest.json',
      '/favicon.svg%00.js',
      '/..%2fpackage.json',
      '/%2e%2e%2fpackage.json',
      '/x.js',
      '/%ZZ',
      '/%ZZ.css',
      `/${TEN_KB}`,
      '/robots.txt',
      '/nope',
      '/p/%ZZ',
      '/p/%ZZ/%ZZ',
    ]) {
      for (const method of ['GET', 'HEAD', 'POST', 'PUT', 'DELETE', 'OPTIONS', 'PROPFIND']) await send(guest, jar, '', method, path, undefined, '');
    }
    expect(failures.slice(0, 40)).toEqual([]);
  });
});

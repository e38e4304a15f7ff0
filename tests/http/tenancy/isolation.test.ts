import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Express } from 'express';
import { createApp } from '../../../server/app';
import type { Role } from '../../../server/db/types';
import { createTestApp, FakeClock, type TestApp } from '../../helpers/app';
import type { TestClient } from '../../helpers/client';
import { actingAs, addMember, createActivityLog, createBoardUser, createInsight, createInvitation, createOrganization, createUser, linkBoardUsers } from '../../helpers/factories';
import { createApiToken } from '../../helpers/api';
import { actingAsBoardMember, grantPortalAccess } from '../../helpers/portal';

/**
 * Tenant isolation as a property of the whole app: every registered route with an id-like
 * parameter, asked for another organisation's record by a member of a different organisation,
 * answers 404 — never 200, 302 or 403. Routes are read from Express's router at run time, so
 * routes added later (by any feature) are checked without touching this file.
 */

interface RouteInfo {
  method: string;
  path: string;
}

const METHODS = new Set(['get', 'post', 'put', 'patch', 'delete']);

/** Every route of an Express 5 app, through nested routers (router 2.x keeps `rawPath` on layers). */
function listRoutes(app: Express): RouteInfo[] {
  const out: RouteInfo[] = [];
  const walk = (stack: any[], prefix: string) => {
    for (const layer of stack) {
      if (layer.route) {
        const paths = Array.isArray(layer.route.path) ? layer.route.path : [layer.route.path];
        for (const p of paths) {
          if (typeof p !== 'string') continue;
          const methods = Object.keys(layer.route.methods).map((m) => (m === '_all' ? 'get' : m));
          for (const m of methods) if (METHODS.has(m)) out.push({ method: m.toUpperCase(), path: joinPath(prefix, p) });
        }
      } else if (Array.isArray(layer.handle?.stack)) {
        const mount = typeof layer.rawPath === 'string' && layer.rawPath !== '/' ? layer.rawPath : '';
        walk(layer.handle.stack, joinPath(prefix, mount));
      }
    }
  };
  walk((app as any).router.stack, '');
  const seen = new Set<string>();
  return out.filter((r) => !seen.has(`${r.method} ${r.path}`) && !!seen.add(`${r.method} ${r.path}`));
}

const joinPath = (a: string, b: string) => (a + b).replace(/\/{2,}/g, '/') || '/';

/** Path parameters (`:name`); wildcards (`*name`) are not record ids. */
const paramsOf = (path: string) => [...path.matchAll(/:([A-Za-z_$][\w$]*)/g)].map((m) => m[1]);

/** Tokens, hashes and slugs are not record ids (they are unguessable or public by design). */
const isIdLike = (name: string) => !/(token|hash|slug)$/i.test(name);

/**
 * Routes whose id is not a tenant's record, with the reason. Each must still exist (a stale entry
 * fails the test) and must still refuse (403/404) a foreign id.
 */
const EXEMPT: Record<string, string> = {
  'GET /verify-email/:id/:hash': "a signed link bound to the signed-in user's own id; any other id is refused (403) before anything is read",
};

type Table = 'organizations' | 'users' | 'memberships' | 'invitations' | 'board_users' | 'insights' | 'activity_logs' | 'subscriptions' | 'subscription_events';
type Fixture = Record<Table, number>;

/** Which table a parameter points into: by its name (`boardUserId`), else by the path segment before it. */
function tableFor(path: string, param: string): Table | null {
  const byName: Record<string, Table> = {
    organizationid: 'organizations',
    orgid: 'organizations',
    organization: 'organizations',
    userid: 'users',
    user: 'users',
    memberid: 'users',
    member: 'users',
    invitationid: 'invitations',
    invitation: 'invitations',
    boarduserid: 'board_users',
    boarduser: 'board_users',
    board_user_id: 'board_users',
    insightid: 'insights',
    insight: 'insights',
    activitylogid: 'activity_logs',
    logid: 'activity_logs',
    subscriptionid: 'subscriptions',
    eventid: 'subscription_events',
    membershipid: 'memberships',
  };
  const key = param.toLowerCase().replace(/_/g, '');
  if (byName[key] ?? byName[param.toLowerCase()]) return byName[key] ?? byName[param.toLowerCase()];
  const segments = path.split('/');
  const index = segments.indexOf(`:${param}`);
  const before = (segments[index - 1] ?? '').toLowerCase().replace(/-/g, '_');
  const bySegment: Record<string, Table> = {
    organizations: 'organizations',
    users: 'users',
    members: 'users',
    memberships: 'memberships',
    invitations: 'invitations',
    board_users: 'board_users',
    insights: 'insights',
    activity_logs: 'activity_logs',
    subscriptions: 'subscriptions',
    subscription_events: 'subscription_events',
    events: 'subscription_events',
    history: 'subscription_events',
  };
  return bySegment[before] ?? null;
}

/** An id that no row has: for parameters of a kind this test does not know yet. */
const NOWHERE = 2_000_000_000;

let app: TestApp;
let routes: RouteInfo[];
let own: Fixture;
let foreign: Fixture;
const clients: Partial<Record<Role, TestClient>> = {};
/** A board member of the first organisation: the portal's routes are theirs (staff are sent to sign in there). */
let boardMember: TestClient;
let apiProgram: TestClient;
const clock = new FakeClock(new Date('2026-11-23T09:00:00Z'));

/** One record of every tenant table in an organisation. */
async function records(ownerName: string): Promise<{ fixture: Fixture; orgId: number }> {
  const db = app.ctx.db;
  const owner = await createUser(app, { name: ownerName });
  const org = await createOrganization(app, owner, { name: `${ownerName} Org` });
  const member = await createUser(app, { name: `${ownerName} Member` });
  const membership = await addMember(app, org.id, member, 'editor');
  const invitation = await createInvitation(app, org.id, { email: `invitee-${org.id}@isolation.test`, role: 'viewer', invited_by: owner.id, expires_at: new Date(clock.now().getTime() + 86_400_000) });
  const boardUser = await createBoardUser(app, org.id, { first_name: 'Bea', last_name: ownerName });
  // Published, so that a board member of another organisation is refused for the organisation alone.
  const insight = await createInsight(app, org.id, owner.id, {
    title: `Insight of ${ownerName}`,
    category: 'governance',
    status: 'published',
    published_at: clock.now(),
    boardUserIds: [boardUser.id],
  });
  const log = await createActivityLog(app, org.id, { causer_id: owner.id, event: 'created', subject_type: 'insight', subject_id: insight.id, description: 'fixture' });
  const subscription = await db.selectFrom('subscriptions').select('id').where('organization_id', '=', org.id).executeTakeFirstOrThrow();
  const event = await db.insertInto('subscription_events').values({ subscription_id: subscription.id, organization_id: org.id, event: 'fixture' }).returning('id').executeTakeFirstOrThrow();
  return {
    orgId: org.id,
    fixture: {
      organizations: org.id,
      users: member.id,
      memberships: membership.id,
      invitations: invitation.id,
      board_users: boardUser.id,
      insights: insight.id,
      activity_logs: log.id,
      subscriptions: subscription.id,
      subscription_events: event.id,
    },
  };
}

beforeAll(async () => {
  app = await createTestApp({ clock });
  // A second app on the same context, only to read the route table the server was built with.
  routes = listRoutes(createApp(app.ctx));
  const a = await records('Alpha');
  const b = await records('Bravo');
  own = a.fixture;
  foreign = b.fixture;
  const confirmed = { 'auth.password_confirmed_at': Math.floor(clock.now().getTime() / 1000) };
  for (const role of ['owner', 'viewer'] as Role[]) {
    const user = await createUser(app, { name: `Alpha ${role}` });
    await addMember(app, a.orgId, user, role);
    clients[role] = await actingAs(app, app.client(), user, a.orgId, confirmed);
  }
  const director = await createBoardUser(app, a.orgId, { first_name: 'Dee', last_name: 'Rector', email: 'dee@isolation.test', status: 'active' });
  await linkBoardUsers(app, own.insights, [director.id]);
  boardMember = await actingAsBoardMember(app, app.client(), (await grantPortalAccess(app, director)).id);
  // A program with Alpha's API token (every ability), no cookies: /api/v1 knows nothing else.
  apiProgram = app.client();
  apiProgram.defaultHeaders.Authorization = `Bearer ${(await createApiToken(app, a.orgId)).token}`;
  apiProgram.defaultHeaders.Accept = 'application/json';
});
afterAll(() => app.close());

interface Probe {
  route: RouteInfo;
  url: string;
  foreignParam: string;
  kind: string;
}

/** For each id parameter: that one foreign (the others this organisation's own), plus all foreign. */
function probesFor(route: RouteInfo): Probe[] {
  const ids = paramsOf(route.path).filter(isIdLike);
  const fill = (foreignParams: Set<string>) =>
    route.path
      .replace(/:([A-Za-z_$][\w$]*)/g, (_, name: string) => {
        if (!isIdLike(name)) return `not-a-${name.toLowerCase()}`;
        const table = tableFor(route.path, name);
        if (!table) return String(NOWHERE);
        return String((foreignParams.has(name) ? foreign : own)[table]);
      })
      .replace(/[{}]/g, '');
  const kinds = (names: string[]) => names.map((n) => `${n}→${tableFor(route.path, n) ?? 'unknown (non-existent id)'}`).join(', ');
  const probes: Probe[] = ids.map((name) => ({ route, url: fill(new Set([name])), foreignParam: name, kind: kinds([name]) }));
  if (ids.length > 1) probes.push({ route, url: fill(new Set(ids)), foreignParam: ids.join('+'), kind: kinds(ids) });
  return probes;
}

describe('tenant isolation', () => {
  it('finds the routes to check, including nested routers', () => {
    const keys = routes.map((r) => `${r.method} ${r.path}`);
    // Sanity: the walker sees routes of several routers.
    expect(keys).toContain('GET /organizations/:id');
    expect(keys).toContain('DELETE /users/:id');
    expect(keys).toContain('DELETE /invitations/:id');
    for (const exempt of Object.keys(EXEMPT)) expect(keys, `stale exemption: ${exempt}`).toContain(exempt);
  });

  it("answers 404 on every id route for another organisation's records (owner and viewer of the other organisation)", async () => {
    const candidates = routes.filter((r) => paramsOf(r.path).some(isIdLike));
    const checked: string[] = [];
    const failures: string[] = [];
    for (const route of candidates) {
      const key = `${route.method} ${route.path}`;
      for (const probe of probesFor(route)) {
        const actors: [string, TestClient][] = route.path.startsWith('/portal/')
          ? [['board member', boardMember]]
          : route.path.startsWith('/api/')
            ? [['API token', apiProgram]]
            : (['owner', 'viewer'] as Role[]).map((role) => [role, clients[role]!]);
        for (const [role, client] of actors) {
          const res = await client.request(route.method, probe.url, route.method === 'GET' ? undefined : {}, { inertia: true });
          const expected = EXEMPT[key] ? [403, 404] : [404];
          if (!expected.includes(res.status)) {
            failures.push(`${route.method} ${probe.url} as ${role} (${probe.kind}): ${res.status}${res.location ? ` → ${res.location}` : ''}`);
          }
        }
        checked.push(`${route.method.padEnd(6)} ${probe.url.padEnd(44)} ${probe.kind}${EXEMPT[key] ? `  [exempt: ${EXEMPT[key]}]` : ''}`);
      }
    }
    console.log(`Tenant isolation: ${checked.length} foreign-id requests × 2 roles over ${candidates.length} routes\n  ${checked.join('\n  ')}`);
    expect(candidates.length).toBeGreaterThanOrEqual(10);
    expect(failures, `routes that did not answer 404 for a foreign id:\n${failures.join('\n')}`).toEqual([]);
  });

  it('still serves the same routes for this organisation’s own records (the probe is not 404 for everything)', async () => {
    const client = clients.owner!;
    const own200 = [`/organizations/${own.organizations}`, `/users/${own.users}`, `/users/${own.users}/edit`];
    for (const url of own200) expect((await client.get(url, { inertia: true })).status, url).toBe(200);
    const keys = new Set(routes.map((r) => `${r.method} ${r.path}`));
    for (const [route, url] of [
      ['GET /board-users/:id', `/board-users/${own.board_users}`],
      ['GET /insights/:id', `/insights/${own.insights}`],
    ] as const) {
      if (keys.has(route)) expect((await client.get(url, { inertia: true })).status, url).toBe(200);
    }
    expect((await boardMember.get(`/portal/insights/${own.insights}`, { inertia: true })).status).toBe(200);
  });
});

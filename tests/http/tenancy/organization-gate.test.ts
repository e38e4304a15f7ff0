import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../../server/app';
import { isGated } from '../../../server/tenancy/gate';
import { createTestApp, FakeClock, type TestApp } from '../../helpers/app';
import type { TestClient } from '../../helpers/client';
import { actingAs, addMember, createBoardUser, createInsight, createOrganization, createUser } from '../../helpers/factories';
import { fillRoute, listRoutes, type RouteEntry } from '../../helpers/routes';

/**
 * Issue #23 finding 2: an organisation's own rule ("require two-factor sign-in") held only for
 * the session's current organisation. However a request names the organisation — the session,
 * the path, a channel, an export — it goes through one gate (server/tenancy/gate.ts).
 */

/** Routes that act on no organisation's data (or only on the caller's own account). */
const NO_ORGANIZATION = [
  /^\/$/,
  /^\/(login|logout|register|forgot-password|reset-password|two-factor-challenge|confirm-password|password|profile|locale|up|terms|privacy-policy|welcome\/new)(\/|$)/,
  /^\/(verify-email|email|user|passkeys|org-login)(\/|$)/,
  /^\/p\//, // public share links: their own rule (a token)
  /^\/invitations\/:token$/, // accepting an invitation: the token names the organisation
  /^\/organizations(\/create|\/select)?$/, // the caller's own list, creating one, choosing one
  /^\/broadcasting\//, // channel names: the gate is applied per channel (tested below)
  /^\/webhooks\/realtime$/, // signed by the realtime server, not a person
  /^\/api\/v1(\/|$)/, // programs with an organisation's token: the token names its organisation (tests/http/api), no member is acting
  /^\/portal(\/|$)/, // board members, never staff: their records are checked on every request (tenancy/portal.ts)
];
/** Routes that use the session's current organisation without naming one: the app-wide gate covers them. */
const CURRENT_ONLY = [/^\/settings$/, /^\/history$/];
/** What a member without the required second factor may still do there: switch to it (to be sent to set one up) and leave. */
const OPEN = [/^\/organizations\/:id\/(switch|leave)$/];

const matches = (patterns: RegExp[], path: string) => patterns.some((p) => p.test(path));

let app: TestApp;
let routes: RouteEntry[];
const clock = new FakeClock(new Date('2026-11-27T09:00:00Z'));
const json = { headers: { Accept: 'application/json' } };

beforeAll(async () => {
  app = await createTestApp({ clock });
  routes = listRoutes(createApp(app.ctx));
});
afterAll(() => app.close());

/** Strict Org requires two factors; its admin has none and also belongs to Easy Org, which does not. */
async function world() {
  const owner = await createUser(app);
  const strict = await createOrganization(app, owner, { name: 'Strict Org' });
  const easy = await createOrganization(app, owner, { name: 'Easy Org' });
  await app.ctx.db.updateTable('organizations').set({ require_two_factor: true }).where('id', '=', strict.id).execute();
  const admin = await createUser(app, { name: 'Phished Admin' });
  await addMember(app, strict.id, admin, 'admin');
  await addMember(app, easy.id, admin, 'admin');
  const boardUser = await createBoardUser(app, strict.id, { first_name: 'Bea', last_name: 'Board' });
  const insight = await createInsight(app, strict.id, owner.id, { title: 'Board pack', category: 'governance', status: 'published', published_at: clock.now() });
  const recent = { 'auth.password_confirmed_at': Math.floor(clock.now().getTime() / 1000) };
  return { owner, strict, easy, admin, boardUser, insight, recent };
}

/** Refused by the gate: a page visit is sent to set up two factors; anything else is 403. */
function refusal(res: { status: number; location?: string | null }): string | null {
  if (res.status === 303 && res.location === '/profile') return null;
  if (res.status === 403) return null;
  return `${res.status}${res.location ? ` → ${res.location}` : ''}`;
}

async function walk(client: TestClient, list: RouteEntry[], params: Record<string, string>) {
  if (!client.version) await client.prime('/profile'); // the asset version, as a browser has it
  const failures: string[] = [];
  for (const route of list) {
    const url = fillRoute(route.path, params);
    const res = await client.request(route.method, url, route.method === 'GET' ? undefined : {}, { inertia: true, headers: { Referer: `${app.url}/dashboard` } });
    const wrong = refusal(res);
    if (wrong) failures.push(`${route.method} ${route.path}: ${wrong}`);
  }
  return failures;
}

describe('the organisation policy gate', () => {
  it('every route is either behind the gate or acts on no organisation (a new route must choose)', () => {
    const unclassified = routes.filter((r) => !r.handlers.some(isGated) && !matches(NO_ORGANIZATION, r.path) && !matches(CURRENT_ONLY, r.path));
    expect(unclassified.map((r) => `${r.method} ${r.path}`)).toEqual([]);
    const namingOne = routes.filter((r) => r.path.startsWith('/organizations/:id'));
    expect(namingOne.length).toBeGreaterThan(8);
    expect(namingOne.filter((r) => !r.handlers.some(isGated)).map((r) => `${r.method} ${r.path}`)).toEqual([]);
  });

  it('named in the path while another organisation is current: every route refuses, and the rule stays on', async () => {
    const { strict, easy, admin, recent } = await world();
    const client = await actingAs(app, app.client(), admin, easy.id, recent);
    const list = routes.filter((r) => r.path.startsWith('/organizations/:id') && !matches(OPEN, r.path));
    expect(await walk(client, list, { id: String(strict.id) })).toEqual([]);
    const org = await app.ctx.db.selectFrom('organizations').select(['require_two_factor', 'name', 'deleted_at']).where('id', '=', strict.id).executeTakeFirstOrThrow();
    expect(org).toMatchObject({ require_two_factor: true, name: 'Strict Org', deleted_at: null });
    // The CSV export, asked for as a download, is refused too (not a page: 403, nothing of the log).
    const csv = await client.get(`/organizations/${strict.id}/activity-logs/export`, json);
    expect(csv.status).toBe(403);
    expect(csv.text).not.toContain('Phished Admin');
    // Easy Org is unaffected.
    expect((await client.get(`/organizations/${easy.id}/edit`, { inertia: true })).status).toBe(200);
  });

  it('with no current organisation (right after sign-in): the path still goes through the gate', async () => {
    const { strict, admin, recent } = await world();
    const client = await actingAs(app, app.client(), admin, undefined, recent);
    const res = await client.put(`/organizations/${strict.id}/two-factor-requirement`, { require_two_factor: false }, { inertia: true });
    expect(refusal(res)).toBeNull();
    expect((await app.ctx.db.selectFrom('organizations').select('require_two_factor').where('id', '=', strict.id).executeTakeFirstOrThrow()).require_two_factor).toBe(true);
    expect(refusal(await client.get(`/organizations/${strict.id}/activity-logs`, { inertia: true }))).toBeNull();
  });

  it('as the current organisation: every gated route refuses, including one chosen for the only member', async () => {
    const { strict, admin, boardUser, insight, recent } = await world();
    const client = await actingAs(app, app.client(), admin, strict.id, recent);
    const list = routes.filter((r) => r.handlers.some(isGated) && !matches(OPEN, r.path));
    const params = { id: String(strict.id), import: '1' };
    const byRecord = (r: RouteEntry) => (r.path.startsWith('/board-users/:id') ? String(boardUser.id) : r.path.startsWith('/insights/:id') ? String(insight.id) : String(strict.id));
    const failures: string[] = [];
    for (const route of list) failures.push(...(await walk(client, [route], { ...params, id: byRecord(route) })));
    for (const route of routes.filter((r) => matches(CURRENT_ONLY, r.path))) failures.push(...(await walk(client, [route], params)));
    expect(failures).toEqual([]);

    // A member of Strict Org only, whose session names no organisation yet: the one picked for them is gated too.
    const only = await createUser(app, { name: 'Only Strict' });
    await addMember(app, strict.id, only, 'admin');
    const fresh = await actingAs(app, app.client(), only);
    expect(refusal(await fresh.get('/dashboard', { inertia: true }))).toBeNull();
    expect((await fresh.get('/board-users', json)).status).toBe(403);
  });

  it('channels: no live events of an organisation that does not admit the member yet', async () => {
    const { strict, easy, admin } = await world();
    const client = await actingAs(app, app.client(), admin, easy.id);
    const auth = (channel_name: string) => client.post('/broadcasting/auth', { socket_id: '1234.5678', channel_name }, { ...json, form: true });
    expect((await auth(`private-organizations.${strict.id}`)).status).toBe(403);
    expect((await auth(`presence-organizations.${strict.id}.online`)).status).toBe(403);
    expect((await auth(`private-organizations.${easy.id}`)).status).toBe(200);
  });

  it('what stays open: switching to it (then sent to set up), leaving it, and the profile', async () => {
    const { strict, easy, admin } = await world();
    const client = await actingAs(app, app.client(), admin, easy.id);
    const switched = await client.post(`/organizations/${strict.id}/switch`, {}, { inertia: true });
    expect(switched.status).toBeLessThan(400);
    expect(refusal(await client.get('/dashboard', { inertia: true }))).toBeNull();
    const profile = await client.get('/profile', { inertia: true });
    expect(profile.status).toBe(200);
    // The page opens none of the organisation's live channels; the member's own stay open.
    expect(profile.page().props.auth.organization).toMatchObject({ id: strict.id, admitted: false });
    const auth = (path: string, body: Record<string, string>) => client.post(path, body, { ...json, form: true });
    expect((await auth('/broadcasting/user-auth', { socket_id: '1234.5678' })).status).toBe(200);
    expect((await auth('/broadcasting/auth', { socket_id: '1234.5678', channel_name: `private-App.Models.User.${admin.id}` })).status).toBe(200);
    expect((await auth('/broadcasting/auth', { socket_id: '1234.5678', channel_name: `private-organizations.${strict.id}` })).status).toBe(403);
    const left = await client.post(`/organizations/${strict.id}/leave`, {}, { inertia: true });
    expect(left.status).toBeLessThan(400);
    expect(await app.ctx.db.selectFrom('memberships').select('id').where('organization_id', '=', strict.id).where('user_id', '=', admin.id).executeTakeFirst()).toBeUndefined();
  });
});

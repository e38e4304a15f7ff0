import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Express } from 'express';
import { createApp } from '../../../server/app';
import type { Role } from '../../../server/db/types';
import { createTestApp, FakeClock, type TestApp } from '../../helpers/app';
import { actingAs, addMember, createBoardUser, createInsight, createInvitation, createOrganization, createUser } from '../../helpers/factories';

/**
 * docs/product.md's roles table, as data: each row is one action, with the roles the table allows.
 * Every actor tries every row in a fresh organisation; allowed → 200/302/303 (not a bounce to
 * sign-in, organisation choice or password confirmation), forbidden on a visible record → 403.
 * A row joins the run as soon as its route is registered; add rows as features add actions.
 */

type Actor = Role | 'platformAdmin';
const ACTORS: Actor[] = ['viewer', 'editor', 'admin', 'owner', 'platformAdmin'];

/** The table's columns, as sets of actors. */
const EVERYONE: Actor[] = ['viewer', 'editor', 'admin', 'owner', 'platformAdmin'];
const EDITORS: Actor[] = ['editor', 'admin', 'owner', 'platformAdmin'];
const ADMINS: Actor[] = ['admin', 'owner', 'platformAdmin'];
const OWNERS: Actor[] = ['owner', 'platformAdmin'];

interface World {
  org: number;
  /** An editor of the organisation other than the actor (for member actions). */
  member: number;
  invitation: number;
  boardUser: number;
  insight: number;
}

interface Row {
  ability: string;
  /** The registered route ("METHOD /path/:param"): the row runs only when it exists. */
  route: string;
  url: (w: World) => string;
  body?: (w: World) => Record<string, unknown>;
  allowed: Actor[];
  /** For our own routes: an allowed request must also have succeeded (no validation errors). */
  strict?: boolean;
}

const ROWS: Row[] = [
  // read dashboard, board users, insights (and the organisation itself)
  { ability: 'read', route: 'GET /dashboard', url: () => '/dashboard', allowed: EVERYONE },
  { ability: 'read', route: 'GET /board-users', url: () => '/board-users', allowed: EVERYONE },
  { ability: 'read', route: 'GET /board-users/:id', url: (w) => `/board-users/${w.boardUser}`, allowed: EVERYONE },
  { ability: 'read', route: 'GET /insights', url: () => '/insights', allowed: EVERYONE },
  { ability: 'read', route: 'GET /insights/:id', url: (w) => `/insights/${w.insight}`, allowed: EVERYONE },
  { ability: 'read', route: 'GET /organizations/:id', url: (w) => `/organizations/${w.org}`, allowed: EVERYONE, strict: true },
  { ability: 'read', route: 'POST /organizations/:id/switch', url: (w) => `/organizations/${w.org}/switch`, allowed: EVERYONE, strict: true },
  { ability: 'read', route: 'GET /subscription', url: () => '/subscription', allowed: EVERYONE },

  // create/edit/delete board users and insights, share/unshare
  { ability: 'manageRecords', route: 'GET /board-users/create', url: () => '/board-users/create', allowed: EDITORS },
  { ability: 'manageRecords', route: 'POST /board-users', url: () => '/board-users', body: () => ({ first_name: 'Ada', last_name: 'Board', status: 'active' }), allowed: EDITORS },
  { ability: 'manageRecords', route: 'GET /board-users/:id/edit', url: (w) => `/board-users/${w.boardUser}/edit`, allowed: EDITORS },
  { ability: 'manageRecords', route: 'PUT /board-users/:id', url: (w) => `/board-users/${w.boardUser}`, body: () => ({ first_name: 'Ada', last_name: 'Edited', status: 'active' }), allowed: EDITORS },
  { ability: 'manageRecords', route: 'DELETE /board-users/:id', url: (w) => `/board-users/${w.boardUser}`, allowed: EDITORS },
  { ability: 'manageRecords', route: 'POST /board-users/:id/portal-access', url: (w) => `/board-users/${w.boardUser}/portal-access`, body: () => ({ locale: 'fr' }), allowed: EDITORS, strict: true },
  { ability: 'manageRecords', route: 'DELETE /board-users/:id/portal-access', url: (w) => `/board-users/${w.boardUser}/portal-access`, allowed: EDITORS, strict: true },
  { ability: 'manageRecords', route: 'GET /insights/create', url: () => '/insights/create', allowed: EDITORS },
  { ability: 'manageRecords', route: 'POST /insights', url: () => '/insights', body: () => ({ title: 'Matrix', category: 'governance', status: 'draft', body: 'Text' }), allowed: EDITORS },
  { ability: 'manageRecords', route: 'GET /insights/:id/edit', url: (w) => `/insights/${w.insight}/edit`, allowed: EDITORS },
  {
    ability: 'manageRecords',
    route: 'PUT /insights/:id',
    url: (w) => `/insights/${w.insight}`,
    body: () => ({ title: 'Matrix edited', category: 'governance', status: 'published', body: 'Text' }),
    allowed: EDITORS,
  },
  { ability: 'manageRecords', route: 'DELETE /insights/:id', url: (w) => `/insights/${w.insight}`, allowed: EDITORS },
  { ability: 'manageRecords', route: 'POST /insights/:id/share', url: (w) => `/insights/${w.insight}/share`, allowed: EDITORS },
  { ability: 'manageRecords', route: 'DELETE /insights/:id/share', url: (w) => `/insights/${w.insight}/share`, allowed: EDITORS },

  // read activity log
  { ability: 'viewActivity', route: 'GET /organizations/:id/activity-logs', url: (w) => `/organizations/${w.org}/activity-logs`, allowed: ADMINS },

  // manage members (Users pages), organisation settings
  { ability: 'manageMembers', route: 'GET /users', url: () => '/users', allowed: ADMINS, strict: true },
  { ability: 'manageMembers', route: 'GET /users/create', url: () => '/users/create', allowed: ADMINS, strict: true },
  {
    ability: 'manageMembers',
    route: 'POST /users',
    url: () => '/users',
    body: () => ({ email: `matrix-${Math.random().toString(36).slice(2)}@roles.test`, role: 'viewer' }),
    allowed: ADMINS,
    strict: true,
  },
  { ability: 'manageMembers', route: 'GET /users/:id', url: (w) => `/users/${w.member}`, allowed: ADMINS, strict: true },
  { ability: 'manageMembers', route: 'GET /users/:id/edit', url: (w) => `/users/${w.member}/edit`, allowed: ADMINS, strict: true },
  { ability: 'manageMembers', route: 'PUT /users/:id', url: (w) => `/users/${w.member}`, body: () => ({ role: 'viewer' }), allowed: ADMINS, strict: true },
  { ability: 'manageMembers', route: 'DELETE /users/:id', url: (w) => `/users/${w.member}`, allowed: ADMINS, strict: true },
  { ability: 'manageMembers', route: 'POST /invitations/:id/resend', url: (w) => `/invitations/${w.invitation}/resend`, allowed: ADMINS, strict: true },
  { ability: 'manageMembers', route: 'DELETE /invitations/:id', url: (w) => `/invitations/${w.invitation}`, allowed: ADMINS, strict: true },
  { ability: 'manageOrganization', route: 'GET /organizations/:id/edit', url: (w) => `/organizations/${w.org}/edit`, allowed: ADMINS, strict: true },
  {
    ability: 'manageOrganization',
    route: 'PUT /organizations/:id',
    url: (w) => `/organizations/${w.org}`,
    body: (w) => ({ name: 'Renamed', slug: `renamed-${w.org}`, description: '', website: '', public_page_enabled: true }),
    allowed: ADMINS,
    strict: true,
  },

  // change/cancel/resume subscription
  { ability: 'manageSubscription', route: 'GET /subscription/edit', url: () => '/subscription/edit', allowed: ADMINS },
  { ability: 'manageSubscription', route: 'PUT /subscription', url: () => '/subscription', body: () => ({ plan: 'business' }), allowed: ADMINS },
  { ability: 'manageSubscription', route: 'POST /subscription/cancel', url: () => '/subscription/cancel', allowed: ADMINS },

  // delete organisation, transfer ownership
  { ability: 'deleteOrganization', route: 'DELETE /organizations/:id', url: (w) => `/organizations/${w.org}`, allowed: OWNERS, strict: true },
  { ability: 'transferOwnership', route: 'POST /organizations/:id/transfer', url: (w) => `/organizations/${w.org}/transfer`, body: (w) => ({ user_id: w.member }), allowed: OWNERS, strict: true },
];

/** Where an allowed request must not end up: that would be a guard, not the action. */
const BOUNCES = ['/login', '/verify-email', '/organizations/select', '/confirm-password'];

function registeredRoutes(app: Express): Set<string> {
  const out = new Set<string>();
  const walk = (stack: any[], prefix: string) => {
    for (const layer of stack) {
      if (layer.route && typeof layer.route.path === 'string') {
        for (const m of Object.keys(layer.route.methods)) out.add(`${m.toUpperCase()} ${(prefix + layer.route.path).replace(/\/{2,}/g, '/')}`);
      } else if (Array.isArray(layer.handle?.stack)) {
        walk(layer.handle.stack, prefix + (typeof layer.rawPath === 'string' && layer.rawPath !== '/' ? layer.rawPath : ''));
      }
    }
  };
  walk((app as any).router.stack, '');
  return out;
}

let app: TestApp;
let active: Row[];
const clock = new FakeClock(new Date('2026-11-23T09:00:00Z'));

beforeAll(async () => {
  app = await createTestApp({ clock });
  const routes = registeredRoutes(createApp(app.ctx));
  active = ROWS.filter((r) => routes.has(r.route));
  const waiting = ROWS.filter((r) => !routes.has(r.route)).map((r) => r.route);
  console.log(`Role matrix: ${active.length} actions × ${ACTORS.length} actors${waiting.length ? `; rows waiting for their route: ${waiting.join(', ')}` : ''}`);
});
afterAll(() => app.close());

/** A fresh organisation with one member per role, a second editor, an invitation, a board user and an insight. */
async function world(actor: Actor) {
  const owner = await createUser(app);
  const org = await createOrganization(app, owner);
  const users: Partial<Record<Actor, Awaited<ReturnType<typeof createUser>>>> = { owner };
  for (const role of ['admin', 'editor', 'viewer'] as Role[]) {
    users[role] = await createUser(app);
    await addMember(app, org.id, users[role]!, role);
  }
  users.platformAdmin = await createUser(app, { platformAdmin: true });
  const member = await createUser(app);
  await addMember(app, org.id, member, 'editor');
  const invitation = await createInvitation(app, org.id, { email: `open-${org.id}@roles.test`, role: 'viewer', invited_by: owner.id, expires_at: new Date(clock.now().getTime() + 86_400_000) });
  const boardUser = await createBoardUser(app, org.id, { first_name: 'Bea', last_name: 'Matrix', email: 'bea@matrix.test' });
  const insight = await createInsight(app, org.id, owner.id, { title: 'Matrix insight', category: 'governance', status: 'published', published_at: clock.now() });
  const client = await actingAs(app, app.client(), users[actor]!, org.id, { 'auth.password_confirmed_at': Math.floor(clock.now().getTime() / 1000) });
  const w: World = { org: org.id, member: member.id, invitation: invitation.id, boardUser: boardUser.id, insight: insight.id };
  return { w, client };
}

describe('roles table (docs/product.md)', () => {
  it('has rows for every ability of the table', () => {
    const abilities = new Set(ROWS.map((r) => r.ability));
    for (const a of ['read', 'manageRecords', 'viewActivity', 'manageMembers', 'manageOrganization', 'manageSubscription', 'deleteOrganization', 'transferOwnership']) {
      expect(abilities, a).toContain(a);
    }
  });

  for (const actor of ACTORS) {
    it(`${actor}: every action answers as the table says`, async () => {
      const failures: string[] = [];
      for (const row of active) {
        const { w, client } = await world(actor);
        const method = row.route.split(' ')[0];
        const url = row.url(w);
        const res = await client.request(method, url, method === 'GET' ? undefined : (row.body?.(w) ?? {}), { inertia: true, headers: { Referer: `${app.url}/dashboard` } });
        const allowed = row.allowed.includes(actor);
        const label = `${row.route} (${row.ability}) as ${actor}`;
        if (!allowed) {
          if (res.status !== 403) failures.push(`${label}: expected 403, got ${res.status}${res.location ? ` → ${res.location}` : ''}`);
          continue;
        }
        if (![200, 302, 303].includes(res.status)) {
          failures.push(`${label}: expected 200/302/303, got ${res.status}`);
          continue;
        }
        const target = res.location ? new URL(res.location, app.url) : null;
        if (target && BOUNCES.includes(target.pathname)) {
          failures.push(`${label}: bounced to ${target.pathname}`);
          continue;
        }
        if (row.strict && target && target.origin === new URL(app.url).origin) {
          const next = await client.get(target.pathname + target.search, { inertia: true });
          const errors = next.status === 200 ? next.page().props.errors : {};
          if (Object.keys(errors ?? {}).length) failures.push(`${label}: validation errors ${JSON.stringify(errors)}`);
        }
      }
      expect(failures).toEqual([]);
    });
  }
});

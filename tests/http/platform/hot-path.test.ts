import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildPage } from '../../../server/inertia/page';
import { createTestApp, FakeClock, type TestApp } from '../../helpers/app';
import type { TestClient } from '../../helpers/client';
import { actingAs, addMember, createBoardUsers, createOrganization, createUser } from '../../helpers/factories';

/**
 * Issue #14's hot path: a signed-in page costs the session's one query (session, user,
 * membership, switcher list) plus the page's own; props nobody asked for cost nothing.
 */
let app: TestApp;
const clock = new FakeClock();
let client: TestClient;
let orgId: number;
let secondOrgId: number;
let ownerId: number;

const queriesDuring = async (work: () => Promise<unknown>) => {
  const before = app.queries.length;
  await work();
  return app.queries.slice(before).map((q) => q.query.sql);
};

beforeAll(async () => {
  app = await createTestApp({ clock });
  const owner = await createUser(app, { name: 'Olive Owner' });
  ownerId = owner.id;
  orgId = (await createOrganization(app, owner, { name: 'Beta Board', plan: 'team' })).id;
  secondOrgId = (await createOrganization(app, owner, { name: 'Alpha Board', plan: 'team' })).id;
  await createBoardUsers(app, orgId, 30, (i) => ({ first_name: `First${i}`, last_name: `Last${String(i).padStart(2, '0')}`, email: `p${i}@hot.test` }));
  client = await actingAs(app, app.client(), owner, orgId);
  // The first visit of the minute records the member's last activity; later ones do not.
  await client.get('/board-users', { inertia: true });
});
afterAll(() => app.close());

describe('a signed-in BoardUsers/Index visit', () => {
  it('costs at most two queries, and still sends every shared prop', async () => {
    let page: any;
    const sqls = await queriesDuring(async () => {
      const res = await client.get('/board-users', { inertia: true });
      expect(res.status).toBe(200);
      page = res.page();
    });
    expect(sqls.length, sqls.join('\n')).toBeLessThanOrEqual(2);
    expect(page.component).toBe('BoardUsers/Index');
    expect(page.props.boardUsers.data).toHaveLength(25);
    expect(page.props.boardUsers.meta.total).toBe(30);
    expect(page.props.auth.user).toMatchObject({ id: ownerId, name: 'Olive Owner' });
    expect(page.props.auth.organization).toMatchObject({ id: orgId, name: 'Beta Board', role: 'owner' });
    // The switcher's list, by name, as userOrganizations() answers it.
    expect(page.props.auth.organizations).toEqual([
      { id: secondOrgId, name: 'Alpha Board', slug: expect.any(String), role: 'owner' },
      { id: orgId, name: 'Beta Board', slug: expect.any(String), role: 'owner' },
    ]);
    expect(page.props.auth.can).toMatchObject({ read: true, deleteOrganization: true });
    expect(page.sharedProps).toEqual(expect.arrayContaining(['appName', 'auth', 'flash', 'realtime']));
  });

  it('the full HTML visit costs the same two queries', async () => {
    const sqls = await queriesDuring(async () => expect((await client.get('/board-users')).status).toBe(200));
    expect(sqls.length, sqls.join('\n')).toBeLessThanOrEqual(2);
  });

  it('a partial reload asking only for boardUsers resolves no other prop', async () => {
    let page: any;
    const sqls = await queriesDuring(async () => {
      const res = await client.get('/board-users?page=2', { inertia: { partial: { component: 'BoardUsers/Index', only: ['boardUsers'] } } });
      expect(res.status).toBe(200);
      page = res.page();
    });
    expect(Object.keys(page.props).sort()).toEqual(['boardUsers', 'errors']);
    expect(page.props.boardUsers.data).toHaveLength(5);
    expect(page.sharedProps).toBeUndefined();
    expect(sqls.length, sqls.join('\n')).toBeLessThanOrEqual(2);
    // The switcher's list was neither part of the session's query nor asked for separately.
    expect(sqls.join('\n')).not.toMatch(/switcher_organizations|order by "o"\."(sort_)?name"/);
  });

  it('a partial reload that asks for auth gets the switcher from the same query', async () => {
    const sqls = await queriesDuring(async () => {
      const page = (await client.get('/board-users', { inertia: { partial: { component: 'BoardUsers/Index', only: ['auth'] } } })).page();
      expect(Object.keys(page.props).sort()).toEqual(['auth', 'errors']);
      expect(page.props.auth.organizations).toHaveLength(2);
    });
    expect(sqls.length, sqls.join('\n')).toBeLessThanOrEqual(2);
  });
});

describe('nothing is cached, so nothing goes stale', () => {
  it('a role change, a renamed organisation and a removal show on the very next request', async () => {
    const user = await createUser(app);
    const org = await createOrganization(app, null, { name: 'Gamma Board' });
    await addMember(app, org.id, user, 'viewer');
    const c = await actingAs(app, app.client(), user, org.id);
    expect((await c.get('/board-users', { inertia: true })).page().props.auth.organization.role).toBe('viewer');

    await app.ctx.db.updateTable('memberships').set({ role: 'editor' }).where('organization_id', '=', org.id).where('user_id', '=', user.id).execute();
    await app.ctx.db.updateTable('organizations').set({ name: 'Gamma Trust' }).where('id', '=', org.id).execute();
    const page = (await c.get('/board-users', { inertia: true })).page();
    expect(page.props.auth.organization).toMatchObject({ role: 'editor', name: 'Gamma Trust' });
    expect(page.props.auth.organizations).toEqual([{ id: org.id, name: 'Gamma Trust', slug: org.slug, role: 'editor' }]);

    await app.ctx.db.deleteFrom('memberships').where('organization_id', '=', org.id).where('user_id', '=', user.id).execute();
    const removed = await c.get('/board-users', { inertia: true });
    expect(removed.status).toBe(302);
    expect(removed.location).toBe('/organizations/select');
  });

  it('a deleted user signs out, whatever the session row says', async () => {
    const user = await createUser(app);
    const c = await actingAs(app, app.client(), user);
    expect((await c.get('/organizations', { inertia: true })).status).toBe(200);
    await app.ctx.db.deleteFrom('users').where('id', '=', user.id).execute();
    const res = await c.get('/organizations', { inertia: true });
    expect(res.status).toBe(302);
    expect(res.location).toBe('/login');
  });
});

describe('the session touch', () => {
  it('writes only the activity time, once a minute', async () => {
    const touches = (sqls: string[]) => sqls.filter((s) => /^(update|insert into) "sessions"/.test(s));
    clock.advance(30_000);
    expect(touches(await queriesDuring(() => client.get('/board-users', { inertia: true })))).toEqual([]);
    clock.advance(31_000);
    const before = app.queries.length;
    await client.get('/board-users', { inertia: true });
    // The response does not wait for it: it lands shortly after.
    const sqls = await vi.waitFor(() => {
      const found = touches(app.queries.slice(before).map((q) => q.query.sql));
      expect(found).toHaveLength(1);
      return found;
    });
    expect(sqls[0]).toMatch(/^update "sessions" set "last_activity" = \$1, "ip" = \$2, "user_agent" = \$3 where/);
    expect(sqls[0]).not.toMatch(/"data"/);
    const row = await app.ctx.db.selectFrom('sessions').select('last_activity').where('user_id', '=', ownerId).executeTakeFirstOrThrow();
    expect(row.last_activity.toISOString()).toBe(clock.now().toISOString());
  });
});

describe('lazy props', () => {
  it('buildPage resolves only the props a partial reload names', async () => {
    const resolved: string[] = [];
    const lazy = (name: string) => () => {
      resolved.push(name);
      return name;
    };
    const page = await buildPage(
      {
        component: 'BoardUsers/Index',
        url: '/board-users',
        version: 'v',
        shared: { auth: lazy('auth'), flash: lazy('flash'), realtime: lazy('realtime') },
        props: { boardUsers: lazy('boardUsers'), filters: lazy('filters') },
      },
      { partialComponent: 'BoardUsers/Index', only: ['boardUsers'], except: [], reset: [], exceptOnce: [] },
    );
    expect(resolved).toEqual(['boardUsers']);
    expect(page.props).toEqual({ boardUsers: 'boardUsers', errors: {} });
  });

  it('buildPage awaits only the props that are promises, and keeps the props in order', async () => {
    const page = await buildPage(
      { component: 'X', url: '/x', version: 'v', shared: { auth: () => Promise.resolve('a') }, props: { plain: 1, lazy: () => 2, later: () => new Promise((r) => setTimeout(() => r(3), 5)) } },
      { only: [], except: [], reset: [], exceptOnce: [] },
    );
    expect(page.props).toEqual({ auth: 'a', plain: 1, lazy: 2, later: 3, errors: {} });
    expect(Object.keys(page.props)).toEqual(['auth', 'plain', 'lazy', 'later', 'errors']);
  });

  it("buildPage fails with a lazy prop's error, and a prop already started that rejects is still observed", async () => {
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', onUnhandled);
    try {
      const started = () => new Promise((_, reject) => setTimeout(() => reject(new Error('rejected later')), 5));
      const throws = () => {
        throw new Error('thrown at once');
      };
      await expect(buildPage({ component: 'X', url: '/x', version: 'v', shared: {}, props: { started, throws } }, { only: [], except: [], reset: [], exceptOnce: [] })).rejects.toThrow(
        'thrown at once',
      );
      await new Promise((r) => setTimeout(r, 20));
      expect(unhandled).toEqual([]);
    } finally {
      process.off('unhandledRejection', onUnhandled);
    }
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, FakeClock, type TestApp } from '../../helpers/app';
import type { TestClient } from '../../helpers/client';
import { actingAs, addMember, createBoardUser, createInsight, createOrganization, createUser } from '../../helpers/factories';

/**
 * Issue #24 finding 1: a stale form silently overwrote a colleague's change. Every edit form
 * carries its record's version; a save from a form opened before the last change is refused
 * (the page goes back with `errors.version`; other clients get 409), and nothing is written.
 */
let app: TestApp;
const clock = new FakeClock(new Date('2026-11-27T09:00:00Z'));
const json = { headers: { Accept: 'application/json' } };

beforeAll(async () => {
  app = await createTestApp({ clock });
});
afterAll(() => app.close());

async function colleagues() {
  const owner = await createUser(app, { name: 'Olive Owner' });
  const org = await createOrganization(app, owner, { plan: 'business' });
  const eve = await createUser(app, { name: 'Eve Editor' });
  const adam = await createUser(app, { name: 'Adam Admin' });
  await addMember(app, org.id, eve, 'admin');
  await addMember(app, org.id, adam, 'admin');
  const recent = { 'auth.password_confirmed_at': Math.floor(clock.now().getTime() / 1000) };
  return { org, owner, eve: await actingAs(app, app.client(), eve, org.id, recent), adam: await actingAs(app, app.client(), adam, org.id, recent), eveUser: eve, adamUser: adam };
}

/** What the Edit page gives its form: the record's values and version. */
const editProps = async (client: TestClient, url: string) => (await client.get(url, { inertia: true })).page().props;

/** One resource: how to open its form, what a save sends, and where the saved value is read back. */
interface Resource {
  name: string;
  setup: (w: Awaited<ReturnType<typeof colleagues>>) => Promise<{
    edit: string;
    save: string;
    method: 'PUT' | 'PATCH';
    form: (props: any) => Record<string, unknown>;
    change: (values: Record<string, unknown>, v: string) => Record<string, unknown>;
    read: () => Promise<string>;
  }>;
}

const RESOURCES: Resource[] = [
  {
    name: 'board user',
    async setup({ org }) {
      const row = await createBoardUser(app, org.id, { first_name: 'Bea', last_name: 'Board', position: 'Member', status: 'active' });
      return {
        edit: `/board-users/${row.id}/edit`,
        save: `/board-users/${row.id}`,
        method: 'PUT',
        form: (p) => ({ ...p.boardUser }),
        change: (values, v) => ({ ...values, position: v }),
        read: async () => (await app.ctx.db.selectFrom('board_users').select('position').where('id', '=', row.id).executeTakeFirstOrThrow()).position ?? '',
      };
    },
  },
  {
    name: 'insight',
    async setup({ org, owner }) {
      const row = await createInsight(app, org.id, owner.id, { title: 'Board pack', category: 'governance', status: 'draft', body: 'Text' });
      return {
        edit: `/insights/${row.id}/edit`,
        save: `/insights/${row.id}`,
        method: 'PUT',
        form: (p) => ({ ...p.insight }),
        change: (values, v) => ({ ...values, title: v }),
        read: async () => (await app.ctx.db.selectFrom('insights').select('title').where('id', '=', row.id).executeTakeFirstOrThrow()).title,
      };
    },
  },
  {
    name: 'organisation',
    async setup({ org }) {
      return {
        edit: `/organizations/${org.id}/edit`,
        save: `/organizations/${org.id}`,
        method: 'PUT',
        form: (p) => ({ ...p.organization }),
        change: (values, v) => ({ ...values, description: v }),
        read: async () => (await app.ctx.db.selectFrom('organizations').select('description').where('id', '=', org.id).executeTakeFirstOrThrow()).description ?? '',
      };
    },
  },
  {
    name: 'member role',
    async setup({ org }) {
      const member = await createUser(app, { name: 'Vic Viewer' });
      await addMember(app, org.id, member, 'viewer');
      return {
        edit: `/users/${member.id}/edit`,
        save: `/users/${member.id}`,
        method: 'PUT',
        form: (p) => ({ role: p.member?.role ?? p.user?.role, version: p.member?.version ?? p.user?.version }),
        change: (values, v) => ({ ...values, role: v === 'first' ? 'editor' : 'admin' }),
        read: async () => (await app.ctx.db.selectFrom('memberships').select('role').where('organization_id', '=', org.id).where('user_id', '=', member.id).executeTakeFirstOrThrow()).role,
      };
    },
  },
  {
    name: 'organisation public page setting',
    async setup({ org }) {
      await app.ctx.db.updateTable('organizations').set({ public_page_enabled: true }).where('id', '=', org.id).execute();
      return {
        edit: '/settings',
        save: '/settings',
        method: 'PATCH',
        form: (p) => ({ public_page_enabled: p.organization.public_page_enabled, version: p.organization.version }),
        change: (values, v) => ({ ...values, public_page_enabled: v !== 'first' }),
        read: async () => String((await app.ctx.db.selectFrom('organizations').select('public_page_enabled').where('id', '=', org.id).executeTakeFirstOrThrow()).public_page_enabled),
      };
    },
  },
];

describe('a stale form never overwrites a colleague', () => {
  for (const resource of RESOURCES) {
    it(`${resource.name}: the second save from an older form is refused with the conflict, and the first save stands`, async () => {
      const w = await colleagues();
      const r = await resource.setup(w);
      // Both open the form.
      const eveForm = r.form(await editProps(w.eve, r.edit));
      const adamForm = r.form(await editProps(w.adam, r.edit));
      expect(typeof eveForm.version).toBe('string');
      expect(adamForm.version).toBe(eveForm.version);

      // Eve saves first.
      clock.advance(1_000);
      const saved = await w.eve.request(r.method, r.save, r.change(eveForm, 'first'), { inertia: true, headers: { Referer: `${app.url}${r.edit}` } });
      expect(saved.status).toBe(303);
      const eveValue = await r.read();

      // Adam saves his stale form: refused, back to the form with the conflict; Eve's value stands.
      clock.advance(1_000);
      const stale = await w.adam.request(r.method, r.save, r.change(adamForm, 'second'), { inertia: true, headers: { Referer: `${app.url}${r.edit}` } });
      expect(stale.status).toBe(303);
      expect(new URL(stale.location!, app.url).pathname).toBe(r.edit);
      const back = await editProps(w.adam, r.edit);
      expect(back.errors.version).toMatch(/Someone else saved this record/);
      expect(await r.read()).toBe(eveValue);

      // A script gets 409 and the same message.
      const api = await w.adam.request(r.method, r.save, r.change(adamForm, 'second'), json);
      expect(api.status).toBe(409);
      expect(api.json().errors.version).toMatch(/Someone else saved/);

      // With the fresh version (after choosing), Adam's save goes through.
      const fresh = r.form(back);
      expect(fresh.version).not.toBe(adamForm.version);
      const retried = await w.adam.request(r.method, r.save, r.change(fresh, 'second'), { inertia: true, headers: { Referer: `${app.url}${r.edit}` } });
      expect(retried.status).toBe(303);
      expect(await r.read()).not.toBe(eveValue);
    });
  }

  it('the conflict message is in the reader’s language', async () => {
    const w = await colleagues();
    await app.ctx.db.updateTable('users').set({ locale: 'de' }).where('id', '=', w.adamUser.id).execute();
    const r = await RESOURCES[0].setup(w);
    const form = r.form(await editProps(w.adam, r.edit));
    clock.advance(1_000);
    await w.eve.request(r.method, r.save, r.change(r.form(await editProps(w.eve, r.edit)), 'first'), { inertia: true });
    const res = await w.adam.request(r.method, r.save, r.change(form, 'x'), json);
    expect(res.status).toBe(409);
    expect(res.json().errors.version).toMatch(/Jemand anderes hat diesen Datensatz gespeichert/);
  });
});

describe('settings and subscription changes are checked the same way', () => {
  it('language and time zone: a save from another tab opened before is refused; a change elsewhere on the account is no conflict', async () => {
    const w = await colleagues();
    const tabB = await actingAs(app, app.client(), w.adamUser, w.org.id);
    const opened = (await editProps(w.adam, '/settings')).preferences;
    expect(typeof opened.version).toBe('string');
    // A new password (another save of the same row) does not touch these settings: no conflict.
    await app.ctx.db
      .updateTable('users')
      .set({ updated_at: new Date(clock.now().getTime() + 5_000) })
      .where('id', '=', w.adamUser.id)
      .execute();
    const other = (await editProps(tabB, '/settings')).preferences;
    expect(other.version).toBe(opened.version);
    expect((await tabB.patch('/settings', { locale: 'de-DE', timezone: opened.timezone, version: other.version }, { inertia: true, headers: { Referer: `${app.url}/settings` } })).status).toBe(303);
    // The first tab, opened before, saves a time zone: refused, and the language chosen in the other tab stands.
    const stale = await w.adam.patch('/settings', { locale: opened.locale, timezone: 'Europe/Paris', version: opened.version }, json);
    expect(stale.status).toBe(409);
    expect(stale.json().errors.version).toMatch(/Jemand anderes hat diesen Datensatz gespeichert/);
    const row = await app.ctx.db.selectFrom('users').select(['locale', 'timezone']).where('id', '=', w.adamUser.id).executeTakeFirstOrThrow();
    expect(row).toEqual({ locale: 'de-DE', timezone: opened.timezone });
  });

  it('subscription: a cancel, resume or plan change from a page opened before another change is refused, and nothing changes', async () => {
    const w = await colleagues();
    const opened = (await editProps(w.adam, '/subscription')).subscription;
    expect(typeof opened.version).toBe('string');
    clock.advance(1_000);
    expect((await w.eve.post('/subscription/cancel', { version: opened.version }, { inertia: true })).status).toBe(303);
    const after = await app.ctx.db.selectFrom('subscriptions').selectAll().where('organization_id', '=', w.org.id).executeTakeFirstOrThrow();
    expect(after.status).toBe('canceled');
    const events = async () => (await app.ctx.db.selectFrom('subscription_events').select('id').where('organization_id', '=', w.org.id).execute()).length;
    const before = await events();
    clock.advance(1_000);
    for (const [method, url, body] of [
      ['POST', '/subscription/resume', {}],
      ['POST', '/subscription/cancel', {}],
      ['PUT', '/subscription', { plan: 'team' }],
    ] as const) {
      const res = await w.adam.request(method, url, { ...body, version: opened.version }, json);
      expect(res.status, url).toBe(409);
      expect(res.json().errors.version, url).toMatch(/The subscription changed after you opened this page/);
    }
    expect(await events()).toBe(before);
    expect(await app.ctx.db.selectFrom('subscriptions').select(['status', 'plan']).where('organization_id', '=', w.org.id).executeTakeFirstOrThrow()).toEqual({ status: 'canceled', plan: after.plan });
    // With the version the page now shows, the resume goes through.
    const fresh = (await editProps(w.adam, '/subscription')).subscription;
    expect((await w.adam.post('/subscription/resume', { version: fresh.version }, { inertia: true })).status).toBe(303);
    expect((await app.ctx.db.selectFrom('subscriptions').select('status').where('organization_id', '=', w.org.id).executeTakeFirstOrThrow()).status).not.toBe('canceled');
  });
});

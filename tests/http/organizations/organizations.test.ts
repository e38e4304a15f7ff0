import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { User } from '../../../server/db/types';
import { createTestApp, FakeClock, type TestApp } from '../../helpers/app';
import type { TestClient, TestResponse } from '../../helpers/client';
import { actingAs, addMember, createOrganization, createUser, memberClient, PASSWORD } from '../../helpers/factories';

let app: TestApp;
const clock = new FakeClock(new Date('2026-11-23T09:00:00Z'));

beforeAll(async () => {
  app = await createTestApp({ clock });
});
afterAll(() => app.close());

const confirmed = () => ({ 'auth.password_confirmed_at': Math.floor(clock.now().getTime() / 1000) });

/** Sends a form the way the page would (Inertia visit, Referer = the form's page). */
function send(client: TestClient, method: string, path: string, body: unknown, from = '/organizations') {
  return client.request(method, path, body, { inertia: true, headers: { Referer: app.url + from } });
}

/** Follows a redirect and returns the next page (errors and flash travel in the session). */
async function follow(client: TestClient, res: TestResponse) {
  expect([302, 303], `expected a redirect, got ${res.status}: ${res.text.slice(0, 200)}`).toContain(res.status);
  const url = new URL(res.location!, app.url);
  return (await client.get(url.pathname + url.search, { inertia: true })).page();
}

async function errorsOf(client: TestClient, res: TestResponse) {
  return (await follow(client, res)).props.errors as Record<string, string>;
}

async function signedIn(user: User, orgId?: number, extra: Record<string, unknown> = {}) {
  return actingAs(app, app.client(), user, orgId, extra);
}

const validOrg = (overrides: Record<string, unknown> = {}) => ({
  name: 'Acme Governance',
  slug: '',
  description: 'Board support for non-profits.',
  website: 'https://acme.example',
  ...overrides,
});

describe('creating an organisation', () => {
  it('makes the creator its owner and the current organisation, with a 14-day team trial', async () => {
    const user = await createUser(app);
    const client = await signedIn(user);
    const res = await send(client, 'POST', '/organizations', validOrg({ slug: 'acme-gov' }), '/organizations/create');
    expect(res.status).toBe(302);
    const org = await app.ctx.db.selectFrom('organizations').selectAll().where('slug', '=', 'acme-gov').executeTakeFirstOrThrow();
    expect(res.location).toBe(`/organizations/${org.id}`);
    expect(org).toMatchObject({ name: 'Acme Governance', description: 'Board support for non-profits.', website: 'https://acme.example', public_page_enabled: true, deleted_at: null });

    const membership = await app.ctx.db.selectFrom('memberships').selectAll().where('organization_id', '=', org.id).execute();
    expect(membership).toHaveLength(1);
    expect(membership[0]).toMatchObject({ user_id: user.id, role: 'owner' });

    const sub = await app.ctx.db.selectFrom('subscriptions').selectAll().where('organization_id', '=', org.id).executeTakeFirstOrThrow();
    expect(sub).toMatchObject({ plan: 'team', status: 'trialing' });
    expect(sub.trial_ends_at!.toISOString()).toBe('2026-12-07T09:00:00.000Z');
    expect(sub.current_period_start!.toISOString()).toBe('2026-11-23T09:00:00.000Z');
    expect(sub.current_period_end!.toISOString()).toBe('2026-12-07T09:00:00.000Z');
    const events = await app.ctx.db.selectFrom('subscription_events').selectAll().where('organization_id', '=', org.id).execute();
    expect(events.map((e) => [e.event, e.to_plan, e.to_status, e.actor_id])).toEqual([['trial_started', 'team', 'trialing', user.id]]);

    const logs = await app.ctx.db.selectFrom('activity_logs').selectAll().where('organization_id', '=', org.id).orderBy('id').execute();
    expect(logs.map((l) => l.event)).toEqual(['created', 'trial_started']);
    expect(logs[0]).toMatchObject({ causer_id: user.id, subject_type: 'organization', subject_id: org.id });
    expect(logs[0].properties.attributes).toMatchObject({ name: 'Acme Governance', slug: 'acme-gov' });

    const page = await follow(client, res);
    expect(page.component).toBe('Organizations/Show');
    expect(page.props.auth.organization).toMatchObject({ id: org.id, role: 'owner' });
    expect(page.props.organization).toMatchObject({ id: org.id, members_count: 1, role: 'owner', plan: 'team', subscription_status: 'trialing', is_current: true });
    expect(page.props.flash.success).toContain('Acme Governance is ready');
  });

  it('derives a free slug from the name when none is given', async () => {
    const client = await signedIn(await createUser(app));
    await send(client, 'POST', '/organizations', validOrg({ name: 'Zeta Trust & Co.' }));
    await send(client, 'POST', '/organizations', validOrg({ name: 'Zeta Trust & Co.' }));
    await send(client, 'POST', '/organizations', validOrg({ name: 'Ä' }));
    const slugs = (await app.ctx.db.selectFrom('organizations').select('slug').where('name', 'in', ['Zeta Trust & Co.', 'Ä']).orderBy('id').execute()).map((r) => r.slug);
    expect(slugs).toEqual(['zeta-trust-co', 'zeta-trust-co-2', 'a-org']);
  });

  it('shows the create page with labels the page needs', async () => {
    const client = await signedIn(await createUser(app));
    const page = (await client.get('/organizations/create', { inertia: true })).page();
    expect(page.component).toBe('Organizations/Create');
  });

  it('refuses duplicate, reserved and malformed slugs with clear messages', async () => {
    const owner = await createUser(app);
    await createOrganization(app, owner, { slug: 'taken-slug' });
    const client = await signedIn(owner);
    const cases: [unknown, string][] = [
      ['taken-slug', 'That slug is already taken.'],
      ['TAKEN-SLUG', 'That slug is already taken.'],
      ['admin', 'That slug is reserved. Please choose another.'],
      ['login', 'That slug is reserved. Please choose another.'],
      ['org-login', 'That slug is reserved. Please choose another.'],
      ['dashboard', 'That slug is reserved. Please choose another.'],
      ['ab', 'The slug must be 3–50 characters'],
      ['-abc', 'The slug must be 3–50 characters'],
      ['abc-', 'The slug must be 3–50 characters'],
      ['bad_slug!', 'The slug must be 3–50 characters'],
      ['ça-va', 'The slug must be 3–50 characters'],
      ['a'.repeat(51), 'The slug may not be greater than 50 characters.'],
      [42, 'The slug must be text.'],
      [['a', 'b'], 'The slug must be text.'],
    ];
    for (const [slug, message] of cases) {
      const res = await send(client, 'POST', '/organizations', validOrg({ slug }), '/organizations/create');
      expect(res.status, `slug ${JSON.stringify(slug)}`).toBe(303);
      const errors = await errorsOf(client, res);
      expect(errors.slug, `slug ${JSON.stringify(slug)}`).toContain(message);
    }
    expect(await app.ctx.db.selectFrom('organizations').select('id').where('slug', '=', 'admin').executeTakeFirst()).toBeUndefined();
  });

  it('answers field errors for empty, overlong and wrong-typed fields', async () => {
    const client = await signedIn(await createUser(app));
    const cases: [Record<string, unknown>, string, string][] = [
      [{ name: '' }, 'name', 'The name field is required.'],
      [{ name: '   ' }, 'name', 'The name field is required.'],
      [{ name: undefined }, 'name', 'The name field is required.'],
      [{ name: 'n'.repeat(256) }, 'name', 'The name may not be greater than 255 characters.'],
      [{ name: 12 }, 'name', 'The name must be text.'],
      [{ name: { a: 1 } }, 'name', 'The name must be text.'],
      [{ description: 'd'.repeat(2001) }, 'description', 'The description may not be greater than 2000 characters.'],
      [{ description: 5 }, 'description', 'The description must be text.'],
      [{ website: 'not a url' }, 'website', 'The website must be a valid URL.'],
      [{ website: 'ftp://files.example' }, 'website', 'The website must start with http:// or https://.'],
      [{ website: 7 }, 'website', 'The website must be text.'],
      [{ website: `https://example.org/${'x'.repeat(250)}` }, 'website', 'The website may not be greater than 255 characters.'],
    ];
    for (const [patch, field, message] of cases) {
      const res = await send(client, 'POST', '/organizations', validOrg(patch), '/organizations/create');
      expect(res.status, JSON.stringify(patch)).toBe(303);
      expect((await errorsOf(client, res))[field], JSON.stringify(patch)).toBe(message);
    }
    // A body that is not a JSON object: the parser refuses it (400), never a 500.
    const raw = await client.request('POST', '/organizations', '"just a string"', { inertia: true, headers: { Referer: `${app.url}/organizations/create` } });
    expect(raw.status).toBe(400);
    // An empty form: every required field says so.
    const empty = await send(client, 'POST', '/organizations', {}, '/organizations/create');
    expect(await errorsOf(client, empty)).toEqual({ name: 'The name field is required.' });
  });
});

describe('listing organisations', () => {
  it('lists mine with my role; platform admins see every organisation and can search', async () => {
    const me = await createUser(app);
    const other = await createUser(app);
    const mine1 = await createOrganization(app, me, { name: 'Mine Alpha' });
    const mine2 = await createOrganization(app, other, { name: 'Mine Beta' });
    await addMember(app, mine2.id, me, 'viewer');
    const foreign = await createOrganization(app, other, { name: 'Foreign Gamma' });

    const page = (await (await signedIn(me, mine1.id)).get('/organizations', { inertia: true })).page();
    expect(page.component).toBe('Organizations/Index');
    expect(page.props.everyOrganization).toBe(false);
    const rows = page.props.organizations.data as { id: number; role: string; members_count: number; is_current: boolean }[];
    expect(rows.map((r) => r.id).sort()).toEqual([mine1.id, mine2.id].sort());
    expect(rows.find((r) => r.id === mine2.id)).toMatchObject({ role: 'viewer', members_count: 2, is_current: false });
    expect(rows.find((r) => r.id === mine1.id)).toMatchObject({ role: 'owner', is_current: true });

    const admin = await createUser(app, { platformAdmin: true });
    const adminClient = await signedIn(admin);
    const all = (await adminClient.get('/organizations', { inertia: true })).page();
    expect(all.props.everyOrganization).toBe(true);
    expect(all.props.organizations.meta.total).toBeGreaterThanOrEqual(3);
    const searched = (await adminClient.get('/organizations?search=gamma', { inertia: true })).page();
    expect(searched.props.organizations.data.map((o: { id: number }) => o.id)).toEqual([foreign.id]);
    expect(searched.props.organizations.data[0].role).toBeNull();
    expect(searched.props.filters).toEqual({ search: 'gamma' });
    // LIKE wildcards are text, odd query values are ignored.
    const pct = (await adminClient.get('/organizations?search=%25%25&page=abc', { inertia: true })).page();
    expect(pct.props.organizations.data).toEqual([]);
    const arr = await adminClient.get('/organizations?search[]=x&page[]=2', { inertia: true });
    expect(arr.status).toBe(200);
  });

  it('paginates', async () => {
    const me = await createUser(app);
    for (let i = 0; i < 17; i++) await createOrganization(app, me, { name: `Paged ${String(i).padStart(2, '0')}` });
    const client = await signedIn(me);
    const first = (await client.get('/organizations', { inertia: true })).page();
    expect(first.props.organizations.meta).toMatchObject({ total: 17, per_page: 15, last_page: 2, current_page: 1 });
    const second = (await client.get('/organizations?page=2', { inertia: true })).page();
    expect(second.props.organizations.data).toHaveLength(2);
  });
});

describe('showing and editing', () => {
  it('shows an organisation to its members with their abilities; others get 404', async () => {
    const owner = await createUser(app);
    const org = await createOrganization(app, owner, { name: 'Shown Org' });
    const { client: viewer } = await memberClient(app, 'viewer', org.id);
    const page = (await viewer.get(`/organizations/${org.id}`, { inertia: true })).page();
    expect(page.component).toBe('Organizations/Show');
    expect(page.props.organization).toMatchObject({ name: 'Shown Org', role: 'viewer', members_count: 2 });
    expect(page.props.abilities).toMatchObject({ read: true, manageOrganization: false, deleteOrganization: false, leave: true });

    const stranger = await signedIn(await createUser(app));
    expect((await stranger.get(`/organizations/${org.id}`, { inertia: true })).status).toBe(404);
    for (const bad of ['0', '-1', 'abc', '99999999999', '1.5', '2147483648']) {
      expect((await stranger.get(`/organizations/${bad}`, { inertia: true })).status, bad).toBe(404);
    }
    const admin = await signedIn(await createUser(app, { platformAdmin: true }));
    const adminPage = (await admin.get(`/organizations/${org.id}`, { inertia: true })).page();
    expect(adminPage.props.organization.role).toBeNull();
    expect(adminPage.props.abilities.deleteOrganization).toBe(true);
    expect(adminPage.props.abilities.leave).toBe(false);
  });

  it('lets admins edit, logs the changed fields only, and refuses viewers with 403', async () => {
    const owner = await createUser(app);
    const org = await createOrganization(app, owner, { name: 'Editable', slug: 'editable-org' });
    await createOrganization(app, owner, { slug: 'other-slug' });
    const { client: admin, user: adminUser } = await memberClient(app, 'admin', org.id);
    const edit = (await admin.get(`/organizations/${org.id}/edit`, { inertia: true })).page();
    expect(edit.component).toBe('Organizations/Edit');
    expect(edit.props.members).toEqual([]); // admins cannot transfer ownership

    const body = { name: 'Edited', slug: 'edited-org', description: '', website: '', public_page_enabled: false };
    const res = await send(admin, 'PUT', `/organizations/${org.id}`, body, `/organizations/${org.id}/edit`);
    expect(res.status).toBe(303);
    const row = await app.ctx.db.selectFrom('organizations').selectAll().where('id', '=', org.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ name: 'Edited', slug: 'edited-org', description: null, website: null, public_page_enabled: false });
    const log = await app.ctx.db.selectFrom('activity_logs').selectAll().where('organization_id', '=', org.id).where('event', '=', 'updated').executeTakeFirstOrThrow();
    expect(log.causer_id).toBe(adminUser.id);
    expect(log.properties).toEqual({
      old: { name: 'Editable', slug: 'editable-org', public_page_enabled: true },
      attributes: { name: 'Edited', slug: 'edited-org', public_page_enabled: false },
    });

    // No change: no log line.
    await send(admin, 'PUT', `/organizations/${org.id}`, body, `/organizations/${org.id}/edit`);
    expect((await app.ctx.db.selectFrom('activity_logs').select('id').where('organization_id', '=', org.id).where('event', '=', 'updated').execute()).length).toBe(1);

    const taken = await send(admin, 'PUT', `/organizations/${org.id}`, { ...body, slug: 'other-slug' }, `/organizations/${org.id}/edit`);
    expect((await errorsOf(admin, taken)).slug).toBe('That slug is already taken.');
    const reserved = await send(admin, 'PUT', `/organizations/${org.id}`, { ...body, slug: 'settings' }, `/organizations/${org.id}/edit`);
    expect((await errorsOf(admin, reserved)).slug).toBe('That slug is reserved. Please choose another.');
    const flag = await send(admin, 'PUT', `/organizations/${org.id}`, { ...body, public_page_enabled: 'maybe' }, `/organizations/${org.id}/edit`);
    expect((await errorsOf(admin, flag)).public_page_enabled).toBe('The public page field must be true or false.');

    const { client: viewer } = await memberClient(app, 'viewer', org.id);
    expect((await viewer.get(`/organizations/${org.id}/edit`, { inertia: true })).status).toBe(403);
    expect((await send(viewer, 'PUT', `/organizations/${org.id}`, body)).status).toBe(403);
  });
});

describe('deleting', () => {
  it('asks for the password first, then soft-deletes and clears it as current organisation', async () => {
    const owner = await createUser(app);
    const org = await createOrganization(app, owner, { name: 'Doomed', slug: 'doomed-org' });
    const colleague = await createUser(app);
    await addMember(app, org.id, colleague, 'editor');
    const unconfirmed = await signedIn(owner, org.id);
    const ask = await send(unconfirmed, 'DELETE', `/organizations/${org.id}`, {}, `/organizations/${org.id}/edit`);
    expect(ask.status).toBe(303);
    expect(ask.location).toBe('/confirm-password');

    const client = await signedIn(owner, org.id, confirmed());
    app.broadcasts.published.length = 0;
    const res = await send(client, 'DELETE', `/organizations/${org.id}`, {}, `/organizations/${org.id}/edit`);
    expect(res.status).toBe(303);
    expect(res.location).toBe('/organizations');
    // The other members are told on their own channel (their open pages of it would answer 404);
    // the owner who deleted it is sent on by the response.
    const told = app.broadcasts.published.filter((b) => b.event === 'OrganizationDeleted');
    expect(told.flatMap((b) => b.channels)).toEqual([`private-App.Models.User.${colleague.id}`]);
    expect(told[0].data).toEqual({ organization: { id: org.id, name: 'Doomed' } });
    const row = await app.ctx.db.selectFrom('organizations').selectAll().where('id', '=', org.id).executeTakeFirstOrThrow();
    expect(row.deleted_at).not.toBeNull();
    // Every member's open sockets are closed: they held the organisation's channels.
    expect(app.broadcasts.terminated).toContain(owner.id);
    const page = await follow(client, res);
    expect(page.props.auth.organization).toBeNull();
    expect(page.props.organizations.data.map((o: { id: number }) => o.id)).not.toContain(org.id);
    expect((await client.get(`/organizations/${org.id}`, { inertia: true })).status).toBe(404);
    expect(await app.ctx.db.selectFrom('activity_logs').select('event').where('organization_id', '=', org.id).where('event', '=', 'deleted').executeTakeFirst()).toBeTruthy();
    // Its slug stays taken.
    const again = await send(client, 'POST', '/organizations', validOrg({ slug: 'doomed-org' }), '/organizations/create');
    expect((await errorsOf(client, again)).slug).toBe('That slug is already taken.');
  });

  it('is for owners (and platform admins) only', async () => {
    const owner = await createUser(app);
    const org = await createOrganization(app, owner);
    const admin = await createUser(app);
    await addMember(app, org.id, admin, 'admin');
    const adminClient = await signedIn(admin, org.id, confirmed());
    expect((await send(adminClient, 'DELETE', `/organizations/${org.id}`, {})).status).toBe(403);
    const platform = await signedIn(await createUser(app, { platformAdmin: true }), undefined, confirmed());
    expect((await send(platform, 'DELETE', `/organizations/${org.id}`, {})).status).toBe(303);
  });
});

describe('switching and choosing the current organisation', () => {
  it('switches to an organisation I belong to, 404 for others, any for platform admins', async () => {
    const me = await createUser(app);
    const a = await createOrganization(app, me, { name: 'Switch A' });
    const b = await createOrganization(app, null, { name: 'Switch B' });
    await addMember(app, b.id, me, 'editor');
    const foreign = await createOrganization(app, await createUser(app));
    const client = await signedIn(me, a.id);
    const res = await send(client, 'POST', `/organizations/${b.id}/switch`, {});
    expect(res.status).toBe(302);
    expect(res.location).toBe('/dashboard');
    const after = (await client.get('/organizations', { inertia: true })).page();
    expect(after.props.auth.organization).toMatchObject({ id: b.id, role: 'editor' });
    expect(after.props.flash.success).toBe('Switched to Switch B.');
    expect((await send(client, 'POST', `/organizations/${foreign.id}/switch`, {})).status).toBe(404);
    expect((await client.get('/organizations', { inertia: true })).page().props.auth.organization.id).toBe(b.id);

    const admin = await signedIn(await createUser(app, { platformAdmin: true }));
    expect((await send(admin, 'POST', `/organizations/${foreign.id}/switch`, {})).status).toBe(302);
    expect((await admin.get('/organizations', { inertia: true })).page().props.auth.organization).toMatchObject({ id: foreign.id, role: null });
  });

  it('asks to choose when several organisations and none current, and accepts only mine', async () => {
    const me = await createUser(app);
    const a = await createOrganization(app, me, { name: 'Choose A' });
    const b = await createOrganization(app, me, { name: 'Choose B' });
    const foreign = await createOrganization(app, await createUser(app));
    const client = await signedIn(me);
    const dash = await client.get('/dashboard', { inertia: true });
    expect(dash.status).toBe(302);
    expect(dash.location).toBe('/organizations/select');
    const page = (await client.get('/organizations/select', { inertia: true })).page();
    expect(page.component).toBe('Auth/OrganizationSelect');
    expect(page.props.organizations.map((o: { id: number }) => o.id).sort()).toEqual([a.id, b.id].sort());

    const bad = await send(client, 'POST', '/organizations/select', { organization_id: foreign.id }, '/organizations/select');
    expect((await errorsOf(client, bad)).organization_id).toBe('Choose one of your organizations.');
    const junk = await send(client, 'POST', '/organizations/select', { organization_id: 'x' }, '/organizations/select');
    expect((await errorsOf(client, junk)).organization_id).toBe('The organization is invalid.');

    const ok = await send(client, 'POST', '/organizations/select', { organization_id: b.id }, '/organizations/select');
    expect(ok.location).toBe('/dashboard'); // the page first asked for
    expect((await client.get('/organizations', { inertia: true })).page().props.auth.organization.id).toBe(b.id);
  });

  it('picks the only organisation automatically and offers to create one when there is none', async () => {
    const single = await createUser(app);
    const org = await createOrganization(app, single);
    const one = await signedIn(single);
    const dash = await one.get('/users', { inertia: true });
    expect(dash.status).toBe(200);
    expect(dash.page().props.auth.organization.id).toBe(org.id);

    const lonely = await signedIn(await createUser(app));
    expect((await lonely.get('/users', { inertia: true })).location).toBe('/organizations/select');
    const page = (await lonely.get('/organizations/select', { inertia: true })).page();
    expect(page.props.organizations).toEqual([]);
    expect((await lonely.get('/organizations/create', { inertia: true })).status).toBe(200);
  });
});

describe('transferring ownership', () => {
  it('makes the member an owner and the previous owner an admin, after password confirmation', async () => {
    const owner = await createUser(app, { name: 'Olivia Owner' });
    const org = await createOrganization(app, owner, { name: 'Handover' });
    const heir = await createUser(app, { name: 'Henry Heir' });
    await addMember(app, org.id, heir, 'editor');

    const unconfirmed = await signedIn(owner, org.id);
    expect((await send(unconfirmed, 'POST', `/organizations/${org.id}/transfer`, { user_id: heir.id })).location).toBe('/confirm-password');

    const client = await signedIn(owner, org.id, confirmed());
    const edit = (await client.get(`/organizations/${org.id}/edit`, { inertia: true })).page();
    expect(edit.props.members.map((m: { id: number }) => m.id)).toEqual([heir.id]);

    const stranger = await createUser(app);
    const notMember = await send(client, 'POST', `/organizations/${org.id}/transfer`, { user_id: stranger.id }, `/organizations/${org.id}/edit`);
    expect((await errorsOf(client, notMember)).user_id).toBe('Choose a member of Handover.');
    const self = await send(client, 'POST', `/organizations/${org.id}/transfer`, { user_id: owner.id }, `/organizations/${org.id}/edit`);
    expect((await errorsOf(client, self)).user_id).toBe('You cannot transfer ownership to yourself.');

    app.broadcasts.published.length = 0;
    const res = await send(client, 'POST', `/organizations/${org.id}/transfer`, { user_id: heir.id }, `/organizations/${org.id}/edit`);
    expect(res.status).toBe(302);
    const roles = Object.fromEntries((await app.ctx.db.selectFrom('memberships').select(['user_id', 'role']).where('organization_id', '=', org.id).execute()).map((m) => [m.user_id, m.role]));
    expect(roles).toEqual({ [owner.id]: 'admin', [heir.id]: 'owner' });
    const log = await app.ctx.db.selectFrom('activity_logs').selectAll().where('organization_id', '=', org.id).where('event', '=', 'ownership_transferred').executeTakeFirstOrThrow();
    expect(log).toMatchObject({ causer_id: owner.id, subject_id: heir.id });
    const roleEvents = app.broadcasts.published.filter((b) => b.event === 'RoleChanged');
    expect(roleEvents.map((b) => b.channels[0]).sort()).toEqual([`private-App.Models.User.${heir.id}`, `private-App.Models.User.${owner.id}`].sort());

    // Now an admin: no more transfers.
    expect((await send(client, 'POST', `/organizations/${org.id}/transfer`, { user_id: heir.id })).status).toBe(403);
  });
});

describe('signing in to an organisation (/org-login)', () => {
  it('asks for the slug, then shows the organisation over the sign-in form', async () => {
    const owner = await createUser(app);
    const org = await createOrganization(app, owner, { name: 'Login Org', slug: 'login-org' });
    const guest = app.client();
    await guest.prime('/org-login');
    const form = (await guest.get('/org-login', { inertia: true })).page();
    expect(form.component).toBe('Auth/OrganizationLogin');
    expect(form.props.organization).toBeNull();

    const unknown = await send(guest, 'POST', '/org-login', { slug: 'no-such-org' }, '/org-login');
    expect((await errorsOf(guest, unknown)).slug).toBe('No such organization.');
    const empty = await send(guest, 'POST', '/org-login', { slug: '' }, '/org-login');
    expect((await errorsOf(guest, empty)).slug).toBe('The organization field is required.');
    const known = await send(guest, 'POST', '/org-login', { slug: ' Login-Org ' }, '/org-login');
    expect(known.location).toBe('/org-login/login-org');

    const page = (await guest.get('/org-login/login-org', { inertia: true })).page();
    expect(page.props.organization).toEqual({ name: 'Login Org', slug: 'login-org' });

    const missing = await guest.get('/org-login/nope-nope', { inertia: true });
    expect(missing.status).toBe(404);
    expect(missing.page().component).toBe('Auth/OrganizationLogin');
    expect(missing.page().props).toMatchObject({ organization: null, notFound: 'No such organization.' });

    // A deleted organisation is no longer there.
    await app.ctx.db.updateTable('organizations').set({ deleted_at: new Date() }).where('id', '=', org.id).execute();
    expect((await guest.get('/org-login/login-org', { inertia: true })).status).toBe(404);
  });

  it('signs a member in with that organisation current; refuses non-members with a field error', async () => {
    const member = await createUser(app, { email: 'member@orglogin.test' });
    const outsider = await createUser(app, { email: 'outsider@orglogin.test' });
    const org = await createOrganization(app, member, { name: 'Gate Org', slug: 'gate-org' });
    const other = await createOrganization(app, member, { name: 'Other Org' });
    await createOrganization(app, outsider);

    const guest = app.client();
    await guest.prime('/org-login/gate-org');
    const refused = await send(guest, 'POST', '/org-login/gate-org', { email: outsider.email, password: PASSWORD }, '/org-login/gate-org');
    expect((await errorsOf(guest, refused)).email).toBe('You are not a member of Gate Org.');
    const wrong = await send(guest, 'POST', '/org-login/gate-org', { email: member.email, password: 'nope-nope-nope' }, '/org-login/gate-org');
    expect((await errorsOf(guest, wrong)).email).toBe('These credentials do not match our records.');
    const unknownOrg = await send(guest, 'POST', '/org-login/gone-org', { email: member.email, password: PASSWORD }, '/org-login/gone-org');
    expect(unknownOrg.status).toBe(303);

    const ok = await send(guest, 'POST', '/org-login/gate-org', { email: member.email, password: PASSWORD }, '/org-login/gate-org');
    expect(ok.status).toBe(302);
    expect(ok.location).toBe('/dashboard');
    const page = (await guest.get('/organizations', { inertia: true })).page();
    expect(page.props.auth.user.email).toBe(member.email);
    expect(page.props.auth.organization).toMatchObject({ id: org.id, role: 'owner' });
    expect(other.id).not.toBe(org.id);
    // Guests only: a signed-in user is sent on.
    expect((await guest.get('/org-login', { inertia: true })).location).toBe('/dashboard');
  });

  it('shares the sign-in throttle with /login', async () => {
    const member = await createUser(app, { email: 'throttled@orglogin.test' });
    await createOrganization(app, member, { slug: 'throttle-org' });
    const guest = app.client();
    await guest.prime('/org-login/throttle-org');
    for (let i = 0; i < 5; i++) await send(guest, 'POST', '/org-login/throttle-org', { email: member.email, password: 'wrong-password' }, '/org-login/throttle-org');
    const locked = await send(guest, 'POST', '/org-login/throttle-org', { email: member.email, password: PASSWORD }, '/org-login/throttle-org');
    expect((await errorsOf(guest, locked)).email).toMatch(/^Too many sign-in attempts/);
    const viaLogin = await send(guest, 'POST', '/login', { email: member.email, password: PASSWORD }, '/login');
    expect((await errorsOf(guest, viaLogin)).email).toMatch(/^Too many sign-in attempts/);
  });
});

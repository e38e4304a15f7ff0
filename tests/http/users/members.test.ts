import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Role, User } from '../../../server/db/types';
import { sha256 } from '../../../server/lib/crypto';
import { createTestApp, FakeClock, type TestApp } from '../../helpers/app';
import type { TestClient, TestResponse } from '../../helpers/client';
import { lastActiveSettled } from '../../../server/features/users/last-active';
import { actingAs, addMember, createOrganization, createUser, PASSWORD } from '../../helpers/factories';

let app: TestApp;
const clock = new FakeClock(new Date('2026-11-23T09:00:00Z'));
const DAY = 86_400_000;

beforeAll(async () => {
  app = await createTestApp({ clock });
});
afterAll(() => app.close());

function send(client: TestClient, method: string, path: string, body: unknown, from = '/users') {
  return client.request(method, path, body, { inertia: true, headers: { Referer: app.url + from } });
}

async function follow(client: TestClient, res: TestResponse) {
  expect([302, 303], `expected a redirect, got ${res.status}: ${res.text.slice(0, 300)}`).toContain(res.status);
  const url = new URL(res.location!, app.url);
  return (await client.get(url.pathname + url.search, { inertia: true })).page();
}

async function errorsOf(client: TestClient, res: TestResponse) {
  return (await follow(client, res)).props.errors as Record<string, string>;
}

/** An organisation with an owner and one member per role, each signed in on a client. */
async function team(plan?: 'free' | 'team' | 'business') {
  const owner = await createUser(app, { name: 'Olive Owner' });
  const org = await createOrganization(app, owner, { name: `Team ${Math.random().toString(36).slice(2, 6)}`, ...(plan ? { plan } : {}) });
  const people: Record<Role, { user: User; client: TestClient }> = {
    owner: { user: owner, client: await actingAs(app, app.client(), owner, org.id) },
  } as never;
  for (const role of ['admin', 'editor', 'viewer'] as Role[]) {
    const user = await createUser(app, { name: `${role[0].toUpperCase()}${role.slice(1)} Person` });
    await addMember(app, org.id, user, role);
    people[role] = { user, client: await actingAs(app, app.client(), user, org.id) };
  }
  return { org, ...people };
}

const roleOf = async (orgId: number, userId: number) =>
  (await app.ctx.db.selectFrom('memberships').select('role').where('organization_id', '=', orgId).where('user_id', '=', userId).executeTakeFirst())?.role;

const invitationPath = (email: string) => new URL(app.mail.linkIn(app.mail.last(email), /https?:\/\/\S+\/invitations\/\S+/)).pathname;

async function guest(path = '/') {
  const c = app.client();
  await c.prime(path);
  return c;
}

describe('the members list', () => {
  it('shows members with role and last activity, and pending invitations, to admins', async () => {
    const t = await team();
    await send(t.admin.client, 'POST', '/users', { email: 'pending@members.test', role: 'viewer' }, '/users/create');
    await lastActiveSettled(app.ctx); // recorded after the earlier responses
    const page = (await t.admin.client.get('/users', { inertia: true })).page();
    expect(page.component).toBe('Users/Index');
    const rows = page.props.members.data as { id: number; role: string; email: string; last_active_at: string | null }[];
    expect(rows.map((r) => r.role).sort()).toEqual(['admin', 'editor', 'owner', 'viewer']);
    expect(rows.find((r) => r.id === t.admin.user.id)!.last_active_at).toBe(clock.now().toISOString());
    expect(page.props.invitations).toHaveLength(1);
    expect(page.props.invitations[0]).toMatchObject({ email: 'pending@members.test', role: 'viewer', expired: false, invited_by: t.admin.user.name });
    expect(page.props.usage).toMatchObject({ plan: 'team', limit: 10, members: 4, pending: 1 });

    const searched = (await t.admin.client.get('/users?search=editor', { inertia: true })).page();
    expect(searched.props.members.data.map((m: { id: number }) => m.id)).toEqual([t.editor.user.id]);

    for (const role of ['editor', 'viewer'] as const) {
      expect((await t[role].client.get('/users', { inertia: true })).status, role).toBe(403);
      expect((await t[role].client.get('/users/create', { inertia: true })).status, role).toBe(403);
      expect((await t[role].client.get(`/users/${t.owner.user.id}`, { inertia: true })).status, role).toBe(403);
    }
  });

  it('records last activity at most once a minute', async () => {
    const t = await team();
    // The write follows the response: wait for it before reading.
    const read = async () => (await lastActiveSettled(app.ctx), await readRow());
    const readRow = async () =>
      (await app.ctx.db.selectFrom('memberships').select('last_active_at').where('organization_id', '=', t.org.id).where('user_id', '=', t.viewer.user.id).executeTakeFirstOrThrow()).last_active_at;
    await t.viewer.client.get('/organizations', { inertia: true });
    const first = await read();
    expect(first?.toISOString()).toBe(clock.now().toISOString());
    const updates = () => app.queries.filter((q) => /update "memberships" set "last_active_at"/.test(q.query.sql)).length;
    const before = updates();
    clock.advance(30_000);
    await t.viewer.client.get('/organizations', { inertia: true });
    await lastActiveSettled(app.ctx);
    expect(updates()).toBe(before); // no write at all within the minute
    expect((await read())?.toISOString()).toBe(first?.toISOString());
    clock.advance(31_000);
    await t.viewer.client.get('/organizations', { inertia: true });
    expect((await read())?.toISOString()).toBe(clock.now().toISOString());
  });

  it('shows and edits one member; someone outside the organisation is 404', async () => {
    const t = await team();
    const show = (await t.admin.client.get(`/users/${t.editor.user.id}`, { inertia: true })).page();
    expect(show.component).toBe('Users/Show');
    expect(show.props.member).toMatchObject({ id: t.editor.user.id, role: 'editor', email: t.editor.user.email });
    expect(show.props.abilities).toMatchObject({ update: true, remove: true, roles: ['admin', 'editor', 'viewer'] });
    const ownerView = (await t.admin.client.get(`/users/${t.owner.user.id}`, { inertia: true })).page();
    expect(ownerView.props.abilities).toMatchObject({ update: false, remove: false });
    const edit = (await t.admin.client.get(`/users/${t.editor.user.id}/edit`, { inertia: true })).page();
    expect(edit.component).toBe('Users/Edit');

    const outsider = await createUser(app);
    await createOrganization(app, outsider);
    expect((await t.admin.client.get(`/users/${outsider.id}`, { inertia: true })).status).toBe(404);
    expect((await t.admin.client.get(`/users/${outsider.id}/edit`, { inertia: true })).status).toBe(404);
    // 404 first, even for a role that could not see the page anyway.
    expect((await t.viewer.client.get(`/users/${outsider.id}`, { inertia: true })).status).toBe(404);
  });
});

describe('inviting', () => {
  it('mails a 7-day link whose token is stored hashed, logs it and tells an existing user live', async () => {
    const t = await team();
    const existing = await createUser(app, { email: 'known@members.test' });
    app.broadcasts.published.length = 0;
    const res = await send(t.admin.client, 'POST', '/users', { email: 'Known@Members.test', role: 'editor' }, '/users/create');
    expect(res.status).toBe(302);
    expect(res.location).toBe('/users');
    expect((await follow(t.admin.client, res)).props.flash.success).toBe('Invitation sent to known@members.test.');

    const mail = app.mail.last('known@members.test')!;
    expect(mail.subject).toBe(`You are invited to join ${t.org.name} on Boardly`);
    expect(mail.text).toContain('as an editor');
    const path = invitationPath('known@members.test');
    const token = path.split('/').pop()!;
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const row = await app.ctx.db.selectFrom('invitations').selectAll().where('organization_id', '=', t.org.id).executeTakeFirstOrThrow();
    expect(row.token_hash).toBe(sha256(token));
    expect(row.token_hash).not.toContain(token);
    expect(row).toMatchObject({ email: 'known@members.test', role: 'editor', invited_by: t.admin.user.id, accepted_at: null, revoked_at: null });
    expect(row.expires_at.getTime() - clock.now().getTime()).toBe(7 * DAY);

    const log = await app.ctx.db.selectFrom('activity_logs').selectAll().where('organization_id', '=', t.org.id).where('event', '=', 'invitation_sent').executeTakeFirstOrThrow();
    expect(log).toMatchObject({ causer_id: t.admin.user.id, subject_type: 'invitation', subject_id: row.id });
    expect(JSON.stringify(log.properties)).not.toContain(token);

    const live = app.broadcasts.published.find((b) => b.event === 'InvitationReceived');
    expect(live?.channels).toEqual([`private-App.Models.User.${existing.id}`]);
    expect(live?.data).toMatchObject({ organization: { id: t.org.id, name: t.org.name }, role: 'editor' });
  });

  it('refuses existing members, duplicates, bad input and owner invitations from admins', async () => {
    const t = await team();
    const cases: [Record<string, unknown>, string, string][] = [
      [{ email: t.editor.user.email.toUpperCase(), role: 'viewer' }, 'email', `${t.editor.user.email} is already a member of ${t.org.name}.`],
      [{ email: '', role: 'viewer' }, 'email', 'The email field is required.'],
      [{ email: 'not-an-email', role: 'viewer' }, 'email', 'The email must be a valid email address.'],
      [{ email: `${'x'.repeat(250)}@a.test`, role: 'viewer' }, 'email', 'The email may not be greater than 255 characters.'],
      [{ email: ['a@b.test'], role: 'viewer' }, 'email', 'The email must be text.'],
      [{ email: 'new@members.test', role: 'superuser' }, 'role', 'The selected role is invalid.'],
      [{ email: 'new@members.test', role: 3 }, 'role', 'The selected role is invalid.'],
      [{ email: 'new@members.test' }, 'role', 'The selected role is invalid.'],
    ];
    for (const [body, field, message] of cases) {
      const res = await send(t.admin.client, 'POST', '/users', body, '/users/create');
      expect(res.status, JSON.stringify(body)).toBe(303);
      expect((await errorsOf(t.admin.client, res))[field], JSON.stringify(body)).toBe(message);
    }
    await send(t.admin.client, 'POST', '/users', { email: 'twice@members.test', role: 'viewer' }, '/users/create');
    const twice = await send(t.admin.client, 'POST', '/users', { email: 'twice@members.test', role: 'editor' }, '/users/create');
    expect((await errorsOf(t.admin.client, twice)).email).toBe('An invitation to twice@members.test is already pending. Re-send it from the list of pending invitations.');

    expect((await send(t.admin.client, 'POST', '/users', { email: 'boss@members.test', role: 'owner' })).status).toBe(403);
    expect((await send(t.owner.client, 'POST', '/users', { email: 'boss@members.test', role: 'owner' })).status).toBe(302);
    expect((await send(t.editor.client, 'POST', '/users', { email: 'x@members.test', role: 'viewer' })).status).toBe(403);
    expect(await app.ctx.db.selectFrom('invitations').select('id').where('organization_id', '=', t.org.id).execute()).toHaveLength(2);
  });

  it("enforces the plan's member limit, counting open invitations", async () => {
    const owner = await createUser(app);
    const org = await createOrganization(app, owner, { plan: 'free', name: 'Small Org' });
    const a = await createUser(app);
    await addMember(app, org.id, a, 'editor');
    const client = await actingAs(app, app.client(), owner, org.id);
    expect((await send(client, 'POST', '/users', { email: 'third@members.test', role: 'viewer' }, '/users/create')).status).toBe(302);
    const res = await send(client, 'POST', '/users', { email: 'fourth@members.test', role: 'viewer' }, '/users/create');
    expect((await errorsOf(client, res)).email).toBe('The Free plan allows 3 members; you have 3 (including 1 pending invitation). Upgrade your plan to add more.');
    const create = (await client.get('/users/create', { inertia: true })).page();
    expect(create.props.usage).toMatchObject({ plan: 'free', limit: 3, members: 2, pending: 1 });
    expect(create.props.roles).toEqual(['owner', 'admin', 'editor', 'viewer']);
  });

  it('re-sends with a new token and a new expiry; the old link stops working', async () => {
    const t = await team();
    await send(t.admin.client, 'POST', '/users', { email: 'resend@members.test', role: 'viewer' }, '/users/create');
    const oldPath = invitationPath('resend@members.test');
    const inv = await app.ctx.db.selectFrom('invitations').selectAll().where('email', '=', 'resend@members.test').executeTakeFirstOrThrow();
    clock.advance(8 * DAY); // expired (and so is the admin's session: sign in again)
    t.admin.client = await actingAs(app, app.client(), t.admin.user, t.org.id);
    const expiredList = (await t.admin.client.get('/users', { inertia: true })).page();
    expect(expiredList.props.invitations[0].expired).toBe(true);
    const res = await send(t.admin.client, 'POST', `/invitations/${inv.id}/resend`, {});
    expect(res.status).toBe(303);
    const newPath = invitationPath('resend@members.test');
    expect(newPath).not.toBe(oldPath);
    const after = await app.ctx.db.selectFrom('invitations').selectAll().where('id', '=', inv.id).executeTakeFirstOrThrow();
    expect(after.expires_at.getTime()).toBe(clock.now().getTime() + 7 * DAY);
    const visitor = await guest();
    expect((await visitor.get(oldPath, { inertia: true })).page().props.state).toBe('invalid');
    expect((await visitor.get(newPath, { inertia: true })).page().props.state).toBe('register');
    expect(await app.ctx.db.selectFrom('activity_logs').select('id').where('organization_id', '=', t.org.id).where('event', '=', 'invitation_resent').executeTakeFirst()).toBeTruthy();
  });

  it('revokes; the link then says so; other organisations cannot touch it (404)', async () => {
    const t = await team();
    await send(t.admin.client, 'POST', '/users', { email: 'revoke@members.test', role: 'viewer' }, '/users/create');
    const path = invitationPath('revoke@members.test');
    const inv = await app.ctx.db.selectFrom('invitations').selectAll().where('email', '=', 'revoke@members.test').executeTakeFirstOrThrow();

    const other = await team();
    expect((await send(other.owner.client, 'DELETE', `/invitations/${inv.id}`, {})).status).toBe(404);
    expect((await send(other.owner.client, 'POST', `/invitations/${inv.id}/resend`, {})).status).toBe(404);
    expect((await send(t.viewer.client, 'DELETE', `/invitations/${inv.id}`, {})).status).toBe(403);

    expect((await send(t.admin.client, 'DELETE', `/invitations/${inv.id}`, {})).status).toBe(303);
    const row = await app.ctx.db.selectFrom('invitations').selectAll().where('id', '=', inv.id).executeTakeFirstOrThrow();
    expect(row.revoked_at).not.toBeNull();
    expect((await t.admin.client.get('/users', { inertia: true })).page().props.invitations).toEqual([]);
    const log = await app.ctx.db.selectFrom('activity_logs').selectAll().where('organization_id', '=', t.org.id).where('event', '=', 'invitation_revoked').executeTakeFirstOrThrow();
    expect(log.subject_id).toBe(inv.id);

    const visitor = await guest();
    const page = await visitor.get(path, { inertia: true });
    expect(page.status).toBe(410);
    expect(page.page().props).toMatchObject({ state: 'revoked', message: `This invitation to ${t.org.name} was withdrawn. Ask an admin of ${t.org.name} for a new one.` });
    const accept = await send(visitor, 'POST', path, { name: 'Late', password: 'long enough pw', password_confirmation: 'long enough pw' }, path);
    expect(accept.location).toBe(path);
    expect(await app.ctx.db.selectFrom('users').select('id').where('email', '=', 'revoke@members.test').executeTakeFirst()).toBeUndefined();
    const resend = await send(t.admin.client, 'POST', `/invitations/${inv.id}/resend`, {});
    expect((await errorsOf(t.admin.client, resend)).invitation).toBe('The invitation to revoke@members.test was revoked. Send a new one.');
  });
});

describe('accepting an invitation', () => {
  it('creates a verified account for a newcomer, signs them in, and the link cannot be used twice', async () => {
    const t = await team();
    await send(t.admin.client, 'POST', '/users', { email: 'newcomer@members.test', role: 'editor' }, '/users/create');
    const path = invitationPath('newcomer@members.test');
    const visitor = await guest();
    const page = (await visitor.get(path, { inertia: true })).page();
    expect(page.component).toBe('Invitations/Accept');
    expect(page.props).toMatchObject({ state: 'register', details: { email: 'newcomer@members.test', role: 'editor', organization: { name: t.org.name } } });

    const short = await send(visitor, 'POST', path, { name: '', password: 'short', password_confirmation: 'short' }, path);
    const errors = await errorsOf(visitor, short);
    expect(errors).toMatchObject({ name: 'The name field is required.', password: 'The password must be at least 8 characters.' });
    const mismatch = await send(visitor, 'POST', path, { name: 'Nia', password: 'long enough pw', password_confirmation: 'other' }, path);
    expect((await errorsOf(visitor, mismatch)).password).toBe('The password confirmation does not match.');

    const res = await send(visitor, 'POST', path, { name: 'Nia Newcomer', password: 'long enough pw', password_confirmation: 'long enough pw' }, path);
    expect(res.status).toBe(303);
    expect(res.location).toBe('/dashboard');
    const user = await app.ctx.db.selectFrom('users').selectAll().where('email', '=', 'newcomer@members.test').executeTakeFirstOrThrow();
    expect(user.name).toBe('Nia Newcomer');
    expect(user.email_verified_at).not.toBeNull();
    expect(await roleOf(t.org.id, user.id)).toBe('editor');
    const inv = await app.ctx.db.selectFrom('invitations').selectAll().where('email', '=', 'newcomer@members.test').executeTakeFirstOrThrow();
    expect(inv.accepted_at).not.toBeNull();
    const log = await app.ctx.db.selectFrom('activity_logs').selectAll().where('organization_id', '=', t.org.id).where('event', '=', 'member_added').executeTakeFirstOrThrow();
    expect(log).toMatchObject({ causer_id: user.id, subject_id: user.id });

    const home = (await visitor.get('/organizations', { inertia: true })).page();
    expect(home.props.auth.user.email).toBe('newcomer@members.test');
    expect(home.props.auth.organization).toMatchObject({ id: t.org.id, role: 'editor' });

    // Reused link, by anyone.
    const again = await (await guest()).get(path, { inertia: true });
    expect(again.status).toBe(410);
    expect(again.page().props).toMatchObject({ state: 'used', message: `This invitation to ${t.org.name} has already been used.` });
  });

  it('asks an existing user to sign in as the invited address, then adds the membership', async () => {
    const t = await team();
    const existing = await createUser(app, { email: 'existing@members.test', name: 'Ed Existing' });
    await send(t.admin.client, 'POST', '/users', { email: 'existing@members.test', role: 'viewer' }, '/users/create');
    const path = invitationPath('existing@members.test');

    const visitor = await guest();
    const page = (await visitor.get(path, { inertia: true })).page();
    expect(page.props.state).toBe('sign-in');
    const early = await send(visitor, 'POST', path, {}, path);
    expect(early.location).toBe(path);

    const login = await send(visitor, 'POST', '/login', { email: 'existing@members.test', password: PASSWORD }, '/login');
    expect(login.location).toBe(path); // back to the invitation
    const join = (await visitor.get(path, { inertia: true })).page();
    expect(join.props.state).toBe('join');
    const res = await send(visitor, 'POST', path, {}, path);
    expect(res.location).toBe('/dashboard');
    expect(await roleOf(t.org.id, existing.id)).toBe('viewer');
    expect((await visitor.get('/organizations', { inertia: true })).page().props.auth.organization.id).toBe(t.org.id);
  });

  it('tells someone signed in as another user, and does not add them', async () => {
    const t = await team();
    await send(t.admin.client, 'POST', '/users', { email: 'meant-for@members.test', role: 'viewer' }, '/users/create');
    const path = invitationPath('meant-for@members.test');
    const res = await t.editor.client.get(path, { inertia: true });
    expect(res.status).toBe(200);
    expect(res.page().props).toMatchObject({
      state: 'wrong-user',
      message: `You are signed in as ${t.editor.user.email}, but this invitation is for meant-for@members.test. Sign out, then open the link again.`,
    });
    const post = await send(t.editor.client, 'POST', path, {}, path);
    expect(post.location).toBe(path);
    const inv = await app.ctx.db.selectFrom('invitations').selectAll().where('email', '=', 'meant-for@members.test').executeTakeFirstOrThrow();
    expect(inv.accepted_at).toBeNull();
  });

  it('explains expired, unknown and malformed links, never a 500', async () => {
    const t = await team();
    await send(t.admin.client, 'POST', '/users', { email: 'slow@members.test', role: 'viewer' }, '/users/create');
    const path = invitationPath('slow@members.test');
    clock.advance(7 * DAY + 1000);
    const visitor = await guest();
    const expired = await visitor.get(path, { inertia: true });
    expect(expired.status).toBe(410);
    expect(expired.page().props).toMatchObject({ state: 'expired', message: `This invitation to ${t.org.name} has expired. Ask an admin of ${t.org.name} to re-send it.` });
    const post = await send(visitor, 'POST', path, { name: 'Slow', password: 'long enough pw', password_confirmation: 'long enough pw' }, path);
    expect(post.location).toBe(path);

    for (const bad of ['x'.repeat(43), 'short', '%00%01', 'a'.repeat(300), '..%2F..%2Fetc', "'%20OR%201=1--"]) {
      const res = await visitor.get(`/invitations/${bad}`, { inertia: true });
      expect(res.status, bad).toBe(404);
      expect(res.page().props.state, bad).toBe('invalid');
      const p = await send(visitor, 'POST', `/invitations/${bad}`, { name: 'x' }, '/');
      expect([303], bad).toContain(p.status);
    }
  });

  it('refuses to join when the plan is full at acceptance time', async () => {
    const owner = await createUser(app);
    const org = await createOrganization(app, owner, { plan: 'free' });
    const client = await actingAs(app, app.client(), owner, org.id);
    await send(client, 'POST', '/users', { email: 'seat@members.test', role: 'viewer' }, '/users/create');
    const path = invitationPath('seat@members.test');
    await addMember(app, org.id, await createUser(app), 'viewer');
    await addMember(app, org.id, await createUser(app), 'viewer');
    const res = await (await guest()).get(path, { inertia: true });
    expect(res.status).toBe(409);
    expect(res.page().props.state).toBe('full');
  });
});

describe('changing roles', () => {
  it('lets admins change roles, logs and announces it', async () => {
    const t = await team();
    app.broadcasts.published.length = 0;
    const res = await send(t.admin.client, 'PUT', `/users/${t.editor.user.id}`, { role: 'viewer' }, `/users/${t.editor.user.id}/edit`);
    expect(res.status).toBe(303);
    expect(await roleOf(t.org.id, t.editor.user.id)).toBe('viewer');
    const log = await app.ctx.db.selectFrom('activity_logs').selectAll().where('organization_id', '=', t.org.id).where('event', '=', 'role_changed').executeTakeFirstOrThrow();
    expect(log.properties).toEqual({ old: { role: 'editor' }, attributes: { role: 'viewer' } });
    const live = app.broadcasts.published.find((b) => b.event === 'RoleChanged');
    expect(live).toMatchObject({ channels: [`private-App.Models.User.${t.editor.user.id}`], data: { role: 'viewer', previous_role: 'editor' } });
    // The member's next page knows the new role.
    expect((await t.editor.client.get('/organizations', { inertia: true })).page().props.auth.organization.role).toBe('viewer');

    const bad = await send(t.admin.client, 'PUT', `/users/${t.editor.user.id}`, { role: 'king' }, `/users/${t.editor.user.id}/edit`);
    expect((await errorsOf(t.admin.client, bad)).role).toBe('The selected role is invalid.');
    expect((await send(t.editor.client, 'PUT', `/users/${t.viewer.user.id}`, { role: 'admin' })).status).toBe(403);
  });

  it('keeps the owner role to owners and never leaves an organisation without one', async () => {
    const t = await team();
    expect((await send(t.admin.client, 'PUT', `/users/${t.editor.user.id}`, { role: 'owner' })).status).toBe(403);
    expect((await send(t.admin.client, 'PUT', `/users/${t.owner.user.id}`, { role: 'viewer' })).status).toBe(403);

    const last = await send(t.owner.client, 'PUT', `/users/${t.owner.user.id}`, { role: 'admin' }, `/users/${t.owner.user.id}/edit`);
    expect((await errorsOf(t.owner.client, last)).role).toBe(`Olive Owner is the last owner of ${t.org.name}. Make someone else an owner first.`);
    expect(await roleOf(t.org.id, t.owner.user.id)).toBe('owner');

    expect((await send(t.owner.client, 'PUT', `/users/${t.admin.user.id}`, { role: 'owner' })).status).toBe(303);
    expect(await roleOf(t.org.id, t.admin.user.id)).toBe('owner');
    expect((await send(t.owner.client, 'PUT', `/users/${t.owner.user.id}`, { role: 'editor' })).status).toBe(303);
    expect(await roleOf(t.org.id, t.owner.user.id)).toBe('editor');
  });
});

describe('removing members and leaving', () => {
  it('removes a member (logged), but never an owner by an admin or the last owner', async () => {
    const t = await team();
    const res = await send(t.admin.client, 'DELETE', `/users/${t.editor.user.id}`, {});
    expect(res.status).toBe(303);
    expect(res.location).toBe('/users');
    expect(await roleOf(t.org.id, t.editor.user.id)).toBeUndefined();
    expect(await app.ctx.db.selectFrom('activity_logs').select('subject_id').where('organization_id', '=', t.org.id).where('event', '=', 'member_removed').executeTakeFirst()).toEqual({
      subject_id: t.editor.user.id,
    });
    // The removed member's session drops the organisation, and their open sockets are closed.
    expect((await t.editor.client.get('/users', { inertia: true })).location).toBe('/organizations/select');
    expect(app.broadcasts.terminated).toContain(t.editor.user.id);

    expect((await send(t.admin.client, 'DELETE', `/users/${t.owner.user.id}`, {})).status).toBe(403);
    const self = await send(t.owner.client, 'DELETE', `/users/${t.owner.user.id}`, {}, '/users');
    expect((await errorsOf(t.owner.client, self)).member).toBe('To remove yourself, use "Leave organization" on the organization page.');

    const platform = await actingAs(app, app.client(), await createUser(app, { platformAdmin: true }), t.org.id);
    const last = await send(platform, 'DELETE', `/users/${t.owner.user.id}`, {}, '/users');
    expect((await errorsOf(platform, last)).member).toBe(`Olive Owner is the last owner of ${t.org.name} and cannot be removed. Make someone else an owner first.`);
  });

  it('lets a member leave, but not the last owner; non-members get 404', async () => {
    const t = await team();
    const res = await send(t.viewer.client, 'POST', `/organizations/${t.org.id}/leave`, {}, `/organizations/${t.org.id}`);
    expect(res.location).toBe('/organizations');
    expect(await roleOf(t.org.id, t.viewer.user.id)).toBeUndefined();
    const page = await follow(t.viewer.client, res);
    expect(page.props.auth.organization).toBeNull();
    expect(page.props.flash.success).toBe(`You left ${t.org.name}.`);
    expect(app.broadcasts.terminated).toContain(t.viewer.user.id);

    const stay = await send(t.owner.client, 'POST', `/organizations/${t.org.id}/leave`, {}, `/organizations/${t.org.id}`);
    expect((await errorsOf(t.owner.client, stay)).organization).toBe(`You are the last owner of ${t.org.name}. Make someone else an owner, or delete the organization, before leaving.`);
    expect(await roleOf(t.org.id, t.owner.user.id)).toBe('owner');

    expect((await send(t.viewer.client, 'POST', `/organizations/${t.org.id}/leave`, {})).status).toBe(404);
    const platform = await actingAs(app, app.client(), await createUser(app, { platformAdmin: true }), t.org.id);
    expect((await send(platform, 'POST', `/organizations/${t.org.id}/leave`, {})).status).toBe(404);
  });
});

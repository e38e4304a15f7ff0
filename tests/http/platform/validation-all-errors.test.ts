import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../helpers/app';
import type { TestClient, TestResponse } from '../../helpers/client';
import { actingAs, addMember, createBoardUser, createOrganization, createUser, memberClient, PASSWORD } from '../../helpers/factories';

/**
 * Issue #12, bug 5: a form reports every problem in one answer, the checks that need the
 * database included, and messages use the label the form shows.
 */
let app: TestApp;

beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

/** Submits like the page (an Inertia visit from `from`) and returns the error bag the page gets back. */
async function errorsAfter(client: TestClient, method: string, path: string, body: unknown, from: string): Promise<Record<string, string>> {
  const res: TestResponse = await client.request(method, path, body, { inertia: true, headers: { Referer: app.url + from } });
  expect([302, 303], `expected a redirect back, got ${res.status}: ${res.text.slice(0, 200)}`).toContain(res.status);
  expect(new URL(res.location!, app.url).pathname).toBe(from);
  return (await client.get(from, { inertia: true })).page().props.errors;
}

describe('every problem of a form in one answer', () => {
  it('register: a taken e-mail and mismatched passwords together', async () => {
    await createUser(app, { email: 'taken@example.test' });
    const guest = app.client();
    await guest.prime('/register');
    const errors = await errorsAfter(guest, 'POST', '/register', { name: '', email: 'TAKEN@example.test', password: 'long enough 1', password_confirmation: 'something else' }, '/register');
    expect(errors).toEqual({
      name: 'The name field is required.',
      email: 'The email has already been taken.',
      password: 'The password confirmation does not match.',
    });
  });

  it('register: a too-short password is reported with the other fields, and only once', async () => {
    const guest = app.client();
    await guest.prime('/register');
    const errors = await errorsAfter(guest, 'POST', '/register', { name: 'Ann', email: 'not-an-email', password: 'short', password_confirmation: 'other' }, '/register');
    expect(errors).toEqual({ email: 'The email must be a valid email address.', password: 'The password must be at least 8 characters.' });
  });

  it('organization create: a taken slug and a bad website together', async () => {
    const owner = await createUser(app);
    await createOrganization(app, owner, { slug: 'taken-slug' });
    const client = await actingAs(app, app.client(), await createUser(app));
    const errors = await errorsAfter(client, 'POST', '/organizations', { name: 'New', slug: 'taken-slug', website: 'not a url', description: '' }, '/organizations/create');
    expect(errors).toEqual({ slug: 'That slug is already taken.', website: 'The website must be a valid URL.' });
  });

  it('organization edit: a taken slug and a missing name together', async () => {
    const owner = await createUser(app);
    await createOrganization(app, owner, { slug: 'other-slug' });
    const mine = await createOrganization(app, owner, { slug: 'mine-slug' });
    const client = await actingAs(app, app.client(), owner, mine.id);
    const errors = await errorsAfter(client, 'PUT', `/organizations/${mine.id}`, { name: '', slug: 'other-slug', website: '', description: '' }, `/organizations/${mine.id}/edit`);
    expect(errors).toEqual({ name: 'The name field is required.', slug: 'That slug is already taken.' });
  });

  it('board user: a taken e-mail, a missing name and too many tags (naming the limit) together', async () => {
    const { client, organizationId } = await memberClient(app, 'editor');
    await createBoardUser(app, organizationId, { first_name: 'A', last_name: 'B', email: 'anna@example.test' });
    const twelve = Array.from({ length: 12 }, (_, i) => `tag${i}`);
    const body = { first_name: '', last_name: 'Smith', email: 'Anna@Example.test', tags: twelve, status: 'active' };
    const errors = await errorsAfter(client, 'POST', '/board-users', body, '/board-users/create');
    expect(errors).toEqual({
      first_name: 'The first name field is required.',
      email: 'A board user with this email already exists in your organization (it may be in the trash).',
      tags: 'No more than 10 tags: you entered 12.',
    });
  });

  it('board user: too many tags is reported even when one of them is too long', async () => {
    const { client } = await memberClient(app, 'editor');
    const tags = [...Array.from({ length: 11 }, (_, i) => `tag${i}`), 'x'.repeat(31)];
    const errors = await errorsAfter(client, 'POST', '/board-users', { first_name: 'A', last_name: 'B', tags }, '/board-users/create');
    expect(errors).toEqual({ 'tags.11': 'Each tag may not be greater than 30 characters.', tags: 'No more than 10 tags: you entered 12.' });
  });

  it('insight: unknown board users and a missing title together', async () => {
    const { client } = await memberClient(app, 'editor');
    const other = await memberClient(app, 'editor');
    const foreign = await createBoardUser(app, other.organizationId, { first_name: 'Not', last_name: 'Yours' });
    const errors = await errorsAfter(client, 'POST', '/insights', { title: '', category: 'finance', board_user_ids: [foreign.id] }, '/insights/create');
    expect(errors).toEqual({ title: 'The title field is required.', board_user_ids: 'One or more selected board users are invalid.' });
  });

  it('invite: an existing member and a bad role together', async () => {
    const { client, organizationId } = await memberClient(app, 'admin');
    const member = await createUser(app);
    await addMember(app, organizationId, member, 'viewer');
    const org = await app.ctx.db.selectFrom('organizations').select('name').where('id', '=', organizationId).executeTakeFirstOrThrow();
    const errors = await errorsAfter(client, 'POST', '/users', { email: member.email, role: 'emperor' }, '/users/create');
    expect(errors).toEqual({ email: `${member.email} is already a member of ${org.name}.`, role: 'The selected role is invalid.' });
  });

  it('invite: the plan’s member limit is reported with the other problems', async () => {
    const owner = await createUser(app);
    const org = await createOrganization(app, owner, { plan: 'free' });
    for (let i = 0; i < 2; i++) await addMember(app, org.id, await createUser(app), 'viewer');
    const client = await actingAs(app, app.client(), owner, org.id);
    const errors = await errorsAfter(client, 'POST', '/users', { email: 'newcomer@example.test', role: 'emperor' }, '/users/create');
    expect(errors.role).toBe('The selected role is invalid.');
    expect(errors.email).toMatch(/Free plan allows 3 members/);
  });

  it('profile: a taken e-mail and a missing name together', async () => {
    const other = await createUser(app);
    const client = await actingAs(app, app.client(), await createUser(app));
    const errors = await errorsAfter(client, 'PATCH', '/profile', { name: '', email: other.email.toUpperCase() }, '/profile');
    expect(errors).toEqual({ name: 'The name field is required.', email: 'The email has already been taken.' });
  });

  it('password: a wrong current password and a mismatched new one together, under the form’s labels', async () => {
    const client = await actingAs(app, app.client(), await createUser(app));
    const errors = await errorsAfter(client, 'PUT', '/password', { current_password: 'not it', password: 'short', password_confirmation: 'x' }, '/profile');
    expect(errors).toEqual({
      current_password: 'The provided password does not match your current password.',
      password: 'The new password must be at least 8 characters.',
    });
    const again = await errorsAfter(client, 'PUT', '/password', { current_password: 'not it', password: 'long enough now', password_confirmation: 'x' }, '/profile');
    expect(again).toEqual({
      current_password: 'The provided password does not match your current password.',
      password: 'The new password confirmation does not match.',
    });
  });

  it('reset password: an invalid token and mismatched passwords together', async () => {
    const user = await createUser(app);
    const guest = app.client();
    await guest.prime('/forgot-password');
    const errors = await errorsAfter(
      guest,
      'POST',
      '/reset-password',
      { token: 'not-the-token', email: user.email, password: 'long enough 1', password_confirmation: 'no' },
      '/reset-password/not-the-token',
    );
    expect(errors).toEqual({ email: 'This password reset token is invalid or has expired.', password: 'The password confirmation does not match.' });
  });

  it('a valid form still goes through (the checks do not refuse good input)', async () => {
    const guest = app.client();
    await guest.prime('/register');
    const res = await guest.post('/register', { name: 'Fresh', email: 'fresh@example.test', password: PASSWORD, password_confirmation: PASSWORD }, { inertia: true });
    expect(res.location).toBe('/verify-email');
  });
});

describe('messages use the label the form shows', () => {
  it('the organization sign-in asks for an "Organization", and says so', async () => {
    const guest = app.client();
    await guest.prime('/org-login');
    const errors = await errorsAfter(guest, 'POST', '/org-login', { slug: '' }, '/org-login');
    expect(errors).toEqual({ slug: 'The organization field is required.' });
  });

  it('transfer ownership names the "New owner" field', async () => {
    const owner = await createUser(app);
    const org = await createOrganization(app, owner);
    const client = await actingAs(app, app.client(), owner, org.id, { 'auth.password_confirmed_at': Math.floor(app.ctx.clock.now().getTime() / 1000) });
    const errors = await errorsAfter(client, 'POST', `/organizations/${org.id}/transfer`, { user_id: 'abc' }, `/organizations/${org.id}/edit`);
    expect(errors).toEqual({ user_id: 'The new owner is invalid.' });
  });
});

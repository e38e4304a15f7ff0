import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, FakeClock, type TestApp } from '../../helpers/app';
import type { TestClient } from '../../helpers/client';
import { actingAs, addMember, createOrganization, createUser, PASSWORD } from '../../helpers/factories';

/**
 * Issue #12, bug 3: actions that need the password (delete account, delete organization,
 * transfer ownership) were dropped after confirming it. The page now confirms in a dialog
 * (Fortify's JSON endpoints) and then does the action; a refused form is never dropped silently.
 */
let app: TestApp;
const clock = new FakeClock(new Date('2026-11-23T09:00:00Z'));

beforeAll(async () => {
  app = await createTestApp({ clock });
});
afterAll(() => app.close());

/** The dialog's requests: axios, JSON, XSRF header from the cookie. */
const json = { headers: { Accept: 'application/json, text/plain, */*', 'X-Requested-With': 'XMLHttpRequest' } };

async function ownerOf(name: string) {
  const owner = await createUser(app);
  const org = await createOrganization(app, owner, { name });
  const client = await actingAs(app, app.client(), owner, org.id);
  return { owner, org, client };
}

const status = async (client: TestClient) => {
  const res = await client.get('/user/confirmed-password-status', json);
  expect(res.status).toBe(200);
  return res.json<{ confirmed: boolean }>().confirmed;
};

describe('the dialog’s endpoints (Fortify’s names)', () => {
  it('status says whether the password was confirmed in the last three hours', async () => {
    const { client } = await ownerOf('Status Org');
    expect(await status(client)).toBe(false);
    const wrong = await client.post('/user/confirm-password', { password: 'not it' }, json);
    expect(wrong.status).toBe(422);
    expect(wrong.json().errors).toEqual({ password: 'The provided password is incorrect.' });
    expect(await status(client)).toBe(false);

    const ok = await client.post('/user/confirm-password', { password: PASSWORD }, json);
    expect(ok.status).toBe(201);
    expect(await status(client)).toBe(true);
    // Still confirmed until three hours have passed (the session itself stays alive while used).
    for (let i = 0; i < 5; i++) {
      clock.advance(35 * 60_000);
      expect(await status(client)).toBe(true);
    }
    clock.advance(6 * 60_000);
    expect(await status(client)).toBe(false);
  });

  it('an empty password is a 422 naming the field, never a 500', async () => {
    const { client } = await ownerOf('Empty Org');
    const res = await client.post('/user/confirm-password', { password: '' }, json);
    expect(res.status).toBe(422);
    expect(res.json().errors).toEqual({ password: 'The password field is required.' });
  });

  it('both need a signed-in user (401, JSON)', async () => {
    const guest = app.client();
    await guest.prime('/');
    expect((await guest.get('/user/confirmed-password-status', json)).status).toBe(401);
    expect((await guest.post('/user/confirm-password', { password: PASSWORD }, json)).status).toBe(401);
  });
});

describe('confirming in the dialog, then doing the action in one go', () => {
  it('deletes the organization', async () => {
    const { org, client } = await ownerOf('Dialog Delete');
    expect((await client.post('/user/confirm-password', { password: PASSWORD }, json)).status).toBe(201);
    const res = await client.delete(`/organizations/${org.id}`, {}, { inertia: true, headers: { Referer: `${app.url}/organizations/${org.id}/edit` } });
    expect(res.status).toBe(303);
    expect(res.location).toBe('/organizations');
    expect((await app.ctx.db.selectFrom('organizations').select('deleted_at').where('id', '=', org.id).executeTakeFirstOrThrow()).deleted_at).not.toBeNull();
  });

  it('transfers ownership', async () => {
    const { org, client } = await ownerOf('Dialog Transfer');
    const heir = await createUser(app);
    await addMember(app, org.id, heir, 'admin');
    expect((await client.post('/user/confirm-password', { password: PASSWORD }, json)).status).toBe(201);
    const res = await client.post(`/organizations/${org.id}/transfer`, { user_id: heir.id }, { inertia: true, headers: { Referer: `${app.url}/organizations/${org.id}/edit` } });
    expect(res.location).toBe(`/organizations/${org.id}`);
    const role = await app.ctx.db.selectFrom('memberships').select('role').where('organization_id', '=', org.id).where('user_id', '=', heir.id).executeTakeFirstOrThrow();
    expect(role.role).toBe('owner');
  });

  it('deletes the account', async () => {
    const user = await createUser(app);
    const client = await actingAs(app, app.client(), user);
    expect((await client.post('/user/confirm-password', { password: PASSWORD }, json)).status).toBe(201);
    const res = await client.delete('/profile', { password: PASSWORD }, { inertia: true, headers: { Referer: `${app.url}/profile` } });
    expect(res.location).toBe('/');
    expect(await app.ctx.db.selectFrom('users').select('id').where('id', '=', user.id).executeTakeFirst()).toBeUndefined();
  });
});

describe('without the dialog (a refused form, a plain page visit)', () => {
  it('a refused action returns, after confirming, to the form’s page with a message to try again', async () => {
    const { org, client } = await ownerOf('Refused Delete');
    const from = `/organizations/${org.id}/edit`;
    const refused = await client.delete(`/organizations/${org.id}`, {}, { inertia: true, headers: { Referer: app.url + from } });
    expect(refused.location).toBe('/confirm-password');
    const confirm = await client.post('/confirm-password', { password: PASSWORD }, { inertia: true, headers: { Referer: `${app.url}/confirm-password` } });
    expect(confirm.location).toBe(from);
    const page = (await client.get(from, { inertia: true })).page();
    expect(page.props.flash).toEqual({ info: 'Password confirmed. Your last action was not carried out yet: please do it again.' });
    // Nothing happened behind the user's back: the organization is still there.
    expect((await app.ctx.db.selectFrom('organizations').select('deleted_at').where('id', '=', org.id).executeTakeFirstOrThrow()).deleted_at).toBeNull();
  });

  it('a malformed Referer on a refused action is no 500', async () => {
    const { org, client } = await ownerOf('Odd Referer');
    const refused = await client.delete(`/organizations/${org.id}`, {}, { inertia: true, headers: { Referer: 'http://[not a url' } });
    expect(refused.status).toBe(303);
    expect(refused.location).toBe('/confirm-password');
    const confirm = await client.post('/confirm-password', { password: PASSWORD }, { inertia: true });
    expect(confirm.location).toBe('/dashboard');
  });

  it('a Referer of another site is not where confirming sends the user', async () => {
    const { org, client } = await ownerOf('Foreign Referer');
    await client.delete(`/organizations/${org.id}`, {}, { inertia: true, headers: { Referer: 'https://evil.example/organizations/1/edit' } });
    const confirm = await client.post('/confirm-password', { password: PASSWORD }, { inertia: true });
    expect(confirm.location).toBe('/dashboard');
  });
});

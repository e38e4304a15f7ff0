import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../helpers/app';
import type { TestClient } from '../../helpers/client';
import { createBoardUser, createOrganization } from '../../helpers/factories';
import { actingAsBoardMember, grantPortalAccess } from '../../helpers/portal';
import { SoftwareAuthenticator } from '../../helpers/webauthn';

/** Issue #27: after a first sign-in by link a board member may add a passkey and sign in with it instead. */
let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

const json = { headers: { Accept: 'application/json', 'X-Requested-With': 'XMLHttpRequest' } };
const origin = () => new URL(app.ctx.config.APP_URL).origin;
let seq = 0;

async function signedInMember() {
  seq++;
  const org = await createOrganization(app, null);
  const boardUser = await createBoardUser(app, org.id, { email: `passkey${seq}@board.test` });
  const member = await grantPortalAccess(app, boardUser);
  const client = await actingAsBoardMember(app, app.client(), member.id);
  return { org, boardUser, member, client };
}

async function addPasskey(client: TestClient, name = 'Phone', authenticator = new SoftwareAuthenticator(origin())) {
  const options = (await client.post('/portal/passkeys/options', {}, json)).json();
  expect(options.authenticatorSelection).toMatchObject({ residentKey: 'required', userVerification: 'required' });
  const res = await client.post('/portal/passkeys', { name, credential: authenticator.attest(options) }, { inertia: true, headers: { Referer: `${app.url}/portal/settings` } });
  expect(res.status).toBe(303);
  return authenticator;
}

async function passkeySignIn(authenticator: SoftwareAuthenticator, slug: string) {
  const guest = app.client();
  await guest.prime(`/org-login/${slug}`);
  const options = (await guest.post('/portal/passkeys/login/options', {}, json)).json();
  const res = await guest.post('/portal/passkeys/login', { credential: authenticator.assert(options) }, { inertia: true, headers: { Referer: `${app.url}/org-login/${slug}` } });
  return { guest, res };
}

describe('board members’ passkeys', () => {
  it('adds a passkey (with a mail to the member) and signs in with it, logged as a passkey sign-in', async () => {
    const { org, boardUser, member, client } = await signedInMember();
    const authenticator = await addPasskey(client);
    expect(app.mail.last(member.email)?.subject).toMatch(/passkey was added/);
    const { guest, res } = await passkeySignIn(authenticator, org.slug);
    expect(res.status).toBe(303);
    expect(res.location).toBe('/portal');
    expect((await guest.get('/dashboard', { inertia: true })).status).toBe(403);
    const logged = await app.ctx.db.selectFrom('activity_logs').select(['facts', 'subject_id']).where('organization_id', '=', org.id).where('event', '=', 'portal_signed_in').execute();
    expect(logged).toEqual([{ facts: { method: 'passkey' }, subject_id: boardUser.id }]);
  });

  it('refuses a passkey whose member has no access left, and a staff passkey, with the form error', async () => {
    const { org, boardUser, client } = await signedInMember();
    const authenticator = await addPasskey(client);
    await app.ctx.db.deleteFrom('board_user_portal_access').where('board_user_id', '=', boardUser.id).execute();
    const { guest, res } = await passkeySignIn(authenticator, org.slug);
    expect(res.status).toBe(303);
    expect(res.location).toBe(`/org-login/${org.slug}`);
    expect((await guest.get(res.location!, { inertia: true })).json().props.errors.portal_passkey).toBeTruthy();
    expect((await guest.get('/portal', { inertia: true })).status).not.toBe(200);

    const stranger = new SoftwareAuthenticator(origin());
    const other = await passkeySignIn(stranger, org.slug);
    expect(other.res.location).toBe(`/org-login/${org.slug}`);
  });

  it('removes only its own passkeys; a guest and staff cannot reach the portal passkey routes', async () => {
    const first = await signedInMember();
    const second = await signedInMember();
    await addPasskey(first.client, 'Laptop');
    const [own] = await app.ctx.db.selectFrom('portal_passkeys').select('id').where('portal_member_id', '=', first.member.id).execute();
    expect((await second.client.delete(`/portal/passkeys/${own.id}`, undefined, { inertia: true })).status).toBe(404);
    expect((await first.client.delete(`/portal/passkeys/${own.id}`, undefined, { inertia: true })).status).toBe(303);
    expect(app.mail.last(first.member.email)?.subject).toMatch(/passkey was removed/);
    const guest = app.client();
    await guest.prime('/');
    expect((await guest.post('/portal/passkeys/options', {}, json)).status).toBe(401);
  });
});

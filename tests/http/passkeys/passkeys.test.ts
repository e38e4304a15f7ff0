import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, FakeClock, type TestApp } from '../../helpers/app';
import type { TestClient } from '../../helpers/client';
import { actingAs, createUser, PASSWORD } from '../../helpers/factories';
import { SoftwareAuthenticator } from '../../helpers/webauthn';
import type { User } from '../../../server/db/types';

/** Issue #15: passkeys (WebAuthn) with a real software authenticator: ES256 keys, CBOR, signatures. */
let app: TestApp;
const clock = new FakeClock(new Date('2026-11-23T09:00:00Z'));

beforeAll(async () => {
  app = await createTestApp({ clock });
});
afterAll(() => app.close());

const json = { headers: { Accept: 'application/json', 'X-Requested-With': 'XMLHttpRequest' } };
const origin = () => new URL(app.ctx.config.APP_URL).origin;

async function signedInConfirmed(user?: User) {
  const u = user ?? (await createUser(app));
  const client = await actingAs(app, app.client(), u);
  expect((await client.post('/user/confirm-password', { password: PASSWORD }, json)).status).toBe(201);
  return { user: u, client };
}

async function addPasskey(client: TestClient, name: string, authenticator = new SoftwareAuthenticator(origin())) {
  const options = (await client.post('/user/passkeys/options', {}, json)).json();
  const res = await client.post('/user/passkeys', { name, credential: authenticator.attest(options) }, { inertia: true, headers: { Referer: `${app.url}/profile` } });
  expect(res.status).toBe(303);
  return authenticator;
}

const profile = async (c: TestClient) => (await c.get('/profile', { inertia: true })).json().props;

async function passkeySignIn(authenticator: SoftwareAuthenticator, assertion: Parameters<SoftwareAuthenticator['assert']>[1] = {}) {
  const guest = app.client();
  await guest.prime('/login');
  const options = (await guest.post('/passkeys/login/options', {}, json)).json();
  expect(options.allowCredentials ?? []).toEqual([]);
  expect(options.userVerification).toBe('required');
  const res = await guest.post('/passkeys/login', { credential: authenticator.assert(options, assertion) }, { inertia: true, headers: { Referer: `${app.url}/login` } });
  return { guest, res, options };
}

describe('registering passkeys', () => {
  it('needs a recent password confirmation', async () => {
    const user = await createUser(app);
    const client = await actingAs(app, app.client(), user);
    expect((await client.post('/user/passkeys/options', {}, json)).status).toBe(423);
  });

  it('registers several named, discoverable passkeys with the RP ID from APP_URL', async () => {
    const { user, client } = await signedInConfirmed();
    const options = (await client.post('/user/passkeys/options', {}, json)).json();
    expect(options.rp.id).toBe(new URL(app.ctx.config.APP_URL).hostname);
    expect(options.authenticatorSelection).toMatchObject({ residentKey: 'required', userVerification: 'required' });
    const laptop = new SoftwareAuthenticator(origin());
    await client.post('/user/passkeys', { name: 'Laptop', credential: laptop.attest(options) }, { inertia: true });
    await addPasskey(client, 'Phone');
    const props = await profile(client);
    expect(props.passkeys.map((p: { name: string }) => p.name)).toEqual(['Laptop', 'Phone']);
    expect(app.mail.last(user.email)?.subject).toBe('A passkey was added to your account');
    // The registered one is excluded from the next registration.
    const next = (await client.post('/user/passkeys/options', {}, json)).json();
    expect(next.excludeCredentials.map((c: { id: string }) => c.id)).toContain(laptop.id);
  });

  it('refuses a response for another origin, a reused challenge and a missing name, with field errors', async () => {
    const { client } = await signedInConfirmed();
    const back = { inertia: true, headers: { Referer: `${app.url}/profile` } } as const;
    let options = (await client.post('/user/passkeys/options', {}, json)).json();
    await client.post('/user/passkeys', { name: 'Evil', credential: new SoftwareAuthenticator(origin()).attest(options, 'https://evil.example') }, back);
    expect((await profile(client)).errors.credential).toBe('The passkey could not be verified. Please try again.');
    // That challenge was used up.
    await client.post('/user/passkeys', { name: 'Late', credential: new SoftwareAuthenticator(origin()).attest(options) }, back);
    expect((await profile(client)).errors.credential).toBe('The passkey request expired. Please try again.');
    options = (await client.post('/user/passkeys/options', {}, json)).json();
    await client.post('/user/passkeys', { name: '', credential: 'nonsense' }, back);
    const errors = (await profile(client)).errors;
    expect(errors.name).toBe('The name field is required.');
    expect(errors.credential).toBeTruthy();
    expect((await profile(client)).passkeys).toEqual([]);
  });

  it('renames and removes its own passkeys only', async () => {
    const { user, client } = await signedInConfirmed();
    await addPasskey(client, 'Old name');
    const [key] = (await profile(client)).passkeys;
    await client.put(`/user/passkeys/${key.id}`, { name: 'YubiKey' }, { inertia: true });
    expect((await profile(client)).passkeys[0].name).toBe('YubiKey');

    const { client: stranger } = await signedInConfirmed();
    expect((await stranger.put(`/user/passkeys/${key.id}`, { name: 'Mine' }, json)).status).toBe(404);
    expect((await stranger.delete(`/user/passkeys/${key.id}`, {}, json)).status).toBe(404);
    expect((await stranger.delete('/user/passkeys/abc', {}, json)).status).toBe(404);

    await client.delete(`/user/passkeys/${key.id}`, {}, { inertia: true });
    expect((await profile(client)).passkeys).toEqual([]);
    expect(app.mail.last(user.email)?.subject).toBe('A passkey was removed from your account');
  });
});

describe('signing in with a passkey', () => {
  it('signs in with the passkey alone, as two factors: no code is asked even with two-factor sign-in on', async () => {
    const { user, client } = await signedInConfirmed();
    const authenticator = await addPasskey(client, 'Laptop');
    await app.ctx.db.insertInto('two_factor_credentials').values({ user_id: user.id, secret: 'x.y.z', confirmed_at: clock.now(), created_at: clock.now() }).execute();
    const { guest, res } = await passkeySignIn(authenticator);
    expect(res.status).toBe(303);
    expect(res.location).toBe('/dashboard');
    const page = (await guest.get('/profile', { inertia: true })).json();
    expect(page.props.auth.user.email).toBe(user.email);
    expect(page.props.passkeys[0].last_used_at).toBe(clock.now().toISOString());
  });

  it('refuses a wrong origin, a replayed assertion, a counter that went back and an unknown passkey; throttles', async () => {
    const { client } = await signedInConfirmed();
    const authenticator = await addPasskey(client, 'Laptop');
    const refused = async (c: TestClient) => (await c.get('/login', { inertia: true })).json().props.errors.passkey;

    const wrongOrigin = await passkeySignIn(authenticator, { origin: 'https://evil.example' });
    expect(await refused(wrongOrigin.guest)).toMatch(/could not sign you in/);

    const guest = app.client();
    await guest.prime('/login');
    const options = (await guest.post('/passkeys/login/options', {}, json)).json();
    const assertion = authenticator.assert(options, { counter: 5 });
    expect((await guest.post('/passkeys/login', { credential: assertion }, { inertia: true })).location).toBe('/dashboard');
    // The same assertion replayed by another browser: its challenge is not that browser's.
    const replay = app.client();
    await replay.prime('/login');
    await replay.post('/passkeys/login/options', {}, json);
    await replay.post('/passkeys/login', { credential: assertion }, { inertia: true, headers: { Referer: `${app.url}/login` } });
    expect(await refused(replay)).toMatch(/could not sign you in/);
    // Nor a second time in the same one: the challenge was used up.
    await replay.post('/passkeys/login', { credential: assertion }, { inertia: true, headers: { Referer: `${app.url}/login` } });
    expect(await refused(replay)).toBe('The passkey request expired. Please try again.');

    // A clone of the key whose counter is behind is refused.
    const clone = await passkeySignIn(authenticator, { counter: 3 });
    expect(await refused(clone.guest)).toMatch(/could not sign you in/);

    const stranger = await passkeySignIn(new SoftwareAuthenticator(origin()));
    expect(await refused(stranger.guest)).toMatch(/could not sign you in/);
    // Five refusals from this IP in a minute: the sixth try is throttled, whatever it holds.
    const throttled = await passkeySignIn(authenticator);
    expect(await refused(throttled.guest)).toMatch(/Too many sign-in attempts/);
    clock.advance(61_000);
    const missing = app.client();
    await missing.prime('/login');
    await missing.post('/passkeys/login', { credential: { id: 'x' } }, { inertia: true, headers: { Referer: `${app.url}/login` } });
    expect((await missing.get('/login', { inertia: true })).json().props.errors).toEqual({ credential: 'The passkey response is invalid. Please try again.' });
  });

  it('a passkey satisfies an organisation that requires two factors', async () => {
    const { repository } = { repository: await import('../../../server/features/two-factor/repository') };
    const { user, client } = await signedInConfirmed();
    const org = await app.ctx.db
      .insertInto('organizations')
      .values({ name: 'Passkey Org', slug: `pk-${Date.now()}`, require_two_factor: true })
      .returning('id')
      .executeTakeFirstOrThrow();
    expect(await repository.twoFactorRequirement(app.ctx.db, org.id, user.id)).toEqual({ required: true, satisfied: false });
    await addPasskey(client, 'Laptop');
    expect(await repository.twoFactorRequirement(app.ctx.db, org.id, user.id)).toEqual({ required: true, satisfied: true });
  });
});

describe('sign-in options', () => {
  it('are bounded per IP (each stores a challenge in a guest session)', async () => {
    clock.advance(61_000);
    const guest = app.client();
    await guest.prime('/login');
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++) statuses.push((await guest.post('/passkeys/login/options', {}, json)).status);
    expect(statuses.slice(0, 30).every((s) => s === 200)).toBe(true);
    expect(statuses[30]).toBe(429);
    clock.advance(61_000);
    expect((await guest.post('/passkeys/login/options', {}, json)).status).toBe(200);
  });
});

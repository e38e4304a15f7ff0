import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, FakeClock, type TestApp } from '../../helpers/app';
import type { TestClient } from '../../helpers/client';
import { actingAs, addMember, createOrganization, createUser, PASSWORD } from '../../helpers/factories';
import type { User } from '../../../server/db/types';

/** Issue #15: two-factor sign-in (TOTP) as Fortify has it, with recovery codes and the org requirement. */
let app: TestApp;
const clock = new FakeClock(new Date('2026-11-23T09:00:10Z'));

beforeAll(async () => {
  app = await createTestApp({ clock });
});
afterAll(() => app.close());

const json = { headers: { Accept: 'application/json', 'X-Requested-With': 'XMLHttpRequest' } };
const codeAt = (secret: string, offsetMs = 0) => new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' }).generate({ timestamp: clock.now().getTime() + offsetMs });
const nextStep = () => clock.advance(30_000);

async function confirmPassword(client: TestClient) {
  expect((await client.post('/user/confirm-password', { password: PASSWORD }, json)).status).toBe(201);
}

/** Turns two-factor sign-in on the way the profile page does; answers the secret and the recovery codes. */
async function enableTwoFactor(client: TestClient) {
  await confirmPassword(client);
  expect((await client.post('/user/two-factor-authentication', {}, { inertia: true })).status).toBe(303);
  const { secretKey } = (await client.get('/user/two-factor-secret-key', json)).json<{ secretKey: string }>();
  const qr = (await client.get('/user/two-factor-qr-code', json)).json<{ svg: string }>();
  expect(qr.svg).toMatch(/^<svg/);
  const res = await client.post('/user/confirmed-two-factor-authentication', { code: codeAt(secretKey) }, { inertia: true });
  expect(res.status).toBe(303);
  const codes = (await client.get('/user/two-factor-recovery-codes', json)).json<string[]>();
  expect(codes).toHaveLength(8);
  return { secretKey, codes };
}

async function userWithTwoFactor() {
  const user = await createUser(app);
  const client = await actingAs(app, app.client(), user);
  const setup = await enableTwoFactor(client);
  nextStep();
  return { user, client, ...setup };
}

/** A fresh browser that has typed the right password: it now stands at the challenge. */
async function passwordStep(user: User, path = '/login') {
  const c = app.client();
  await c.prime(path);
  const res = await c.post(path, { email: user.email, password: PASSWORD }, { inertia: true });
  expect(res.status).toBe(302);
  expect(res.location).toBe('/two-factor-challenge');
  return c;
}

const challenge = (c: TestClient, body: Record<string, string>) => c.post('/two-factor-challenge', body, { inertia: true, headers: { Referer: `${app.url}/two-factor-challenge` } });
const errors = async (c: TestClient) => (await c.get('/two-factor-challenge', { inertia: true })).json().props.errors;
const signedIn = async (c: TestClient) => (await c.get('/profile', { inertia: true })).status === 200;

describe('turning it on', () => {
  it('needs a recent password confirmation', async () => {
    const user = await createUser(app);
    const client = await actingAs(app, app.client(), user);
    expect((await client.post('/user/two-factor-authentication', {}, json)).status).toBe(423);
    const page = await client.post('/user/two-factor-authentication', {}, { inertia: true, headers: { Referer: `${app.url}/profile` } });
    expect(page.location).toBe('/confirm-password');
    expect((await client.get('/user/two-factor-secret-key', json)).status).toBe(423);
    expect(await app.ctx.db.selectFrom('two_factor_credentials').selectAll().where('user_id', '=', user.id).executeTakeFirst()).toBeUndefined();
  });

  it('takes effect only once a current code confirms it; the secret is encrypted at rest', async () => {
    const user = await createUser(app);
    const client = await actingAs(app, app.client(), user);
    await confirmPassword(client);
    await client.post('/user/two-factor-authentication', {}, { inertia: true });
    const { secretKey } = (await client.get('/user/two-factor-secret-key', json)).json();
    expect(secretKey).toMatch(/^[A-Z2-7]{32}$/);
    const row = await app.ctx.db.selectFrom('two_factor_credentials').selectAll().where('user_id', '=', user.id).executeTakeFirstOrThrow();
    expect(row.secret).not.toContain(secretKey);
    expect(row.confirmed_at).toBeNull();
    const profile = (await client.get('/profile', { inertia: true })).json().props;
    expect(profile.twoFactor).toMatchObject({ enabled: false, confirming: true });

    // Unconfirmed, sign-in does not ask for a code.
    const other = app.client();
    await other.prime('/login');
    expect((await other.post('/login', { email: user.email, password: PASSWORD }, { inertia: true })).location).toBe('/dashboard');

    const wrong = await client.post('/user/confirmed-two-factor-authentication', { code: '000000' }, { inertia: true, headers: { Referer: `${app.url}/profile` } });
    expect(wrong.status).toBe(303);
    expect((await client.get('/profile', { inertia: true })).json().props.errors.code).toBe('The provided two factor authentication code was invalid.');
    await client.post('/user/confirmed-two-factor-authentication', { code: codeAt(secretKey) }, { inertia: true });
    expect((await client.get('/profile', { inertia: true })).json().props.twoFactor).toMatchObject({ enabled: true, confirming: false, recoveryCodesLeft: 8 });
    expect(app.mail.last(user.email)?.subject).toBe('Two-factor sign-in was turned on on your account');
    const log = await app.ctx.db.selectFrom('activity_logs').select('event').where('causer_id', '=', user.id).where('event', '=', 'two_factor_enabled').execute();
    expect(log).toHaveLength(1);
  });

  it('shows the recovery codes once, stores them hashed, and regenerates them', async () => {
    const { user, client, codes } = await userWithTwoFactor();
    expect((await client.get('/user/two-factor-recovery-codes', json)).json()).toEqual([]);
    const stored = await app.ctx.db.selectFrom('two_factor_recovery_codes').select('code_hash').where('user_id', '=', user.id).execute();
    expect(stored.map((r) => r.code_hash)).not.toContain(codes[0]);
    expect(new Set(codes).size).toBe(8);
    await client.post('/user/two-factor-recovery-codes', {}, { inertia: true });
    const fresh = (await client.get('/user/two-factor-recovery-codes', json)).json<string[]>();
    expect(fresh).toHaveLength(8);
    expect(fresh).not.toContain(codes[0]);
    // The old codes are gone.
    const c = await passwordStep(user);
    await challenge(c, { recovery_code: codes[0] });
    expect((await errors(c)).recovery_code).toBe('The provided two factor recovery code was invalid.');
    await challenge(c, { recovery_code: fresh[0] });
    expect(await signedIn(c)).toBe(true);
  });
});

describe('signing in with it on', () => {
  it('asks for a code after the password; nothing is signed in before it', async () => {
    const { user, secretKey } = await userWithTwoFactor();
    const c = await passwordStep(user);
    expect((await c.get('/dashboard', { inertia: true })).location).toBe('/login');
    const page = (await c.get('/two-factor-challenge', { inertia: true })).json();
    expect(page.component).toBe('Auth/TwoFactorChallenge');
    const res = await challenge(c, { code: codeAt(secretKey) });
    expect(res.status).toBe(303);
    expect(res.location).toBe('/dashboard');
    expect(await signedIn(c)).toBe(true);
    // Without a password first, the challenge is not there.
    const stranger = app.client();
    await stranger.prime('/');
    expect((await stranger.get('/two-factor-challenge')).location).toBe('/login');
  });

  it('refuses a wrong, a reused and an expired code; accepts one step of clock drift', async () => {
    const { user, secretKey } = await userWithTwoFactor();
    clock.advance(90_000); // well past the step the set-up used
    const c = await passwordStep(user);
    await challenge(c, { code: '123456' === codeAt(secretKey) ? '654321' : '123456' });
    expect((await errors(c)).code).toBe('The provided two factor authentication code was invalid.');
    // Two steps old: expired.
    await challenge(c, { code: codeAt(secretKey, -60_000) });
    expect((await errors(c)).code).toBe('The provided two factor authentication code was invalid.');
    // One step behind (the phone's clock is 30 s slow): accepted.
    await challenge(c, { code: codeAt(secretKey, -30_000) });
    expect(await signedIn(c)).toBe(true);

    // The same code again, within its window, from another browser: refused as a replay.
    const again = await passwordStep(user);
    await challenge(again, { code: codeAt(secretKey, -30_000) });
    expect((await errors(again)).code).toMatch(/already been used/);
    // One step ahead (the phone is 30 s fast): accepted.
    await challenge(again, { code: codeAt(secretKey, 30_000) });
    expect(await signedIn(again)).toBe(true);
    // And the current step is now older than the last used one: refused too.
    const third = await passwordStep(user);
    await challenge(third, { code: codeAt(secretKey) });
    expect((await errors(third)).code).toMatch(/already been used/);
  });

  it('accepts each recovery code once', async () => {
    const { user, codes } = await userWithTwoFactor();
    const c = await passwordStep(user);
    await challenge(c, { recovery_code: codes[2] });
    expect(await signedIn(c)).toBe(true);
    expect(app.mail.last(user.email)?.subject).toBe('A recovery code was used to sign in to your account');
    const again = await passwordStep(user);
    await challenge(again, { recovery_code: codes[2] });
    expect((await errors(again)).recovery_code).toBe('The provided two factor recovery code was invalid.');
    expect(await signedIn(again)).toBe(false);
    await challenge(again, { recovery_code: codes[3].toUpperCase() });
    expect(await signedIn(again)).toBe(true);
  });

  it('throttles the challenge: five tries a minute per pending account', async () => {
    const { user, secretKey } = await userWithTwoFactor();
    const c = await passwordStep(user);
    const good = codeAt(secretKey);
    const bad = good === '111111' ? '222222' : '111111';
    for (let i = 0; i < 5; i++) await challenge(c, { code: bad });
    await challenge(c, { code: good });
    expect((await errors(c)).code).toMatch(/Too many sign-in attempts/);
    expect(await signedIn(c)).toBe(false);
    clock.advance(61_000);
    await challenge(c, { code: codeAt(secretKey) });
    expect(await signedIn(c)).toBe(true);
  });

  it('an empty challenge is a field error, never a 500', async () => {
    const { user } = await userWithTwoFactor();
    const c = await passwordStep(user);
    expect((await challenge(c, {})).status).toBe(303);
    expect((await errors(c)).code).toBe('Enter the code from your authenticator app or a recovery code.');
  });

  it('signing in to an organisation by slug goes through the same challenge', async () => {
    const { user, secretKey } = await userWithTwoFactor();
    const org = await createOrganization(app, null, { name: 'Slug Org' });
    await addMember(app, org.id, user, 'viewer');
    const c = await passwordStep(user, `/org-login/${org.slug}`);
    expect(await signedIn(c)).toBe(false);
    await challenge(c, { code: codeAt(secretKey) });
    const page = (await c.get('/dashboard', { inertia: true })).json();
    expect(page.component).toBe('Dashboard');
    expect(page.props.auth.organization.id).toBe(org.id);
  });
});

describe('turning it off', () => {
  it('needs the password, then mails and logs it', async () => {
    const { user, client } = await userWithTwoFactor();
    await client.delete('/user/two-factor-authentication', { password: 'wrong' }, { inertia: true, headers: { Referer: `${app.url}/profile` } });
    expect((await client.get('/profile', { inertia: true })).json().props.errors.password).toBe('The provided password is incorrect.');
    expect((await client.get('/profile', { inertia: true })).json().props.twoFactor.enabled).toBe(true);
    await client.delete('/user/two-factor-authentication', { password: PASSWORD }, { inertia: true });
    expect((await client.get('/profile', { inertia: true })).json().props.twoFactor.enabled).toBe(false);
    expect(app.mail.last(user.email)?.subject).toBe('Two-factor sign-in was turned off on your account');
    const c = app.client();
    await c.prime('/login');
    expect((await c.post('/login', { email: user.email, password: PASSWORD }, { inertia: true })).location).toBe('/dashboard');
  });
});

describe('organisations that require it', () => {
  it('only admins set it; members without it are sent to set it up before anything else', async () => {
    const owner = await createUser(app);
    const org = await createOrganization(app, owner, { name: 'Strict Org' });
    const ownerClient = await actingAs(app, app.client(), owner, org.id);
    const member = await createUser(app);
    await addMember(app, org.id, member, 'editor');
    const memberClient = await actingAs(app, app.client(), member, org.id);
    expect((await memberClient.put(`/organizations/${org.id}/two-factor-requirement`, { require_two_factor: true }, { inertia: true })).status).toBe(403);

    // Not before the admin has it: requiring it would lock them out.
    await ownerClient.put(`/organizations/${org.id}/two-factor-requirement`, { require_two_factor: true }, { inertia: true, headers: { Referer: `${app.url}/organizations/${org.id}/edit` } });
    expect((await ownerClient.get(`/organizations/${org.id}/edit`, { inertia: true })).json().props.errors.require_two_factor).toBe(
      'Turn on two-factor sign-in (or add a passkey) for your own account first.',
    );
    await enableTwoFactor(ownerClient);
    await ownerClient.put(`/organizations/${org.id}/two-factor-requirement`, { require_two_factor: true }, { inertia: true });
    expect((await ownerClient.get(`/organizations/${org.id}/edit`, { inertia: true })).json().props.requireTwoFactor).toBe(true);
    const log = await app.ctx.db.selectFrom('activity_logs').selectAll().where('organization_id', '=', org.id).where('event', '=', 'two_factor_required').execute();
    expect(log).toHaveLength(1);

    const res = await memberClient.get('/dashboard', { inertia: true });
    expect(res.status).toBe(303);
    expect(res.location).toBe('/profile');
    const profile = (await memberClient.get('/profile', { inertia: true })).json();
    expect(profile.component).toBe('Profile/Edit');
    // Told why by a notice that stays while the requirement is unmet, the page opening at it (issue #24 item 7), not a timed toast.
    expect(profile.props.twoFactorRequiredBy).toBe('Strict Org');
    expect(profile.url).toBe('/profile#two-factor-required');
    expect(JSON.stringify([profile.props.flash ?? null, profile.flash ?? null])).not.toMatch(/requires two-factor/);
    expect((await memberClient.get('/board-users', json)).status).toBe(403);

    await enableTwoFactor(memberClient);
    expect((await memberClient.get('/dashboard', { inertia: true })).json().component).toBe('Dashboard');
    const after = (await memberClient.get('/profile', { inertia: true })).json();
    expect(after.props.twoFactorRequiredBy).toBeNull();
    expect(after.url).toBe('/profile');
  });
});

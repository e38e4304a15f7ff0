import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { User } from '../../../server/db/types';
import { createTestApp, FakeClock, type TestApp } from '../../helpers/app';
import type { TestClient } from '../../helpers/client';
import { actingAs, createUser, PASSWORD } from '../../helpers/factories';

/**
 * Issue #23, findings 3 and 5: throttles keyed as the attacks are. Sign-in counts failures per
 * e-mail + address (as before), per address across accounts (password spraying) and per account
 * across addresses; the two-factor challenge counts per pending account, whatever the address or
 * session. Behind a trusted proxy the address is the last X-Forwarded-For entry, which is how
 * these tests come from many addresses.
 */
let app: TestApp;
const clock = new FakeClock(new Date('2026-11-23T09:00:10Z'));

beforeAll(async () => {
  app = await createTestApp({ clock, env: { TRUST_PROXY: 'true' } });
});
afterAll(() => app.close());

const BAD_CREDENTIALS = 'These credentials do not match our records.';
const LOCKED = /^Too many sign-in attempts\. Please try again in \d+ seconds\.$/;
let nextAddress = 0;
/** A fresh documentation address (TEST-NET-3), never used by another test. */
const address = () => `203.0.113.${++nextAddress}`;

/** A browser at `ip` on the sign-in page. */
async function browserAt(ip: string, path = '/login'): Promise<TestClient> {
  const c = app.client();
  c.defaultHeaders['X-Forwarded-For'] = ip;
  await c.prime(path);
  return c;
}

/** Signs in with the form; answers the e-mail field's error, or null when signed in or sent to the challenge. */
async function signIn(c: TestClient, email: string, password: string): Promise<string | null> {
  const res = await c.post('/login', { email, password }, { inertia: true, headers: { Referer: `${app.url}/login` } });
  if (new URL(res.location!, app.url).pathname !== '/login') return null;
  return (await c.get('/login', { inertia: true })).page().props.errors.email ?? null;
}

describe('password spraying: one address, many accounts', () => {
  it('thirty accounts from one address: the first twenty are checked, then the address waits', async () => {
    const sprayer = address();
    const users = await Promise.all(Array.from({ length: 31 }, () => createUser(app)));
    const answers: (string | null)[] = [];
    // A browser per account, as a spraying script would, so no session carries anything over.
    for (const user of users.slice(0, 30)) answers.push(await signIn(await browserAt(sprayer), user.email, 'Winter2026!'));
    expect(answers.slice(0, 20)).toEqual(Array(20).fill(BAD_CREDENTIALS));
    for (const answer of answers.slice(20)) expect(answer).toMatch(LOCKED);

    // Even a right password from that address waits; the same account elsewhere does not.
    const last = users[30];
    expect(await signIn(await browserAt(sprayer), last.email, PASSWORD)).toMatch(LOCKED);
    expect(await signIn(await browserAt(address()), last.email, PASSWORD)).toBeNull();

    clock.advance(5 * 60_000 + 1_000);
    expect(await signIn(await browserAt(sprayer), last.email, PASSWORD)).toBeNull();
  });

  it('signing in to an account of one’s own in between does not reset the address’s count', async () => {
    const sprayer = address();
    const own = await createUser(app);
    const victims = await Promise.all(Array.from({ length: 20 }, () => createUser(app)));
    for (const [i, victim] of victims.entries()) {
      expect(await signIn(await browserAt(sprayer), victim.email, 'Spring2026!')).toBe(BAD_CREDENTIALS);
      if (i % 5 === 4 && i < 19) expect(await signIn(await browserAt(sprayer), own.email, PASSWORD)).toBeNull();
    }
    expect(await signIn(await browserAt(sprayer), (await createUser(app)).email, 'Spring2026!')).toMatch(LOCKED);
    clock.advance(5 * 60_000 + 1_000);
  });

  it('an office behind one address: a dozen people mistyping once each in the same minutes is not slowed', async () => {
    const office = address();
    const staff = await Promise.all(Array.from({ length: 15 }, () => createUser(app)));
    for (const person of staff) {
      const c = await browserAt(office);
      expect(await signIn(c, person.email, 'typo')).toBe(BAD_CREDENTIALS);
      expect(await signIn(c, person.email, PASSWORD)).toBeNull();
    }
    clock.advance(5 * 60_000 + 1_000);
  });
});

describe('one account, many addresses', () => {
  it('ten failures from ten addresses lock the account’s password sign-in everywhere for ten minutes', async () => {
    const user = await createUser(app);
    for (let i = 0; i < 10; i++) expect(await signIn(await browserAt(address()), user.email, `guess ${i}`)).toBe(BAD_CREDENTIALS);
    expect(await signIn(await browserAt(address()), user.email, 'guess 10')).toMatch(LOCKED);
    expect(await signIn(await browserAt(address()), user.email, PASSWORD)).toMatch(LOCKED);
    // Answered for an unknown address the same way (no hint whether the account exists).
    const nobody = 'nobody-here@example.test';
    for (let i = 0; i < 10; i++) expect(await signIn(await browserAt(address()), nobody, `guess ${i}`)).toBe(BAD_CREDENTIALS);
    expect(await signIn(await browserAt(address()), nobody, 'guess 10')).toMatch(LOCKED);

    clock.advance(10 * 60_000 + 1_000);
    expect(await signIn(await browserAt(address()), user.email, PASSWORD)).toBeNull();
  });
});

describe('the two-factor challenge, per pending account', () => {
  const totp = (secret: string) => new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' });
  const codeAt = (secret: string, offsetMs = 0) => totp(secret).generate({ timestamp: clock.now().getTime() + offsetMs });

  async function userWithTwoFactor(): Promise<{ user: User; secretKey: string }> {
    const user = await createUser(app);
    const c = await actingAs(app, app.client(), user, undefined, { 'auth.password_confirmed_at': Math.floor(clock.now().getTime() / 1000) });
    expect((await c.post('/user/two-factor-authentication', {}, { inertia: true })).status).toBe(303);
    const { secretKey } = (await c.get('/user/two-factor-secret-key', { headers: { Accept: 'application/json' } })).json<{ secretKey: string }>();
    expect((await c.post('/user/confirmed-two-factor-authentication', { code: codeAt(secretKey) }, { inertia: true })).status).toBe(303);
    clock.advance(30_000);
    return { user, secretKey };
  }

  /** A browser at a new address that has typed the right password: it stands at the challenge. */
  async function atChallenge(user: User, ip = address()): Promise<TestClient> {
    const c = await browserAt(ip);
    const res = await c.post('/login', { email: user.email, password: PASSWORD }, { inertia: true });
    expect(res.location).toBe('/two-factor-challenge');
    return c;
  }

  async function answer(c: TestClient, code: string): Promise<string | null> {
    const res = await c.post('/two-factor-challenge', { code }, { inertia: true, headers: { Referer: `${app.url}/two-factor-challenge` } });
    if (new URL(res.location!, app.url).pathname !== '/two-factor-challenge') return null;
    return (await c.get('/two-factor-challenge', { inertia: true })).page().props.errors.code ?? null;
  }

  it('fifty guesses from ten addresses: five are checked; a right code from an eleventh is refused until the minute has passed', async () => {
    const { user, secretKey } = await userWithTwoFactor();
    const browsers = await Promise.all(Array.from({ length: 10 }, () => atChallenge(user)));
    // Wrong for certain: none of the codes the check accepts now (this step and the ones beside it).
    const accepted = [-30_000, 0, 30_000].map((offset) => codeAt(secretKey, offset));
    const guesses = Array.from({ length: 60 }, (_, n) => String(100000 + n)).filter((g) => !accepted.includes(g));
    const answers: (string | null)[] = [];
    for (const c of browsers) for (let i = 0; i < 5; i++) answers.push(await answer(c, guesses[answers.length]));
    expect(answers.filter((a) => a === 'The provided two factor authentication code was invalid.')).toHaveLength(5);
    expect(answers.filter((a) => a !== null && LOCKED.test(a))).toHaveLength(45);

    const eleventh = await atChallenge(user);
    expect(await answer(eleventh, codeAt(secretKey))).toMatch(LOCKED);
    clock.advance(61_000);
    expect(await answer(eleventh, codeAt(secretKey))).toBeNull();
    expect((await eleventh.get('/profile', { inertia: true })).status).toBe(200);
  });

  it('fifty guesses sent at once from ten addresses: still five checked (each is counted before it is checked)', async () => {
    const { user, secretKey } = await userWithTwoFactor();
    const browsers = await Promise.all(Array.from({ length: 10 }, () => atChallenge(user)));
    const accepted = [-30_000, 0, 30_000].map((offset) => codeAt(secretKey, offset));
    const guesses = Array.from({ length: 60 }, (_, n) => String(200000 + n)).filter((g) => !accepted.includes(g));
    const sent = browsers.flatMap((c, b) => Array.from({ length: 5 }, (_, i) => c.post('/two-factor-challenge', { code: guesses[b * 5 + i] }, { headers: { Accept: 'application/json' } })));
    const answers = await Promise.all(sent);
    expect(answers.filter((r) => r.status === 422)).toHaveLength(5);
    expect(answers.filter((r) => r.status === 429)).toHaveLength(45);
    clock.advance(61_000);
  });
});

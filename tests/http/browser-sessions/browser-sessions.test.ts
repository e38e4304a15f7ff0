import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, FakeClock, type TestApp } from '../../helpers/app';
import type { TestClient } from '../../helpers/client';
import { createUser, PASSWORD } from '../../helpers/factories';
import type { User } from '../../../server/db/types';

/** Issue #15: browser sessions as Jetstream lists them, with their remember-me tokens, and new-device mails. */
let app: TestApp;
const clock = new FakeClock(new Date('2026-11-23T09:00:00Z'));

beforeAll(async () => {
  app = await createTestApp({ clock });
});
afterAll(() => app.close());

const CHROME_LINUX = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const SAFARI_IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';
const json = { Accept: 'application/json', 'X-Requested-With': 'XMLHttpRequest' };

/** A browser: a client whose every request carries its user agent. */
function browser(userAgent: string): TestClient {
  const client = app.client();
  const request = client.request.bind(client);
  client.request = (method, path, body, options = {}) => request(method, path, body, { ...options, headers: { 'User-Agent': userAgent, ...(options.headers ?? {}) } });
  return client;
}

async function signInWith(userAgent: string, user: User, remember = false) {
  const client = browser(userAgent);
  await client.prime('/login');
  const res = await client.post('/login', { email: user.email, password: PASSWORD, remember }, { inertia: true });
  expect(res.location).toBe('/dashboard');
  return client;
}

const profile = async (c: TestClient) => (await c.get('/profile', { inertia: true })).json();
const isGuest = async (c: TestClient) => (await c.get('/profile', { inertia: true })).location === '/login';
const rememberTokens = (user: User) => app.ctx.db.selectFrom('remember_tokens').select('selector').where('user_id', '=', user.id).execute();

describe('the sessions list', () => {
  it('shows every signed-in browser with device, browser, IP, last active and "this device"', async () => {
    const user = await createUser(app);
    const laptop = await signInWith(CHROME_LINUX, user);
    clock.advance(5 * 60_000);
    await signInWith(SAFARI_IPHONE, user);
    const page = await profile(laptop);
    expect(page.component).toBe('Profile/Edit');
    const sessions = page.props.sessions as { id: string; agent: { is_desktop: boolean; platform: string; browser: string }; ip_address: string; last_active: string; is_current_device: boolean }[];
    expect(sessions).toHaveLength(2);
    const mine = sessions.find((s) => s.is_current_device)!;
    const phone = sessions.find((s) => !s.is_current_device)!;
    expect(mine.agent).toEqual({ is_desktop: true, platform: 'Linux', browser: 'Chrome' });
    expect(phone.agent).toEqual({ is_desktop: false, platform: 'iOS', browser: 'Safari' });
    expect(phone.ip_address).toMatch(/127\.0\.0\.1|::1/);
    expect(phone.last_active).toBe('2026-11-23T09:05:00.000Z');
    expect(phone.id).toMatch(/^[0-9a-f]{32}$/);
    // The stored session id (its hash) is never shown.
    const stored = await app.ctx.db.selectFrom('sessions').select('id').where('user_id', '=', user.id).execute();
    expect(stored.map((s) => s.id)).not.toContain(phone.id);
  });
});

describe('signing browsers out', () => {
  it('one browser: needs a recent password confirmation, then ends that session and its remember token', async () => {
    const user = await createUser(app);
    const laptop = await signInWith(CHROME_LINUX, user);
    const phone = await signInWith(SAFARI_IPHONE, user, true);
    expect(await rememberTokens(user)).toHaveLength(1);
    const target = (await profile(laptop)).props.sessions.find((s: { is_current_device: boolean }) => !s.is_current_device).id;

    const refused = await laptop.delete(`/user/browser-sessions/${target}`, {}, { inertia: true, headers: { Referer: `${app.url}/profile` } });
    expect(refused.location).toBe('/confirm-password');
    expect(await isGuest(phone)).toBe(false);

    expect((await laptop.post('/user/confirm-password', { password: PASSWORD }, { headers: json })).status).toBe(201);
    const res = await laptop.delete(`/user/browser-sessions/${target}`, {}, { inertia: true });
    expect(res.status).toBe(303);
    expect(res.location).toBe('/profile');
    // Its next request is a guest's, and its remember-me cookie no longer signs it back in.
    expect(phone.cookie('remember_web')).toBeTruthy();
    expect(await isGuest(phone)).toBe(true);
    expect(await rememberTokens(user)).toHaveLength(0);
    expect(await isGuest(laptop)).toBe(false);
    expect((await profile(laptop)).props.sessions).toHaveLength(1);
  });

  it('one browser: an unknown id, or this browser, is a 404', async () => {
    const user = await createUser(app);
    const laptop = await signInWith(CHROME_LINUX, user);
    await laptop.post('/user/confirm-password', { password: PASSWORD }, { headers: json });
    const mine = (await profile(laptop)).props.sessions[0].id;
    expect((await laptop.delete(`/user/browser-sessions/${mine}`, {}, { headers: json })).status).toBe(404);
    expect((await laptop.delete('/user/browser-sessions/0123456789abcdef0123456789abcdef', {}, { headers: json })).status).toBe(404);
    expect((await laptop.delete('/user/browser-sessions/not-an-id', {}, { headers: json })).status).toBe(404);
    // Another user's session is not this user's to end.
    const other = await createUser(app);
    const theirs = await signInWith(SAFARI_IPHONE, other);
    const theirId = (await profile(theirs)).props.sessions[0].id;
    expect((await laptop.delete(`/user/browser-sessions/${theirId}`, {}, { headers: json })).status).toBe(404);
    expect(await isGuest(theirs)).toBe(false);
  });

  it('all others: needs the password, keeps this browser and its remember token', async () => {
    const user = await createUser(app);
    const laptop = await signInWith(CHROME_LINUX, user, true);
    const phone = await signInWith(SAFARI_IPHONE, user, true);
    const tablet = await signInWith(SAFARI_IPHONE, user);
    expect(await rememberTokens(user)).toHaveLength(2);

    await laptop.delete('/user/other-browser-sessions', { password: 'wrong' }, { inertia: true, headers: { Referer: `${app.url}/profile` } });
    expect((await profile(laptop)).props.errors.password).toBe('The provided password is incorrect.');
    expect(await isGuest(phone)).toBe(false);

    const res = await laptop.delete('/user/other-browser-sessions', { password: PASSWORD }, { inertia: true });
    expect(res.status).toBe(303);
    expect(await isGuest(phone)).toBe(true);
    expect(await isGuest(tablet)).toBe(true);
    expect(await isGuest(laptop)).toBe(false);
    const left = await rememberTokens(user);
    expect(left).toHaveLength(1);
    // The token left is the laptop's: without its session it still signs the laptop back in.
    laptop.cookies.delete(`${app.ctx.config.APP_NAME.toLowerCase()}_session`);
    expect(await isGuest(laptop)).toBe(false);
    const log = await app.ctx.db.selectFrom('activity_logs').select('facts').where('causer_id', '=', user.id).where('event', '=', 'other_browser_sessions_ended').execute();
    expect(log.map((l) => l.facts)).toEqual([{ count: 2 }]);
  });
});

describe('new devices', () => {
  it('mails the user when a device not seen before signs in, not on the first or a known one', async () => {
    const user = await createUser(app);
    // Older than a minute: the sign-ins right after creating an account mail nothing.
    await app.ctx.db
      .updateTable('users')
      .set({ created_at: new Date(clock.now().getTime() - 3_600_000) })
      .where('id', '=', user.id)
      .execute();
    const newDeviceMails = () => app.mail.sent.filter((m) => m.to === user.email && /New sign-in/.test(m.subject));
    const laptop = await signInWith(CHROME_LINUX, user);
    expect(newDeviceMails()).toHaveLength(0);
    await laptop.post('/logout', {}, { inertia: true });
    await laptop.prime('/login');
    await laptop.post('/login', { email: user.email, password: PASSWORD }, { inertia: true });
    expect(newDeviceMails()).toHaveLength(0);
    await signInWith(SAFARI_IPHONE, user);
    expect(newDeviceMails()).toHaveLength(1);
    expect(newDeviceMails()[0].text).toContain('Safari on iOS');
  });

  it('mails nothing for the sign-ins of a new account’s first minute', async () => {
    const user = await createUser(app);
    await app.ctx.db.updateTable('users').set({ created_at: clock.now() }).where('id', '=', user.id).execute();
    await signInWith(CHROME_LINUX, user);
    clock.advance(30_000);
    await signInWith(SAFARI_IPHONE, user);
    expect(app.mail.sent.filter((m) => m.to === user.email)).toHaveLength(0);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, FakeClock, type TestApp } from '../../helpers/app';
import { actingAs, addMember, createOrganization, createUser, PASSWORD } from '../../helpers/factories';
import type { TestClient } from '../../helpers/client';

let app: TestApp;
const clock = new FakeClock();
const SESSION = 'boardly_session';

beforeAll(async () => {
  app = await createTestApp({ clock });
});
afterAll(() => app.close());

async function guest(path = '/login') {
  const c = app.client();
  await c.prime(path);
  return c;
}

async function login(c: TestClient, email: string, password = PASSWORD, extra: Record<string, unknown> = {}) {
  return c.post('/login', { email, password, ...extra }, { inertia: true, headers: { Referer: `${app.url}/login` } });
}

async function errorsAfter(c: TestClient, path = '/login') {
  return (await c.get(path, { inertia: true })).json().props.errors;
}

describe('registration', () => {
  it('creates the account with an argon2id hash, signs in and sends to verification with a mail', async () => {
    const c = await guest('/register');
    const res = await c.post('/register', { name: 'Ada Lovelace', email: 'Ada@Example.test', password: 'analytical', password_confirmation: 'analytical' }, { inertia: true });
    expect(res.status).toBe(302);
    expect(res.location).toBe('/verify-email');
    const user = await app.ctx.db.selectFrom('users').selectAll().where('email', '=', 'ada@example.test').executeTakeFirstOrThrow();
    expect(user.password).toMatch(/^\$argon2id\$/);
    expect(user.email_verified_at).toBeNull();
    const page = (await c.get('/verify-email', { inertia: true })).json();
    expect(page.component).toBe('Auth/VerifyEmail');
    expect(page.props.auth.user.email).toBe('ada@example.test');
    expect(app.mail.last('ada@example.test')?.subject).toMatch(/verify/i);
  });

  it('shows the rules as field errors', async () => {
    const c = await guest('/register');
    await c.post('/register', { name: '', email: 'nope', password: 'short', password_confirmation: 'short' }, { inertia: true, headers: { Referer: `${app.url}/register` } });
    const errors = await errorsAfter(c, '/register');
    expect(errors).toEqual({
      name: 'The name field is required.',
      email: 'The email must be a valid email address.',
      password: 'The password must be at least 8 characters.',
    });
  });

  it('refuses a mismatched confirmation and a taken e-mail (any case)', async () => {
    const existing = await createUser(app, { email: 'taken@example.test' });
    const c = await guest('/register');
    await c.post('/register', { name: 'X', email: 'TAKEN@example.test', password: 'longenough', password_confirmation: 'different!' }, { inertia: true, headers: { Referer: `${app.url}/register` } });
    expect((await errorsAfter(c, '/register')).password).toBe('The password confirmation does not match.');
    await c.post('/register', { name: 'X', email: 'TAKEN@example.test', password: 'longenough', password_confirmation: 'longenough' }, { inertia: true, headers: { Referer: `${app.url}/register` } });
    expect((await errorsAfter(c, '/register')).email).toBe('The email has already been taken.');
    expect(existing.id).toBeGreaterThan(0);
  });
});

describe('sign-in', () => {
  it('regenerates the session id and honours the intended URL', async () => {
    const user = await createUser(app);
    const c = app.client();
    const first = await c.get('/profile');
    expect(first.status).toBe(302);
    expect(first.location).toBe('/login');
    const before = c.cookie(SESSION);
    const res = await login(c, user.email);
    expect(res.status).toBe(302);
    expect(res.location).toBe('/profile');
    expect(c.cookie(SESSION)).toBeDefined();
    expect(c.cookie(SESSION)).not.toBe(before);
    expect((await c.get('/profile')).page().props.auth.user.id).toBe(user.id);
  });

  it('gives the same generic message for an unknown e-mail and a wrong password', async () => {
    const user = await createUser(app);
    const a = await guest();
    await login(a, user.email, 'wrong password');
    const b = await guest();
    await login(b, 'nobody@example.test', 'wrong password');
    expect((await errorsAfter(a)).email).toBe('These credentials do not match our records.');
    expect((await errorsAfter(b)).email).toBe('These credentials do not match our records.');
  });

  it('throttles the 6th attempt in a minute per e-mail and IP, naming the seconds left', async () => {
    const user = await createUser(app);
    const c = await guest();
    for (let i = 0; i < 5; i++) await login(c, user.email.toUpperCase(), 'wrong');
    const res = await login(c, user.email, PASSWORD);
    expect(res.status).toBe(303);
    expect((await errorsAfter(c)).email).toMatch(/^Too many sign-in attempts\. Please try again in \d+ seconds\.$/);
    const api = await c.post('/login', { email: user.email, password: PASSWORD }, { headers: { Accept: 'application/json' } });
    expect(api.status).toBe(429);
    expect(api.headers.get('retry-after')).toMatch(/^\d+$/);
    clock.advance(61_000);
    expect((await login(c, user.email)).location).toBe('/dashboard');
  });

  it('remember me: a long-lived token stored hashed, rotated on use, signing in a new session', async () => {
    const user = await createUser(app);
    const c = await guest();
    await login(c, user.email, PASSWORD, { remember: true });
    const cookie = c.cookie('remember_web')!;
    expect(cookie).toMatch(/^[\w-]+:[\w-]+$/);
    const row = await app.ctx.db.selectFrom('remember_tokens').selectAll().where('user_id', '=', user.id).executeTakeFirstOrThrow();
    expect(row.token_hash).not.toContain(cookie.split(':')[1]);
    c.cookies.delete(SESSION);
    const page = (await c.get('/profile')).page();
    expect(page.props.auth.user.id).toBe(user.id);
    expect(c.cookie('remember_web')).not.toBe(cookie);
    const stolen = app.client();
    stolen.cookies.set('remember_web', cookie);
    expect((await stolen.get('/profile')).status).toBe(302);
  });
});

describe('logout', () => {
  it('invalidates the session, rotates the CSRF token and goes home', async () => {
    const user = await createUser(app);
    const c = await actingAs(app, app.client(), user);
    const token = c.cookie('XSRF-TOKEN');
    const session = c.cookie(SESSION);
    const res = await c.post('/logout', {}, { inertia: true });
    expect(res.status).toBe(302);
    expect(res.location).toBe('/');
    expect(c.cookie('XSRF-TOKEN')).not.toBe(token);
    expect(c.cookie(SESSION)).not.toBe(session);
    expect((await c.get('/profile')).status).toBe(302);
    const replay = app.client();
    replay.cookies.set(SESSION, session!);
    expect((await replay.get('/profile')).status).toBe(302);
  });
});

describe('e-mail verification', () => {
  async function unverified() {
    const user = await createUser(app, { verified: false });
    const c = await actingAs(app, app.client(), user);
    await c.post('/email/verification-notification', {}, { inertia: true });
    const link = app.mail.linkIn(app.mail.last(user.email));
    return { user, c, link: link.replace(app.url, '') };
  }

  it('verifies with a valid signed link', async () => {
    const { user, c, link } = await unverified();
    expect(link).toMatch(new RegExp(`^/verify-email/${user.id}/[0-9a-f]{40}\\?expires=\\d+&signature=[0-9a-f]{64}$`));
    const res = await c.get(link);
    expect(res.status).toBe(302);
    const row = await app.ctx.db.selectFrom('users').select('email_verified_at').where('id', '=', user.id).executeTakeFirstOrThrow();
    expect(row.email_verified_at).not.toBeNull();
  });

  it('refuses a tampered link and an expired one', async () => {
    const { user, c, link } = await unverified();
    const tampered = await c.get(link.replace(/signature=([0-9a-f])/, (_m, ch) => `signature=${ch === 'a' ? 'b' : 'a'}`));
    expect(tampered.status).toBe(403);
    const otherExpiry = await c.get(link.replace(/expires=(\d+)/, (_m, n) => `expires=${Number(n) + 3600}`));
    expect(otherExpiry.status).toBe(403);
    clock.advance(61 * 60_000);
    const expired = await c.get(link);
    expect(expired.status).toBe(403);
    expect(expired.page().props.message).toMatch(/expired/);
    const row = await app.ctx.db.selectFrom('users').select('email_verified_at').where('id', '=', user.id).executeTakeFirstOrThrow();
    expect(row.email_verified_at).toBeNull();
  });

  it("refuses another user's link", async () => {
    const { link } = await unverified();
    const other = await createUser(app, { verified: false });
    const c = await actingAs(app, app.client(), other);
    expect((await c.get(link)).status).toBe(403);
  });

  it('keeps unverified users to the notice, profile and logout', async () => {
    const { c } = await unverified();
    expect((await c.get('/dashboard')).location).toBe('/verify-email');
    expect((await c.get('/profile')).status).toBe(200);
    expect((await c.get('/verify-email')).status).toBe(200);
  });

  it('throttles resending to 6 a minute', async () => {
    const user = await createUser(app, { verified: false });
    const c = await actingAs(app, app.client(), user);
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) statuses.push((await c.post('/email/verification-notification', {}, { headers: { Accept: 'application/json' } })).status);
    expect(statuses.slice(0, 6).every((s) => s === 302 || s === 303)).toBe(true);
    expect(statuses[6]).toBe(429);
  });
});

describe('forgot and reset password', () => {
  async function requestReset(email: string) {
    const c = await guest('/forgot-password');
    const res = await c.post('/forgot-password', { email }, { inertia: true, headers: { Referer: `${app.url}/forgot-password` } });
    return { c, res };
  }

  it('answers the same whether or not the e-mail exists, and mails a link', async () => {
    const user = await createUser(app);
    const known = await requestReset(user.email);
    const unknown = await requestReset('ghost@example.test');
    const a = (await known.c.get('/forgot-password', { inertia: true })).json().props.status;
    const b = (await unknown.c.get('/forgot-password', { inertia: true })).json().props.status;
    expect(a).toBe(b);
    expect(app.mail.last(user.email)?.subject).toMatch(/reset/i);
    expect(app.mail.last('ghost@example.test')).toBeUndefined();
    const row = await app.ctx.db.selectFrom('password_reset_tokens').selectAll().where('email', '=', user.email).executeTakeFirstOrThrow();
    expect(app.mail.linkIn(app.mail.last(user.email))).not.toContain(row.token_hash);
  });

  it('sends at most one mail a minute per e-mail', async () => {
    const user = await createUser(app);
    await requestReset(user.email);
    await requestReset(user.email);
    expect(app.mail.sent.filter((m) => m.to === user.email)).toHaveLength(1);
    clock.advance(61_000);
    await requestReset(user.email);
    expect(app.mail.sent.filter((m) => m.to === user.email)).toHaveLength(2);
  });

  it('resets with the token, signs other sessions out, and refuses reuse', async () => {
    const user = await createUser(app);
    const elsewhere = await actingAs(app, app.client(), user);
    await requestReset(user.email);
    const url = new URL(app.mail.linkIn(app.mail.last(user.email)));
    const token = decodeURIComponent(url.pathname.split('/').pop()!);
    const c = await guest(url.pathname + url.search);
    const page = (await c.get(url.pathname + url.search, { inertia: true })).json();
    expect(page.props).toMatchObject({ token, email: user.email });
    const res = await c.post('/reset-password', { token, email: user.email, password: 'brand new secret', password_confirmation: 'brand new secret' }, { inertia: true });
    expect(res.location).toBe('/login');
    expect((await elsewhere.get('/profile')).status).toBe(302);
    expect((await login(await guest(), user.email, 'brand new secret')).location).toBe('/dashboard');
    const again = await guest('/forgot-password');
    await again.post(
      '/reset-password',
      { token, email: user.email, password: 'another secret!', password_confirmation: 'another secret!' },
      { inertia: true, headers: { Referer: `${app.url}/forgot-password` } },
    );
    expect((await errorsAfter(again, '/forgot-password')).email).toBe('This password reset token is invalid or has expired.');
  });

  it('refuses an expired token', async () => {
    const user = await createUser(app);
    await requestReset(user.email);
    const token = decodeURIComponent(new URL(app.mail.linkIn(app.mail.last(user.email))).pathname.split('/').pop()!);
    clock.advance(61 * 60_000);
    const c = await guest('/forgot-password');
    await c.post(
      '/reset-password',
      { token, email: user.email, password: 'brand new secret', password_confirmation: 'brand new secret' },
      { inertia: true, headers: { Referer: `${app.url}/forgot-password` } },
    );
    expect((await errorsAfter(c, '/forgot-password')).email).toBe('This password reset token is invalid or has expired.');
  });
});

describe('password confirmation and profile', () => {
  it('asks for the password before deleting the account and remembers it for 3 hours', async () => {
    const user = await createUser(app);
    const c = await actingAs(app, app.client(), user);
    const first = await c.delete('/profile', { password: PASSWORD }, { inertia: true, headers: { Referer: `${app.url}/profile` } });
    expect(first.location).toBe('/confirm-password');
    await c.post('/confirm-password', { password: 'wrong' }, { inertia: true, headers: { Referer: `${app.url}/confirm-password` } });
    expect((await errorsAfter(c, '/confirm-password')).password).toBe('The provided password is incorrect.');
    const ok = await c.post('/confirm-password', { password: PASSWORD }, { inertia: true });
    expect(ok.location).toBe('/profile');
    // Active for two hours (the session itself stays alive while used).
    for (let i = 0; i < 4; i++) {
      clock.advance(30 * 60_000);
      expect((await c.get('/profile')).status).toBe(200);
    }
    await c.delete('/profile', { password: 'wrong' }, { inertia: true, headers: { Referer: `${app.url}/profile` } });
    expect((await errorsAfter(c, '/profile')).password).toBe('The provided password is incorrect.');
    clock.advance(30 * 60_000);
    await c.get('/profile');
    clock.advance(31 * 60_000);
    expect((await c.delete('/profile', { password: PASSWORD }, { inertia: true })).location).toBe('/confirm-password');
  });

  it('deletes the account with the password once confirmed', async () => {
    const user = await createUser(app);
    const c = await actingAs(app, app.client(), user, undefined, { 'auth.password_confirmed_at': Math.floor(clock.now().getTime() / 1000) });
    const res = await c.delete('/profile', { password: PASSWORD }, { inertia: true });
    expect(res.status).toBe(303);
    expect(res.location).toBe('/');
    expect(await app.ctx.db.selectFrom('users').select('id').where('id', '=', user.id).executeTakeFirst()).toBeUndefined();
    expect(app.broadcasts.terminated).toContain(user.id);
  });

  it('refuses to delete the last owner of an organisation, naming it', async () => {
    const user = await createUser(app);
    await createOrganization(app, user, { name: 'Solo Trust' });
    const c = await actingAs(app, app.client(), user, undefined, { 'auth.password_confirmed_at': Math.floor(clock.now().getTime() / 1000) });
    await c.delete('/profile', { password: PASSWORD }, { inertia: true, headers: { Referer: `${app.url}/profile` } });
    expect((await errorsAfter(c, '/profile')).password).toMatch(/last owner of Solo Trust/);
    const co = await createUser(app);
    const org = await app.ctx.db.selectFrom('organizations').select('id').where('name', '=', 'Solo Trust').executeTakeFirstOrThrow();
    await addMember(app, org.id, co, 'owner');
    expect((await c.delete('/profile', { password: PASSWORD }, { inertia: true })).location).toBe('/');
  });

  it('changing the e-mail asks for verification again and mails the new address', async () => {
    const user = await createUser(app);
    const c = await actingAs(app, app.client(), user);
    const res = await c.patch('/profile', { name: 'New Name', email: 'fresh@example.test' }, { inertia: true });
    expect(res.status).toBe(303);
    const row = await app.ctx.db.selectFrom('users').selectAll().where('id', '=', user.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ name: 'New Name', email: 'fresh@example.test', email_verified_at: null });
    expect(app.mail.last('fresh@example.test')?.subject).toMatch(/verify/i);
  });

  it('changes the password only with the current one', async () => {
    const user = await createUser(app);
    const c = await actingAs(app, app.client(), user);
    await c.put('/password', { current_password: 'nope', password: 'newer password', password_confirmation: 'newer password' }, { inertia: true, headers: { Referer: `${app.url}/profile` } });
    expect((await errorsAfter(c, '/profile')).current_password).toMatch(/does not match/);
    const ok = await c.put('/password', { current_password: PASSWORD, password: 'newer password', password_confirmation: 'newer password' }, { inertia: true });
    expect(ok.status).toBe(303);
    expect((await c.get('/profile')).status).toBe(200);
    expect((await login(await guest(), user.email, 'newer password')).location).toBe('/dashboard');
  });
});

describe('CSRF on every unsafe auth route', () => {
  const routes: [string, string][] = [
    ['POST', '/register'],
    ['POST', '/login'],
    ['POST', '/forgot-password'],
    ['POST', '/reset-password'],
    ['POST', '/logout'],
    ['POST', '/email/verification-notification'],
    ['POST', '/confirm-password'],
    ['PATCH', '/profile'],
    ['PUT', '/password'],
    ['DELETE', '/profile'],
  ];
  it.each(routes)('%s %s without a token → 419', async (method, path) => {
    const user = await createUser(app);
    const c = path.match(/register|login|forgot|reset/) ? await guest() : await actingAs(app, app.client(), user);
    const res = await c.request(method, path, {}, { noCsrf: true });
    expect(res.status).toBe(419);
  });

  it.each(routes)("%s %s with another session's token → 419", async (method, path) => {
    const user = await createUser(app);
    const c = path.match(/register|login|forgot|reset/) ? await guest() : await actingAs(app, app.client(), user);
    const other = await guest();
    const res = await c.request(method, path, {}, { noCsrf: true, headers: { 'X-XSRF-TOKEN': other.cookie('XSRF-TOKEN')! } });
    expect(res.status).toBe(419);
  });
});

describe('bad input never answers 500', () => {
  const bodies: unknown[] = [
    {},
    { email: `${'x'.repeat(10_000)}@example.test`, password: 'p'.repeat(100_000), name: 'n'.repeat(5000), password_confirmation: 1 },
    { email: ['a@b.c'], password: { $ne: '' }, name: 42, remember: 'yes' },
    { email: '\uD800\uDC00\uDFFF@example.test', password: '\u0000\u0001', name: '\uDFFF' },
    { email: null, password: null, token: null },
  ];
  const routes = ['/register', '/login', '/forgot-password', '/reset-password'];
  it.each(routes)('%s answers field errors', async (path) => {
    for (const body of bodies) {
      const c = await guest(path === '/reset-password' ? '/forgot-password' : path);
      const res = await c.post(path, body, { inertia: true, headers: { Referer: `${app.url}/login` } });
      expect([302, 303]).toContain(res.status);
      const errors = await errorsAfter(c);
      expect(Object.keys(errors).length).toBeGreaterThan(0);
    }
  });

  it('answers non-UTF-8 bytes with a clear error, not 500', async () => {
    const c = await guest();
    const res = await fetch(`${app.url}/login`, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/x-www-form-urlencoded',
        Cookie: [...c.cookies].map(([k, v]) => `${k}=${encodeURIComponent(v)}`).join('; '),
        'X-XSRF-TOKEN': c.cookie('XSRF-TOKEN')!,
        'X-Inertia': 'true',
        'X-Inertia-Version': c.version,
      },
      body: Buffer.from([0x65, 0x6d, 0x61, 0x69, 0x6c, 0x3d, 0xff, 0xfe, 0x25, 0xc3, 0x28]),
    });
    expect(res.status).toBeLessThan(500);
  });
});

describe('security headers and cookies', () => {
  it('sends strict headers and HttpOnly, SameSite=Lax session cookies', async () => {
    const res = await app.client().get('/login');
    const csp = res.headers.get('content-security-policy')!;
    expect(csp).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]+'/);
    expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(res.headers.get('strict-transport-security')).toBeNull();
    const nonce = csp.match(/'nonce-([^']+)'/)![1];
    expect(res.text).toContain(`<script nonce="${nonce}">`);
    const session = res.headers.getSetCookie().find((c) => c.startsWith(`${SESSION}=`))!;
    expect(session).toMatch(/HttpOnly/i);
    expect(session).toMatch(/SameSite=Lax/i);
    expect(session).not.toMatch(/Secure/i);
  });

  it('gives every response a fresh 128-bit CSP nonce (also past the 256 a random pool holds)', async () => {
    const nonces = new Set<string>();
    for (let i = 0; i < 300; i++) {
      const csp = (await app.client().get('/up-for-nonce')).headers.get('content-security-policy')!;
      const nonce = csp.match(/'nonce-([^']+)'/)![1];
      expect(Buffer.from(nonce, 'base64')).toHaveLength(16);
      nonces.add(nonce);
    }
    expect(nonces.size).toBe(300);
  });

  it('adds HSTS and Secure cookies under https', async () => {
    const secure = await createTestApp({ env: { APP_URL: 'https://boardly.example' } });
    try {
      const res = await secure.client().get('/login');
      expect(res.headers.get('strict-transport-security')).toMatch(/max-age=\d+/);
      expect(res.headers.getSetCookie().find((c) => c.startsWith(`${SESSION}=`))).toMatch(/Secure/);
    } finally {
      await secure.close();
    }
  });
});

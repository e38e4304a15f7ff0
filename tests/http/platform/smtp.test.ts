import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../../server/lib/logger';
import { createMailer } from '../../../server/mail/mailer';
import { Mailbox, type ReceivedMail } from '../../e2e/support/mailbox';
import { createTestApp, type TestApp } from '../../helpers/app';
import type { TestClient } from '../../helpers/client';
import { actingAs, createOrganization, createUser } from '../../helpers/factories';

/**
 * The app's real mailer talking SMTP to a real SMTP server (smtp-server + mailparser): the
 * verification and reset mails are read from that sink and their links followed.
 */
let app: TestApp;
const mailbox = new Mailbox();

beforeAll(async () => {
  const url = await mailbox.start();
  expect(url).toMatch(/^smtp:\/\/127\.0\.0\.1:\d+$/);
  app = await createTestApp({
    mailer: createMailer({ url, from: 'Boardly <no-reply@boardly.test>', storageDir: '/tmp', logger: createLogger('silent') }),
  });
});

afterAll(async () => {
  await app?.close();
  await mailbox.stop();
});

const NAME = 'Grace Hopper';
const EMAIL = 'grace.hopper@example.test';
const FIRST_PASSWORD = 'compiler pioneer';
const NEW_PASSWORD = 'nanosecond wire';

/** A path plus query, for following a mailed absolute link with the test client. */
function localPath(link: string): string {
  const url = new URL(link);
  expect(url.origin).toBe(app.url);
  return url.pathname + url.search;
}

function expectWellFormed(mail: ReceivedMail, subject: RegExp, link: string) {
  expect(mail.subject).toMatch(subject);
  expect(mail.subject).toContain('Boardly');
  expect(mail.to).toEqual([EMAIL]);
  expect(mail.text).toContain(`Hello ${NAME},`);
  expect(mail.text).toContain(link);
  expect(mail.html).toMatch(/^<!DOCTYPE html>/i);
  expect(mail.html).toContain('Boardly');
  // The same link as the text part, HTML-escaped in the href.
  expect(mail.html).toContain(`href="${link.replace(/&/g, '&amp;')}"`);
}

async function guest(path: string): Promise<TestClient> {
  const c = app.client();
  await c.prime(path);
  return c;
}

async function signIn(email: string, password: string) {
  const c = await guest('/login');
  const res = await c.post('/login', { email, password }, { inertia: true, headers: { Referer: `${app.url}/login` } });
  return { c, res };
}

describe('mail over SMTP', () => {
  it('sends the verification mail to the sink, and its link verifies the new account', async () => {
    const c = await guest('/register');
    const res = await c.post('/register', { name: NAME, email: EMAIL, password: FIRST_PASSWORD, password_confirmation: FIRST_PASSWORD }, { inertia: true });
    expect(res.status).toBe(302);
    expect(res.location).toBe('/verify-email');

    const mail = await mailbox.waitFor(EMAIL, /verify/i);
    const link = Mailbox.link(mail, /https?:\/\/\S+\/verify-email\/\S+/);
    expectWellFormed(mail, /^Verify your email address for Boardly$/, link);
    expect(link).toMatch(/\/verify-email\/\d+\/[0-9a-f]{40}\?expires=\d+&signature=[0-9a-f]{64}$/);

    const before = await app.ctx.db.selectFrom('users').select(['id', 'email_verified_at']).where('email', '=', EMAIL).executeTakeFirstOrThrow();
    expect(before.email_verified_at).toBeNull();
    expect(link).toContain(`/verify-email/${before.id}/`);
    expect((await c.get('/verify-email', { inertia: true })).json().component).toBe('Auth/VerifyEmail');

    const followed = await c.get(localPath(link));
    expect(followed.status).toBe(302);
    expect(followed.location).toBe('/dashboard');

    const after = await app.ctx.db.selectFrom('users').select('email_verified_at').where('id', '=', before.id).executeTakeFirstOrThrow();
    expect(after.email_verified_at).toBeInstanceOf(Date);
    // Verified: the notice steps aside and the profile shows the verified address.
    expect((await c.get('/verify-email')).status).toBe(302);
    const profile = (await c.get('/profile', { inertia: true })).json();
    expect(profile.component).toBe('Profile/Edit');
    expect(profile.props.auth.user).toMatchObject({ email: EMAIL, name: NAME });
    expect(profile.props.auth.user.email_verified_at).not.toBeNull();
  });

  it('sends the reset mail to the sink, and its link resets the password', async () => {
    const c = await guest('/forgot-password');
    const res = await c.post('/forgot-password', { email: EMAIL.toUpperCase() }, { inertia: true, headers: { Referer: `${app.url}/forgot-password` } });
    expect([302, 303]).toContain(res.status);
    expect((await c.get('/forgot-password', { inertia: true })).json().props.status).toBe('If an account exists for that email address, we have emailed a password reset link.');

    const mail = await mailbox.waitFor(EMAIL, /reset/i);
    const link = Mailbox.link(mail, /https?:\/\/\S+\/reset-password\/\S+/);
    expectWellFormed(mail, /^Reset your Boardly password$/, link);

    const page = (await c.get(localPath(link), { inertia: true })).json();
    expect(page.component).toBe('Auth/ResetPassword');
    expect(page.props.email).toBe(EMAIL);
    const token: string = page.props.token;
    expect(token.length).toBeGreaterThanOrEqual(32);
    expect(decodeURIComponent(new URL(link).pathname.split('/').pop()!)).toBe(token);

    const reset = await c.post('/reset-password', { token, email: page.props.email, password: NEW_PASSWORD, password_confirmation: NEW_PASSWORD }, { inertia: true, headers: { Referer: link } });
    expect(reset.status).toBe(302);
    expect(reset.location).toBe('/login');
    expect((await c.get('/login', { inertia: true })).json().props.status).toMatch(/password has been reset/i);

    const old = await signIn(EMAIL, FIRST_PASSWORD);
    expect(old.res.location).not.toBe('/dashboard');
    expect((await old.c.get('/login', { inertia: true })).json().props.errors.email).toBe('These credentials do not match our records.');

    const fresh = await signIn(EMAIL, NEW_PASSWORD);
    expect(fresh.res.status).toBe(302);
    expect(fresh.res.location).toBe('/dashboard');
    expect((await fresh.c.get('/profile', { inertia: true })).json().props.auth.user.email).toBe(EMAIL);

    // The link is single-use.
    const again = await guest('/forgot-password');
    await again.post(
      '/reset-password',
      { token, email: EMAIL, password: 'yet another one', password_confirmation: 'yet another one' },
      { inertia: true, headers: { Referer: `${app.url}/forgot-password` } },
    );
    expect((await again.get('/forgot-password', { inertia: true })).json().props.errors.email).toBe('This password reset token is invalid or has expired.');
  });

  it('put every message through the sink with both parts', () => {
    const mine = mailbox.messages.filter((m) => m.to.includes(EMAIL));
    expect(mine.map((m) => m.subject)).toEqual(['Verify your email address for Boardly', 'Reset your Boardly password']);
    for (const m of mine) {
      expect(m.text.length).toBeGreaterThan(50);
      expect(m.html.length).toBeGreaterThan(m.text.length);
    }
  });

  it('sends every kind of mail as a text/plain part and an HTML part with the same links, laid out for phones', async () => {
    // The third kind: an invitation, sent by an owner through the Members page.
    const owner = await createUser(app);
    const org = await createOrganization(app, owner, { plan: 'team' });
    const client = await actingAs(app, app.client(), owner, org.id);
    const invitee = 'invited.person@example.test';
    const invited = await client.post('/users', { email: invitee, role: 'editor' }, { inertia: true });
    expect(invited.location).toBe('/users');
    await mailbox.waitFor(invitee, /invit/i);

    const kinds = mailbox.messages.filter((m) => m.to.includes(EMAIL) || m.to.includes(invitee));
    expect(kinds.map((m) => m.subject)).toEqual(['Verify your email address for Boardly', 'Reset your Boardly password', expect.stringMatching(/invit/i)]);
    const unescapeHtml = (s: string) =>
      s
        .replace(/&amp;/g, '&')
        .replace(/&quot;/g, '"')
        .replace(/&lt;/g, '<')
        .replace(/&gt;/g, '>');
    for (const m of kinds) {
      // A real text/plain part beside the HTML (not text that a reader derives from the HTML).
      expect(m.raw, m.subject).toMatch(/Content-Type: multipart\/alternative/i);
      expect(m.raw, m.subject).toMatch(/Content-Type: text\/plain; charset=utf-8/i);
      expect(m.raw, m.subject).toMatch(/Content-Type: text\/html; charset=utf-8/i);
      // Phones show the mail at their width, not as a 980 px page zoomed out.
      expect(m.html, m.subject).toMatch(/<meta name="viewport" content="width=device-width, initial-scale=1">/);
      const htmlLinks = new Set([...m.html.matchAll(/href="([^"]+)"/g)].map((x) => unescapeHtml(x[1])));
      const textLinks = new Set(m.text.match(/https?:\/\/\S+/g) ?? []);
      expect(htmlLinks.size, m.subject).toBeGreaterThan(0);
      expect([...textLinks].sort(), m.subject).toEqual([...htmlLinks].sort());
    }
  });
});

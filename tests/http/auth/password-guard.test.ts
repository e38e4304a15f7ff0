import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { User } from '../../../server/db/types';
import { verifyPassword } from '../../../server/lib/passwords';
import { createTestApp, FakeClock, type TestApp } from '../../helpers/app';
import type { TestClient } from '../../helpers/client';
import { actingAs, createUser, PASSWORD } from '../../helpers/factories';

/**
 * Issue #23, finding 4: every form that asks for the current password goes through one guard,
 * throttled per user (five failures a minute, across sessions and forms), logged on failure.
 * A stolen session cookie is no longer a password-guessing oracle.
 */
let app: TestApp;
const clock = new FakeClock(new Date('2026-11-23T09:00:00Z'));
const logLines: Record<string, unknown>[] = [];

beforeAll(async () => {
  const logger = pino({ level: 'warn', base: undefined }, { write: (line: string) => logLines.push(JSON.parse(line)) });
  app = await createTestApp({ clock, logger });
});
afterAll(() => app.close());

const WRONG = 'The provided password is incorrect.';
const WRONG_CURRENT = 'The provided password does not match your current password.';
const LOCKED = /^Too many attempts\. Try again in \d+ seconds?\.$/;
const NEW_PASSWORD = 'a brand new passphrase';

interface PasswordForm {
  name: string;
  method: 'POST' | 'PUT' | 'DELETE';
  path: string;
  /** The page the form is on (Inertia goes back there with the errors). */
  from: string;
  field: string;
  wrong: string;
  body: (password: string) => Record<string, string>;
  /** Whether the form's action took effect (where that is cheap to see). */
  done?: (user: User, client: TestClient) => Promise<boolean>;
}

const json = { headers: { Accept: 'application/json', 'X-Requested-With': 'XMLHttpRequest' } };

/** Every form that verifies the current password (grep verifyPassword: these are all of them). */
const forms: PasswordForm[] = [
  {
    name: 'confirm password (the page; the dialog is below)',
    method: 'POST',
    path: '/confirm-password',
    from: '/confirm-password',
    field: 'password',
    wrong: WRONG,
    body: (password) => ({ password }),
    done: async (_user, client) => (await client.get('/user/confirmed-password-status', json)).json<{ confirmed: boolean }>().confirmed,
  },
  { name: 'turn two-factor off', method: 'DELETE', path: '/user/two-factor-authentication', from: '/profile', field: 'password', wrong: WRONG, body: (password) => ({ password }) },
  { name: 'sign out other browsers', method: 'DELETE', path: '/user/other-browser-sessions', from: '/profile', field: 'password', wrong: WRONG, body: (password) => ({ password }) },
  {
    name: 'change password',
    method: 'PUT',
    path: '/password',
    from: '/profile',
    field: 'current_password',
    wrong: WRONG_CURRENT,
    body: (current_password) => ({ current_password, password: NEW_PASSWORD, password_confirmation: NEW_PASSWORD }),
    done: async (user) => verifyPassword((await app.ctx.db.selectFrom('users').select('password').where('id', '=', user.id).executeTakeFirstOrThrow()).password, NEW_PASSWORD),
  },
  {
    name: 'delete account',
    method: 'DELETE',
    path: '/profile',
    from: '/profile',
    field: 'password',
    wrong: WRONG,
    body: (password) => ({ password }),
    done: async (user) => !(await app.ctx.db.selectFrom('users').select('id').where('id', '=', user.id).executeTakeFirst()),
  },
];

/** A signed-in browser; all but the confirm form's have confirmed the password (deleting the account asks for both). */
async function browser(user: User, form: PasswordForm) {
  const extra = form.path === '/confirm-password' ? {} : { 'auth.password_confirmed_at': Math.floor(clock.now().getTime() / 1000) };
  return actingAs(app, app.client(), user, undefined, extra);
}

/** Sends the form as the page does (Inertia) and answers the field's error, if it came back to the form with one. */
async function submit(client: TestClient, form: PasswordForm, password: string): Promise<string | undefined> {
  const res = await client.request(form.method, form.path, form.body(password), { inertia: true, headers: { Referer: app.url + form.from } });
  expect([302, 303]).toContain(res.status);
  if (new URL(res.location!, app.url).pathname !== form.from) return undefined;
  return (await client.get(form.from, { inertia: true })).page().props.errors[form.field];
}

describe('one password guard for every form that asks for the current password', () => {
  it.each(forms.map((f) => [f.name, f] as const))('%s: five wrong passwords, then even the right one is refused until the minute has passed', async (_name, form) => {
    const user = await createUser(app);
    const client = await browser(user, form);
    for (let i = 0; i < 5; i++) expect(await submit(client, form, `wrong ${i}`)).toBe(form.wrong);

    // The sixth, right this time and from another browser of the same user: refused unchecked.
    const other = await browser(user, form);
    expect(await submit(other, form, PASSWORD)).toMatch(LOCKED);
    expect(await submit(client, form, PASSWORD)).toMatch(LOCKED);
    if (form.done) expect(await form.done(user, other)).toBe(false);

    clock.advance(61_000);
    expect(await submit(other, form, PASSWORD)).toBeUndefined();
    if (form.done) expect(await form.done(user, other)).toBe(true);
  });

  it('counts failures per user across forms: three on one form and two on another lock them all', async () => {
    const user = await createUser(app);
    const [confirm, twoFactorOff, , changePassword, deleteAccount] = forms;
    const c1 = await browser(user, confirm);
    const c2 = await browser(user, changePassword);
    for (let i = 0; i < 3; i++) expect(await submit(c1, confirm, 'nope')).toBe(WRONG);
    for (let i = 0; i < 2; i++) expect(await submit(c2, changePassword, 'nope')).toBe(WRONG_CURRENT);
    expect(await submit(c2, twoFactorOff, PASSWORD)).toMatch(LOCKED);
    expect(await submit(c2, deleteAccount, PASSWORD)).toMatch(LOCKED);
    expect(await deleteAccount.done!(user, c2)).toBe(false);

    // Another user is not affected.
    const someoneElse = await createUser(app);
    expect(await submit(await browser(someoneElse, confirm), confirm, PASSWORD)).toBeUndefined();
    clock.advance(61_000);
  });

  it('the dialog (JSON) gets the same field error, with the seconds left', async () => {
    const user = await createUser(app);
    const client = await actingAs(app, app.client(), user);
    for (let i = 0; i < 5; i++) expect((await client.post('/user/confirm-password', { password: 'no' }, json)).status).toBe(422);
    const locked = await client.post('/user/confirm-password', { password: PASSWORD }, json);
    expect(locked.status).toBe(422);
    expect(locked.json().errors).toEqual({ password: 'Too many attempts. Try again in 60 seconds.' });
    clock.advance(61_000);
  });

  it('twenty wrong passwords sent at once: five are checked (each is counted before the hash is)', async () => {
    const user = await createUser(app);
    const client = await actingAs(app, app.client(), user);
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => client.post('/user/confirm-password', { password: `parallel ${i}` }, json)));
    const errors = answers.map((r) => r.json().errors.password as string);
    expect(errors.filter((e) => e === WRONG)).toHaveLength(5);
    expect(errors.filter((e) => LOCKED.test(e))).toHaveLength(15);
    clock.advance(61_000);
  });

  it('the message is translated (de, fr)', async () => {
    for (const [locale, expected] of [
      ['de', 'Zu viele Versuche. Bitte versuchen Sie es in 60 Sekunden erneut.'],
      ['fr', 'Trop de tentatives. Veuillez réessayer dans 60 secondes.'],
    ] as const) {
      const user = await createUser(app);
      await app.ctx.db.updateTable('users').set({ locale }).where('id', '=', user.id).execute();
      const client = await actingAs(app, app.client(), user);
      for (let i = 0; i < 5; i++) await client.post('/user/confirm-password', { password: 'no' }, json);
      expect((await client.post('/user/confirm-password', { password: PASSWORD }, json)).json().errors.password).toBe(expected);
    }
    clock.advance(61_000);
  });

  it('logs each failure and each refusal as a warning, never the password', async () => {
    const user = await createUser(app);
    const client = await actingAs(app, app.client(), user);
    logLines.length = 0;
    for (let i = 0; i < 6; i++) await client.post('/user/confirm-password', { password: `secret-guess-${i}` }, json);
    const mine = logLines.filter((l) => l.userId === user.id);
    expect(mine.map((l) => [l.level, l.msg])).toEqual([...Array.from({ length: 5 }, () => [40, 'current password refused']), [40, 'current password check throttled']]);
    expect(mine[4]).toMatchObject({ failures: 5 });
    expect(JSON.stringify(logLines)).not.toContain('secret-guess');
    clock.advance(61_000);
  });
});

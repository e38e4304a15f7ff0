import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../helpers/app';
import { actingAs, addMember, createOrganization, createUser, memberClient } from '../../helpers/factories';
import type { TestClient } from '../../helpers/client';

/**
 * What the server writes (validation errors, flash messages, error pages, mails) comes out in the
 * reader's language: a signed-in user's setting, a guest's Accept-Language; mails in the
 * recipient's. English stays as it was.
 */
let app: TestApp;

beforeAll(async () => {
  app = await createTestApp();
});

afterAll(async () => {
  await app.close();
});

async function guest(path: string) {
  const c = app.client();
  await c.prime(path);
  return c;
}

const speaking = (language: string | undefined, referer: string) => ({
  inertia: true,
  headers: { Referer: `${app.url}${referer}`, ...(language ? { 'Accept-Language': language } : {}) },
});

async function setLocale(userId: number, locale: string) {
  await app.ctx.db.updateTable('users').set({ locale }).where('id', '=', userId).execute();
}

async function errorsAfter(c: TestClient, path: string, language?: string) {
  return (await c.get(path, speaking(language, path))).json().props.errors;
}

describe('validation errors', () => {
  const invalid = { name: '', email: 'nope', password: 'short', password_confirmation: 'short' };

  it('are in German for a guest whose browser asks for German, field names included', async () => {
    const c = await guest('/register');
    await c.post('/register', invalid, speaking('de-DE,de;q=0.9,en;q=0.5', '/register'));
    expect(await errorsAfter(c, '/register', 'de-DE,de;q=0.9,en;q=0.5')).toEqual({
      name: 'Das Feld „Name“ ist erforderlich.',
      email: 'Das Feld „E-Mail“ muss eine gültige E-Mail-Adresse sein.',
      password: 'Das Feld „Passwort“ muss mindestens 8 Zeichen lang sein.',
    });
  });

  it('stay in English otherwise', async () => {
    const c = await guest('/register');
    await c.post('/register', invalid, speaking(undefined, '/register'));
    expect(await errorsAfter(c, '/register')).toEqual({
      name: 'The name field is required.',
      email: 'The email must be a valid email address.',
      password: 'The password must be at least 8 characters.',
    });
  });

  it('are in French at sign-in, and in the JSON answer of an API client', async () => {
    const user = await createUser(app);
    const c = await guest('/login');
    await c.post('/login', { email: user.email, password: 'wrong password' }, speaking('fr', '/login'));
    expect((await errorsAfter(c, '/login', 'fr')).email).toBe('Ces identifiants ne correspondent pas à nos enregistrements.');

    const api = await (await guest('/login')).post('/login', { email: 'not-an-address', password: 'x' }, { headers: { Accept: 'application/json', 'Accept-Language': 'fr' } });
    expect(api.status).toBe(422);
    const body = api.json();
    expect(body.errors.email).toBe('Le champ « e-mail » doit être une adresse e-mail valide.');
    expect(body.message).toBe(body.errors.email);
  });

  it('use the form’s own label, translated (the password form’s “new password”)', async () => {
    const { client, user } = await memberClient(app, 'viewer');
    await setLocale(user.id, 'de-CH');
    await client.put('/password', { current_password: 'x', password: 'longenough', password_confirmation: 'different!' }, speaking(undefined, '/profile'));
    const errors = await errorsAfter(client, '/profile');
    expect(errors.password).toBe('Die Bestätigung für „Neues Passwort“ stimmt nicht überein.');
  });
});

describe('flash messages and error pages', () => {
  it('are in French for a French user', async () => {
    const { client, user } = await memberClient(app, 'viewer');
    await setLocale(user.id, 'fr-FR');
    const res = await client.patch('/profile', { name: 'Camille Martin', email: user.email }, speaking(undefined, '/profile'));
    expect(res.status).toBeLessThan(400);
    const page = (await client.get('/profile', { inertia: true })).json();
    expect(page.props.flash.success).toBe('Profil enregistré.');

    const missing = await client.get('/no-such-page', { inertia: true });
    expect(missing.status).toBe(404);
    expect(missing.json().props.message).toBe('La page que vous cherchez est introuvable.');

    const forbidden = await client.get('/users', { inertia: true });
    expect(forbidden.status).toBe(403);
    expect(forbidden.json().props.message).toBe('Vous n’êtes pas autorisé à faire cela.');
  });

  it('stay in English for an English user', async () => {
    const { client, user } = await memberClient(app, 'viewer');
    await client.patch('/profile', { name: 'Ada', email: user.email }, speaking(undefined, '/profile'));
    expect((await client.get('/profile', { inertia: true })).json().props.flash.success).toBe('Profile saved.');
    const missing = await client.get('/no-such-page', { inertia: true });
    expect(missing.json().props.message).toBe('The page you are looking for could not be found.');
  });

  it('name the language choices in the reader’s language', async () => {
    const { client, user } = await memberClient(app, 'viewer');
    await setLocale(user.id, 'de-DE');
    const page = (await client.get('/settings', { inertia: true })).json();
    const labels = new Map(page.props.locales.map((l: { value: string; label: string }) => [l.value, l.label]));
    expect(labels.get('de-DE')).toBe('Deutschland (Deutsch): 23.11.26 · 1.234.567,89');
  });
});

describe('mails', () => {
  it('a password reset is in the German user’s language, <html lang> too', async () => {
    const user = await createUser(app);
    await setLocale(user.id, 'de-AT');
    const c = await guest('/forgot-password');
    await c.post('/forgot-password', { email: user.email }, speaking(undefined, '/forgot-password'));
    const mail = app.mail.last(user.email)!;
    expect(mail.subject).toBe('Ihr Boardly-Passwort zurücksetzen');
    expect(mail.text).toContain(`Guten Tag ${user.name},`);
    expect(mail.text).toContain('Passwort zurücksetzen: http');
    expect(mail.html).toContain('<html lang="de">');
    expect(mail.html).toContain('Falls die Schaltfläche nicht funktioniert');
    // The form's status line is in the guest's language.
    const status = (await c.get('/forgot-password', { inertia: true, headers: { 'Accept-Language': 'fr' } })).json().props.status;
    expect(status).toBe('Si un compte existe pour cette adresse e-mail, nous vous avons envoyé un lien de réinitialisation du mot de passe.');
  });

  it('an invitation is in the German inviter’s language; English stays English', async () => {
    const owner = await createUser(app);
    const org = await createOrganization(app, owner, { plan: 'business', name: 'Stiftung Nord' });
    await setLocale(owner.id, 'de-DE');
    const c = await actingAs(app, app.client(), owner, org.id);
    const sent = await c.post('/users', { email: 'neu@example.test', role: 'editor' }, speaking(undefined, '/users/create'));
    expect(sent.status).toBeLessThan(400);
    const mail = app.mail.last('neu@example.test')!;
    expect(mail.subject).toBe('Einladung zu Stiftung Nord auf Boardly');
    expect(mail.text).toContain(`${owner.name} hat Sie eingeladen, Stiftung Nord auf Boardly als Bearbeiter beizutreten.`);
    expect(mail.text).toMatch(/Diese Einladung läuft in 7 Tagen ab \(\w+, \d+\. \w+ \d{4} um \d\d:\d\d UTC\)\./);
    expect(mail.html).toContain('<html lang="de">');
    expect((await c.get('/users', { inertia: true })).json().props.flash.success).toBe('Einladung an neu@example.test gesendet.');

    const english = await createUser(app);
    await addMember(app, org.id, english, 'admin');
    const e = await actingAs(app, app.client(), english, org.id);
    await e.post('/users', { email: 'new@example.test', role: 'admin' }, speaking(undefined, '/users/create'));
    const englishMail = app.mail.last('new@example.test')!;
    expect(englishMail.subject).toBe('You are invited to join Stiftung Nord on Boardly');
    expect(englishMail.text).toContain(`${english.name} has invited you to join Stiftung Nord on Boardly as an admin.`);
    expect(englishMail.html).toContain('<html lang="en-US">');
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, FakeClock, type TestApp } from '../../helpers/app';
import { memberClient } from '../../helpers/factories';

let app: TestApp;
const clock = new FakeClock();

beforeAll(async () => {
  app = await createTestApp({ clock });
});
afterAll(() => app.close());

async function guest(path = '/login', headers: Record<string, string> = {}) {
  const c = app.client();
  await c.prime(path);
  return { c, headers };
}

describe('POST /locale (the guest language picker)', () => {
  it('remembers the guest’s language in a cookie and goes back; the next page is in that language', async () => {
    const { c } = await guest('/login');
    const res = await c.post('/locale', { locale: 'de' }, { inertia: true, headers: { Referer: `${app.url}/login` } });
    expect(res.status).toBe(303);
    expect(res.location).toBe('/login');
    expect(c.cookie('locale')).toBe('de');
    const setCookie = res.headers.getSetCookie().find((h) => h.startsWith('locale='));
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);

    const page = (await c.get('/login', { inertia: true })).json();
    expect(page.props.locale).toBe('de');
    const html = await c.get('/login');
    expect(html.text).toMatch(/<html[^>]*\blang="de"/);
    expect(html.page().props.locale).toBe('de');
  });

  it('the cookie wins over Accept-Language', async () => {
    const { c } = await guest('/login');
    await c.post('/locale', { locale: 'fr' }, { inertia: true, headers: { Referer: `${app.url}/register` } });
    const html = await c.get('/register', { headers: { 'Accept-Language': 'de-DE,de;q=0.9' } });
    expect(html.text).toMatch(/<html[^>]*\blang="fr"/);
  });

  it('a guest with no choice gets the best Accept-Language match', async () => {
    const c = app.client();
    const html = await c.get('/login', { headers: { 'Accept-Language': 'fr-CA,fr;q=0.9,en;q=0.5' } });
    expect(html.text).toMatch(/<html[^>]*\blang="fr"/);
    expect(html.page().props.locale).toBe('fr');
  });

  it('refuses a language the interface does not have: an error bag, no cookie', async () => {
    const { c } = await guest('/login');
    const res = await c.post('/locale', { locale: 'es' }, { inertia: true, headers: { Referer: `${app.url}/login` } });
    expect(res.status).toBe(303);
    expect(res.location).toBe('/login');
    expect(c.cookie('locale')).toBeUndefined();
    const page = (await c.get('/login', { inertia: true })).json();
    expect(page.props.errors.locale).toBe('Choose one of the languages offered.');
    expect(page.props.locale).toBe('en-US');
  });

  it('needs the CSRF token like every POST', async () => {
    const { c } = await guest('/login');
    // An Inertia POST without the token goes back with the "page expired" notice, and changes nothing.
    const res = await c.post('/locale', { locale: 'de' }, { inertia: true, noCsrf: true, headers: { Referer: `${app.url}/login` } });
    expect(res.headers.getSetCookie().some((h) => h.startsWith('locale='))).toBe(false);
    expect(c.cookie('locale')).toBeUndefined();
    const page = (await c.get('/login', { inertia: true })).json();
    expect(page.props.flash.error).toBeTruthy();
    expect(page.props.locale).toBe('en-US');
    // Without Inertia: the 419 page.
    const plain = await c.post('/locale', { locale: 'de' }, { noCsrf: true });
    expect(plain.status).toBe(419);
  });

  it('a signed-in user goes back without a cookie: their language is their setting', async () => {
    const { client } = await memberClient(app, 'viewer');
    const res = await client.post('/locale', { locale: 'de' }, { inertia: true, headers: { Referer: `${app.url}/settings` } });
    expect(res.status).toBe(303);
    expect(res.location).toBe('/settings');
    expect(client.cookie('locale')).toBeUndefined();
    const page = (await client.get('/settings', { inertia: true })).json();
    expect(page.props.locale).toBe('en-US');
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localPath } from '../../server/http/local-path';
import { createTestApp, FakeClock, type TestApp } from '../helpers/app';
import { actingAs, createOrganization, createUser, PASSWORD } from '../helpers/factories';
import { cookieHeader, rawRequest } from '../helpers/raw-http';

/**
 * "Back" (a failed form, a 419, a 429) and "intended" (after a password confirmation or a sign-in)
 * redirect to a location the request supplied. They may only ever land on a path of this app.
 */

let app: TestApp;
let base: string;
const clock = new FakeClock(new Date('2026-11-23T09:00:00Z'));

beforeAll(async () => {
  app = await createTestApp({ clock });
  base = app.ctx.config.APP_URL;
});
afterAll(() => app.close());

/** Referers that try to send "back" somewhere else; each must fall back to a local page. */
const hostile = () => [
  `${base}//evil.example/x`,
  `${base}/\\evil.example`,
  `${base}/\\/evil.example/x`,
  `${base}/a/../..//evil.example/x`,
  `${base}/\t/evil.example`,
  'http://evil.example/x',
  '//evil.example/x',
  '/\\evil.example',
  'javascript:alert(1)',
  'garbage',
  '%ZZ',
];

describe('the one gate for user-supplied locations (localPath)', () => {
  it('keeps paths of this app, with their query and fragment', () => {
    expect(localPath(`${base}/users?search=a#top`, base)).toBe('/users?search=a#top');
    expect(localPath('/insights/3/edit', base)).toBe('/insights/3/edit');
    expect(localPath('/insights/3/edit')).toBe('/insights/3/edit');
  });

  it('refuses other origins, scheme-relative and backslash tricks, dot segments that end in //, controls', () => {
    for (const location of [...hostile(), `${base}/ok\u0000`, '/ok\n//evil', '', null, undefined, 'http://localhost.evil.example/x', `${base.replace('http:', 'https:')}/x`]) {
      expect(localPath(location as string, base), String(location)).toBeNull();
    }
  });

  it('accepts an absolute URL only when it is told the app origin', () => {
    expect(localPath(`${base}/users`)).toBeNull();
  });
});

describe('back after a failed validation, a 419 and a 429', () => {
  it('a failed form never redirects off the site', async () => {
    const client = app.client();
    await client.prime('/login');
    for (const referer of hostile()) {
      const res = await client.post('/login', { email: '', password: '' }, { inertia: true, headers: { Referer: referer } });
      expect(res.status, referer).toBe(303);
      expect(res.location, referer).toBe('/');
    }
    const ok = await client.post('/login', { email: '', password: '' }, { inertia: true, headers: { Referer: `${base}/login?from=x` } });
    expect(ok.location).toBe('/login?from=x');
  });

  it('an expired page (419) never redirects off the site', async () => {
    const client = app.client();
    await client.prime('/login');
    for (const referer of hostile()) {
      const res = await client.post('/login', { email: 'a@b.test', password: 'x' }, { inertia: true, noCsrf: true, headers: { Referer: referer } });
      expect(res.status, referer).toBe(303);
      expect(res.location, referer).toBe('/');
    }
  });

  it('a throttled form (429) never redirects off the site', async () => {
    const user = await createUser(app, { verified: false });
    const client = await actingAs(app, app.client(), user);
    const before = app.mail.sent.length;
    const locations: (string | null)[] = [];
    for (let i = 0; i < 8; i++) {
      const res = await client.post('/email/verification-notification', {}, { inertia: true, headers: { Referer: `${base}//evil.example/x` } });
      locations.push(res.location);
    }
    // Six mails go out (back to the form's own fallback), then the throttle answers 429 (back to home).
    expect(app.mail.sent.length - before).toBe(6);
    expect(locations).toEqual([...Array(6).fill('/verify-email'), '/', '/']);
  });

  it('a Referer naming the request Host but not APP_URL is not "this app"', async () => {
    const client = app.client();
    await client.prime('/login');
    const res = await rawRequest(app.url, {
      method: 'POST',
      path: '/login',
      headers: {
        Host: 'evil.example',
        Referer: 'http://evil.example/phish',
        Cookie: cookieHeader(client.cookies),
        'X-XSRF-TOKEN': client.cookie('XSRF-TOKEN')!,
        'X-Inertia': 'true',
        'Content-Type': 'application/json',
      },
      body: '{}',
    });
    expect(res.status).toBe(303);
    expect(res.headers.location).toBe('/');
  });
});

describe('password confirmation: the page to come back to', () => {
  async function owner() {
    const user = await createUser(app);
    const org = await createOrganization(app, user);
    const client = await actingAs(app, app.client(), user, org.id);
    return { user, org, client };
  }

  for (const [method, path] of [
    ['DELETE', '/profile'],
    ['DELETE', '/organizations/:id'],
    ['POST', '/organizations/:id/transfer'],
  ] as const) {
    it(`${method} ${path} with a junk Referer asks for the password (no 500), and never comes back off the site`, async () => {
      for (const referer of ['garbage', '%ZZ', `${base}//evil.example/x`, `${base}/\\evil.example`, 'http://evil.example/x']) {
        const { org, client } = await owner();
        const url = path.replace(':id', String(org.id));
        const res = await client.request(method, url, {}, { headers: { Referer: referer } });
        expect([302, 303], referer).toContain(res.status);
        expect(res.location, referer).toBe('/confirm-password');
        const confirmed = await client.post('/confirm-password', { password: PASSWORD });
        expect(confirmed.status, referer).toBe(302);
        expect(confirmed.location, referer).toBe('/dashboard');
      }
    });
  }

  it('comes back to the page the form was sent from when that page is ours', async () => {
    const { org, client } = await owner();
    await client.request('DELETE', `/organizations/${org.id}`, {}, { headers: { Referer: `${base}/organizations/${org.id}/edit?tab=danger` } });
    const confirmed = await client.post('/confirm-password', { password: PASSWORD });
    expect(confirmed.location).toBe(`/organizations/${org.id}/edit?tab=danger`);
  });

  it('an intended URL in the session that is not a local path is ignored', async () => {
    const user = await createUser(app);
    const org = await createOrganization(app, user);
    for (const intended of ['//evil.example/x', '/\\evil.example', 'http://evil.example/', '/a/../..//evil.example']) {
      const client = await actingAs(app, app.client(), user, org.id, { 'url.intended': intended });
      const confirmed = await client.post('/confirm-password', { password: PASSWORD });
      expect(confirmed.location, intended).toBe('/dashboard');
    }
  });
});

describe('absolute URLs come from APP_URL, never from the Host header', () => {
  it('the 409 X-Inertia-Location of a stale asset version', async () => {
    const res = await rawRequest(app.url, {
      method: 'GET',
      path: '/login?x=1',
      headers: { Host: 'evil.example', 'X-Inertia': 'true', 'X-Inertia-Version': 'an-old-build' },
    });
    expect(res.status).toBe(409);
    expect(res.headers['x-inertia-location']).toBe(`${base}/login?x=1`);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../helpers/app';
import { actingAs, createBoardUser, createInsight, createOrganization, createUser, PASSWORD } from '../../helpers/factories';

/**
 * Issue #12, bug 2: after signing out, neither the browser's history (Inertia's page state) nor
 * its HTTP cache may show a signed-in page again. Signed-in pages are encrypted in history, the
 * first page after signing out clears the key, and signed-in responses are never stored.
 */
let app: TestApp;

beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

async function signedInOwner() {
  const user = await createUser(app);
  const org = await createOrganization(app, user);
  const client = await actingAs(app, app.client(), user, org.id);
  const person = await createBoardUser(app, org.id, { first_name: 'Private', last_name: 'Person' });
  return { user, org, client, person };
}

describe('signed-in responses', () => {
  it('are never stored: HTML, Inertia JSON, redirects and error pages', async () => {
    const { client, person } = await signedInOwner();
    const html = await client.get(`/board-users/${person.id}`);
    expect(html.status).toBe(200);
    expect(html.headers.get('cache-control')).toBe('no-store');
    const json = await client.get(`/board-users/${person.id}`, { inertia: true });
    expect(json.headers.get('cache-control')).toBe('no-store');
    const missing = await client.get('/board-users/999999', { inertia: true });
    expect(missing.status).toBe(404);
    expect(missing.headers.get('cache-control')).toBe('no-store');
    const redirect = await client.get('/login');
    expect(redirect.status).toBe(302);
    expect(redirect.headers.get('cache-control')).toBe('no-store');
  });

  it('stay no-store where a page sets its own caching (a public insight read while signed in)', async () => {
    const { client, org } = await signedInOwner();
    const insight = await createInsight(app, org.id, null, { title: 'Shared', body: 'x', category: 'other', status: 'published', published_at: new Date(), share_token: 'a'.repeat(32) });
    expect(insight.id).toBeGreaterThan(0);
    const res = await client.get(`/p/${org.slug}/${'a'.repeat(32)}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
  });

  it('ask the browser to encrypt their history entry', async () => {
    const { client, person } = await signedInOwner();
    expect((await client.get(`/board-users/${person.id}`)).page().encryptHistory).toBe(true);
    expect((await client.get(`/board-users/${person.id}`, { inertia: true })).page().encryptHistory).toBe(true);
  });

  it('guest pages are neither encrypted nor marked no-store', async () => {
    const guest = app.client();
    const res = await guest.get('/login');
    expect(res.page().encryptHistory).toBeUndefined();
    expect(res.headers.get('cache-control')).not.toBe('no-store');
  });
});

describe('signing out', () => {
  it('clears the browser’s history key on the next page, once', async () => {
    const { client } = await signedInOwner();
    const out = await client.post('/logout', {}, { inertia: true });
    expect(out.status).toBe(302);
    const next = await client.get(out.location!, { inertia: true });
    expect(next.page().clearHistory).toBe(true);
    expect(next.page().encryptHistory).toBeUndefined();
    expect(next.page().props.auth.user).toBeNull();
    const after = await client.get('/login', { inertia: true });
    expect(after.page().clearHistory).toBeUndefined();
  });

  it('after deleting the account too', async () => {
    const user = await createUser(app);
    const client = await actingAs(app, app.client(), user, undefined, { 'auth.password_confirmed_at': Math.floor(app.ctx.clock.now().getTime() / 1000) });
    const out = await client.delete('/profile', { password: PASSWORD }, { inertia: true });
    expect(out.status).toBe(303);
    const next = await client.get(out.location!, { inertia: true });
    expect(next.page().clearHistory).toBe(true);
  });

  it('a signed-out visitor pressing Back on a private URL is sent to sign in, not shown the page', async () => {
    const { client, person } = await signedInOwner();
    await client.post('/logout', {}, { inertia: true });
    const back = await client.get(`/board-users/${person.id}`, { inertia: true });
    expect(back.status).toBe(302);
    expect(back.location).toBe('/login');
    expect(back.text).not.toContain('Private');
  });
});

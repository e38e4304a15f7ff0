import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../helpers/app';
import type { TestClient } from '../../helpers/client';
import { actingAs, createUser } from '../../helpers/factories';

/**
 * Found by tests/e2e/first-visit.spec.ts (issue #12): a new user verifying their address never
 * heard "Your email address is verified.": the verify link redirects to /dashboard, which, with
 * no organization yet, redirects to the picker, and the message was spent on the middle request.
 * A flash message is for the next page the user sees, however many redirects lead there.
 */
let app: TestApp;

beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

/** Follows redirects like a browser and returns the page it lands on. */
async function land(client: TestClient, path: string) {
  let res = await client.get(path, { inertia: true });
  for (let hops = 0; hops < 5 && res.location; hops++) res = await client.get(new URL(res.location, app.url).pathname, { inertia: true });
  return res.page();
}

describe('flash messages reach the next page', () => {
  it('through two redirects: verify → /dashboard → /organizations/select', async () => {
    const user = await createUser(app, { verified: false });
    const client = await actingAs(app, app.client(), user);
    await client.post('/email/verification-notification', {}, { inertia: true });
    const link = app.mail.linkIn(app.mail.last(user.email)).replace(app.url, '');
    const verify = await client.get(link, { inertia: true });
    expect(verify.location).toBe('/dashboard');
    const page = await land(client, '/dashboard');
    expect(page.component).toBe('Auth/OrganizationSelect');
    expect(page.props.flash).toEqual({ success: 'Your email address is verified.' });
    // Once.
    expect((await client.get('/organizations/select', { inertia: true })).page().props.flash).toEqual({});
  });

  it('a message flashed while answering a page shows on that page, not again on the next', async () => {
    const user = await createUser(app);
    const client = await actingAs(app, app.client(), user);
    await client.post('/organizations', { name: 'Flash Once' }, { inertia: true });
    const shown = await land(client, '/organizations');
    expect(shown.props.flash.success).toMatch(/Flash Once is ready/);
    expect((await client.get('/organizations', { inertia: true })).page().props.flash).toEqual({});
  });
});

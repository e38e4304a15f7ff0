import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sha256 } from '../../../server/lib/crypto';
import { createTestApp, FakeClock, type TestApp } from '../../helpers/app';
import { actingAs, createOrganization, createUser, memberClient } from '../../helpers/factories';
import { bearerAuth, createToken, follow, send, tokensPath, validToken } from './helpers';

let app: TestApp;
const clock = new FakeClock(new Date('2026-11-23T09:00:00Z'));
const DAY = 24 * 60 * 60 * 1000;

beforeAll(async () => {
  app = await createTestApp({ clock, env: { REVERB_APP_KEY: 'app-key', REVERB_APP_SECRET: 'app-secret' } });
});
afterAll(() => app.close());

async function adminOfNewOrganization() {
  const owner = await createUser(app, { name: 'Olive Owner' });
  const org = await createOrganization(app, owner);
  const admin = await memberClient(app, 'admin', org.id);
  return { org, owner, admin: admin.user, client: admin.client };
}

const tokenRow = (id: number) => app.ctx.db.selectFrom('api_tokens').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const activity = (orgId: number, event: string) =>
  app.ctx.db.selectFrom('activity_logs').selectAll().where('organization_id', '=', orgId).where('subject_type', '=', 'api_token').where('event', '=', event).execute();

describe('creating a token', () => {
  it('shows the secret once, on the next page only, and stores only its hash', async () => {
    const { org, admin, client } = await adminOfNewOrganization();
    const res = await send(app, client, 'POST', tokensPath(org.id), validToken({ abilities: ['insights:read', 'activity:read', 'activity:read'] }), org.id);
    expect(res.status).toBe(303);
    expect(res.location).toBe(tokensPath(org.id));
    const page = await follow(app, client, res);
    expect(page.component).toBe('Organizations/ApiTokens');
    const { token, id } = page.props.created;
    expect(token).toMatch(/^bdly_[A-Za-z0-9_-]{40,}$/);
    expect(page.props.flash.success).toContain('HR sync');

    const row = await tokenRow(id);
    expect(row).toMatchObject({ organization_id: org.id, name: 'HR sync', token_hash: sha256(token), hint: token.slice(0, 9), created_by: admin.id, created_by_name: admin.name, revoked_at: null });
    // In the order the abilities are declared, each once.
    expect(row.abilities).toEqual(['insights:read', 'activity:read']);
    expect(row.expires_at?.toISOString()).toBe(new Date(clock.now().getTime() + 30 * DAY).toISOString());

    // Nowhere at rest in plaintext: not in the token row, not in any session row.
    expect(JSON.stringify(row)).not.toContain(token);
    const sessions = await app.ctx.db.selectFrom('sessions').select('data').execute();
    expect(JSON.stringify(sessions)).not.toContain(token);

    // A reload no longer shows it.
    const again = (await client.get(tokensPath(org.id), { inertia: true })).page();
    expect(again.props.created).toBeNull();
    expect(JSON.stringify(again)).not.toContain(token);
    expect(again.props.tokens[0]).toMatchObject({ id, name: 'HR sync', hint: `${token.slice(0, 9)}…`, state: 'active', created_by_name: admin.name });
  });

  it('is gone when another page is visited first', async () => {
    const { org, client } = await adminOfNewOrganization();
    const res = await send(app, client, 'POST', tokensPath(org.id), validToken(), org.id);
    expect(res.status).toBe(303);
    await client.get('/dashboard', { inertia: true });
    expect((await client.get(tokensPath(org.id), { inertia: true })).page().props.created).toBeNull();
  });

  it('logs the creation with the token name and the number of abilities, never the secret', async () => {
    const { org, admin, client } = await adminOfNewOrganization();
    const { id, token } = await createToken(app, client, org.id, { name: 'CRM', abilities: ['board-users:read', 'board-users:write'] });
    const [entry] = await activity(org.id, 'created');
    expect(entry).toMatchObject({ subject_id: id, subject_label: 'CRM', causer_id: admin.id, causer_token_id: null });
    expect(entry.facts).toEqual({ token: 'CRM', abilities: 2 });
    expect(JSON.stringify(entry)).not.toContain(token);
  });

  it('accepts no expiry (the token lives until revoked)', async () => {
    const { org, client } = await adminOfNewOrganization();
    const { id } = await createToken(app, client, org.id, { expires_in_days: '' });
    expect((await tokenRow(id)).expires_at).toBeNull();
    const json = await createToken(app, client, org.id, { expires_in_days: null });
    expect((await tokenRow(json.id)).expires_at).toBeNull();
  });

  it.each([
    [{ name: '' }, 'name'],
    [{ name: '   ' }, 'name'],
    [{ name: 'x'.repeat(101) }, 'name'],
    [{ name: ['a'] }, 'name'],
    [{ abilities: [] }, 'abilities'],
    [{ abilities: undefined }, 'abilities'],
    [{ abilities: ['activity:read', 'admin:all'] }, 'abilities'],
    [{ abilities: [{ $ne: 1 }] }, 'abilities'],
    [{ abilities: Array(50).fill('activity:read') }, 'abilities'],
    [{ expires_in_days: '6' }, 'expires_in_days'],
    [{ expires_in_days: 366 }, 'expires_in_days'],
    [{ expires_in_days: '7.5' }, 'expires_in_days'],
    [{ expires_in_days: '-30' }, 'expires_in_days'],
    [{ expires_in_days: 'forever' }, 'expires_in_days'],
  ])('refuses %j with an error on %s, and makes nothing', async (overrides, field) => {
    const { org, client } = await adminOfNewOrganization();
    const res = await send(app, client, 'POST', tokensPath(org.id), validToken(overrides), org.id);
    const page = await follow(app, client, res);
    expect(Object.keys(page.props.errors)).toContain(field);
    expect(page.props.created).toBeNull();
    expect(await app.ctx.db.selectFrom('api_tokens').select('id').where('organization_id', '=', org.id).execute()).toEqual([]);
  });

  it('accepts the edges of the expiry range and a 100-character name', async () => {
    const { org, client } = await adminOfNewOrganization();
    const a = await createToken(app, client, org.id, { expires_in_days: 7, name: 'n'.repeat(100) });
    const b = await createToken(app, client, org.id, { expires_in_days: '365' });
    expect((await tokenRow(a.id)).name).toHaveLength(100);
    expect((await tokenRow(b.id)).expires_at?.getTime()).toBe(clock.now().getTime() + 365 * DAY);
  });

  it('keeps hostile text as text', async () => {
    const { org, client } = await adminOfNewOrganization();
    const name = '<script>alert(1)</script> {braces} @@ =HYPERLINK("x") {name}';
    const { id } = await createToken(app, client, org.id, { name });
    expect((await tokenRow(id)).name).toBe(name);
    const html = (await client.get(tokensPath(org.id))).text;
    expect(html).not.toContain('<script>alert(1)');
    const page = (await client.get(tokensPath(org.id), { inertia: true })).page();
    expect(page.props.tokens[0].name).toBe(name);
    const [entry] = await activity(org.id, 'created');
    expect(entry.facts).toMatchObject({ token: name });
  });

  it('answers 419 without the CSRF token', async () => {
    const { org, client } = await adminOfNewOrganization();
    // (An Inertia visit gets the same refusal as a redirect back with the "page expired" notice.)
    const res = await client.post(tokensPath(org.id), validToken(), { noCsrf: true });
    expect(res.status).toBe(419);
    expect((await send(app, client, 'POST', tokensPath(org.id), validToken(), org.id, { noCsrf: true })).status).toBe(303);
    expect(await app.ctx.db.selectFrom('api_tokens').select('id').where('organization_id', '=', org.id).execute()).toEqual([]);
  });
});

describe('who may manage tokens', () => {
  it('owners, admins and platform admins; viewers and editors get 403', async () => {
    const { org, owner } = await adminOfNewOrganization();
    const ownerClient = await actingAs(app, app.client(), owner, org.id);
    expect((await ownerClient.get(tokensPath(org.id), { inertia: true })).status).toBe(200);
    await createToken(app, ownerClient, org.id);

    const platformAdmin = await createUser(app, { platformAdmin: true });
    const pa = await actingAs(app, app.client(), platformAdmin);
    expect((await pa.get(tokensPath(org.id), { inertia: true })).status).toBe(200);

    const [tokenRowId] = await app.ctx.db.selectFrom('api_tokens').select('id').where('organization_id', '=', org.id).execute();
    for (const role of ['viewer', 'editor'] as const) {
      const { client } = await memberClient(app, role, org.id);
      expect((await client.get(tokensPath(org.id), { inertia: true })).status, role).toBe(403);
      expect((await send(app, client, 'POST', tokensPath(org.id), validToken(), org.id)).status, role).toBe(403);
      expect((await send(app, client, 'DELETE', `${tokensPath(org.id)}/${tokenRowId.id}`, {}, org.id)).status, role).toBe(403);
    }
    expect((await tokenRow(tokenRowId.id)).revoked_at).toBeNull();
  });

  it("answers 404 for another organisation's id and another organisation's token", async () => {
    const a = await adminOfNewOrganization();
    const b = await adminOfNewOrganization();
    const bToken = await createToken(app, b.client, b.org.id);
    // A's admin on B's pages.
    expect((await a.client.get(tokensPath(b.org.id), { inertia: true })).status).toBe(404);
    expect((await send(app, a.client, 'POST', tokensPath(b.org.id), validToken(), b.org.id)).status).toBe(404);
    expect((await send(app, a.client, 'DELETE', `${tokensPath(b.org.id)}/${bToken.id}`, {}, b.org.id)).status).toBe(404);
    // B's token through A's own organisation.
    expect((await send(app, a.client, 'DELETE', `${tokensPath(a.org.id)}/${bToken.id}`, {}, a.org.id)).status).toBe(404);
    // A viewer of A too: 404 (not this organisation's token) before 403 (not an admin).
    const { client: viewer } = await memberClient(app, 'viewer', a.org.id);
    expect((await send(app, viewer, 'DELETE', `${tokensPath(a.org.id)}/${bToken.id}`, {}, a.org.id)).status).toBe(404);
    expect((await tokenRow(bToken.id)).revoked_at).toBeNull();
    // Ids that are no ids.
    for (const id of ['abc', '0', '99999999999', '1e3']) {
      expect((await send(app, a.client, 'DELETE', `${tokensPath(a.org.id)}/${id}`, {}, a.org.id)).status, id).toBe(404);
    }
    expect((await a.client.get('/organizations/999999/api-tokens', { inertia: true })).status).toBe(404);
    // The list never shows another organisation's tokens.
    const list = (await a.client.get(tokensPath(a.org.id), { inertia: true })).page().props.tokens as { id: number }[];
    expect(list.map((t) => t.id)).not.toContain(bToken.id);
  });

  it('sends guests to sign in', async () => {
    const { org } = await adminOfNewOrganization();
    const guest = app.client();
    await guest.prime('/');
    const res = await guest.get(tokensPath(org.id), { inertia: true });
    expect(res.status).toBe(302);
    expect(res.location).toBe('/login');
    expect((await guest.post(tokensPath(org.id), validToken(), { inertia: true })).status).toBe(302);
    expect(await app.ctx.db.selectFrom('api_tokens').select('id').where('organization_id', '=', org.id).execute()).toEqual([]);
  });
});

describe('a bearer header on a page route', () => {
  it('skips the CSRF check but also drops the session: the cookie-holder is not signed in', async () => {
    const { org, client } = await adminOfNewOrganization();
    const { id, token } = await createToken(app, client, org.id);
    const headers = { Accept: 'application/json', Authorization: `Bearer ${token}` };
    const res = await client.delete(`${tokensPath(org.id)}/${id}`, {}, { noCsrf: true, headers });
    expect(res.status).toBe(401);
    expect((await client.post(tokensPath(org.id), validToken(), { noCsrf: true, headers })).status).toBe(401);
    expect((await tokenRow(id)).revoked_at).toBeNull();
    expect(await app.ctx.db.selectFrom('api_tokens').select('id').where('organization_id', '=', org.id).execute()).toHaveLength(1);
    // The session itself is untouched: the same cookies still sign the admin in.
    expect((await client.get(tokensPath(org.id), { inertia: true })).status).toBe(200);
  });
});

describe('revoking a token', () => {
  it('refuses it at once, shows it revoked and logs it once', async () => {
    const { org, client } = await adminOfNewOrganization();
    const { id, token } = await createToken(app, client, org.id);
    expect((await bearerAuth(app, token, `private-organizations.${org.id}`)).status).toBe(200);

    const res = await send(app, client, 'DELETE', `${tokensPath(org.id)}/${id}`, {}, org.id);
    expect(res.status).toBe(303);
    const page = await follow(app, client, res);
    expect(page.props.flash.success).toContain('HR sync');
    expect(page.props.tokens[0]).toMatchObject({ id, state: 'revoked' });
    expect((await tokenRow(id)).revoked_at).not.toBeNull();
    expect((await bearerAuth(app, token, `private-organizations.${org.id}`)).status).toBe(401);

    // Again: nothing changes, nothing more in the log.
    expect((await send(app, client, 'DELETE', `${tokensPath(org.id)}/${id}`, {}, org.id)).status).toBe(303);
    const entries = await activity(org.id, 'revoked');
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ subject_id: id, subject_label: 'HR sync' });
    expect(entries[0].facts).toEqual({ token: 'HR sync' });
  });

  it('answers 419 without the CSRF token', async () => {
    const { org, client } = await adminOfNewOrganization();
    const { id } = await createToken(app, client, org.id);
    expect((await client.delete(`${tokensPath(org.id)}/${id}`, {}, { noCsrf: true })).status).toBe(419);
    expect((await tokenRow(id)).revoked_at).toBeNull();
  });
});

describe('expiry', () => {
  it('refuses an expired token and lists it as expired', async () => {
    const { org, client: maker } = await adminOfNewOrganization();
    const { id, token } = await createToken(app, maker, org.id, { expires_in_days: 7 });
    clock.advance(7 * DAY - 1000);
    expect((await bearerAuth(app, token, `private-organizations.${org.id}`)).status).toBe(200);
    clock.advance(2000);
    try {
      expect((await bearerAuth(app, token, `private-organizations.${org.id}`)).status).toBe(401);
      // (The admin's session has timed out meanwhile: a fresh sign-in.)
      const { client: fresh } = await memberClient(app, 'admin', org.id);
      const page = (await fresh.get(tokensPath(org.id), { inertia: true })).page();
      expect(page.props.tokens.find((t: { id: number }) => t.id === id)).toMatchObject({ state: 'expired' });
    } finally {
      clock.set('2026-11-23T09:00:00Z');
    }
  });
});

describe('the maker leaving', () => {
  it('leaves the token working, and the list still names them', async () => {
    const { org, admin, client } = await adminOfNewOrganization();
    const { id, token } = await createToken(app, client, org.id);
    await app.ctx.db.deleteFrom('memberships').where('organization_id', '=', org.id).where('user_id', '=', admin.id).execute();
    expect((await bearerAuth(app, token, `private-organizations.${org.id}`)).status).toBe(200);

    // Even when the maker's account is deleted: the name stays with the token.
    await app.ctx.db.deleteFrom('sessions').where('user_id', '=', admin.id).execute();
    await app.ctx.db.deleteFrom('users').where('id', '=', admin.id).execute();
    expect(await tokenRow(id)).toMatchObject({ created_by: null, created_by_name: admin.name });
    expect((await bearerAuth(app, token, `private-organizations.${org.id}`)).status).toBe(200);

    const { client: other } = await memberClient(app, 'admin', org.id);
    const page = (await other.get(tokensPath(org.id), { inertia: true })).page();
    expect(page.props.tokens.find((t: { id: number }) => t.id === id)).toMatchObject({ created_by_name: admin.name, state: 'active' });
  });
});

describe('last use', () => {
  it('records the time and address of the last use, at most once a minute', async () => {
    const { org, client } = await adminOfNewOrganization();
    const { id, token } = await createToken(app, client, org.id);
    expect((await tokenRow(id)).last_used_at).toBeNull();
    expect((await bearerAuth(app, token, `private-organizations.${org.id}`)).status).toBe(200);
    await expect.poll(async () => (await tokenRow(id)).last_used_at?.toISOString()).toBe(clock.now().toISOString());
    const row = await tokenRow(id);
    expect(row.last_used_ip).toMatch(/127\.0\.0\.1|::1/);
    const page = (await client.get(tokensPath(org.id), { inertia: true })).page();
    expect(page.props.tokens[0]).toMatchObject({ last_used_ip: row.last_used_ip, last_used_at: clock.now().toISOString() });
  });
});

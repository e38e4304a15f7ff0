import PusherServer from 'pusher';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateApiToken } from '../../../server/tenancy/api-token';
import { createTestApp, FakeClock, type TestApp } from '../../helpers/app';
import { actingAs, createBoardUser, createOrganization, createUser, memberClient } from '../../helpers/factories';
import { actingAsBoardMember, grantPortalAccess } from '../../helpers/portal';
import type { ApiAbility } from '../../../shared/api-abilities';
import { bearerAuth, SOCKET } from './helpers';

/**
 * `/broadcasting/auth` and `/broadcasting/user-auth` with `Authorization: Bearer` (Echo's
 * `bearerToken` option): a token with `activity:read` joins its own organisation's private
 * channel and nothing else; the session and CSRF token play no part.
 */
let app: TestApp;
const clock = new FakeClock(new Date('2026-11-23T09:00:00Z'));
// The official SDK's signature for the same app: what the realtime server checks.
const sdk = new PusherServer({ appId: 'app-id', key: 'app-key', secret: 'app-secret', host: 'localhost' });

beforeAll(async () => {
  app = await createTestApp({ clock, env: { REVERB_APP_ID: 'app-id', REVERB_APP_KEY: 'app-key', REVERB_APP_SECRET: 'app-secret' } });
});
afterAll(() => app.close());

/** A token row as the page makes it (the page itself is tested in tokens-page.test.ts). */
async function tokenFor(organizationId: number, abilities: ApiAbility[], overrides: { expires_at?: Date | null; revoked_at?: Date | null } = {}) {
  const { token, hash, hint } = generateApiToken();
  const row = await app.ctx.db
    .insertInto('api_tokens')
    .values({ organization_id: organizationId, name: 'Feed', token_hash: hash, hint, abilities: JSON.stringify(abilities), created_by_name: 'Someone', ...overrides })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { token, id: row.id };
}

async function orgWithToken(abilities: ApiAbility[] = ['activity:read']) {
  const org = await createOrganization(app, null);
  const other = await createOrganization(app, null);
  const { token } = await tokenFor(org.id, abilities);
  return { org, other, token };
}

describe('POST /broadcasting/auth with a bearer token', () => {
  it("signs its organisation's private channel as the pusher SDK does, without cookies or a CSRF token", async () => {
    const { org, token } = await orgWithToken();
    const channel = `private-organizations.${org.id}`;
    const res = await bearerAuth(app, token, channel);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual(sdk.authorizeChannel(SOCKET, channel));
    // No session is started for it, no cookie sent back.
    expect(res.headers.getSetCookie()).toEqual([]);
  });

  it('accepts the scheme in any case and a JSON body', async () => {
    const { org, token } = await orgWithToken();
    const channel = `private-organizations.${org.id}`;
    const res = await fetch(`${app.url}/broadcasting/auth`, {
      method: 'POST',
      headers: { Authorization: `bearer ${token}`, Accept: 'application/json', 'Content-Type': 'application/json' },
      body: JSON.stringify({ socket_id: SOCKET, channel_name: channel }),
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual(sdk.authorizeChannel(SOCKET, channel));
  });

  it('refuses every other channel with 403', async () => {
    const { org, other, token } = await orgWithToken(['activity:read', 'board-users:read', 'board-users:write', 'insights:read', 'insights:write']);
    const boardUser = await createBoardUser(app, org.id, { email: `member${org.id}@board.test` });
    const member = await grantPortalAccess(app, boardUser);
    const user = await createUser(app);
    for (const channel of [
      `private-organizations.${other.id}`,
      `presence-organizations.${org.id}.online`,
      `presence-organizations.${other.id}.online`,
      `private-App.Models.User.${user.id}`,
      `private-portal-members.${member.id}`,
      `private-organizations.${org.id}.extra`,
      `private-encrypted-organizations.${org.id}`,
      'private-organizations.0',
      'private-organizations.9999999999',
      'private-anything',
      'public-news',
    ]) {
      expect((await bearerAuth(app, token, channel)).status, channel).toBe(403);
    }
  });

  it('refuses a token without activity:read', async () => {
    const { org, token } = await orgWithToken(['board-users:read', 'board-users:write', 'insights:read', 'insights:write']);
    expect((await bearerAuth(app, token, `private-organizations.${org.id}`)).status).toBe(403);
  });

  it('answers 401 with the RFC 6750 challenge for an unknown, malformed, revoked or expired token, or a deleted organisation', async () => {
    const org = await createOrganization(app, null);
    const channel = `private-organizations.${org.id}`;
    const revoked = await tokenFor(org.id, ['activity:read'], { revoked_at: clock.now() });
    const expired = await tokenFor(org.id, ['activity:read'], { expires_at: clock.now() });
    for (const token of [revoked.token, expired.token, generateApiToken().token, 'bdly_', 'not-ours', `bdly_${'x'.repeat(300)}`]) {
      const res = await bearerAuth(app, token, channel);
      expect(res.status, token).toBe(401);
      expect(res.headers.get('www-authenticate'), token).toMatch(/^Bearer/);
    }
    const live = await tokenFor(org.id, ['activity:read'], { expires_at: new Date(clock.now().getTime() + 1000) });
    expect((await bearerAuth(app, live.token, channel)).status).toBe(200);
    await app.ctx.db.updateTable('organizations').set({ deleted_at: clock.now() }).where('id', '=', org.id).execute();
    expect((await bearerAuth(app, live.token, channel)).status).toBe(401);
  });

  it('ignores the session when a bearer token is sent: the token decides alone', async () => {
    const { org, other, token } = await orgWithToken();
    // A signed-in member of the other organisation, with their cookies and CSRF token.
    const { client } = await memberClient(app, 'owner', other.id);
    const withSession = (bearer: string, channel_name: string) =>
      client.post('/broadcasting/auth', { socket_id: SOCKET, channel_name }, { form: true, headers: { Accept: 'application/json', Authorization: `Bearer ${bearer}` } });
    // The session's own organisation: refused, the token is not theirs.
    expect((await withSession(token, `private-organizations.${other.id}`)).status).toBe(403);
    expect((await withSession(token, `presence-organizations.${other.id}.online`)).status).toBe(403);
    // A bad token does not fall back to the session.
    expect((await withSession(generateApiToken().token, `private-organizations.${other.id}`)).status).toBe(401);
    // The token's organisation: allowed, whoever's cookies come along.
    expect((await withSession(token, `private-organizations.${org.id}`)).status).toBe(200);
    // And without the header the session works as before.
    expect((await client.post('/broadcasting/auth', { socket_id: SOCKET, channel_name: `private-organizations.${other.id}` }, { form: true, headers: { Accept: 'application/json' } })).status).toBe(
      200,
    );
  });

  it("ignores a board member's portal session too", async () => {
    const org = await createOrganization(app, null);
    const boardUser = await createBoardUser(app, org.id, { email: `member${org.id}@board.test` });
    const member = await grantPortalAccess(app, boardUser);
    const client = await actingAsBoardMember(app, app.client(), member.id);
    const { token } = await tokenFor(org.id, ['activity:read']);
    const res = await client.post(
      '/broadcasting/auth',
      { socket_id: SOCKET, channel_name: `private-portal-members.${member.id}` },
      { form: true, headers: { Accept: 'application/json', Authorization: `Bearer ${token}` } },
    );
    expect(res.status).toBe(403);
  });

  it('still validates the body (422) once the token is known', async () => {
    const { org, token } = await orgWithToken();
    const res = await fetch(`${app.url}/broadcasting/auth`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}`, Accept: 'application/json', 'Content-Type': 'application/json' },
      body: JSON.stringify({ socket_id: 'abc', channel_name: `private-organizations.${org.id}` }),
    });
    expect(res.status).toBe(422);
  });

  it('without a bearer token, a cookie-less request still needs the CSRF token (419)', async () => {
    const { org } = await orgWithToken();
    const res = await fetch(`${app.url}/broadcasting/auth`, {
      method: 'POST',
      headers: { Accept: 'application/json', 'Content-Type': 'application/x-www-form-urlencoded', Authorization: 'Basic dXNlcjpwYXNz' },
      body: new URLSearchParams({ socket_id: SOCKET, channel_name: `private-organizations.${org.id}` }).toString(),
    });
    expect(res.status).toBe(419);
  });
});

describe('POST /broadcasting/user-auth with a bearer token', () => {
  it('answers 403: a token is no user (and 401 for a token that is not live)', async () => {
    const { token } = await orgWithToken();
    const res = await bearerAuth(app, token, '', '/broadcasting/user-auth');
    expect(res.status).toBe(403);
    expect(JSON.stringify(await res.json())).not.toContain('user_data');
    expect((await bearerAuth(app, generateApiToken().token, '', '/broadcasting/user-auth')).status).toBe(401);
  });

  it('ignores the session: a signed-in user sending a token is refused too', async () => {
    const user = await createUser(app);
    const client = await actingAs(app, app.client(), user);
    const { token } = await orgWithToken();
    const res = await client.post('/broadcasting/user-auth', { socket_id: SOCKET }, { form: true, headers: { Accept: 'application/json', Authorization: `Bearer ${token}` } });
    expect(res.status).toBe(403);
  });
});

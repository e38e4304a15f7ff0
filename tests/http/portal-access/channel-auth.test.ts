import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../helpers/app';
import type { TestClient } from '../../helpers/client';
import { actingAs, createBoardUser, createOrganization, createUser, memberClient } from '../../helpers/factories';
import { actingAsBoardMember, grantPortalAccess } from '../../helpers/portal';

/** The board member's own channel: only their portal session may subscribe; staff never; they nothing else. */
let app: TestApp;
const SOCKET = '1234.5678';
const json = { headers: { Accept: 'application/json' } };
const sign = (text: string) => `app-key:${createHmac('sha256', 'app-secret').update(text).digest('hex')}`;
const auth = (client: TestClient, channel_name: string, options: { noCsrf?: boolean } = {}) =>
  client.post('/broadcasting/auth', { socket_id: SOCKET, channel_name }, { ...json, form: true, ...options });

beforeAll(async () => {
  app = await createTestApp({ env: { REVERB_APP_KEY: 'app-key', REVERB_APP_SECRET: 'app-secret' } });
});
afterAll(() => app.close());

let seq = 0;
async function boardMember() {
  seq += 1;
  const org = await createOrganization(app, null);
  const boardUser = await createBoardUser(app, org.id, { email: `channel${seq}@board.test` });
  const member = await grantPortalAccess(app, boardUser);
  const client = await actingAsBoardMember(app, app.client(), member.id);
  return { org, boardUser, member, client };
}

describe('private-portal-members.{id}', () => {
  it('is signed for the member’s own portal session', async () => {
    const { member, client } = await boardMember();
    const channel = `private-portal-members.${member.id}`;
    const res = await auth(client, channel);
    expect(res.status).toBe(200);
    expect(res.json()).toEqual({ auth: sign(`${SOCKET}:${channel}`) });
  });

  it('is refused for another member’s channel, and a portal session gets no other channel', async () => {
    const { org, member, client } = await boardMember();
    const other = await boardMember();
    for (const channel of [
      `private-portal-members.${other.member.id}`,
      `private-portal-members.${member.id + 100000}`,
      'private-portal-members.0',
      'private-portal-members.9999999999',
      `private-organizations.${org.id}`,
      `presence-organizations.${org.id}.online`,
      `private-App.Models.User.${member.id}`,
      `presence-portal-members.${member.id}`,
      `private-portal-members.${member.id}.extra`,
    ]) {
      expect((await auth(client, channel)).status, channel).toBe(403);
    }
    expect((await client.post('/broadcasting/user-auth', { socket_id: SOCKET }, { ...json, form: true })).status).toBe(403);
  });

  it('is refused to staff, even a platform admin or a member of the organisation', async () => {
    const { org, member } = await boardMember();
    const staff = await memberClient(app, 'owner', org.id);
    expect((await auth(staff.client, `private-portal-members.${member.id}`)).status).toBe(403);
    // Their own channels still work.
    expect((await auth(staff.client, `private-organizations.${org.id}`)).status).toBe(200);
    const admin = await createUser(app, { platformAdmin: true });
    const adminClient = await actingAs(app, app.client(), admin, org.id);
    expect((await auth(adminClient, `private-portal-members.${member.id}`)).status).toBe(403);
  });

  it('is refused once access has ended, to guests, and without the CSRF token', async () => {
    const { member, boardUser, client } = await boardMember();
    expect((await auth(client, `private-portal-members.${member.id}`, { noCsrf: true })).status).toBe(419);
    await app.ctx.db.deleteFrom('board_user_portal_access').where('board_user_id', '=', boardUser.id).execute();
    expect((await auth(client, `private-portal-members.${member.id}`)).status).toBe(403);
    const guest = app.client();
    await guest.prime('/');
    expect((await auth(guest, `private-portal-members.${member.id}`)).status).toBe(403);
  });
});

import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../helpers/app';
import { actingAs, addMember, createOrganization, createUser } from '../../helpers/factories';
import type { TestClient } from '../../helpers/client';

let app: TestApp;
const SOCKET = '1234.5678';

beforeAll(async () => {
  app = await createTestApp({ env: { REVERB_APP_KEY: 'app-key', REVERB_APP_SECRET: 'app-secret' } });
});
afterAll(() => app.close());

const sign = (text: string) => `app-key:${createHmac('sha256', 'app-secret').update(text).digest('hex')}`;
const json = { headers: { Accept: 'application/json' } };
const auth = (client: TestClient, channel_name: string, socket_id = SOCKET) => client.post('/broadcasting/auth', { socket_id, channel_name }, { ...json, form: true });

async function setup() {
  const owner = await createUser(app, { name: 'Olive Owner' });
  const org = await createOrganization(app, owner);
  const other = await createOrganization(app, null);
  const viewer = await createUser(app, { name: 'Vic Viewer' });
  await addMember(app, org.id, viewer, 'viewer');
  const client = await actingAs(app, app.client(), viewer, org.id);
  return { org, other, viewer, client };
}

describe('POST /broadcasting/auth', () => {
  it('signs the organisation channel for any member, over socket_id:channel', async () => {
    const { org, client } = await setup();
    const res = await auth(client, `private-organizations.${org.id}`);
    expect(res.status).toBe(200);
    expect(res.json()).toEqual({ auth: sign(`${SOCKET}:private-organizations.${org.id}`) });
  });

  it('signs presence with the member id and name as channel data', async () => {
    const { org, viewer, client } = await setup();
    const channel = `presence-organizations.${org.id}.online`;
    const res = await auth(client, channel);
    expect(res.status).toBe(200);
    const body = res.json();
    expect(JSON.parse(body.channel_data)).toEqual({ user_id: String(viewer.id), user_info: { id: viewer.id, name: 'Vic Viewer' } });
    expect(body.auth).toBe(sign(`${SOCKET}:${channel}:${body.channel_data}`));
  });

  it("signs the user's own private channel and no one else's", async () => {
    const { viewer, client } = await setup();
    expect((await auth(client, `private-App.Models.User.${viewer.id}`)).status).toBe(200);
    expect((await auth(client, `private-App.Models.User.${viewer.id + 1}`)).status).toBe(403);
  });

  it('refuses 403 for organisations the user is not a member of, deleted ones, and unknown channels', async () => {
    const { org, other, client } = await setup();
    for (const channel of [
      `private-organizations.${other.id}`,
      `presence-organizations.${other.id}.online`,
      `private-organizations.999999`,
      'private-organizations.9999999999',
      'presence-organizations.4294967296.online',
      'private-organizations.0',
      'private-App.Models.User.9999999999',
      'private-anything',
      'presence-lobby',
      `private-encrypted-organizations.${org.id}`,
      `private-organizations.${org.id}.extra`,
      'public-news',
    ]) {
      expect((await auth(client, channel)).status, channel).toBe(403);
    }
    await app.ctx.db.updateTable('organizations').set({ deleted_at: new Date() }).where('id', '=', org.id).execute();
    expect((await auth(client, `private-organizations.${org.id}`)).status).toBe(403);
  });

  it('lets platform admins into any organisation', async () => {
    const { other } = await setup();
    const admin = await createUser(app, { platformAdmin: true });
    const client = await actingAs(app, app.client(), admin);
    expect((await auth(client, `private-organizations.${other.id}`)).status).toBe(200);
    expect((await auth(client, `presence-organizations.${other.id}.online`)).status).toBe(200);
  });

  it('answers 403 to guests and 419 without the CSRF token', async () => {
    const { org, client } = await setup();
    const guest = app.client();
    await guest.prime('/');
    expect((await auth(guest, `private-organizations.${org.id}`)).status).toBe(403);
    const res = await client.post('/broadcasting/auth', { socket_id: SOCKET, channel_name: `private-organizations.${org.id}` }, { ...json, form: true, noCsrf: true });
    expect(res.status).toBe(419);
  });

  it('accepts the meta-tag token in X-CSRF-TOKEN, as Echo sends it', async () => {
    const { org, client } = await setup();
    const html = (await client.get('/dashboard')).text;
    const token = /<meta name="csrf-token" content="([^"]+)"/.exec(html)![1];
    const res = await client.post(
      '/broadcasting/auth',
      { socket_id: SOCKET, channel_name: `private-organizations.${org.id}` },
      { headers: { Accept: 'application/json', 'X-CSRF-TOKEN': token }, form: true, noCsrf: true },
    );
    expect(res.status).toBe(200);
  });

  it.each([
    [{ socket_id: 'abc', channel_name: 'private-organizations.1' }, 'socket_id'],
    [{ socket_id: '1.2' }, 'channel_name'],
    [{ socket_id: '1.2', channel_name: 'private-x y' }, 'channel_name'],
    [{ socket_id: ['1.2'], channel_name: { a: 1 } }, 'socket_id'],
    [{ socket_id: '1.2', channel_name: `private-${'x'.repeat(300)}` }, 'channel_name'],
  ])('rejects malformed input %j with 422 naming the field', async (body, field) => {
    const { client } = await setup();
    const res = await client.post('/broadcasting/auth', body, json);
    expect(res.status).toBe(422);
    expect(JSON.stringify(res.json())).toContain(field);
  });
});

describe('POST /broadcasting/user-auth', () => {
  it('signs user_data over socket_id::user::user_data', async () => {
    const { viewer, client } = await setup();
    const res = await client.post('/broadcasting/user-auth', { socket_id: SOCKET }, { ...json, form: true });
    expect(res.status).toBe(200);
    const body = res.json();
    expect(JSON.parse(body.user_data)).toEqual({ id: String(viewer.id), name: 'Vic Viewer' });
    expect(body.auth).toBe(sign(`${SOCKET}::user::${body.user_data}`));
  });

  it('answers 403 to guests and 422 to a bad socket id', async () => {
    const { client } = await setup();
    const guest = app.client();
    await guest.prime('/');
    expect((await guest.post('/broadcasting/user-auth', { socket_id: SOCKET }, { ...json, form: true })).status).toBe(403);
    expect((await client.post('/broadcasting/user-auth', { socket_id: 'x' }, { ...json, form: true })).status).toBe(422);
  });
});

/**
 * The whole live path with the real clients: laravel-echo + pusher-js authorise through the app's
 * /broadcasting/auth, the app publishes after commit with the official pusher SDK to our realtime
 * server, and the acting tab (X-Socket-Id) is left out of the change event.
 */
import Echo from 'laravel-echo';
import Pusher from 'pusher-js';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { pusherBroadcaster } from '../../../server/broadcasting/broadcaster';
import { createLogger } from '../../../server/lib/logger';
import { createRealtimeServer } from '../../../server/realtime/index';
import { createTestApp, type TestApp } from '../../helpers/app';
import type { TestClient } from '../../helpers/client';
import { actingAs, addMember, createOrganization, createUser } from '../../helpers/factories';

const CREDS = { appId: 'live-app', key: 'live-key', secret: 'live-secret' };
let app: TestApp;
let realtime: ReturnType<typeof createRealtimeServer>;
let port: number;
const echos: Echo<'reverb'>[] = [];

beforeAll(async () => {
  realtime = createRealtimeServer({ ...CREDS, host: '127.0.0.1', port: 0, allowedOrigins: ['*'], maxMessageSize: 10_000, activityTimeout: 30 });
  port = (await realtime.start()).port;
  app = await createTestApp({
    env: { REVERB_APP_ID: CREDS.appId, REVERB_APP_KEY: CREDS.key, REVERB_APP_SECRET: CREDS.secret },
    broadcaster: pusherBroadcaster({ ...CREDS, host: '127.0.0.1', port, useTLS: false, logger: createLogger('silent') }),
  });
});
afterEach(() => {
  for (const e of echos.splice(0)) e.disconnect();
});
afterAll(async () => {
  await app.close();
  await realtime.stop();
});

/** Echo as the browser sets it up, with the auth requests sent by this member's HTTP client. */
function echoFor(client: TestClient): Echo<'reverb'> {
  const viaApp =
    (path: string) =>
    // (`any`: the channel and user handlers differ only in the shape of the data.)
    async (params: { socketId: string; channelName?: string }, callback: (error: Error | null, data: any) => void) => {
      const body = params.channelName ? { socket_id: params.socketId, channel_name: params.channelName } : { socket_id: params.socketId };
      try {
        const res = await client.post(path, body, { headers: { Accept: 'application/json' }, form: true });
        if (res.status === 200) callback(null, res.json());
        else callback(new Error(`auth answered ${res.status}`), null);
      } catch (error) {
        // pusher-js re-authorises on its own after a reconnect; one may still be in flight when the app stops.
        callback(error as Error, null);
      }
    };
  const echo = new Echo({
    broadcaster: 'reverb',
    key: CREDS.key,
    wsHost: '127.0.0.1',
    wsPort: port,
    wssPort: port,
    forceTLS: false,
    enabledTransports: ['ws', 'wss'],
    disableStats: true,
    Pusher,
    channelAuthorization: { endpoint: '/broadcasting/auth', transport: 'ajax', customHandler: viaApp('/broadcasting/auth') },
    userAuthentication: { endpoint: '/broadcasting/user-auth', transport: 'ajax', headers: {}, customHandler: viaApp('/broadcasting/user-auth') },
  });
  echos.push(echo);
  return echo;
}

function subscribed(channel: { subscribed(cb: () => void): unknown; error(cb: (e: unknown) => void): unknown }): Promise<void> {
  return new Promise((resolve, reject) => {
    channel.subscribed(() => resolve());
    channel.error((e) => reject(new Error(JSON.stringify(e))));
  });
}

async function until(check: () => boolean, what: string, timeoutMs = 5000) {
  const end = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

async function twoMembers() {
  const org = await createOrganization(app, null);
  const editor = await createUser(app, { name: 'Edith Editor' });
  const viewer = await createUser(app, { name: 'Victor Viewer' });
  await addMember(app, org.id, editor, 'editor');
  await addMember(app, org.id, viewer, 'viewer');
  return {
    org,
    editor: { user: editor, client: await actingAs(app, app.client(), editor, org.id) },
    viewer: { user: viewer, client: await actingAs(app, app.client(), viewer, org.id) },
  };
}

describe('live updates end to end', () => {
  it('tells other members about a change and its activity entry, and leaves the acting tab out of the change event', async () => {
    const { org, editor, viewer } = await twoMembers();
    const seen: Record<'editor' | 'viewer', { event: string; payload: any }[]> = { editor: [], viewer: [] };
    for (const who of ['editor', 'viewer'] as const) {
      const echo = echoFor((who === 'editor' ? editor : viewer).client);
      const channel = echo.private(`organizations.${org.id}`);
      for (const event of ['ActivityLogged', 'BoardUserChanged']) channel.listen(event, (payload: unknown) => seen[who].push({ event, payload }));
      await subscribed(channel);
    }
    const editorSocket = echos[0].socketId()!;

    const res = await editor.client.post(
      '/board-users',
      { first_name: 'Live', last_name: 'Member', email: 'live@example.test', board_name: 'Board', status: 'active', tags: [] },
      { inertia: true, headers: { 'X-Socket-Id': editorSocket } },
    );
    expect(res.status).toBe(303);

    await until(() => seen.viewer.length === 2 && seen.editor.length === 1, 'both events');
    const created = await app.ctx.db.selectFrom('board_users').select('id').where('email', '=', 'live@example.test').executeTakeFirstOrThrow();
    expect(seen.viewer.find((m) => m.event === 'BoardUserChanged')!.payload).toEqual({ id: created.id, action: 'created' });
    const entry = seen.viewer.find((m) => m.event === 'ActivityLogged')!.payload;
    expect(entry).toMatchObject({ event: 'created', subject_type: 'board_user', subject_id: created.id, causer: { id: editor.user.id, name: 'Edith Editor' } });
    // The acting tab hears of the new log line (its other views show it) but not of its own change.
    expect(seen.editor.map((m) => m.event)).toEqual(['ActivityLogged']);
  });

  it('shows who is online through the presence channel, and who left', async () => {
    const { org, editor, viewer } = await twoMembers();
    const name = `organizations.${org.id}.online`;
    let here: { id: number; name: string }[] = [];
    const left: number[] = [];
    const viewerEcho = echoFor(viewer.client);
    viewerEcho
      .join(name)
      .here((members: typeof here) => (here = members))
      .joining((m: { id: number; name: string }) => (here = [...here, m]))
      .leaving((m: { id: number }) => left.push(m.id));
    await until(() => here.length === 1, 'own presence');
    expect(here).toEqual([{ id: viewer.user.id, name: 'Victor Viewer' }]);

    const editorEcho = echoFor(editor.client);
    editorEcho.join(name);
    await until(() => here.length === 2, 'the editor joining');
    expect(here.map((m) => m.name).sort()).toEqual(['Edith Editor', 'Victor Viewer']);

    editorEcho.leave(name);
    await until(() => left.length === 1, 'the editor leaving');
    expect(left).toEqual([editor.user.id]);
  });

  it("refuses another organisation's channels through the real client", async () => {
    const { org } = await twoMembers();
    const outsider = await createUser(app);
    const elsewhere = await createOrganization(app, outsider);
    const echo = echoFor(await actingAs(app, app.client(), outsider, elsewhere.id));
    await expect(subscribed(echo.private(`organizations.${org.id}`))).rejects.toThrow(/403/);
    await expect(subscribed(echo.join(`organizations.${org.id}.online`))).rejects.toThrow(/403/);
    await subscribed(echo.private(`organizations.${elsewhere.id}`));
  });

  it('signs a user in for server-to-user messages', async () => {
    const { viewer } = await twoMembers();
    const echo = echoFor(viewer.client);
    echo.connector.signin();
    const pusher = (echo.connector as unknown as { pusher: Pusher }).pusher;
    await until(() => (pusher.user as unknown as { serverToUserChannel?: { subscribed: boolean } }).serverToUserChannel?.subscribed === true, 'sign-in');
    const got = new Promise((resolve) => pusher.user.bind('role_changed', resolve));
    const sdk = new (await import('pusher')).default({ ...CREDS, host: '127.0.0.1', port: String(port), useTLS: false });
    await sdk.sendToUser(String(viewer.user.id), 'role_changed', { role: 'admin' });
    expect(await got).toEqual({ role: 'admin' });
  });

  it('closes every socket of a removed member, signed in as the app signs in; reconnected, they are refused the organisation', async () => {
    const { org, viewer } = await twoMembers();
    const owner = await createUser(app);
    await addMember(app, org.id, owner, 'owner');
    const ownerClient = await actingAs(app, app.client(), owner, org.id);
    const echo = echoFor(viewer.client);
    const pusher = (echo.connector as unknown as { pusher: Pusher }).pusher;
    // As resources/js/lib/echo.ts does: sign in over the socket; this tab holds only the private channel.
    echo.connector.signin();
    await until(() => (pusher.user as unknown as { serverToUserChannel?: { subscribed: boolean } }).serverToUserChannel?.subscribed === true, 'sign-in');
    const roleChanged = new Promise((resolve) => echo.private(`App.Models.User.${viewer.user.id}`).listen('RoleChanged', resolve));
    await subscribed(echo.private(`organizations.${org.id}`));

    const res = await ownerClient.delete(`/users/${viewer.user.id}`, undefined, { inertia: true });
    expect(res.status).toBe(303);
    expect(await roleChanged).toMatchObject({ organization: { id: org.id }, role: null });
    await until(() => pusher.connection.state === 'disconnected', 'the server closing the socket');

    // What the app's client does next: reconnect; every channel is authorised afresh.
    const refused = new Promise<unknown>((resolve) => echo.private(`organizations.${org.id}`).error(resolve));
    pusher.connect();
    await until(() => pusher.connection.state === 'connected', 'reconnection');
    expect(await refused).toMatchObject({ type: 'AuthError', error: expect.stringContaining('403') });
  });
});

/** laravel-echo 2 with broadcaster 'reverb', unmodified, against our server. */
import Echo from 'laravel-echo';
import Pusher from 'pusher-js';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { APP, pusherOptions, sleep, startServer, until, type Running } from './helpers';

let srv: Running;
const echos: Echo<'reverb'>[] = [];

function echo(presence?: { user_id: string; user_info?: Record<string, unknown> }): Echo<'reverb'> {
  const { channelAuthorization, userAuthentication } = pusherOptions(srv.port, srv.sdk, { presence });
  const e = new Echo({
    broadcaster: 'reverb',
    key: APP.key,
    wsHost: '127.0.0.1',
    wsPort: srv.port,
    wssPort: srv.port,
    forceTLS: false,
    enabledTransports: ['ws', 'wss'],
    disableStats: true,
    Pusher,
    channelAuthorization,
    userAuthentication,
  });
  echos.push(e);
  return e;
}

function subscribedEcho(channel: { subscribed(cb: () => void): unknown; error(cb: (e: unknown) => void): unknown }): Promise<void> {
  return new Promise((resolve, reject) => {
    channel.subscribed(() => resolve());
    channel.error((e) => reject(new Error(JSON.stringify(e))));
  });
}

beforeAll(async () => {
  // Reverb's defaults: client events from channel members, so .whisper() needs no setting.
  srv = await startServer();
});
afterAll(() => srv.stop());
afterEach(() => {
  for (const e of echos.splice(0)) e.disconnect();
});

describe('laravel-echo (broadcaster reverb)', () => {
  it('connects and receives namespaced events on a private channel', async () => {
    const e = echo();
    const ch = e.private('organizations.1');
    await subscribedEcho(ch);
    expect(e.socketId()).toMatch(/^\d+\.\d+$/);
    const got = new Promise((resolve) => ch.listen('ActivityLogged', resolve));
    await srv.sdk.trigger('private-organizations.1', 'App\\Events\\ActivityLogged', { id: 3, action: 'created' });
    expect(await got).toEqual({ id: 3, action: 'created' });
  });

  it('reports an authorization failure through .error()', async () => {
    const e = echo();
    const forged = srv.sdk.authorizeChannel('1.1', 'private-organizations.2');
    (e.connector as any).pusher.config.channelAuthorizer = (_: unknown, cb: (err: null, d: unknown) => void) => cb(null, forged);
    const ch = e.private('organizations.2');
    const err = await new Promise<any>((resolve) => ch.error(resolve));
    expect(err).toMatchObject({ type: 'AuthError', status: 401 });
  });

  it('tracks presence with here / joining / leaving', async () => {
    const a = echo({ user_id: '1', user_info: { id: 1, name: 'Ann' } });
    const here = new Promise<unknown[]>((resolve) => a.join('organizations.5.online').here(resolve));
    expect(await here).toEqual([{ id: 1, name: 'Ann' }]);
    const joining = new Promise((resolve) => a.join('organizations.5.online').joining(resolve));
    const leaving = new Promise((resolve) => a.join('organizations.5.online').leaving(resolve));

    const b = echo({ user_id: '2', user_info: { id: 2, name: 'Ben' } });
    const hereB = await new Promise<unknown[]>((resolve) => b.join('organizations.5.online').here(resolve));
    expect(hereB).toHaveLength(2);
    expect(await joining).toEqual({ id: 2, name: 'Ben' });
    b.leave('organizations.5.online');
    expect(await leaving).toEqual({ id: 2, name: 'Ben' });
  });

  it('whispers to the other members but not back to the sender', async () => {
    const a = echo({ user_id: '1' });
    const b = echo({ user_id: '2' });
    const chA = a.join('organizations.6.online');
    const chB = b.join('organizations.6.online');
    await Promise.all([subscribedEcho(chA), subscribedEcho(chB)]);
    let echoed = false;
    chA.listenForWhisper('typing', () => (echoed = true));
    const got = new Promise((resolve) => chB.listenForWhisper('typing', resolve));
    chA.whisper('typing', { name: 'Ann' });
    expect(await got).toEqual({ name: 'Ann' });
    await sleep(100);
    expect(echoed).toBe(false);
  });

  it('whispers on a private channel with the default configuration', async () => {
    const a = echo();
    const b = echo();
    const chA = a.private('organizations.7');
    const chB = b.private('organizations.7');
    await Promise.all([subscribedEcho(chA), subscribedEcho(chB)]);
    const got = new Promise((resolve) => chB.listenForWhisper('editing', resolve));
    chA.whisper('editing', { field: 'title' });
    expect(await got).toEqual({ field: 'title' });
  });

  it('signs in and receives events sent to the user', async () => {
    const e = new Echo({
      broadcaster: 'reverb',
      key: APP.key,
      ...pusherOptions(srv.port, srv.sdk, { user: { id: '42' } }),
      Pusher,
    });
    echos.push(e);
    e.connector.signin();
    const pusher = (e.connector as any).pusher;
    await until(() => pusher.user.serverToUserChannel?.subscribed === true, 3000, 'sign-in');
    const got = new Promise((resolve) => pusher.user.bind('invited', resolve));
    await srv.sdk.sendToUser('42', 'invited', { org: 9 });
    expect(await got).toEqual({ org: 9 });
  });
});

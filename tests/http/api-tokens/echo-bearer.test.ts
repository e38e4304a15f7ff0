import Echo from 'laravel-echo';
import Pusher from 'pusher-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateApiToken } from '../../../server/tenancy/api-token';
import { createTestApp, type TestApp } from '../../helpers/app';
import { createOrganization } from '../../helpers/factories';
import { APP, startServer, type Running } from '../../realtime/helpers';

/**
 * laravel-echo and pusher-js, unmodified, with Echo's `bearerToken` option: pusher-js asks our
 * `/broadcasting/auth` with `Authorization: Bearer …` (no cookie, no CSRF token) and subscribes
 * with the signature on our realtime server.
 */
let app: TestApp;
let realtime: Running;
const echos: Echo<'reverb'>[] = [];

beforeAll(async () => {
  realtime = await startServer();
  app = await createTestApp({ env: { REVERB_APP_ID: APP.appId, REVERB_APP_KEY: APP.key, REVERB_APP_SECRET: APP.secret } });
});
afterAll(async () => {
  for (const e of echos) e.disconnect();
  await app.close();
  await realtime.stop();
});

function echoWith(bearerToken: string): Echo<'reverb'> {
  const e = new Echo({
    broadcaster: 'reverb',
    key: APP.key,
    wsHost: '127.0.0.1',
    wsPort: realtime.port,
    wssPort: realtime.port,
    forceTLS: false,
    enabledTransports: ['ws', 'wss'],
    disableStats: true,
    Pusher,
    authEndpoint: `${app.url}/broadcasting/auth`,
    bearerToken,
  });
  echos.push(e);
  return e;
}

const outcome = (channel: { subscribed(cb: () => void): unknown; error(cb: (e: unknown) => void): unknown }) =>
  new Promise<{ ok: true } | { ok: false; error: unknown }>((resolve) => {
    channel.subscribed(() => resolve({ ok: true }));
    channel.error((error) => resolve({ ok: false, error }));
  });

async function tokenFor(organizationId: number, abilities: string[]) {
  const { token, hash, hint } = generateApiToken();
  await app.ctx.db
    .insertInto('api_tokens')
    .values({ organization_id: organizationId, name: 'Echo', token_hash: hash, hint, abilities: JSON.stringify(abilities) })
    .execute();
  return token;
}

describe("Echo's bearerToken option", () => {
  it("joins the token's organisation channel and hears its events", async () => {
    const org = await createOrganization(app, null);
    const e = echoWith(await tokenFor(org.id, ['activity:read']));
    const channel = e.private(`organizations.${org.id}`);
    expect(await outcome(channel)).toEqual({ ok: true });
    const heard = new Promise((resolve) => channel.listen('ActivityLogged', resolve));
    await realtime.sdk.trigger(`private-organizations.${org.id}`, 'App\\Events\\ActivityLogged', { id: 1 });
    expect(await heard).toEqual({ id: 1 });
  });

  it("is refused another organisation's channel, presence, and everything without activity:read", async () => {
    const org = await createOrganization(app, null);
    const other = await createOrganization(app, null);
    const e = echoWith(await tokenFor(org.id, ['activity:read']));
    expect(await outcome(e.private(`organizations.${other.id}`))).toMatchObject({ ok: false, error: { status: 403 } });
    expect(await outcome(e.join(`organizations.${org.id}.online`))).toMatchObject({ ok: false, error: { status: 403 } });
    const without = echoWith(await tokenFor(org.id, ['board-users:read']));
    expect(await outcome(without.private(`organizations.${org.id}`))).toMatchObject({ ok: false, error: { status: 403 } });
    const unknown = echoWith(generateApiToken().token);
    expect(await outcome(unknown.private(`organizations.${org.id}`))).toMatchObject({ ok: false, error: { status: 401 } });
  });
});

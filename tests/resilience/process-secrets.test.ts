/**
 * Issue #23, findings 1 and 9, on the real `npm start` in production mode with only APP_KEY and
 * APP_URL set (as "Running in production" says): the once-published realtime secret signs
 * nothing — not a subscription, not a webhook, not a published event — while the app and its
 * websocket child agree on the secret they derive; a published secret stops the start with one
 * plain line; HTTP/0.9 request lines are refused by every server; metrics listen on 127.0.0.1.
 */
import { createHmac } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Pusher from 'pusher';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClient } from '../helpers/client';
import { GiveUp, freePort, spawnTsx, waitFor, type NodeProcess } from './support/processes';

const PUBLISHED = 'boardly-secret';
const KEY = 'boardly-key';

async function production(env: Record<string, string> = {}) {
  const ports = { app: await freePort(), realtime: await freePort(), metrics: await freePort(), rtMetrics: await freePort() };
  const proc = spawnTsx('server/cli/start.ts', {
    APP_ENV: 'production',
    APP_KEY: `base64:${Buffer.from(Math.random().toString(36)).toString('base64')}`,
    APP_URL: `http://127.0.0.1:${ports.app}`,
    APP_HOST: '127.0.0.1',
    APP_PORT: String(ports.app),
    DATABASE_URL: '',
    REDIS_URL: '',
    PGLITE_DIR: 'memory',
    STORAGE_DIR: mkdtempSync(path.join(tmpdir(), 'boardly-secrets-')),
    REVERB_HOST: '127.0.0.1',
    REVERB_PORT: String(ports.realtime),
    METRICS_PORT: String(ports.metrics),
    REVERB_METRICS_PORT: String(ports.rtMetrics),
    SCHEDULER_ENABLED: 'false',
    SEED_DEMO: 'true',
    DEMO_PASSWORD: 'secrets-test-password',
    LOG_LEVEL: 'warn',
    REVERB_APP_SECRET: '',
    ...env,
  });
  return { proc, ports, url: `http://127.0.0.1:${ports.app}` };
}

/** Opens a Pusher socket and subscribes with `auth`; resolves with the first answer about the channel. */
function subscribe(port: number, channel: string, auth: (socketId: string) => string): Promise<{ event: string; data: any }> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`ws://127.0.0.1:${port}/app/${KEY}?protocol=7&client=js&version=8.4.0`);
    ws.once('error', reject);
    ws.on('message', (raw) => {
      const msg = JSON.parse(String(raw));
      const data = typeof msg.data === 'string' ? JSON.parse(msg.data) : msg.data;
      if (msg.event === 'pusher:connection_established') {
        ws.send(JSON.stringify({ event: 'pusher:subscribe', data: { channel, auth: auth(data.socket_id) } }));
      } else if (msg.event !== 'pusher:pong') {
        ws.close();
        resolve({ event: msg.event, data });
      }
    });
  });
}

const signedWith = (secret: string, channel: string) => (socketId: string) => `${KEY}:${createHmac('sha256', secret).update(`${socketId}:${channel}`).digest('hex')}`;

/** One raw request line, no version (HTTP/0.9); the whole answer. */
function http09(port: number, pathname: string): Promise<string> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1', () => socket.write(`GET ${pathname}\r\n\r\n`));
    let answer = '';
    socket.on('data', (d) => (answer += d));
    socket.on('close', () => resolve(answer));
    socket.on('error', () => resolve(answer));
    setTimeout(() => socket.destroy(), 5_000);
  });
}

describe('npm start in production, with only APP_KEY and APP_URL', () => {
  let app: Awaited<ReturnType<typeof production>>;
  beforeAll(async () => {
    app = await production();
    await waitFor(
      '/up',
      async () => {
        if (!app.proc.alive()) throw new GiveUp(app.proc.output().slice(-3000));
        return (await fetch(`${app.url}/up`)).status === 200;
      },
      180_000,
      50,
    );
  }, 200_000);
  afterAll(async () => {
    await app?.proc.stop();
  });

  it('a subscription signed with the published secret is refused (4009)', async () => {
    const answer = await subscribe(app.ports.realtime, 'private-organizations.1', signedWith(PUBLISHED, 'private-organizations.1'));
    expect(answer.event).toMatch(/^pusher(_internal)?:(subscription_error|error)$/);
    expect(JSON.stringify(answer.data)).toMatch(/4009|[Uu]nauthori/);
  });

  it('a member_added webhook signed with the published secret is refused', async () => {
    const body = JSON.stringify({ time_ms: Date.now(), events: [{ name: 'member_added', channel: 'presence-organizations.1.online', user_id: '1' }] });
    const res = await fetch(`${app.url}/webhooks/realtime`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-pusher-key': KEY, 'x-pusher-signature': createHmac('sha256', PUBLISHED).update(body).digest('hex') },
      body,
    });
    expect(res.status).toBe(401);
  });

  it('an event published with the published secret through the HTTP API is refused', async () => {
    const forger = new Pusher({ appId: 'boardly', key: KEY, secret: PUBLISHED, host: '127.0.0.1', port: String(app.ports.realtime), useTLS: false });
    await expect(forger.trigger('private-organizations.1', 'ActivityLogged', { description: 'forged' })).rejects.toMatchObject({ status: 401 });
  });

  it('the app and its websocket child agree on the secret they derived: a member subscribes', async () => {
    const browser = new TestClient(app.url);
    await browser.get('/login');
    const signedIn = await browser.post('/login', { email: 'owner@boardly.test', password: 'secrets-test-password' }, { inertia: true });
    expect(signedIn.location).toBe('/dashboard');
    const answer = await subscribe(app.ports.realtime, 'private-organizations.1', () => 'pending');
    expect(answer.event).toMatch(/error/); // a made-up signature never passes
    const ok = await new Promise<{ event: string }>((resolve, reject) => {
      const ws = new WebSocket(`ws://127.0.0.1:${app.ports.realtime}/app/${KEY}?protocol=7&client=js&version=8.4.0`);
      ws.once('error', reject);
      ws.on('message', async (raw) => {
        const msg = JSON.parse(String(raw));
        if (msg.event === 'pusher:connection_established') {
          const socketId = JSON.parse(msg.data).socket_id;
          const res = await browser.post('/broadcasting/auth', { socket_id: socketId, channel_name: 'private-organizations.1' }, { headers: { Accept: 'application/json' }, form: true });
          ws.send(JSON.stringify({ event: 'pusher:subscribe', data: { channel: 'private-organizations.1', auth: res.json().auth } }));
        } else if (msg.event !== 'pusher:pong') {
          ws.close();
          resolve(msg);
        }
      });
    });
    expect(ok.event).toBe('pusher_internal:subscription_succeeded');
  });

  it('every server refuses an HTTP/0.9 request line', async () => {
    for (const [port, pathname] of [
      [app.ports.app, '/up'],
      [app.ports.realtime, '/up'],
      [app.ports.metrics, '/metrics'],
      [app.ports.rtMetrics, '/metrics'],
    ] as const) {
      const answer = await http09(port, pathname);
      expect(answer, `port ${port}`).not.toMatch(/^HTTP\/1\.\d 200/);
      expect(answer, `port ${port}`).toMatch(/^HTTP\/1\.\d 505/);
    }
  });
});

describe('npm start in production with a published secret', () => {
  let proc: NodeProcess | undefined;
  afterAll(async () => {
    await proc?.stop();
  });

  it('stops with one plain line naming the variable and how to generate one', async () => {
    ({ proc } = await production({ REVERB_APP_SECRET: PUBLISHED }));
    const { code } = await proc.exited;
    expect(code).toBe(1);
    const out = proc.output().trim();
    expect(out).toMatch(/^REVERB_APP_SECRET is set to a value published with Boardly; .*openssl rand -base64 32/);
    expect(out).not.toMatch(/\n\s+at /); // no stack
    expect(out.split('\n')).toHaveLength(1);
  }, 120_000);
});

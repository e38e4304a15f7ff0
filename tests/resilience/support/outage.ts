/**
 * What every database-outage test asserts, whatever takes the database away: the app (a child
 * process) answers 503 + Retry-After with the error page to every kind of request, /up says the
 * database is down, and once the database is back the same process serves again.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect } from 'vitest';
import { writeTestManifest } from '../../helpers/app';
import { TestClient, type TestResponse } from '../../helpers/client';
import { UNAVAILABLE_MESSAGE } from '../../../server/http/database-errors';
import { GiveUp, freePort, spawnTsx, waitFor, type NodeProcess } from './processes';

export const DEMO_PASSWORD = 'resilience-demo-password';

export interface ServedApp {
  url: string;
  proc: NodeProcess;
  /** A signed-in browser (the demo owner) and a guest who has loaded the sign-in form. */
  owner: TestClient;
  guest: TestClient;
}

/** tests/resilience/fixtures/serve.ts on `databaseUrl`, seeded, with a signed-in owner. */
export async function serveApp(databaseUrl: string): Promise<ServedApp> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const storage = mkdtempSync(path.join(tmpdir(), 'boardly-resilience-'));
  const manifest = path.join(storage, 'manifest.json');
  writeTestManifest(manifest, 'v1');
  const proc = spawnTsx('tests/resilience/fixtures/serve.ts', {
    DATABASE_URL: databaseUrl,
    APP_ENV: 'production',
    APP_URL: url,
    APP_HOST: '127.0.0.1',
    APP_PORT: String(port),
    APP_KEY: `resilience-${Math.random().toString(36).slice(2)}`,
    LOG_LEVEL: 'info',
    STORAGE_DIR: storage,
    SEED_DEMO: 'true',
    DEMO_PASSWORD,
    REVERB_SERVER_ENABLED: 'false',
    TEST_MANIFEST: manifest,
  });
  try {
    await waitFor(
      'the app to be ready',
      async () => {
        if (!proc.alive()) throw new GiveUp(`the app exited:\n${proc.output().slice(-3000)}`);
        return (await fetch(`${url}/up`)).status === 200;
      },
      90_000,
    );

    const owner = new TestClient(url);
    await owner.prime('/login');
    const signIn = await owner.post('/login', { email: 'owner@boardly.test', password: DEMO_PASSWORD }, { inertia: true });
    expect(signIn.status, signIn.text).toBe(302);
    const dashboard = await owner.get('/dashboard', { redirect: 'follow' });
    expect(dashboard.status).toBe(200);
    expect(dashboard.page().component).toBe('Dashboard');

    const guest = new TestClient(url);
    await guest.prime('/login');
    return { url, proc, owner, guest };
  } catch (error) {
    // A failed setup must not leave the app running: no afterAll knows about it yet.
    await proc.stop('SIGKILL');
    throw error;
  }
}

export function expectErrorPage(res: TestResponse, what: string): void {
  expect(res.status, `${what}: ${res.text.slice(0, 300)}`).toBe(503);
  expect(res.headers.get('retry-after'), what).toBe('5');
  const page = res.page();
  expect(page.component, what).toBe('Errors/Error');
  expect(page.props.status, what).toBe(503);
  expect(page.props.message, what).toBe(UNAVAILABLE_MESSAGE);
  expect(page.props.details, what).toBeUndefined();
  // Signed-in users see it as guests: rendering it must not need the database.
  expect(page.props.auth.user, what).toBeNull();
  expectNoStack(res.text, what);
}

export function expectNoStack(text: string, what: string): void {
  expect(text, what).not.toMatch(/\n\s+at |node_modules|ECONNREFUSED|Connection terminated/);
}

/** The database is away: every kind of request gets the 503 error page, nothing exits. */
export async function expectOutageAnswers(app: ServedApp): Promise<void> {
  // A signed-in page visit: the session middleware's own read is the first to fail.
  const html = await app.owner.get('/dashboard');
  expect(html.headers.get('content-type')).toMatch(/^text\/html/);
  expectErrorPage(html, 'signed-in HTML visit');

  const visit = await app.owner.get('/dashboard', { inertia: true });
  expect(visit.headers.get('x-inertia')).toBe('true');
  expectErrorPage(visit, 'signed-in Inertia visit');

  expectErrorPage(await app.owner.post('/logout', {}, { inertia: true }), 'signed-in form POST');

  // A guest's form: no session row to read, the action's own query fails.
  expectErrorPage(await app.guest.post('/login', { email: 'owner@boardly.test', password: DEMO_PASSWORD }, { inertia: true }), 'guest form POST');

  const api = await fetch(`${app.url}/dashboard`, { headers: { Accept: 'application/json', Cookie: cookieHeader(app.owner) } });
  expect(api.status).toBe(503);
  expect(api.headers.get('retry-after')).toBe('5');
  expect(await api.json()).toEqual({ message: UNAVAILABLE_MESSAGE });

  const up = await fetch(`${app.url}/up`);
  expect(up.status).toBe(503);
  expect(up.headers.get('retry-after')).toBe('5');
  expect(await up.json()).toEqual({ status: 'down', database: 'down' });

  expect(app.proc.alive(), app.proc.output().slice(-3000)).toBe(true);
}

/** The database is back: the same process serves the same session again, by itself. */
export async function expectRecovered(app: ServedApp): Promise<void> {
  await waitFor('/up to report the database up again', async () => (await fetch(`${app.url}/up`)).status === 200, 60_000, 250);
  expect(await (await fetch(`${app.url}/up`)).json()).toEqual({ status: 'ok', database: 'up' });

  const dashboard = await app.owner.get('/dashboard');
  expect(dashboard.status).toBe(200);
  expect(dashboard.page().component).toBe('Dashboard');
  expect(dashboard.page().props.auth.user.email).toBe('owner@boardly.test');

  const signIn = await app.guest.post('/login', { email: 'owner@boardly.test', password: DEMO_PASSWORD }, { inertia: true });
  expect(signIn.status).toBe(302);
  expect(app.proc.alive()).toBe(true);
}

/** What the process logged: no request answered 500 and nothing was fatal. */
export function expectNoServerErrors(proc: NodeProcess): void {
  const logs = proc.logs();
  expect(logs.filter((l) => l.msg === 'request' && l.status === 500)).toEqual([]);
  expect(logs.filter((l) => l.level === 60)).toEqual([]);
}

const cookieHeader = (client: TestClient) => [...client.cookies].map(([k, v]) => `${k}=${encodeURIComponent(v)}`).join('; ');

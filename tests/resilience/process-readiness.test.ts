/**
 * Issue #13, "ready means ready": the server listens at once, but until the migrations and the
 * start-up work (the demo seed) are done, every request answers 503 with Retry-After and /up says
 * `starting`. In-process, with start-up work the test holds open, so every state is observed.
 */
import { mkdtempSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config';
import { createLogger } from '../../server/lib/logger';
import { startServer, type Running } from '../../server/main';
import { writeTestManifest } from '../helpers/app';

const storage = mkdtempSync(path.join(tmpdir(), 'boardly-readiness-'));
const manifest = path.join(storage, 'manifest.json');
writeTestManifest(manifest, 'v1');
const config = () =>
  loadConfig({
    APP_ENV: 'test',
    APP_KEY: 'readiness-test',
    APP_HOST: '127.0.0.1',
    APP_PORT: '0',
    PGLITE_DIR: 'memory',
    STORAGE_DIR: storage,
    LOG_LEVEL: 'silent',
    REVERB_SERVER_ENABLED: 'false',
    SCHEDULER_ENABLED: 'false',
  });

const listening = (http: Server) => new Promise<string>((resolve) => http.once('listening', () => resolve(`http://127.0.0.1:${(http.address() as { port: number }).port}`)));

let running: Running | undefined;
afterEach(async () => {
  await running?.stop();
  running = undefined;
});

describe('start-up readiness', () => {
  it('answers 503 to everything, and /up "starting", until migrated and prepared; then serves', async () => {
    const http = createServer();
    const url = listening(http);
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let tablesDuringPrepare: number | undefined;
    let prepared!: () => void;
    const preparing = new Promise<void>((resolve) => (prepared = resolve));
    const started = startServer(config(), {
      httpServer: http,
      logger: createLogger('silent'),
      manifest,
      prepare: async (ctx) => {
        // The migrations ran before the start-up work.
        tablesDuringPrepare = (
          await ctx.db
            .selectFrom('users')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .executeTakeFirstOrThrow()
        ).n;
        prepared();
        await held;
      },
    });
    const base = await url;
    await preparing;
    expect(Number(tablesDuringPrepare)).toBe(0);

    const up = await fetch(`${base}/up`);
    expect(up.status).toBe(503);
    expect(up.headers.get('retry-after')).toBe('5');
    expect(up.headers.get('cache-control')).toBe('no-store');
    expect(await up.json()).toEqual({ status: 'starting' });

    const page = await fetch(`${base}/login`, { headers: { Accept: 'text/html' } });
    expect(page.status).toBe(503);
    expect(page.headers.get('retry-after')).toBe('5');
    const html = await page.text();
    expect(html).toContain('<meta http-equiv="refresh" content="5">');
    expect(html).toContain('starting');

    const api = await fetch(`${base}/dashboard`, { headers: { Accept: 'application/json' } });
    expect(api.status).toBe(503);
    expect(await api.json()).toEqual({ message: 'The application is starting. Please try again in a few seconds.' });

    const post = await fetch(`${base}/login`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{}' });
    expect(post.status).toBe(503);

    release();
    running = await started;
    const ready = await fetch(`${base}/up`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ status: 'ok', database: 'up' });
    const login = await fetch(`${base}/login`, { headers: { 'X-Inertia': 'true' } });
    expect(login.status).toBe(200);
    expect((await login.json()).component).toBe('Auth/Login');
  });

  it('a start-up that fails rejects and leaves nothing listening', async () => {
    const http = createServer();
    const url = listening(http);
    const started = startServer(config(), {
      httpServer: http,
      logger: createLogger('silent'),
      manifest,
      prepare: async () => {
        throw new Error('seed failed');
      },
    });
    const base = await url;
    await expect(started).rejects.toThrow('seed failed');
    expect(http.listening).toBe(false);
    await expect(fetch(`${base}/up`)).rejects.toThrow();
  });
});

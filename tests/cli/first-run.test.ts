/**
 * Issue #24 item 8, on the real `npm start` (server/cli/start.ts as a child process, not a TTY):
 * a taken port is one plain sentence naming its variable; a `.env` file is read and the real
 * environment wins over it; every start of a demo database prints its sign-ins; the request log
 * is JSON and keeps static files and webhooks below `info`.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GiveUp, ROOT, freePort, spawnNode, waitFor, type NodeProcess } from '../resilience/support/processes';

const TSX = pathToFileURL(path.join(ROOT, 'node_modules/tsx/dist/esm/index.mjs')).href;
const START = path.join(ROOT, 'server/cli/start.ts');
// The websocket child from this checkout's sources, not the bundle other checkouts share in node_modules/.cache.
const REALTIME_BUNDLE = path.join(ROOT, 'storage/test-bundles', `reverb-${process.pid}.mjs`);

beforeAll(async () => {
  await build({
    entryPoints: [path.join(ROOT, 'server/cli/reverb.ts')],
    outfile: REALTIME_BUNDLE,
    bundle: true,
    packages: 'external',
    platform: 'node',
    format: 'esm',
    target: 'node20',
    logLevel: 'warning',
  });
}, 60_000);

const closers: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const close of closers) await close();
  rmSync(REALTIME_BUNDLE, { force: true });
});

/** `npm start` run from `cwd` (where a `.env` would be), in production mode, logging at info. */
async function npmStart(env: Record<string, string>, cwd?: string): Promise<NodeProcess> {
  const proc = spawnNode(
    ['--import', TSX, START],
    {
      APP_ENV: 'production',
      NODE_ENV: '',
      APP_HOST: '127.0.0.1',
      APP_PORT: String(await freePort()),
      APP_KEY: `first-run-${Math.random().toString(36).slice(2)}`,
      DATABASE_URL: '',
      PGLITE_DIR: 'memory',
      STORAGE_DIR: mkdtempSync(path.join(tmpdir(), 'boardly-first-run-')),
      REVERB_HOST: '127.0.0.1',
      REVERB_PORT: String(await freePort()),
      BOARDLY_REALTIME_BUNDLE: REALTIME_BUNDLE,
      SCHEDULER_ENABLED: 'false',
      LOG_LEVEL: 'info',
      ...env,
    },
    cwd,
  );
  closers.push(() => proc.stop('SIGKILL'));
  return proc;
}

const running = (proc: NodeProcess) =>
  waitFor(
    'npm start to be running',
    () => {
      if (!proc.alive()) throw new GiveUp(`npm start exited:\n${proc.output().slice(-3000)}`);
      return / is running at /.test(proc.output()) && proc.output().endsWith('\n\n');
    },
    120_000,
  );

async function taken(): Promise<{ port: number; server: Server }> {
  const port = await freePort();
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  closers.push(() => new Promise((resolve) => server.close(resolve)));
  return { port, server };
}

/** Exit code and stderr of a start that must fail. */
async function failedStart(env: Record<string, string>) {
  const proc = await npmStart(env);
  const exit = await Promise.race([proc.exited, new Promise<null>((resolve) => setTimeout(() => resolve(null), 90_000))]);
  return { exit, stderr: proc.errors().split('\n').filter(Boolean), output: proc.output() };
}

describe('npm start on a first run', () => {
  it('with APP_PORT taken: exits non-zero with one plain sentence naming APP_PORT, no stack, no JSON', async () => {
    const { port } = await taken();
    const { exit, stderr, output } = await failedStart({ APP_PORT: String(port) });
    expect(exit?.code, output).not.toBe(0);
    expect(exit).not.toBeNull();
    expect(stderr).toEqual([`Port ${port} (APP_PORT) is already in use by another program: stop that program or start with another port, e.g. APP_PORT=${port + 1} npm start.`]);
    expect(output).not.toMatch(/EADDRINUSE|\n\s+at |"level":(50|60)/);
  }, 120_000);

  it('with REVERB_PORT taken: exits non-zero with one plain sentence naming REVERB_PORT, not a restart loop', async () => {
    const { port } = await taken();
    const { exit, stderr, output } = await failedStart({ REVERB_PORT: String(port) });
    expect(exit, output).not.toBeNull();
    expect(exit?.code).not.toBe(0);
    expect(stderr).toEqual([`Port ${port} (REVERB_PORT) is already in use by another program: stop that program or start with another port, e.g. REVERB_PORT=${port + 1} npm start.`]);
    expect(output).not.toMatch(/EADDRINUSE|\n\s+at |restarting it/);
  }, 120_000);

  it('reads a .env file in the directory it runs in; a real environment variable wins over it', async () => {
    const cwd = mkdtempSync(path.join(tmpdir(), 'boardly-dotenv-'));
    writeFileSync(path.join(cwd, '.env'), 'APP_NAME=Board from dotenv\nAPP_URL=http://from-file.example\n');
    const proc = await npmStart({ SEED_DEMO: 'false', REVERB_SERVER_ENABLED: 'false', APP_URL: 'http://from-env.example' }, cwd);
    await running(proc);
    expect(proc.output()).toContain('Board from dotenv is running at http://from-env.example');
  }, 150_000);

  it('prints the demo sign-ins on every start of a demo database; logs JSON, static files and webhooks below info', async () => {
    const storage = mkdtempSync(path.join(tmpdir(), 'boardly-demo-'));
    mkdirSync(path.join(storage, 'pglite'));
    const env = { STORAGE_DIR: storage, PGLITE_DIR: path.join(storage, 'pglite'), SEED_DEMO: 'true', REVERB_SERVER_ENABLED: 'false' };
    const first = await npmStart(env);
    await running(first);
    const password = /Password for all of them: (\S+)/.exec(first.output())?.[1];
    expect(password).toBeTruthy();
    expect(await first.stop('SIGTERM')).toMatchObject({ code: 0 });

    const port = await freePort();
    const second = await npmStart({ ...env, APP_PORT: String(port) });
    await running(second);
    expect(second.output()).toContain(`Password for all of them: ${password}`);
    expect(second.output()).toMatch(/owner@boardly\.test\s+\(owner\)/);

    const url = `http://127.0.0.1:${port}`;
    const login = await (await fetch(`${url}/login`)).text();
    const asset = /\/build\/[^"]+\.js/.exec(login)?.[0];
    expect(asset).toBeTruthy();
    for (const p of [asset!, '/favicon.svg', '/robots.txt']) expect((await fetch(url + p)).status, p).toBe(200);
    expect((await fetch(`${url}/webhooks/realtime`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' })).status).toBeLessThan(500);
    const requests = await waitFor('the /login request line', () => {
      const lines = second.logs().filter((l) => l.msg === 'request');
      return lines.some((l) => l.url === '/login') && lines;
    });
    expect(requests.find((l) => l.url === '/login')).toMatchObject({ level: 30, method: 'GET', status: 200 });
    expect(requests.filter((l) => l.url !== '/login').map((l) => l.url)).toEqual([]);
  }, 240_000);
});

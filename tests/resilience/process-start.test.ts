/**
 * `npm start` itself (server/cli/start.ts, as a child process): /up is healthy only once the demo
 * seed is done and the websocket server serves (issue #13); the websocket server runs in a child
 * process of its own, so killing it leaves HTTP serving while it is restarted; SIGTERM stops both,
 * and a SIGKILLed `npm start` leaves no websocket server behind (issue #11).
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import WebSocket from 'ws';
import { describe, expect, it } from 'vitest';
import { GiveUp, freePort, processExists, spawnTsx, waitFor } from './support/processes';

async function startNpmStart(env: Record<string, string> = {}) {
  const [appPort, realtimePort] = [await freePort(), await freePort()];
  const proc = spawnTsx('server/cli/start.ts', {
    APP_ENV: 'production',
    APP_HOST: '127.0.0.1',
    APP_PORT: String(appPort),
    APP_KEY: `start-test-${Math.random().toString(36).slice(2)}`,
    DATABASE_URL: '',
    PGLITE_DIR: 'memory',
    STORAGE_DIR: mkdtempSync(path.join(tmpdir(), 'boardly-start-')),
    REVERB_HOST: '127.0.0.1',
    REVERB_PORT: String(realtimePort),
    SCHEDULER_ENABLED: 'false',
    LOG_LEVEL: 'info',
    ...env,
  });
  return { proc, url: `http://127.0.0.1:${appPort}`, realtime: `http://127.0.0.1:${realtimePort}`, realtimePort };
}

/** A Pusher-protocol handshake: the websocket server really serves, not just listens. */
function handshake(port: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`ws://127.0.0.1:${port}/app/boardly-key?protocol=7&client=js&version=8.4.0`);
    ws.once('error', reject);
    ws.once('message', (data) => {
      ws.close();
      resolve(JSON.parse(String(data)).event);
    });
  });
}

describe('npm start', () => {
  it('is healthy only when seeded and with websockets up; a killed websocket server is restarted while HTTP serves; SIGTERM stops both', async () => {
    const { proc, url, realtime, realtimePort } = await startNpmStart({ SEED_DEMO: 'true', DEMO_PASSWORD: 'start-test-password' });
    try {
      const before: { status: number; body: unknown }[] = [];
      await waitFor(
        '/up to be healthy',
        async () => {
          if (!proc.alive()) throw new GiveUp(`npm start exited:\n${proc.output().slice(-3000)}`);
          const res = await fetch(`${url}/up`);
          const body = await res.json();
          if (res.status === 200) return true;
          before.push({ status: res.status, body });
          return false;
        },
        180_000,
        20,
      );
      // The first healthy answer comes after the seed, not during it.
      const demo = await fetch(`${url}/p/northwind`, { headers: { 'X-Inertia': 'true' } });
      expect(demo.status).toBe(200);
      const page = await demo.json();
      expect(page.component).toBe('Insights/Public/Index');
      expect(page.props.insights.data.length).toBeGreaterThan(0);
      expect(before.filter((b) => b.status !== 503 || (b.body as { status: string }).status !== 'starting')).toEqual([]);
      expect(await (await fetch(`${realtime}/up`)).json()).toEqual({ health: 'OK' });

      const first = await proc.waitForLog('the websocket server to be ready', (l) => l.msg === 'realtime server ready');
      expect(first.port).toBe(realtimePort);
      expect(first.pid).not.toBe(proc.child.pid);
      process.kill(first.pid, 'SIGKILL');
      const exit = await proc.waitForLog('its death to be logged', (l) => l.msg === 'realtime server exited; restarting it' && l.pid === first.pid);
      expect(exit).toMatchObject({ signal: 'SIGKILL', restartInMs: 500 });
      const during = await fetch(`${url}/up`);
      expect(during.status).toBe(200);
      const login = await fetch(`${url}/login`, { headers: { 'X-Inertia': 'true' } });
      expect(login.status).toBe(200);

      const second = await proc.waitForLog('a new websocket server', (l) => l.msg === 'realtime server ready' && l.pid !== first.pid);
      expect(await handshake(realtimePort)).toBe('pusher:connection_established');
      expect(proc.alive()).toBe(true);

      expect(await proc.stop('SIGTERM')).toEqual({ code: 0, signal: null });
      expect(processExists(second.pid)).toBe(false);
      expect(proc.logs().filter((l) => l.level === 60 || (l.msg === 'request' && l.status === 500))).toEqual([]);
    } finally {
      await proc.stop('SIGKILL');
    }
  }, 240_000);

  it('a SIGKILLed npm start leaves no websocket server behind', async () => {
    const { proc } = await startNpmStart({ SEED_DEMO: 'false' });
    try {
      const ready = await proc.waitForLog('the websocket server to be ready', (l) => l.msg === 'realtime server ready', 180_000);
      expect(processExists(ready.pid)).toBe(true);
      await proc.stop('SIGKILL');
      await waitFor('the orphaned websocket server to stop', () => !processExists(ready.pid), 15_000);
    } finally {
      await proc.stop('SIGKILL');
    }
  }, 240_000);
});

/**
 * Issue #11, defence in depth: an error that escapes every handler is logged with the id of the
 * request it came from, and the process exits 1 for its supervisor to restart it — in the app
 * (a real request through the real middleware) and in the realtime server's own entry point.
 */
import { createServer, type Server } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sleep, spawnTsx, type LogLine } from './support/processes';

async function crashAfter(route: string, requestId: string) {
  const proc = spawnTsx('tests/resilience/fixtures/crash-in-request.ts', { LOG_LEVEL: 'info' });
  try {
    const { port } = await proc.waitForLog('the fixture to listen', (l) => l.msg === 'listening', 60_000);
    const res = await fetch(`http://127.0.0.1:${port}${route}`, { headers: { 'X-Request-Id': requestId } });
    expect(res.status).toBe(200);
    const ended = await Promise.race([proc.exited, sleep(30_000).then(() => ({ code: null, signal: null, note: 'still running after 30 s' }))]);
    const fatal = proc.logs().filter((l) => l.level === 60);
    return { ended, fatal, output: proc.output() };
  } finally {
    await proc.stop('SIGKILL');
  }
}

describe('the process-level crash handlers', () => {
  it('an exception thrown in a timer a request started: logged with its request id, exit 1', async () => {
    const { ended, fatal, output } = await crashAfter('/escape/timer', 'req-timer-0001');
    expect(ended, output).toEqual({ code: 1, signal: null });
    expect(fatal, output).toHaveLength(1);
    expect(fatal[0]).toMatchObject({ reqId: 'req-timer-0001', origin: 'uncaughtException', err: { message: 'thrown in a timer after the response' } });
    expect((fatal[0] as LogLine).err.stack).toContain('crash-in-request.ts');
  }, 90_000);

  it('a rejection nobody awaited: logged with its request id, exit 1', async () => {
    const { ended, fatal, output } = await crashAfter('/escape/rejection', 'req-rejection-0002');
    expect(ended, output).toEqual({ code: 1, signal: null });
    expect(fatal, output).toHaveLength(1);
    expect(fatal[0]).toMatchObject({ reqId: 'req-rejection-0002', origin: 'unhandledRejection', err: { message: 'a promise nobody awaited' } });
  }, 90_000);

  describe('in the realtime server (npm run reverb:start)', () => {
    let taken: Server;
    let port: number;
    beforeAll(async () => {
      taken = createServer();
      await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', () => resolve()));
      port = (taken.address() as { port: number }).port;
    });
    afterAll(() => new Promise<void>((resolve) => taken.close(() => resolve())));

    it('a failed start (its port is taken) exits 1 with one plain sentence instead of hanging (#24: no stack for a taken port)', async () => {
      const proc = spawnTsx('server/cli/reverb.ts', { REVERB_HOST: '127.0.0.1', REVERB_PORT: String(port), LOG_LEVEL: 'info' });
      try {
        const ended = await Promise.race([proc.exited, sleep(30_000).then(() => ({ code: null, signal: null, note: 'still running after 30 s' }))]);
        expect(ended, proc.output()).toEqual({ code: 1, signal: null });
        expect(proc.output()).toContain(`Port ${port} (REVERB_PORT) is already in use`);
        expect(proc.output()).not.toMatch(/EADDRINUSE|at .*\.ts:\d+/);
      } finally {
        await proc.stop('SIGKILL');
      }
    }, 60_000);
  });
});

import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Mailbox } from './mailbox';
import { freePort } from '../../helpers/free-port';
export { freePort } from '../../helpers/free-port';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

export interface AppProcess {
  url: string;
  realtimePort: number;
  mailbox: Mailbox;
  output: string[];
  stop(): Promise<void>;
}

/**
 * The real app, as `npm start` runs it, in its own process: in-memory PGlite, its own HTTP and
 * realtime ports, and mail delivered over SMTP into a Mailbox the test can read. A variable given
 * as '' is left out of the app's environment altogether (APP_URL: '' starts it without one).
 */
export async function startApp(env: Record<string, string> = {}): Promise<AppProcess> {
  const mailbox = new Mailbox();
  const mailUrl = await mailbox.start();
  const port = await freePort();
  const realtimePort = await freePort();
  // `{port}` in a variable stands for the app's port (APP_URL: 'http://localhost:{port}' for WebAuthn, which refuses IP addresses).
  for (const [name, value] of Object.entries(env)) env = { ...env, [name]: value.replaceAll('{port}', String(port)) };
  const url = env.APP_URL || `http://127.0.0.1:${port}`;
  const output: string[] = [];
  const childEnv: Record<string, string | undefined> = {
    ...process.env,
    APP_ENV: 'production',
    APP_URL: url,
    APP_PORT: String(port),
    APP_HOST: '127.0.0.1',
    APP_KEY: `e2e-${Math.random().toString(36).slice(2)}`,
    PGLITE_DIR: 'memory',
    DATABASE_URL: '',
    STORAGE_DIR: path.join('/tmp', `boardly-e2e-${port}`),
    // Each app its own database, so its own Redis keys too: with CI's REDIS_URL, two apps' board user 1 shared a throttle.
    REDIS_PREFIX: `boardly-e2e-${port}`,
    MAIL_URL: mailUrl,
    REVERB_PORT: String(realtimePort),
    REVERB_HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    SEED_DEMO: 'false',
    ...env,
  };
  for (const [name, value] of Object.entries(childEnv)) if (value === '') delete childEnv[name];
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'server/cli/start.ts'], {
    cwd: ROOT,
    env: childEnv,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (d) => output.push(String(d)));
  child.stderr!.on('data', (d) => output.push(String(d)));
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`App exited (${child.exitCode}):\n${output.join('')}`);
    try {
      const res = await fetch(`http://127.0.0.1:${port}/up`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`App did not start in time:\n${output.join('')}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    url,
    realtimePort,
    mailbox,
    output,
    async stop() {
      child.kill('SIGTERM');
      await new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        const timer = setTimeout(() => {
          child.kill('SIGKILL');
          resolve();
        }, 5000);
        child.once('exit', () => {
          clearTimeout(timer);
          resolve();
        });
      });
      await mailbox.stop();
    },
  };
}

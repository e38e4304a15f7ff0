/**
 * The built app as `npm start` runs it (`node server/cli/launch.mjs`, APP_ENV=production) for the
 * browser benches: its own fresh PGlite directory (migrated and seeded with the demo organisation
 * on first start), free ports, logs kept quiet, and the whole process group stopped at the end.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ROOT } from '../../server/root';
import { freePort } from '../../tests/helpers/free-port';

export interface LaunchedApp {
  url: string;
  stop(): Promise<void>;
}

/** Starts the app and resolves at its first 200 of /login; `env` is added to (and overrides) the defaults. */
export async function launchApp(name: string, env: NodeJS.ProcessEnv = {}): Promise<LaunchedApp> {
  const storage = mkdtempSync(path.join(tmpdir(), `boardly-bench-${name}-`));
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ['server/cli/launch.mjs'], {
    cwd: ROOT,
    env: {
      ...process.env,
      APP_ENV: 'production',
      APP_PORT: String(port),
      APP_URL: url,
      REVERB_PORT: String(await freePort()),
      APP_KEY: `bench-${name}`,
      LOG_LEVEL: 'warn',
      STORAGE_DIR: storage,
      PGLITE_DIR: path.join(storage, 'pglite'),
      DATABASE_URL: '',
      ...env,
    },
    detached: true,
    stdio: 'ignore',
  });
  const exited = new Promise((r) => child.once('exit', r));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) process.kill(-child.pid!, 'SIGTERM');
    await exited;
  };
  try {
    for (let tries = 0; ; tries++) {
      const ok = await fetch(`${url}/login`).then(
        (r) => r.status === 200,
        () => false,
      );
      if (ok) break;
      if (child.exitCode !== null || tries > 12_000) throw new Error(`the app (${name}) did not start`);
      await new Promise((r) => setTimeout(r, 10));
    }
  } catch (error) {
    await stop();
    throw error;
  }
  return { url, stop };
}

/** The app kept running while `work` runs. */
export async function withApp<T>(name: string, work: (url: string) => Promise<T>, env?: NodeJS.ProcessEnv): Promise<T> {
  const app = await launchApp(name, env);
  try {
    return await work(app.url);
  } finally {
    await app.stop();
  }
}

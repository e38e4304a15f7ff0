/**
 * Time from spawning a server to its first 200, as bench:http and bench:first-load measure it:
 * `npm start` on an installed, built checkout (after one start that prepares the database), and
 * the floor in the same run, a bare `node -e` HTTP server. Beside the wall time, the CPU time the
 * process group used until then (user + system, from /proc): on a machine other work keeps busy,
 * the wall time grows with the load and the CPU time much less.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ROOT } from '../../server/root';
import { freePort } from '../../tests/helpers/free-port';
import { createDatabaseUrl, dropDatabase } from './signed-in-app';

export const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

export interface StartSample {
  /** Spawn → first 200, ms. */
  ms: number;
  /** CPU time of the process group until then, ms (NaN without /proc). */
  cpuMs: number;
}

const TICK_MS = 10; // USER_HZ is 100 on Linux

/** User + system CPU time of every live process in process group `pgid`, in ms. */
function groupCpuMs(pgid: number): number {
  let ticks = 0;
  try {
    for (const entry of readdirSync('/proc')) {
      if (!/^\d+$/.test(entry)) continue;
      let stat: string;
      try {
        stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      } catch {
        continue; // exited meanwhile
      }
      // Fields after the command name (which may hold spaces): state is 3rd, pgrp 5th, utime 14th, stime 15th.
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (Number(fields[2]) !== pgid) continue;
      ticks += Number(fields[11]) + Number(fields[12]);
    }
  } catch {
    return NaN;
  }
  return ticks * TICK_MS;
}

/** Spawns `command` in its own process group, polls `url` every 10 ms until a 200, stops the group. */
export async function timeToFirst200(command: string, args: string[], env: NodeJS.ProcessEnv, url: string): Promise<StartSample> {
  const started = performance.now();
  const child = spawn(command, args, { cwd: ROOT, env, detached: true, stdio: 'ignore' });
  try {
    for (;;) {
      const ok = await fetch(url).then(
        async (r) => {
          await r.arrayBuffer();
          return r.status === 200;
        },
        () => false,
      );
      if (ok) return { ms: performance.now() - started, cpuMs: groupCpuMs(child.pid!) };
      if (child.exitCode !== null) throw new Error(`${command} ${args.join(' ')} exited with ${child.exitCode}`);
      if (performance.now() - started > 120_000) throw new Error(`${command}: no 200 within 2 minutes`);
      await new Promise((r) => setTimeout(r, 10));
    }
  } finally {
    const exited = new Promise((r) => child.once('exit', r));
    process.kill(-child.pid!, 'SIGTERM');
    await exited;
  }
}

/** The floor: node itself starting an HTTP server that answers 200. */
export async function bareNodeStart(): Promise<StartSample> {
  const port = await freePort();
  const script = `require('node:http').createServer((q, s) => s.end('ok')).listen(${port}, '127.0.0.1')`;
  return timeToFirst200(process.execPath, ['-e', script], process.env, `http://127.0.0.1:${port}/`);
}

export type StartCommand = 'npm start' | 'node server/cli/launch.mjs';

/**
 * Restarts of a built checkout to the first 200 of /login: on PGlite in a directory of its own,
 * or with BENCH_DATABASE_URL in a new database on that server (dropped after). The first start
 * migrates and seeds; `prepared` is called then, and the restarts follow, alternating with `floor`
 * (so drifting machine load touches both alike).
 */
export async function restarts<T>(count: number, command: StartCommand, floor: () => Promise<T>): Promise<{ ours: StartSample[]; floor: T[]; driver: string }> {
  const base = process.env.BENCH_DATABASE_URL;
  const schema = `bench_start_${randomBytes(4).toString('hex')}`;
  const databaseUrl = base ? await createDatabaseUrl(base, schema) : '';
  const storage = mkdtempSync(path.join(tmpdir(), 'boardly-bench-start-'));
  const once = async () => {
    const port = await freePort();
    const env = {
      ...process.env,
      APP_ENV: 'production',
      APP_PORT: String(port),
      APP_URL: `http://127.0.0.1:${port}`,
      REVERB_PORT: String(await freePort()),
      APP_KEY: 'bench-start',
      LOG_LEVEL: 'warn',
      STORAGE_DIR: storage,
      PGLITE_DIR: path.join(storage, 'pglite'),
      DATABASE_URL: databaseUrl,
    };
    const [file, args] = command === 'npm start' ? ['npm', ['start', '--silent']] : [process.execPath, ['server/cli/launch.mjs']];
    return timeToFirst200(file, args, env, `http://127.0.0.1:${port}/login`);
  };
  try {
    await once(); // migrates and seeds the new database, builds what is missing
    const ours: StartSample[] = [];
    const floors: T[] = [];
    for (let i = 0; i < count; i++) {
      ours.push(await once());
      floors.push(await floor());
    }
    return { ours, floor: floors, driver: base ? 'PostgreSQL' : 'PGlite' };
  } finally {
    if (base) await dropDatabase(base, schema).catch(() => {});
  }
}

/**
 * npm run bench:http — issue #14's table, measured in one run on this machine.
 *
 * A signed-in owner's `GET /board-users` Inertia visit (25 real rows from the database, 64
 * connections, load from a separate autocannon process) through the whole app, against, in the
 * same run and in alternating rounds: a bare Express route sending the same JSON, and the
 * *minimal route* — bare Express with the driver doing only what the page needs (find the
 * session and membership, fetch 25 rows with their count) and sending the same JSON. On PGlite,
 * and with BENCH_DATABASE_URL also on that PostgreSQL server (in a database of its own, dropped after).
 * Then queries per visit, the compressed first load of /login from the build manifest, and
 * `npm start` → first 200. Each figure is printed against its goal.
 *
 * Wall-clock ratios need a quiet machine; the CPU cost does not: each target also answers
 * BENCH_CPU_REQUESTS (3000) visits, and the server process's CPU time (user + system, from
 * process.cpuUsage: the servers live in this process, the load comes from another) is divided
 * by the visits — ours against the minimal route's, which holds under load. BENCH_MODE=cpu
 * measures only that (and the queries per visit).
 *
 * BENCH_SECONDS (5) per measurement, BENCH_ROUNDS (3) alternating rounds, BENCH_STARTS (3);
 * BENCH_DRIVER=postgres|pglite for one database; BENCH_STARTS=0 skips the start time.
 */
import { execFile } from 'node:child_process';
import { loadavg } from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { promisify } from 'node:util';
import express from 'express';
import { buildIfNeeded } from '../server/cli/build-if-needed';
import { firstLoad } from '../server/cli/bundle-report';
import { ROOT } from '../server/root';
import { minimalRoute } from './support/minimal-route';
import { postgresCpuMicros } from './support/postgres-cpu';
import { listen, signedInApp } from './support/signed-in-app';
import { restarts } from './support/start-time';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const STARTS = Number(process.env.BENCH_STARTS ?? 3);
const CONNECTIONS = 64;
const CPU_REQUESTS = Number(process.env.BENCH_CPU_REQUESTS ?? 3000);
const CPU_ONLY = process.env.BENCH_MODE === 'cpu';

const autocannonBin = createRequire(import.meta.url).resolve('autocannon/autocannon.js');
const run = promisify(execFile);
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

interface Sample {
  rps: number;
  p50: number;
  p99: number;
}

/** The load comes from another process, so it does not compete with the servers' event loop. */
async function load(url: string, headers: Record<string, string>, seconds: number): Promise<Sample> {
  const args = [autocannonBin, '-j', '-c', String(CONNECTIONS), '-d', String(seconds), ...Object.entries(headers).flatMap(([k, v]) => ['-H', `${k}=${v}`]), url];
  const { stdout } = await run(process.execPath, args, { maxBuffer: 10 * 1024 * 1024 });
  const r = JSON.parse(stdout) as { requests: { average: number }; latency: { p50: number; p99: number }; non2xx: number; errors: number };
  if (r.non2xx > 0 || r.errors > 0) throw new Error(`${url}: ${r.non2xx} non-2xx, ${r.errors} errors`);
  return { rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99 };
}

/**
 * CPU time per request, in µs, over `requests` visits from another process: of this process (the
 * servers) and of the machine's PostgreSQL processes (NaN when /proc does not tell).
 */
async function cpuPerRequest(url: string, headers: Record<string, string>, requests: number): Promise<{ app: number; database: number }> {
  // A long timeout: on a loaded machine a slow answer is still an answer (its CPU is what counts).
  const args = [autocannonBin, '-j', '-c', '16', '-t', '60', '-a', String(requests), ...Object.entries(headers).flatMap(([k, v]) => ['-H', `${k}=${v}`]), url];
  const databaseBefore = postgresCpuMicros();
  const before = process.cpuUsage();
  const { stdout } = await run(process.execPath, args, { maxBuffer: 10 * 1024 * 1024 });
  const used = process.cpuUsage(before);
  const databaseAfter = postgresCpuMicros();
  const r = JSON.parse(stdout) as { '2xx': number; non2xx: number; errors: number };
  if (r.non2xx > 0 || r.errors > requests / 100) throw new Error(`${url}: ${r.non2xx} non-2xx, ${r.errors} errors`);
  const database = databaseBefore === null || databaseAfter === null ? NaN : (databaseAfter - databaseBefore) / r['2xx'];
  return { app: (used.user + used.system) / r['2xx'], database };
}

interface DriverResult {
  driver: string;
  bare: Sample;
  minimal: Sample;
  ours: Sample;
  queriesFull: number;
  queriesPartial: number;
  /** µs of server CPU per visit (median of the rounds). */
  cpu: { bare: number; minimal: number; ours: number };
  /** µs of the PostgreSQL server's CPU per visit (PostgreSQL only; median of the rounds). */
  databaseCpu: { minimal: number; ours: number };
}

async function benchDriver(driver: 'pglite' | 'postgres'): Promise<DriverResult> {
  const app = await signedInApp(driver);
  const { headers } = app;
  const ours = { url: app.url };
  try {
    // Queries per visit, after the first visit of the minute (its bookkeeping writes are once a minute).
    const visit = (extra: Record<string, string> = {}) =>
      app.countQueries(async () => {
        const res = await fetch(`${ours.url}/board-users`, { headers: { ...headers, ...extra } });
        await res.arrayBuffer();
        if (res.status !== 200) throw new Error(`visit: ${res.status}`);
      });
    await visit();
    const queriesFull = await visit();
    const queriesPartial = await visit({ 'X-Inertia-Partial-Component': 'BoardUsers/Index', 'X-Inertia-Partial-Data': 'boardUsers' });

    // Bare Express: the same JSON, no work.
    const ourJson = await (await fetch(`${ours.url}/board-users`, { headers })).text();
    const bareApp = express();
    bareApp.get('/board-users', (_req, res) => void res.set('X-Inertia', 'true').type('json').send(ourJson));
    const bare = await listen(bareApp);

    const minimal = await minimalRoute(app, ourJson);

    const targets = { bare: bare.url, minimal: minimal.url, ours: ours.url } as const;
    const samples: Record<keyof typeof targets, Sample[]> = { bare: [], minimal: [], ours: [] };
    const order = Object.keys(targets) as (keyof typeof targets)[];
    for (const name of order) await load(`${targets[name]}/board-users`, headers, CPU_ONLY ? 1 : 2); // warm-up: JIT, pools
    const cpu: Record<keyof typeof targets, number[]> = { bare: [], minimal: [], ours: [] };
    const databaseCpu: Record<keyof typeof targets, number[]> = { bare: [], minimal: [], ours: [] };
    for (let round = 0; round < ROUNDS; round++) {
      const rotated = [...order.slice(round % order.length), ...order.slice(0, round % order.length)];
      for (const name of rotated) {
        const used = await cpuPerRequest(`${targets[name]}/board-users`, headers, CPU_REQUESTS);
        cpu[name].push(used.app);
        databaseCpu[name].push(used.database);
      }
    }
    for (let round = 0; round < (CPU_ONLY ? 0 : ROUNDS); round++) {
      // Alternating: each round starts with a different target, so drift in machine load spreads evenly.
      const rotated = [...order.slice(round % order.length), ...order.slice(0, round % order.length)];
      for (const name of rotated) samples[name].push(await load(`${targets[name]}/board-users`, headers, SECONDS));
    }
    const summary = (xs: Sample[]): Sample => ({ rps: median(xs.map((x) => x.rps)), p50: median(xs.map((x) => x.p50)), p99: median(xs.map((x) => x.p99)) });

    await Promise.all([bare.close(), minimal.close()]);
    const none = { rps: NaN, p50: NaN, p99: NaN };
    const pick = (xs: Sample[]) => (xs.length ? summary(xs) : none);
    return {
      driver: app.driver,
      bare: pick(samples.bare),
      minimal: pick(samples.minimal),
      ours: pick(samples.ours),
      queriesFull,
      queriesPartial,
      cpu: { bare: median(cpu.bare), minimal: median(cpu.minimal), ours: median(cpu.ours) },
      databaseCpu: { minimal: median(databaseCpu.minimal), ours: median(databaseCpu.ours) },
    };
  } finally {
    await app.close();
  }
}

/** `npm start` → the first 200 of /login, on an installed, built checkout (median of BENCH_STARTS; bench/support/start-time.ts). */
async function startTime(): Promise<{ ms: number; driver: string }> {
  const { ours, driver } = await restarts(STARTS, 'npm start', async () => null);
  return { ms: median(ours.map((s) => s.ms)), driver };
}

const loadBefore = loadavg();
// BENCH_DRIVER=postgres (or pglite) measures one database only.
const drivers = (['pglite', 'postgres'] as const).filter((d) => (d === 'pglite' || process.env.BENCH_DATABASE_URL) && (!process.env.BENCH_DRIVER || process.env.BENCH_DRIVER === d));
const results: DriverResult[] = [];
for (const driver of drivers) results.push(await benchDriver(driver));
if (!CPU_ONLY) buildIfNeeded(ROOT, path.join(ROOT, 'public/build/.vite/manifest.json'));
const login = CPU_ONLY ? null : firstLoad(path.join(ROOT, 'public/build'), 'Auth/Login');
const start = CPU_ONLY || STARTS === 0 ? null : await startTime();
const loadAfter = loadavg();

const rows: [string, string, string, string][] = [];
const ok = (pass: boolean) => (pass ? 'met' : 'NOT met');
for (const r of results) {
  const cpuRatio = r.cpu.minimal / r.cpu.ours;
  rows.push([
    `${r.driver}: server CPU per visit, minimal / ours`,
    `${cpuRatio.toFixed(2)} (${r.cpu.minimal.toFixed(0)} / ${r.cpu.ours.toFixed(0)} µs; bare ${r.cpu.bare.toFixed(0)} µs)`,
    '(≈ req/s ratio, CPU-bound)',
    '',
  ]);
  if (r.driver === 'PostgreSQL' && !Number.isNaN(r.databaseCpu.ours)) {
    // It shares this machine's cores with the app: with both busy, the sum is what limits req/s.
    rows.push([`${r.driver}: database server CPU per visit, minimal / ours`, `${r.databaseCpu.minimal.toFixed(0)} / ${r.databaseCpu.ours.toFixed(0)} µs`, '(context)', '']);
  }
  rows.push([`${r.driver}: queries per visit (full / partial)`, `${r.queriesFull} / ${r.queriesPartial}`, '≤ 2', ok(r.queriesFull <= 2 && r.queriesPartial <= 2)]);
  if (CPU_ONLY) continue;
  const ratio = r.ours.rps / r.minimal.rps;
  rows.push([`${r.driver}: visit req/s, ours / minimal route`, `${ratio.toFixed(2)} (${r.ours.rps.toFixed(0)} / ${r.minimal.rps.toFixed(0)})`, '≥ 0.70', ok(ratio >= 0.7)]);
  rows.push([`${r.driver}: visit p99 / p50, 64 connections`, `${r.ours.p99} / ${r.ours.p50} ms`, '≤ 30 ms (quiet)', ok(r.ours.p99 <= 30)]);
  // Little's law: 64 connections at N req/s wait 64 / N s on average, whatever the code does.
  rows.push([`${r.driver}: minimal route p99 / p50 (the floor)`, `${r.minimal.p99} / ${r.minimal.p50} ms; mean 64 / req/s = ${((CONNECTIONS / r.minimal.rps) * 1000).toFixed(0)} ms`, '(context)', '']);
  rows.push([`${r.driver}: ours / bare Express, same JSON`, `${(r.ours.rps / r.bare.rps).toFixed(2)} (${r.bare.rps.toFixed(0)} bare)`, '(context)', '']);
  rows.push([`${r.driver}: minimal route / bare Express`, `${(r.minimal.rps / r.bare.rps).toFixed(2)}`, '(context)', '']);
}
const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
if (login) rows.push(['first load of /login, JS + CSS, brotli (gzip)', `${kb(login.br)} (${kb(login.gzip)}), ${login.files.length} files`, '≤ 110 KB', ok(login.br <= 110 * 1024)]);
if (start) rows.push([`npm start → first 200 (${start.driver}), median of ${STARTS}`, `${(start.ms / 1000).toFixed(2)} s`, '≤ 1.0 s', ok(start.ms <= 1000)]);

const widths = [0, 1, 2, 3].map((i) => Math.max(...rows.map((r) => r[i].length), ['measure', 'value', 'goal', ''][i].length));
const line = (r: string[]) => `  ${r.map((c, i) => c.padEnd(widths[i])).join('   ')}`;
console.log(`\nbench:http — ${CONNECTIONS} connections, ${ROUNDS} alternating rounds of ${SECONDS}s, medians`);
console.log(
  `load average before ${loadBefore.map((x) => x.toFixed(2)).join(', ')}; after ${loadAfter.map((x) => x.toFixed(2)).join(', ')}${loadBefore[0] >= 1 ? '  (not quiet: timings are indicative only)' : ''}\n`,
);
console.log(line(['measure', 'value', 'goal', '']));
for (const r of rows) console.log(line(r));
console.log('');
process.exit(0);

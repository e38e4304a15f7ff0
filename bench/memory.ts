/**
 * npm run bench:memory — memory of the real app in a child process, as `npm start` runs it (the
 * bundle of `server/cli/start.ts` on plain node; BENCH_RUNNER=tsx runs the sources through tsx),
 * on embedded PGlite (a data directory on disk) and on PostgreSQL, measured in the same run:
 *   1. after the first start and the demo seed (a fresh data directory: PGlite runs initdb),
 *   2. after a soak of signed-in Inertia page visits (autocannon, BENCH_SOAK_SECONDS),
 *   3. after a restart on the same data (the usual case: every start but the first).
 * Each is sampled twice, with no forced GC: BENCH_REST_SECONDS after (garbage of the phase still
 * in the heap) and at rest, BENCH_IDLE_SECONDS after: V8 shrinks an idle heap once no GC has run
 * for 100 s (its memory reducer's watchdog), so at rest is what an idle server holds.
 * The process reports process.memoryUsage() over its IPC channel (a one-line --import probe,
 * nothing in the app); peak RSS is VmHWM from /proc.
 *
 * PostgreSQL: BENCH_DATABASE_URL (else TEST_DATABASE_URL); the bench creates a private database
 * there and drops it afterwards. Without one, only PGlite is measured. BENCH_DRIVERS=pglite or
 * =postgres measures one of them.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { randomBytes } from 'node:crypto';
import autocannon from 'autocannon';
import pg from 'pg';
import { freePort } from '../tests/helpers/free-port';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SOAK_SECONDS = Number(process.env.BENCH_SOAK_SECONDS ?? 60);
const REST_SECONDS = Number(process.env.BENCH_REST_SECONDS ?? 5);
const IDLE_SECONDS = Number(process.env.BENCH_IDLE_SECONDS ?? 120);
const CONNECTIONS = 10;
const PASSWORD = 'bench-memory-password';
const PAGES = ['/dashboard', '/board-users', '/insights', '/users'];
const PG_URL = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL || '';
const DRIVERS = (process.env.BENCH_DRIVERS ?? 'pglite,postgres').split(',');
const RUNNER = process.env.BENCH_RUNNER === 'tsx' ? 'tsx' : 'bundle';
const ENTRY = RUNNER === 'tsx' ? ['--import', 'tsx', 'server/cli/start.ts'] : ['node_modules/.cache/boardly/start.mjs'];

/** Loaded into the app process with --import: answers a memory request on the IPC channel. */
const PROBE = `data:text/javascript,process.on('message', (m) => { if (m === 'memory') process.send({ memory: process.memoryUsage() }); });`;

interface Sample {
  rss: number;
  heapUsed: number;
  external: number;
  arrayBuffers: number;
  peak: number;
}

interface Soak {
  rps: number;
  p50: number;
  p99: number;
}

interface Rest {
  soon: Sample;
  idle: Sample;
}

interface Run {
  driver: string;
  first: Rest;
  soaked: Rest;
  soak: Soak;
  restarted: Rest;
}

const MB = 1024 * 1024;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

class AppProcess {
  private output: string[] = [];
  private constructor(
    private readonly child: ChildProcess,
    readonly url: string,
  ) {
    child.stdout!.on('data', (d) => this.output.push(String(d)));
    child.stderr!.on('data', (d) => this.output.push(String(d)));
  }

  static async start(env: Record<string, string>): Promise<AppProcess> {
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    const child = spawn(process.execPath, ['--import', PROBE, ...ENTRY], {
      cwd: ROOT,
      env: {
        ...process.env,
        APP_ENV: 'production',
        APP_URL: url,
        APP_HOST: '127.0.0.1',
        APP_PORT: String(port),
        APP_KEY: 'bench-memory',
        REVERB_HOST: '127.0.0.1',
        REVERB_PORT: String(await freePort()),
        LOG_LEVEL: 'warn',
        DEMO_PASSWORD: PASSWORD,
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
    });
    const app = new AppProcess(child, url);
    const deadline = Date.now() + 120_000;
    // "is running" is printed after the demo seed, so start + seed are both done.
    while (!app.output.join('').includes('is running at')) {
      if (child.exitCode !== null) throw new Error(`App exited (${child.exitCode}):\n${app.output.join('')}`);
      if (Date.now() > deadline) throw new Error(`App did not start in time:\n${app.output.join('')}`);
      await sleep(100);
    }
    return app;
  }

  async sample(): Promise<Sample> {
    const memory = await new Promise<NodeJS.MemoryUsage>((resolve) => {
      this.child.once('message', (m: { memory: NodeJS.MemoryUsage }) => resolve(m.memory));
      this.child.send('memory');
    });
    const status = readFileSync(`/proc/${this.child.pid}/status`, 'utf8');
    const peak = Number(/VmHWM:\s+(\d+) kB/.exec(status)?.[1] ?? 0) * 1024;
    return { rss: memory.rss, heapUsed: memory.heapUsed, external: memory.external, arrayBuffers: memory.arrayBuffers, peak };
  }

  async stop(): Promise<void> {
    if (this.child.exitCode !== null) return;
    const exited = new Promise((r) => this.child.once('exit', r));
    this.child.kill('SIGTERM');
    await Promise.race([exited, sleep(10_000).then(() => this.child.kill('SIGKILL'))]);
  }
}

/** A cookie jar of one browser: signs in as the demo owner and returns the Inertia visit headers. */
async function signIn(url: string): Promise<Record<string, string>> {
  const jar = new Map<string, string>();
  const keep = (res: Response) => {
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';');
      const eq = pair.indexOf('=');
      jar.set(pair.slice(0, eq), pair.slice(eq + 1));
    }
  };
  const cookie = () => [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
  keep(await fetch(`${url}/login`));
  const login = await fetch(`${url}/login`, {
    method: 'POST',
    redirect: 'manual',
    headers: {
      Cookie: cookie(),
      'Content-Type': 'application/json',
      'X-XSRF-TOKEN': decodeURIComponent(jar.get('XSRF-TOKEN') ?? ''),
      'X-Inertia': 'true',
      'X-Requested-With': 'XMLHttpRequest',
      Referer: `${url}/login`,
    },
    body: JSON.stringify({ email: 'owner@boardly.test', password: PASSWORD }),
  });
  keep(login);
  if (login.status !== 302 && login.status !== 303) throw new Error(`Sign-in answered ${login.status}`);
  const shell = await fetch(`${url}${PAGES[0]}`, { headers: { Cookie: cookie() } });
  keep(shell);
  const html = await shell.text();
  const page = JSON.parse(/<script data-page="app" type="application\/json">([\s\S]*?)<\/script>/.exec(html)![1]);
  if (page.component === 'Auth/Login') throw new Error('Sign-in did not stick');
  return { Cookie: cookie(), 'X-Inertia': 'true', 'X-Requested-With': 'XMLHttpRequest', 'X-Inertia-Version': page.version };
}

async function soak(url: string): Promise<Soak> {
  const headers = await signIn(url);
  const result = await autocannon({
    url,
    connections: CONNECTIONS,
    duration: SOAK_SECONDS,
    headers,
    requests: PAGES.map((p) => ({ method: 'GET' as const, path: p })),
  });
  if (result.non2xx > 0 || result.errors > 0) throw new Error(`Soak: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99 };
}

async function rest(app: AppProcess): Promise<Rest> {
  await sleep(REST_SECONDS * 1000);
  const soon = await app.sample();
  await sleep(Math.max(0, IDLE_SECONDS - REST_SECONDS) * 1000);
  return { soon, idle: await app.sample() };
}

async function measure(driver: string, env: Record<string, string>): Promise<Run> {
  console.error(`  ${driver}: first start…`);
  let app = await AppProcess.start(env);
  try {
    const first = await rest(app);
    console.error(`  ${driver}: soak ${SOAK_SECONDS}s…`);
    const soaked = await soak(app.url);
    const afterSoak = await rest(app);
    await app.stop();
    console.error(`  ${driver}: restart…`);
    app = await AppProcess.start(env);
    const restarted = await rest(app);
    return { driver, first, soaked: afterSoak, soak: soaked, restarted };
  } finally {
    await app.stop();
  }
}

async function withPrivateDatabase<T>(base: string, work: (url: string) => Promise<T>): Promise<T> {
  const name = `boardly_bench_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`create database ${name}`);
  try {
    const url = new URL(base);
    url.pathname = `/${name}`;
    return await work(url.toString());
  } finally {
    await admin.query(`drop database ${name} with (force)`);
    await admin.end();
  }
}

async function reachable(url: string): Promise<boolean> {
  if (!url) return false;
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.end();
    return true;
  } catch {
    return false;
  }
}

if (RUNNER === 'bundle') execFileSync(process.execPath, ['--import', 'tsx', 'server/cli/start-bundle.ts'], { cwd: ROOT, stdio: 'inherit' });
const runs: Run[] = [];
const storage = mkdtempSync(path.join(tmpdir(), 'boardly-bench-memory-'));
try {
  console.error(`Memory of the app (${RUNNER}; ${SOAK_SECONDS}s soak, ${CONNECTIONS} connections; sampled ${REST_SECONDS}s and ${IDLE_SECONDS}s after each phase):`);
  if (DRIVERS.includes('pglite')) runs.push(await measure('PGlite', { DATABASE_URL: '', STORAGE_DIR: storage, PGLITE_DIR: path.join(storage, 'pglite') }));
  if (DRIVERS.includes('postgres')) {
    if (await reachable(PG_URL)) runs.push(await withPrivateDatabase(PG_URL, (url) => measure('PostgreSQL', { DATABASE_URL: url, STORAGE_DIR: storage })));
    else console.error('  PostgreSQL: no BENCH_DATABASE_URL/TEST_DATABASE_URL answering; not measured.');
  }
} finally {
  rmSync(storage, { recursive: true, force: true });
}

const mb = (n: number) => (n / MB).toFixed(0).padStart(4);
const row = (label: string, r: Rest) =>
  `    ${label.padEnd(13)} rss ${mb(r.soon.rss)} →${mb(r.idle.rss)} MB   at rest: heapUsed ${mb(r.idle.heapUsed)}  external ${mb(r.idle.external)}  arrayBuffers ${mb(r.idle.arrayBuffers)}   peak ${mb(r.idle.peak)}`;
console.log(`\n  RSS ${REST_SECONDS}s → ${IDLE_SECONDS}s after each phase (MB)`);
for (const run of runs) {
  console.log(`  ${run.driver}`);
  console.log(row('first start', run.first));
  console.log(row('after soak', run.soaked));
  console.log(row('restart', run.restarted));
  console.log(`    soak: ${run.soak.rps.toFixed(0)} req/s   p50 ${run.soak.p50} ms   p99 ${run.soak.p99} ms`);
}
const lite = runs.find((r) => r.driver === 'PGlite');
const postgres = runs.find((r) => r.driver === 'PostgreSQL');
const ratio = (a: Sample, b: Sample) => (a.rss / b.rss).toFixed(2);
if (lite && postgres) {
  console.log('\n  PGlite / PostgreSQL, RSS at rest');
  console.log(
    `    first start ${ratio(lite.first.idle, postgres.first.idle)}   after soak ${ratio(lite.soaked.idle, postgres.soaked.idle)}   restart ${ratio(lite.restarted.idle, postgres.restarted.idle)}`,
  );
  console.log(`    soak req/s ${(lite.soak.rps / postgres.soak.rps).toFixed(2)}   p99 ${(lite.soak.p99 / postgres.soak.p99).toFixed(2)}`);
}
if (lite) {
  const worst = Math.max(lite.first.idle.rss, lite.soaked.idle.rss, lite.restarted.idle.rss);
  console.log(`\n  PGlite RSS at rest: ${mb(worst).trim()} MB at most   goal < 300 MB\n`);
}

/**
 * npm run bench:profile — where a signed-in `BoardUsers/Index` visit spends its CPU: the app
 * of bench:http (PGlite, or BENCH_DATABASE_URL's PostgreSQL) under 64 connections from an
 * autocannon process, profiled with V8's sampling profiler (what `node --cpu-prof` records)
 * for the load only. Writes the .cpuprofile (open it in Chrome DevTools for the flame graph)
 * and prints self time by package and the top functions.
 *
 * PROFILE_TARGET=minimal profiles the bench's minimal route instead (the same visit, written by
 * hand), for a side-by-side with the app's profile.
 *
 * BENCH_SECONDS (8); PROFILE_DIR (storage/profiles).
 */
import { execFile } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { Session, type Profiler } from 'node:inspector';
import { createRequire } from 'node:module';
import path from 'node:path';
import { promisify } from 'node:util';
import { ROOT } from '../server/root';
import { minimalRoute } from './support/minimal-route';
import { signedInApp } from './support/signed-in-app';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const autocannon = createRequire(import.meta.url).resolve('autocannon/autocannon.js');
const TARGET = process.env.PROFILE_TARGET === 'minimal' ? 'minimal' : 'visit';
const app = await signedInApp(process.env.BENCH_DATABASE_URL ? 'postgres' : 'pglite');
const minimal = TARGET === 'minimal' ? await minimalRoute(app, await (await fetch(`${app.url}/board-users`, { headers: app.headers })).text()) : null;
const url = minimal?.url ?? app.url;
const args = (seconds: number) => [autocannon, '-j', '-c', '64', '-d', String(seconds), ...Object.entries(app.headers).flatMap(([k, v]) => ['-H', `${k}=${v}`]), `${url}/board-users`];
await promisify(execFile)(process.execPath, args(2)); // warm-up

const session = new Session();
session.connect();
const post = <T>(method: string, params?: object) => new Promise<T>((resolve, reject) => session.post(method, params ?? {}, (error, result) => (error ? reject(error) : resolve(result as T))));
await post('Profiler.enable');
await post('Profiler.setSamplingInterval', { interval: 200 });
await post('Profiler.start');
const { stdout } = await promisify(execFile)(process.execPath, args(SECONDS), { maxBuffer: 10 * 1024 * 1024 });
const { profile } = await post<{ profile: Profiler.Profile }>('Profiler.stop');
const result = JSON.parse(stdout) as { requests: { average: number; total: number } };

const dir = path.resolve(ROOT, process.env.PROFILE_DIR ?? 'storage/profiles');
mkdirSync(dir, { recursive: true });
const file = path.join(dir, `${TARGET}-${app.driver.toLowerCase()}-${Date.now()}.cpuprofile`);
writeFileSync(file, JSON.stringify(profile));

// Self time per node, then grouped.
const self = new Map<number, number>();
profile.samples!.forEach((id, i) => self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas![i] ?? 0)));
const total = [...self.values()].reduce((a, b) => a + b, 0);
const group = (key: (frame: Profiler.ProfileNode['callFrame']) => string) => {
  const sums = new Map<string, number>();
  for (const node of profile.nodes) sums.set(key(node.callFrame), (sums.get(key(node.callFrame)) ?? 0) + (self.get(node.id) ?? 0));
  return [...sums].sort((a, b) => b[1] - a[1]);
};
const where = (frame: Profiler.ProfileNode['callFrame']) => {
  const url = frame.url.replace(/^file:\/\//, '');
  if (!url) return frame.functionName ? `(${frame.functionName})` : '(native)';
  const pkg = url.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/);
  if (pkg) return pkg[1];
  if (url.startsWith('node:')) return url;
  return path.relative(ROOT, url);
};
const pct = (n: number) => `${((100 * n) / total).toFixed(1).padStart(5)}%`;
console.log(`\n${app.driver}: ${result.requests.total} visits in ${SECONDS}s (${result.requests.average.toFixed(0)} req/s), profile: ${file}\n\nSelf time by package or file:`);
for (const [k, v] of group(where).slice(0, 22)) console.log(`  ${pct(v)}  ${k}`);
console.log('\nTop functions (self):');
for (const [k, v] of group((f) => `${f.functionName || '(anonymous)'}  ${where(f)}:${f.lineNumber + 1}`).slice(0, 25)) console.log(`  ${pct(v)}  ${k}`);
await minimal?.close();
await app.close();
process.exit(0);

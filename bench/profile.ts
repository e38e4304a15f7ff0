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
 * PROFILE_KIND=alloc records what the visits allocate instead (V8's sampling heap profiler,
 * counting objects already collected too): KB per visit by package and by function. Garbage
 * collection was the largest difference from the minimal route, and it follows allocation.
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
const where = (frame: Profiler.ProfileNode['callFrame']) => {
  const url = frame.url.replace(/^file:\/\//, '');
  if (!url) return frame.functionName ? `(${frame.functionName})` : '(native)';
  const pkg = url.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/);
  if (pkg) return pkg[1];
  if (url.startsWith('node:')) return url;
  return path.relative(ROOT, url);
};
const fn = (f: Profiler.ProfileNode['callFrame']) => `${f.functionName || '(anonymous)'}  ${where(f)}:${f.lineNumber + 1}`;
const top = (sums: Map<string, number>, n: number) => [...sums].sort((a, b) => b[1] - a[1]).slice(0, n);
const add = (sums: Map<string, number>, key: string, value: number) => sums.set(key, (sums.get(key) ?? 0) + value);
const load = async () => {
  const { stdout } = await promisify(execFile)(process.execPath, args(SECONDS), { maxBuffer: 10 * 1024 * 1024 });
  return (JSON.parse(stdout) as { requests: { average: number; total: number } }).requests;
};

if (process.env.PROFILE_KIND === 'alloc') {
  interface AllocNode {
    callFrame: Profiler.ProfileNode['callFrame'];
    selfSize: number;
    children: AllocNode[];
  }
  await post('HeapProfiler.enable');
  await post('HeapProfiler.startSampling', { samplingInterval: 1024, includeObjectsCollectedByMajorGC: true, includeObjectsCollectedByMinorGC: true });
  const requests = await load();
  const { profile } = await post<{ profile: { head: AllocNode } }>('HeapProfiler.getSamplingProfile');
  await post('HeapProfiler.stopSampling');
  const byPackage = new Map<string, number>();
  const byFunction = new Map<string, number>();
  const walk = (node: AllocNode) => {
    add(byPackage, where(node.callFrame), node.selfSize);
    add(byFunction, fn(node.callFrame), node.selfSize);
    node.children.forEach(walk);
  };
  walk(profile.head);
  const kb = (bytes: number) => `${(bytes / requests.total / 1024).toFixed(2).padStart(6)} KB`;
  const total = [...byPackage.values()].reduce((a, b) => a + b, 0);
  console.log(`\n${app.driver} ${TARGET}: ${requests.total} visits in ${SECONDS}s, ${kb(total).trim()} allocated per visit (sampled)\n\nBy package or file:`);
  for (const [k, v] of top(byPackage, 22)) console.log(`  ${kb(v)}  ${k}`);
  console.log('\nTop functions:');
  for (const [k, v] of top(byFunction, 25)) console.log(`  ${kb(v)}  ${k}`);
} else {
  await post('Profiler.enable');
  await post('Profiler.setSamplingInterval', { interval: 200 });
  await post('Profiler.start');
  const requests = await load();
  const { profile } = await post<{ profile: Profiler.Profile }>('Profiler.stop');

  const dir = path.resolve(ROOT, process.env.PROFILE_DIR ?? 'storage/profiles');
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `${TARGET}-${app.driver.toLowerCase()}-${Date.now()}.cpuprofile`);
  writeFileSync(file, JSON.stringify(profile));

  // Self time per node, then grouped; also in µs per visit, comparable between the two targets.
  const self = new Map<number, number>();
  profile.samples!.forEach((id, i) => {
    self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas![i] ?? 0));
  });
  const total = [...self.values()].reduce((a, b) => a + b, 0);
  const group = (key: (frame: Profiler.ProfileNode['callFrame']) => string) => {
    const sums = new Map<string, number>();
    for (const node of profile.nodes) add(sums, key(node.callFrame), self.get(node.id) ?? 0);
    return sums;
  };
  const cell = (n: number) => `${((100 * n) / total).toFixed(1).padStart(5)}%  ${(n / requests.total).toFixed(1).padStart(6)} µs`;
  console.log(`\n${app.driver} ${TARGET}: ${requests.total} visits in ${SECONDS}s (${requests.average.toFixed(0)} req/s), profile: ${file}\n\nSelf time by package or file (share, µs per visit):`);
  for (const [k, v] of top(group(where), 22)) console.log(`  ${cell(v)}  ${k}`);
  console.log('\nTop functions (self):');
  for (const [k, v] of top(group(fn), 25)) console.log(`  ${cell(v)}  ${k}`);
}
await minimal?.close();
await app.close();
process.exit(0);

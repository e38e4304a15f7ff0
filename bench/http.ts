/**
 * npm run bench:http — an Inertia JSON visit of a page with a 25-row prop, through the whole
 * middleware stack (security headers, session, CSRF cookie, shared props, protocol adapter),
 * against a bare Express route answering the same JSON, measured in the same run.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { execFile } from 'node:child_process';
import { createRequire } from 'node:module';
import { promisify } from 'node:util';
import express from 'express';
import { createApp } from '../server/app';
import { boot } from '../server/bootstrap';
import { loadConfig } from '../server/config';
import { createDatabase } from '../server/db/connection';
import { createLogger } from '../server/lib/logger';
import { MemoryBroadcaster } from '../server/broadcasting/broadcaster';
import { MemoryMailer } from '../server/mail/mailer';

// The page this bench renders: rows as the board users' index would get them (no component: only the server side is measured).
declare module '../server/inertia/middleware' {
  interface PageRegistry {
    'Bench/Rows': { boardUsers: unknown[]; filters: { search: string } };
  }
}

const DURATION = Number(process.env.BENCH_SECONDS ?? 8);
const CONNECTIONS = 20;

const rows = Array.from({ length: 25 }, (_, i) => ({
  id: i + 1,
  first_name: `First ${i}`,
  last_name: `Last ${i}`,
  email: `person${i}@example.test`,
  position: 'Trustee',
  board_name: 'Riverside Housing Trust',
  status: i % 4 ? 'active' : 'inactive',
  tags: ['finance', 'audit'],
}));

async function listen(app: express.Express): Promise<{ url: string; close: () => Promise<void> }> {
  const server = app.listen(0, '127.0.0.1');
  await new Promise((r) => server.once('listening', r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise((r) => server.close(() => r())),
  };
}

const autocannonBin = createRequire(import.meta.url).resolve('autocannon/autocannon.js');
const run = promisify(execFile);

/** The load comes from another process, so it does not compete with the server's event loop. */
async function load(url: string, headers: Record<string, string>, seconds: number) {
  const args = [autocannonBin, '-j', '-c', String(CONNECTIONS), '-d', String(seconds), ...Object.entries(headers).flatMap(([k, v]) => ['-H', `${k}=${v}`]), url];
  const { stdout } = await run(process.execPath, args, { maxBuffer: 10 * 1024 * 1024 });
  return JSON.parse(stdout) as { requests: { average: number }; latency: { p50: number; p99: number }; non2xx: number; errors: number };
}

async function measure(label: string, url: string, headers: Record<string, string>) {
  await load(url, headers, 2); // warm-up: JIT, first allocations
  const result = await load(url, headers, DURATION);
  if (result.non2xx > 0 || result.errors > 0) throw new Error(`${label}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return { label, rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99 };
}

const config = loadConfig({ APP_ENV: 'production', LOG_LEVEL: 'silent', APP_KEY: 'bench', REVERB_SERVER_ENABLED: 'false', SCHEDULER_ENABLED: 'false' });
// PGlite by default (what `npm start` uses); BENCH_DATABASE_URL measures on PostgreSQL.
const database = createDatabase({ url: process.env.BENCH_DATABASE_URL || undefined, pgliteDir: 'memory' });
const booted = await boot(config, { database, logger: createLogger('silent'), mailer: new MemoryMailer(), broadcaster: new MemoryBroadcaster() });
const dir = mkdtempSync(path.join(tmpdir(), 'boardly-bench-'));
booted.ctx.paths.manifest = path.join(dir, 'manifest.json');
writeFileSync(booted.ctx.paths.manifest, JSON.stringify({ 'resources/js/app.tsx': { file: 'assets/app.js', isEntry: true } }));

const app = createApp(booted.ctx, {
  extraRoutes: (router) => router.get('/bench/rows', (req, res) => res.inertia.render('Bench/Rows', { boardUsers: rows, filters: { search: '' } })),
});
const ours = await listen(app);
const first = await fetch(`${ours.url}/bench/rows`);
const html = await first.text();
const page = JSON.parse(html.match(/<script data-page="app" type="application\/json">([\s\S]*?)<\/script>/)![1]);
// A returning browser: it sends the session and XSRF cookies it was given.
const cookies = first.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
const inertiaHeaders = { Cookie: cookies, 'X-Inertia': 'true', 'X-Requested-With': 'XMLHttpRequest', 'X-Inertia-Version': page.version, Accept: 'text/html, application/xhtml+xml' };

// The same JSON from a bare route.
const bareJson = JSON.stringify(page);
const bare = express();
bare.get('/bench/rows', (req, res) => {
  res.set('X-Inertia', 'true').type('json').send(bareJson);
});
const bareServer = await listen(bare);

const baseline = await measure('bare Express, same JSON', `${bareServer.url}/bench/rows`, inertiaHeaders);
const inertia = await measure('Inertia visit (full stack)', `${ours.url}/bench/rows`, inertiaHeaders);

const fmt = (r: { label: string; rps: number; p50: number; p99: number }) =>
  `  ${r.label.padEnd(30)} ${r.rps.toFixed(0).padStart(7)} req/s   p50 ${String(r.p50).padStart(3)} ms   p99 ${String(r.p99).padStart(3)} ms`;
console.log(`\nInertia JSON visit, 25-row prop (${CONNECTIONS} connections, ${DURATION}s each, ${database.driver})`);
console.log(fmt(baseline));
console.log(fmt(inertia));
console.log(`  ratio (ours / bare req/s): ${(inertia.rps / baseline.rps).toFixed(2)}   goal ≥ 0.70\n`);

await ours.close();
await bareServer.close();
await booted.close();
process.exit(0);

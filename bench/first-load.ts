/**
 * npm run bench:first-load — issue #24's two budgets, measured in one run on this machine.
 *
 * First load: the built app (`node server/cli/launch.mjs`, production, a PGlite database of its
 * own) and Debian's Chromium (/usr/bin/chromium, or CHROMIUM_PATH) through playwright-core: every
 * response of /login until the network has been idle for half a second, post-render fetches
 * included, its body counted as it came over the wire (brotli as served; tests/helpers/first-load-bytes.ts).
 * Printed against the 110 KB budget and against the HTML alone; headers beside, for context.
 *
 * Restart: `npm start` on a built checkout whose database is migrated and seeded, to the first
 * 200 of /login, median of BENCH_STARTS (5); in alternation with the floor, a bare `node -e` HTTP
 * server started the same way (bench/support/start-time.ts). Printed against the 1.0 s budget and
 * as a ratio to the floor, with the CPU time used until the 200 (steadier than wall time under load).
 * BENCH_STARTS=0 skips it.
 */
import { existsSync } from 'node:fs';
import { loadavg } from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { buildIfNeeded } from '../server/cli/build-if-needed';
import { ROOT } from '../server/root';
import { FIRST_LOAD_BUDGET, firstLoadBytes, kilobytes, type FirstLoad } from '../tests/helpers/first-load-bytes';
import { withApp } from './support/launched-app';
import { bareNodeStart, median, restarts } from './support/start-time';

const STARTS = Number(process.env.BENCH_STARTS ?? 5);
const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const RESTART_BUDGET_MS = 1000;

async function firstLoad(): Promise<FirstLoad> {
  if (!existsSync(CHROMIUM)) throw new Error(`No Chromium at ${CHROMIUM} (set CHROMIUM_PATH)`);
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
  try {
    return await withApp('first-load', async (url) => {
      // A new context per visit: an empty cache, as a first visit has. The larger of two visits counts.
      const visits: FirstLoad[] = [];
      for (let i = 0; i < 2; i++) {
        const context = await browser.newContext();
        visits.push(await firstLoadBytes(await context.newPage(), `${url}/login`));
        await context.close();
      }
      return visits.sort((a, b) => b.bodyBytes - a.bodyBytes)[0];
    });
  } finally {
    await browser.close();
  }
}

buildIfNeeded(ROOT, path.join(ROOT, 'public/build/.vite/manifest.json'));
const loadBefore = loadavg();
const load = await firstLoad();
const start = STARTS > 0 ? await restarts(STARTS, 'npm start', bareNodeStart) : null;
const loadAfter = loadavg();

const rows: [string, string, string, string][] = [];
const ok = (pass: boolean) => (pass ? 'met' : 'NOT met');
rows.push([
  `first load of /login until idle: bodies, as served`,
  `${kilobytes(load.bodyBytes)}, ${load.responses.length} responses`,
  `≤ ${kilobytes(FIRST_LOAD_BUDGET)}`,
  ok(load.bodyBytes <= FIRST_LOAD_BUDGET),
]);
rows.push([`  / the 110 KB budget`, (load.bodyBytes / FIRST_LOAD_BUDGET).toFixed(2), '≤ 1.00', '']);
rows.push([`  / the HTML alone (${kilobytes(load.htmlBytes)})`, `${(load.bodyBytes / load.htmlBytes).toFixed(0)}×`, '(context)', '']);
rows.push([`  headers of those responses`, kilobytes(load.headerBytes), '(context)', '']);
if (start) {
  const ours = median(start.ours.map((s) => s.ms));
  const floor = median(start.floor.map((s) => s.ms));
  const cpu = median(start.ours.map((s) => s.cpuMs));
  const floorCpu = median(start.floor.map((s) => s.cpuMs));
  rows.push([`npm start → first 200 of /login (${start.driver}), median of ${STARTS}`, `${(ours / 1000).toFixed(2)} s`, '≤ 1.0 s', ok(ours <= RESTART_BUDGET_MS)]);
  rows.push([`  / bare node -e HTTP server (${(floor / 1000).toFixed(2)} s)`, `${(ours / floor).toFixed(1)}×`, '(context)', '']);
  rows.push([`  CPU until the 200, ours / bare node`, `${(cpu / 1000).toFixed(2)} s / ${(floorCpu / 1000).toFixed(2)} s`, '(context)', '']);
}

const widths = [0, 1, 2, 3].map((i) => Math.max(...rows.map((r) => r[i].length), ['measure', 'value', 'goal', ''][i].length));
const line = (r: string[]) => `  ${r.map((c, i) => c.padEnd(widths[i])).join('   ')}`;
console.log(`\nbench:first-load — Chromium ${CHROMIUM}; restarts: BENCH_STARTS=${STARTS}, alternating with the floor`);
console.log(
  `load average before ${loadBefore.map((x) => x.toFixed(2)).join(', ')}; after ${loadAfter.map((x) => x.toFixed(2)).join(', ')}${loadBefore[0] >= 1 ? '  (not quiet: timings are indicative only)' : ''}\n`,
);
console.log(line(['measure', 'value', 'goal', '']));
for (const r of rows) console.log(line(r));
console.log('\n  what /login downloaded:');
for (const r of [...load.responses].sort((a, b) => b.bodyBytes - a.bodyBytes)) console.log(`    ${kilobytes(r.bodyBytes).padStart(9)}  ${(r.encoding ?? '-').padEnd(4)} ${new URL(r.url).pathname}`);
console.log('');
process.exit(0);

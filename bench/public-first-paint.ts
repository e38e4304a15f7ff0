/**
 * npm run bench:public-first-paint — a shared insight (`GET /p/{orgSlug}/{token}`, page
 * Insights/Public/Show) with server rendering and without, in one run, as ratios SSR / CSR.
 *
 * Two processes of the same build, each started as `npm start` starts it (bench/support/launched-app.ts)
 * on its own fresh PGlite directory: one as configured by default (server rendering on), one with
 * SSR_ENABLED=false. The insight is the seeded demo organisation's first shared one (published,
 * a real title, headings, lists and a quote in its Markdown body); its link is read from the
 * public index page /p/northwind as a visitor would follow it, over HTTP. Each process seeds its
 * own database, so each has its own share token.
 *
 * Each visit: a new browser context (empty cache, no cookies), Lighthouse's mobile viewport, and
 * Lighthouse's mobile "slow 4G" as DevTools throttling applies it (CDP, see THROTTLING below), with
 * the CPU slowed BENCH_CPU_THROTTLE times (4, Lighthouse's mobile multiplier; 1 turns it off).
 * The two variants alternate (ABBA), after one unmeasured visit of each that warms the servers.
 * BENCH_RUNS (7) visits of each; medians are printed, with the spread.
 *
 * What is measured, in the page (an init script, which runs before any of the page's own scripts):
 *  - First contentful paint: the `paint` entry `first-contentful-paint` (performance.now() clock).
 *  - Text visible: when the h1 holding the insight's title was painted, from Element Timing on the
 *    same clock and with the same meaning as FCP (the frame's presentation time). A MutationObserver
 *    in the init script gives that h1 an `elementtiming` attribute as it enters the DOM, before any
 *    frame can paint it (a measuring-only attribute; the production build of React does not compare
 *    attributes when it hydrates). Cross-check, and fallback if no entry came: a requestAnimationFrame
 *    loop from the start of the document finds the h1, laid out, and takes the time of the *next*
 *    frame (rAF runs before a frame's paint and not while the stylesheet blocks rendering, so the next
 *    one follows the frame that drew the title; it can precede that frame's presentation by a little).
 *    That loop also records whether React had taken the root element by then (its
 *    `__reactContainer$…` key): for server rendering, whether the text was on screen before the app's
 *    script had run.
 *  - Bytes before the text: what Chromium's network stack delivered for this page up to the
 *    text-visible moment, from CDP's Network domain as it reports it under throttling: for a
 *    response finished by then, `loadingFinished.encodedDataLength` (its real headers and its body as
 *    it came over the wire, compressed as served); for one still arriving, its `dataReceived`
 *    encodedDataLength up to then (coarse: Chromium reports most chunks as 0 and the encoded bytes in
 *    one late batch, so a response in flight counts little or nothing; its headers are left out).
 *    CDP stamps events on the browser's monotonic clock and the page on its own; the two meet through
 *    wall time: the document request's `requestWillBeSent` gives a (monotonic, wall) pair, the page
 *    gives performance.timeOrigin + its time. Both wall clocks are the same machine's, so the error is
 *    a millisecond or so, against 562.5 ms of latency per request. Cross-check printed beside: the
 *    page's Resource Timing, transferSize of the entries whose responseEnd came before the moment, on
 *    the page's own clock; it sees whole responses only and counts every response's headers as a flat
 *    300 bytes, so it reads a few KB under CDP (headers here are ≈ 0.9–1.2 KB each).
 *
 * The goal (the issue): the text visible before any JavaScript has run, and FCP at most half of
 * today's (SSR / CSR ≤ 0.5). The first is checked by one more visit with JavaScript disabled in the
 * browser context (the title must be visible), the second by the medians. Missing the goal is
 * printed, not failed: the exit code is non-zero only when something could not be measured.
 */
import { existsSync } from 'node:fs';
import { loadavg } from 'node:os';
import path from 'node:path';
import { type Browser, type CDPSession, chromium } from 'playwright-core';
import { buildIfNeeded } from '../server/cli/build-if-needed';
import { ROOT } from '../server/root';
import { kilobytes } from '../tests/helpers/first-load-bytes';
import { launchApp, type LaunchedApp } from './support/launched-app';
import { median } from './support/start-time';

const RUNS = Number(process.env.BENCH_RUNS ?? 7);
const CPU_THROTTLE = Number(process.env.BENCH_CPU_THROTTLE ?? 4);
const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const ORG_SLUG = 'northwind'; // the seeded demo organisation (server/db/seed.ts)
const VISIT_TIMEOUT_MS = 30_000;

/**
 * Lighthouse's mobile "slow 4G" (lighthouse core/config/constants.js `throttling.mobileSlow4G`:
 * rttMs 150, throughputKbps 1.6 × 1024, uploadThroughputKbps 750) as DevTools throttling applies
 * it: request latency × DEVTOOLS_RTT_ADJUSTMENT_FACTOR (3.75) = 562.5 ms, throughputs ×
 * DEVTOOLS_THROUGHPUT_ADJUSTMENT_FACTOR (0.9), converted to bytes/s as Lighthouse's driver does
 * (Kbps × 1024 / 8, floored).
 */
const THROTTLING = {
  offline: false,
  latency: 150 * 3.75,
  downloadThroughput: Math.floor((1.6 * 1024 * 0.9 * 1024) / 8),
  uploadThroughput: Math.floor((750 * 0.9 * 1024) / 8),
};
/** Lighthouse's mobile screen (constants.js `screenEmulationMetrics.mobile`), without touch. */
const VIEWPORT = { width: 412, height: 823 };

type Variant = 'SSR' | 'CSR';

interface Visit {
  fcp: number;
  /** The title's Element Timing renderTime, or (where none came) the rAF after it was first seen. */
  visible: number;
  /** The rAF after the frame in which the title was first seen in the DOM, laid out. */
  rafVisible: number;
  /** `visible` came from Element Timing. */
  elementTiming: boolean;
  /** CDP, up to the text-visible moment. */
  bytes: number;
  /** Resource Timing transferSize of the responses that ended before the text-visible moment. */
  rtBytes: number;
  /** React had taken the root element when the title was first seen. */
  reactMounted: boolean;
  errors: string[];
}

interface PageReport {
  fcp: number;
  seen: number;
  visible: number;
  painted: number | null;
  timeOrigin: number;
  reactMounted: boolean;
  rtBytes: number;
}

/**
 * Runs in the page before its own scripts; reports through the `__benchReport` binding. Plain
 * JavaScript in a string: a function handed to Playwright would be sent as tsx compiled it, with
 * helpers (`__name`) the page does not have.
 */
const probe = (title: string) => `(() => {
  const title = ${JSON.stringify(title)};
  let fcp = null, seen = null, visible = null, painted = null, gaveUp = false, done = false;
  function finish() {
    if (done || fcp === null || seen === null || visible === null || (painted === null && !gaveUp)) return;
    done = true;
    const at = painted === null ? visible : painted;
    let rtBytes = 0;
    for (const e of performance.getEntriesByType('navigation')) if (e.responseEnd <= at) rtBytes += e.transferSize;
    for (const e of performance.getEntriesByType('resource')) if (e.responseEnd <= at) rtBytes += e.transferSize;
    window.__benchReport({ fcp, seen: seen.at, visible, painted, timeOrigin: performance.timeOrigin, reactMounted: seen.reactMounted, rtBytes });
  }
  const isTitle = (h) => (h.textContent || '').trim() === title;
  new MutationObserver(() => {
    for (const h of document.querySelectorAll('h1:not([elementtiming])')) if (isTitle(h)) h.setAttribute('elementtiming', 'bench-title');
  }).observe(document, { childList: true, subtree: true, characterData: true });
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) if (e.identifier === 'bench-title' && painted === null) painted = e.renderTime || e.loadTime;
    finish();
  }).observe({ type: 'element', buffered: true });
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) if (e.name === 'first-contentful-paint' && fcp === null) fcp = e.startTime;
    finish();
  }).observe({ type: 'paint', buffered: true });
  function poll() {
    const h1 = Array.from(document.querySelectorAll('h1')).find(isTitle);
    if (h1 && h1.getBoundingClientRect().height > 0) {
      const root = document.getElementById('app');
      seen = { at: performance.now(), reactMounted: !!root && Object.keys(root).some((k) => k.startsWith('__reactContainer$')) };
      requestAnimationFrame(() => {
        visible = performance.now();
        setTimeout(() => { gaveUp = true; finish(); }, 2000);
        finish();
      });
      return;
    }
    requestAnimationFrame(poll);
  }
  requestAnimationFrame(poll);
})();`;

interface WireEvent {
  requestId: string;
  timestamp: number;
  encodedDataLength: number;
}

/** Network events of one visit, on CDP's monotonic clock (seconds). */
function recordNetwork(cdp: CDPSession) {
  let anchor: { timestamp: number; wallTime: number } | null = null;
  const finished = new Map<string, WireEvent>();
  const chunks: WireEvent[] = [];
  cdp.on('Network.requestWillBeSent', (e) => {
    if (!anchor && e.type === 'Document') anchor = { timestamp: e.timestamp, wallTime: e.wallTime };
  });
  cdp.on('Network.dataReceived', (e) => void chunks.push(e));
  cdp.on('Network.loadingFinished', (e) => void finished.set(e.requestId, e));
  return {
    /** Bytes delivered up to wall time `wallMs` (ms since the epoch). */
    bytesBefore(wallMs: number): number {
      if (!anchor) throw new Error('no document request seen on CDP');
      const t = anchor.timestamp + (wallMs / 1000 - anchor.wallTime);
      let bytes = 0;
      for (const e of finished.values()) if (e.timestamp <= t) bytes += e.encodedDataLength;
      for (const c of chunks) {
        const done = finished.get(c.requestId);
        if (c.timestamp <= t && !(done && done.timestamp <= t)) bytes += c.encodedDataLength;
      }
      return bytes;
    },
  };
}

async function visit(browser: Browser, url: string, title: string): Promise<Visit> {
  const context = await browser.newContext({ viewport: VIEWPORT });
  try {
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('console', (m) => void (m.type() === 'error' && errors.push(m.text())));
    page.on('pageerror', (e) => void errors.push(`pageerror: ${e.message}`));
    let resolveReport: (r: PageReport) => void = () => {};
    const reported = new Promise<PageReport>((r) => {
      resolveReport = r;
    });
    await page.exposeBinding('__benchReport', (_source, report: PageReport) => resolveReport(report));
    await page.addInitScript(probe(title));
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', THROTTLING);
    if (CPU_THROTTLE > 1) await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_THROTTLE });
    const network = recordNetwork(cdp);
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`${url}: the title was not visible within ${VISIT_TIMEOUT_MS / 1000} s`)), VISIT_TIMEOUT_MS);
    });
    try {
      await Promise.race([page.goto(url, { waitUntil: 'commit' }), timeout]);
      const report = await Promise.race([reported, timeout]);
      // Console errors of hydration surface while React hydrates, which may end after the text is visible.
      await Promise.race([page.waitForLoadState('load'), timeout]);
      await page.waitForTimeout(300);
      return {
        fcp: report.fcp,
        visible: report.painted ?? report.visible,
        rafVisible: report.visible,
        elementTiming: report.painted !== null,
        bytes: network.bytesBefore(report.timeOrigin + (report.painted ?? report.visible)),
        rtBytes: report.rtBytes,
        reactMounted: report.reactMounted,
        errors,
      };
    } finally {
      clearTimeout(timer);
    }
  } finally {
    await context.close();
  }
}

/** One visit with JavaScript off: is the title on screen with no script run at all? */
async function visibleWithoutJavaScript(browser: Browser, url: string, title: string): Promise<boolean> {
  const context = await browser.newContext({ viewport: VIEWPORT, javaScriptEnabled: false });
  try {
    const page = await context.newPage();
    await page.goto(url, { waitUntil: 'load' });
    return await page.getByRole('heading', { level: 1, name: title, exact: true }).isVisible();
  } finally {
    await context.close();
  }
}

/** The seeded shared insight, found as a visitor finds it: the organisation's public index. */
async function sharedInsight(app: LaunchedApp): Promise<{ url: string; title: string; serverRendered: boolean }> {
  const index = await fetch(`${app.url}/p/${ORG_SLUG}`);
  const html = await index.text();
  const json = html.match(/<script data-page="app" type="application\/json">([\s\S]*?)<\/script>/)?.[1];
  if (index.status !== 200 || !json) throw new Error(`${app.url}/p/${ORG_SLUG} answered ${index.status} without a page object`);
  const insights = JSON.parse(json.replace(/\\\//g, '/')).props.insights.data as { title: string; url: string }[];
  if (!insights.length) throw new Error('the demo organisation has no shared insight');
  const { title, url } = insights[0];
  const show = await (await fetch(`${app.url}${url}`)).text();
  return { url: `${app.url}${url}`, title, serverRendered: show.includes('data-server-rendered="true"') };
}

const spread = (xs: number[]) => `${Math.round(Math.min(...xs))}–${Math.round(Math.max(...xs))}`;

if (!existsSync(CHROMIUM)) throw new Error(`No Chromium at ${CHROMIUM} (set CHROMIUM_PATH)`);
buildIfNeeded(ROOT, path.join(ROOT, 'public/build/.vite/manifest.json'));
const loadBefore = loadavg();
const started = performance.now();
const apps: Partial<Record<Variant, LaunchedApp>> = {};
let browser: Browser | null = null;
try {
  // One after the other: two first starts (migrate, seed) at once would only contend for the 2 cores.
  apps.SSR = await launchApp('public-first-paint-ssr');
  apps.CSR = await launchApp('public-first-paint-csr', { SSR_ENABLED: 'false' });
  const targets = { SSR: await sharedInsight(apps.SSR), CSR: await sharedInsight(apps.CSR) };
  if (!targets.SSR.serverRendered) throw new Error('the SSR process did not render the insight on the server (is the renderer built?)');
  if (targets.CSR.serverRendered) throw new Error('the SSR_ENABLED=false process rendered the insight on the server');
  browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
  const b = browser;
  const go = (v: Variant) => visit(b, targets[v].url, targets[v].title);
  await go('SSR');
  await go('CSR');
  const visits: Record<Variant, Visit[]> = { SSR: [], CSR: [] };
  for (let i = 0; i < RUNS; i++) {
    const order: Variant[] = i % 2 ? ['CSR', 'SSR'] : ['SSR', 'CSR'];
    for (const v of order) visits[v].push(await go(v));
  }
  const noJs = await visibleWithoutJavaScript(b, targets.SSR.url, targets.SSR.title);
  const noJsCsr = await visibleWithoutJavaScript(b, targets.CSR.url, targets.CSR.title);
  const loadAfter = loadavg();

  type Key = 'fcp' | 'visible' | 'rafVisible' | 'bytes' | 'rtBytes';
  const m = (v: Variant, key: Key) => median(visits[v].map((x) => x[key]));
  const ms = (x: number) => `${Math.round(x)} ms`;
  const ratio = (key: Key) => m('SSR', key) / m('CSR', key);
  const fcpRatio = ratio('fcp');
  const rows: string[][] = [
    ['first contentful paint', ms(m('SSR', 'fcp')), ms(m('CSR', 'fcp')), fcpRatio.toFixed(2), '≤ 0.50'],
    ['  spread (min–max, ms)', spread(visits.SSR.map((x) => x.fcp)), spread(visits.CSR.map((x) => x.fcp)), '', ''],
    ['insight title visible', ms(m('SSR', 'visible')), ms(m('CSR', 'visible')), ratio('visible').toFixed(2), ''],
    ['  spread (min–max, ms)', spread(visits.SSR.map((x) => x.visible)), spread(visits.CSR.map((x) => x.visible)), '', ''],
    ['  cross-check: rAF after the title was in the DOM', ms(m('SSR', 'rafVisible')), ms(m('CSR', 'rafVisible')), ratio('rafVisible').toFixed(2), ''],
    ['bytes received before the title (CDP)', kilobytes(m('SSR', 'bytes')), kilobytes(m('CSR', 'bytes')), ratio('bytes').toFixed(2), ''],
    ['  cross-check: Resource Timing transferSize', kilobytes(m('SSR', 'rtBytes')), kilobytes(m('CSR', 'rtBytes')), ratio('rtBytes').toFixed(2), ''],
  ];
  const header = ['measure (median)', 'SSR', 'CSR', 'SSR/CSR', 'goal'];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (r: string[]) => `  ${r.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('   ')}`;

  const mountedAtVisible = visits.SSR.filter((x) => x.reactMounted).length;
  const csrMounted = visits.CSR.filter((x) => x.reactMounted).length;
  const goalMet = noJs && fcpRatio <= 0.5;
  console.log(`\nbench:public-first-paint — ${targets.SSR.url.replace(/^https?:\/\/[^/]+/, '')} ("${targets.SSR.title}"), Chromium ${CHROMIUM}`);
  console.log(
    `throttling: slow 4G (${THROTTLING.latency} ms RTT, ${((THROTTLING.downloadThroughput * 8) / 1e6).toFixed(2)} Mbit/s down, ${((THROTTLING.uploadThroughput * 8) / 1e6).toFixed(2)} Mbit/s up), CPU ${CPU_THROTTLE > 1 ? `${CPU_THROTTLE}× slower` : 'not throttled'}; viewport ${VIEWPORT.width}×${VIEWPORT.height}; BENCH_RUNS=${RUNS} visits of each, alternating, cold cache`,
  );
  console.log(
    `load average before ${loadBefore.map((x) => x.toFixed(2)).join(', ')}; after ${loadAfter.map((x) => x.toFixed(2)).join(', ')}${loadBefore[0] >= 1 ? '  (not quiet: timings are indicative only)' : ''}\n`,
  );
  console.log(line(header));
  for (const r of rows) console.log(line(r));
  console.log('');
  console.log(`  SSR, JavaScript disabled: title ${noJs ? 'visible' : 'NOT visible'} (CSR, JavaScript disabled: ${noJsCsr ? 'visible' : 'not visible'})`);
  console.log(
    `  title paint from Element Timing: SSR ${visits.SSR.filter((x) => x.elementTiming).length}/${RUNS} visits, CSR ${visits.CSR.filter((x) => x.elementTiming).length}/${RUNS} (else the rAF time)`,
  );
  console.log(`  React had taken the root when the title was first seen: SSR ${mountedAtVisible}/${RUNS} visits, CSR ${csrMounted}/${RUNS}`);
  for (const v of ['SSR', 'CSR'] as const) {
    const errors = [...new Set(visits[v].flatMap((x) => x.errors))];
    console.log(`  console errors, ${v}: ${errors.length ? '' : 'none'}`);
    for (const e of errors) console.log(`    ${e.length > 300 ? `${e.slice(0, 300)}…` : e}`);
  }
  console.log(
    `\n  goal (text visible before any JavaScript has run, FCP SSR/CSR ≤ 0.50): ${goalMet ? 'met' : 'NOT met'} — ${noJs ? 'text without JavaScript' : 'NO text without JavaScript'}, FCP ratio ${fcpRatio.toFixed(2)}`,
  );
  console.log(`  ${((performance.now() - started) / 1000).toFixed(0)} s in all\n`);
} finally {
  await browser?.close();
  await Promise.all([apps.SSR?.stop(), apps.CSR?.stop()]);
}
process.exit(0);

/**
 * `npm start`, on plain node: no tsx, no TypeScript at start. The server and the realtime server
 * run as esbuild bundles (ADR 0012, PGlite memory); they are rebuilt only when a source under server/ (or the
 * dependency set) is newer than them, so an installed checkout starts by importing one module.
 * Plain JavaScript on purpose: it is what runs before anything is compiled.
 */
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const OUT = path.join(ROOT, 'node_modules/.cache/boardly');
/** Entry points that run on plain node as bundles: `npm start`, `npm run reverb:start`, `npm run queue:work`. */
const ENTRIES = ['start', 'reverb', 'queue-work'];
export const bundlePath = (entry) => path.join(OUT, `${entry}.mjs`);
export const SERVER_BUNDLE = bundlePath('start');
export const REALTIME_BUNDLE = bundlePath('reverb');

const mtime = (file) => (existsSync(file) ? statSync(file).mtimeMs : 0);

function newest(dir) {
  let latest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    latest = Math.max(latest, entry.isDirectory() ? newest(full) : statSync(full).mtimeMs);
  }
  return latest;
}

/** Whether every bundle exists and is newer than every server source and the installed packages. */
export function bundlesFresh() {
  const built = Math.min(...ENTRIES.map((entry) => mtime(bundlePath(entry))));
  if (!built) return false;
  const sources = Math.max(newest(path.join(ROOT, 'server')), mtime(path.join(ROOT, 'package.json')), mtime(path.join(ROOT, 'package-lock.json')));
  return built >= sources;
}

/** Bundles server/cli/{entry}.ts for each entry (packages stay external, resolved from node_modules). */
export async function buildBundles(entries = ENTRIES) {
  const { build, stop } = await import('esbuild');
  const common = { bundle: true, packages: 'external', platform: 'node', format: 'esm', target: 'node20', logLevel: 'warning' };
  await Promise.all(entries.map((entry) => build({ ...common, entryPoints: [path.join(ROOT, `server/cli/${entry}.ts`)], outfile: bundlePath(entry) })));
  // esbuild's service process would otherwise live as long as the server.
  await stop();
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const entry = process.argv[2] ?? 'start';
  if (!ENTRIES.includes(entry)) {
    console.error(`Unknown entry point "${entry}": one of ${ENTRIES.join(', ')}.`);
    process.exit(2);
  }
  // A second or two, on a first start or after a change: not worth a line of its own (issue #24).
  if (!bundlesFresh()) await buildBundles();
  // start.ts supervises this bundle as its websocket child instead of bundling it again.
  process.env.BOARDLY_REALTIME_BUNDLE = REALTIME_BUNDLE;
  try {
    await import(pathToFileURL(bundlePath(entry)).href);
  } catch (error) {
    // What an operator fixes in the environment is said in plain sentences (server/lib/startup-error.ts).
    if (error?.name !== 'StartupError') throw error;
    console.error(error.message);
    process.exit(1);
  }
}

/**
 * `npm start`, on plain node: no tsx, no TypeScript at start. The server and the realtime server
 * run as esbuild bundles (ADR 0012, PGlite memory); they are rebuilt only when a source under server/ (or the
 * dependency set) is newer than them, so an installed checkout starts by importing one module.
 * Plain JavaScript on purpose: it is what runs before anything is compiled.
 */
import { existsSync, readdirSync, statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
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

/**
 * Packages left to node to load: native code (argon2), files found by their own URL (PGlite's WASM
 * and data bundle), build tools, optional native add-ons that packages probe for, and CommonJS
 * packages taken by `import()` (prom-client): esbuild's chunk for one exports only `default`, so
 * `const { Registry } = await import(…)` would find nothing.
 */
const EXTERNAL = [
  '@electric-sql/pglite',
  '@electric-sql/pglite/*',
  '@node-rs/argon2',
  'esbuild',
  'vite',
  'lightningcss',
  'playwright-core',
  'pg-native',
  'bufferutil',
  'utf-8-validate',
  'prom-client',
];

/**
 * Bundles server/cli/{entry}.ts for each entry, with the packages they import: node resolving and
 * reading a few hundred package files was a third of a restart (issue #24). What is imported on
 * first use (`import()`) lands in chunks of its own, loaded only then; packages loaded by name at
 * run time (lib/lazy-package.ts) stay in node_modules. Chunk names carry a content hash, so a
 * rebuild never changes a chunk a running server may still load.
 */
export function bundleOptions(entries = ENTRIES) {
  return {
    bundle: true,
    splitting: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    logLevel: 'warning',
    entryPoints: Object.fromEntries(entries.map((entry) => [entry, path.join(ROOT, `server/cli/${entry}.ts`)])),
    outdir: OUT,
    entryNames: '[name]',
    chunkNames: 'chunks/[name]-[hash]',
    outExtension: { '.js': '.mjs' },
    external: EXTERNAL,
    // CommonJS packages inside an ES module still call require() (node builtins, optional peers).
    banner: { js: "import { createRequire as __boardlyCreateRequire } from 'node:module'; const require = __boardlyCreateRequire(import.meta.url);" },
  };
}

export async function buildBundles(entries = ENTRIES) {
  const { build, stop } = await import('esbuild');
  await build(bundleOptions(entries));
  // esbuild's service process would otherwise live as long as the server.
  await stop();
}

/** Where server/db/pglite.ts finds what this process started early (one hand-over, by a registered symbol). */
export const PGLITE_EARLY = Symbol.for('boardly.pglite.early');

/**
 * Without DATABASE_URL the server opens PGlite, whose 9 MB of WASM V8 compiles on background
 * threads: started here, that overlaps with loading the server bundle instead of following it
 * (issue #24, restart to the first 200 within a second). On PostgreSQL nothing is compiled.
 */
function precompileEmbeddedDatabase() {
  const envFile = path.resolve('.env');
  if (existsSync(envFile)) process.loadEnvFile(envFile);
  if (process.env.DATABASE_URL) return;
  try {
    const dist = path.dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
    const wasm = readFile(path.join(dist, 'pglite.wasm')).then((bytes) => WebAssembly.compile(bytes));
    const data = readFile(path.join(dist, 'pglite.data'));
    // Unused or failed, PGlite loads its files itself; nothing here may end the process.
    wasm.catch(() => {});
    data.catch(() => {});
    globalThis[PGLITE_EARLY] = { wasm, data };
  } catch {
    // PGlite not installed: the server says so when it opens the database.
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const entry = process.argv[2] ?? 'start';
  if (!ENTRIES.includes(entry)) {
    console.error(`Unknown entry point "${entry}": one of ${ENTRIES.join(', ')}.`);
    process.exit(2);
  }
  if (entry === 'start') precompileEmbeddedDatabase();
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

import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, renameSync, rmdirSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { promisify } from 'node:util';
import { PGlite, type ParserOptions } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';

/**
 * PGlite's startup settings. Postgres sizes shared memory for a server (shared_buffers 128 MB,
 * 145 MB in all), and in PGlite's WASM heap all of it is resident from the start. 16 MB holds
 * this app's working set; what does not fit is read back from the OS page cache (ADR 0012).
 */
export const PGLITE_START_PARAMS: readonly string[] = [...PGlite.defaultStartParams, '-c', 'shared_buffers=16MB'];

const PGLITE_ENTRY = createRequire(import.meta.url).resolve('@electric-sql/pglite');
const INITDB = 'const { PGlite } = require(process.argv[1]); PGlite.create(process.argv[2]).then((pg) => pg.close());';
const run = promisify(execFile);

/**
 * Opens PGlite on a data directory ('memory': in memory). A directory without a database is
 * created by initdb in a child process first: initdb runs a second PGlite and copies its heap,
 * ~500 MB this process would otherwise keep until a full GC. It works in a scratch directory
 * renamed into place, so an interrupted first start leaves no half-made database.
 */
export async function openPGlite(dir: string, parsers: ParserOptions = {}): Promise<PGlite> {
  if (dir !== 'memory') await ensureDatabase(dir);
  // One options object: PGlite(undefined, options), the in-memory form, drops `options`.
  // pg_trgm (a 16 KB bundle): the board-user search's trigram index, as on PostgreSQL (ADR 0023).
  const early = await takeEarlyStart();
  const client = new PGlite({ dataDir: dir === 'memory' ? undefined : dir, startParams: [...PGLITE_START_PARAMS], parsers, extensions: { pg_trgm }, ...early });
  await client.waitReady;
  return client;
}

interface EarlyStart {
  wasm: Promise<WebAssembly.Module>;
  data: Promise<Uint8Array<ArrayBuffer>>;
}

/**
 * PGlite's WASM module and file bundle, when `npm start` began compiling and reading them before
 * the server was loaded (server/cli/launch.mjs); taken once. Anything that went wrong there: PGlite
 * loads them itself.
 */
async function takeEarlyStart(): Promise<{ pgliteWasmModule: WebAssembly.Module; fsBundle: Blob } | Record<string, never>> {
  const key = Symbol.for('boardly.pglite.early');
  const early = (globalThis as Record<symbol, EarlyStart | undefined>)[key];
  if (!early) return {};
  delete (globalThis as Record<symbol, unknown>)[key];
  try {
    const [module, data] = await Promise.all([early.wasm, early.data]);
    return { pgliteWasmModule: module, fsBundle: new Blob([data]) };
  } catch {
    return {};
  }
}

async function ensureDatabase(dir: string): Promise<void> {
  if (existsSync(path.join(dir, 'PG_VERSION'))) return;
  if (existsSync(dir) && readdirSync(dir).length > 0) {
    throw new Error(`PGlite: ${dir} is not empty but holds no database (no PG_VERSION); move it away or set PGLITE_DIR to an empty directory`);
  }
  const scratch = `${dir}.initdb-${process.pid}`;
  rmSync(scratch, { recursive: true, force: true });
  mkdirSync(path.dirname(dir), { recursive: true });
  try {
    await run(process.execPath, ['-e', INITDB, PGLITE_ENTRY, scratch]);
    if (existsSync(dir)) rmdirSync(dir);
    renameSync(scratch, dir);
  } catch (error) {
    rmSync(scratch, { recursive: true, force: true });
    throw error;
  }
}

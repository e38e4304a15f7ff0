import { mkdirSync } from 'node:fs';
import { PGlite, type ParserOptions } from '@electric-sql/pglite';

/**
 * PGlite's startup settings. Postgres sizes shared memory for a server (shared_buffers 128 MB,
 * 145 MB in all), and in WASM all of it is zeroed, so resident, at start. 16 MB holds this
 * app's working set; what does not fit is read back from the OS page cache (ADR 0007).
 */
export const PGLITE_START_PARAMS: readonly string[] = [...PGlite.defaultStartParams, '-c', 'shared_buffers=16MB'];

/** Opens PGlite on a data directory ('memory': in memory). */
export async function openPGlite(dir: string, parsers: ParserOptions = {}): Promise<PGlite> {
  if (dir !== 'memory') mkdirSync(dir, { recursive: true });
  // One options object: PGlite(undefined, options), the in-memory form, drops `options`.
  const client = new PGlite({ dataDir: dir === 'memory' ? undefined : dir, startParams: [...PGLITE_START_PARAMS], parsers });
  await client.waitReady;
  return client;
}

import { mkdirSync } from 'node:fs';
import { PGlite, type ParserOptions } from '@electric-sql/pglite';

/** Opens PGlite on a data directory ('memory': in memory). */
export async function openPGlite(dir: string, parsers: ParserOptions = {}): Promise<PGlite> {
  if (dir !== 'memory') mkdirSync(dir, { recursive: true });
  // One options object: PGlite(undefined, options), the in-memory form, drops `options`.
  const client = new PGlite({ dataDir: dir === 'memory' ? undefined : dir, parsers });
  await client.waitReady;
  return client;
}

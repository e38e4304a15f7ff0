/**
 * Bundles `server/cli/reverb.ts` into one plain ES module, so `npm run reverb:start` runs the
 * realtime server on plain node: tsx's loader thread alone costs ~26 MB of RSS (ADR 0002).
 * Packages stay external and resolve from node_modules at run time.
 */
import { build } from 'esbuild';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');

await build({
  entryPoints: [path.join(root, 'server/cli/reverb.ts')],
  outfile: path.join(root, 'node_modules/.cache/boardly/reverb.mjs'),
  bundle: true,
  packages: 'external',
  platform: 'node',
  format: 'esm',
  target: 'node20',
  logLevel: 'warning',
});

/**
 * Bundles `server/cli/start.ts` into one plain ES module, so `npm start` serves on plain node:
 * tsx's loader, transformed modules and their source maps cost ~80 MB of the app's RSS
 * (ADR 0007). Packages stay external and resolve from node_modules at run time.
 */
import { build } from 'esbuild';
import path from 'node:path';
import { ROOT } from '../root';

const root = ROOT;

await build({
  entryPoints: [path.join(root, 'server/cli/start.ts')],
  outfile: path.join(root, 'node_modules/.cache/boardly/start.mjs'),
  bundle: true,
  packages: 'external',
  platform: 'node',
  format: 'esm',
  target: 'node20',
  logLevel: 'warning',
});

/**
 * Bundles `server/cli/start.ts` into one plain ES module, so `npm start` serves on plain node:
 * tsx's loader, transformed modules and their source maps cost ~80 MB of the app's RSS
 * (ADR 0007). Packages stay external and resolve from node_modules at run time.
 */
import { build } from 'esbuild';
import path from 'node:path';
import { ROOT } from '../root';

const root = ROOT;
// `start` (npm start, npm run start:web) or `queue-work` (npm run queue:work).
const entry = process.argv[2] ?? 'start';
if (!['start', 'queue-work'].includes(entry)) throw new Error(`Unknown entry point: ${entry}`);

await build({
  entryPoints: [path.join(root, `server/cli/${entry}.ts`)],
  outfile: path.join(root, `node_modules/.cache/boardly/${entry}.mjs`),
  bundle: true,
  packages: 'external',
  platform: 'node',
  format: 'esm',
  target: 'node20',
  logLevel: 'warning',
});

/**
 * Bundles `server/cli/reverb.ts` into one plain ES module, so the realtime server runs on plain
 * node: tsx's loader thread alone costs ~26 MB of RSS (ADR 0002). Packages stay external and
 * resolve from node_modules at run time. Used by `npm run reverb:start` and by `npm start`,
 * which runs it as a supervised child process.
 */
import path from 'node:path';
import { ROOT } from '../root';

const root = ROOT;

export const REALTIME_BUNDLE = path.join(root, 'node_modules/.cache/boardly/reverb.mjs');

export async function bundleRealtimeServer(): Promise<string> {
  // Loaded only when bundling: `npm start` normally finds the bundle built (server/cli/launch.mjs).
  const { build, stop } = await import('esbuild');
  await build({
    entryPoints: [path.join(root, 'server/cli/reverb.ts')],
    outfile: REALTIME_BUNDLE,
    bundle: true,
    packages: 'external',
    platform: 'node',
    format: 'esm',
    target: 'node20',
    logLevel: 'warning',
  });
  // esbuild's service process would otherwise live as long as the server.
  await stop();
  return REALTIME_BUNDLE;
}

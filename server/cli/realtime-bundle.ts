/**
 * The realtime server as a plain-node bundle (tsx's loader thread alone costs ~26 MB of RSS,
 * ADR 0002). `npm start` normally finds it built by server/cli/launch.mjs; under tsx (dev, tests)
 * start.ts builds it here before supervising it as a child process.
 */
import { buildBundles, REALTIME_BUNDLE } from './launch.mjs';

export { REALTIME_BUNDLE };

export async function bundleRealtimeServer(): Promise<string> {
  await buildBundles(['reverb']);
  return REALTIME_BUNDLE;
}

/** `npm run reverb:start`, first step: bundle the realtime server for plain node (see realtime-bundle.ts). */
import { bundleRealtimeServer } from './realtime-bundle';

await bundleRealtimeServer();

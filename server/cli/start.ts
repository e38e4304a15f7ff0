import path from 'node:path';
import { loadConfig } from '../config';
import { resolveSecrets } from '../secrets';
import { ROOT } from '../bootstrap';
import { startServer } from '../main';
import { demoSignIns, seedDemo, type SeedResult } from '../db/seed';
import { loadEnvFile } from '../lib/env-file';
import { ensurePortsFree, explainListenError } from '../lib/listen-error';
import { createLogger } from '../lib/logger';
import { demoSignInLines } from './demo-sign-ins';
import { buildIfNeeded } from './build-if-needed';
import { exitPlainlyOnStartupErrors, installCrashHandlers } from './crash-handlers';
import { bundleRealtimeServer } from './realtime-bundle';
import { supervise } from './supervise';
import { realtimeAddresses } from '../realtime/addresses';

exitPlainlyOnStartupErrors();
loadEnvFile();
const config = loadConfig();
// Before the websocket child starts: it gets the secret from here, and the two never race to generate storage/app.key.
resolveSecrets(config);
const logger = createLogger(config.LOG_LEVEL);
const realtimeAt = realtimeAddresses(config);
installCrashHandlers(logger);
await ensurePortsFree([
  { variable: 'APP_PORT', host: config.APP_HOST, port: config.APP_PORT },
  ...(config.REVERB_SERVER_ENABLED ? [{ variable: realtimeAt.listenPortVariable, host: realtimeAt.listenHost, port: realtimeAt.listenPort }] : []),
]);
buildIfNeeded(ROOT, path.join(ROOT, 'public/build/.vite/manifest.json'));

// The websocket server runs in a child process that is restarted when it dies: a crash there
// never takes HTTP down, and this process stays the one thing a supervisor watches.
const realtime = config.REVERB_SERVER_ENABLED
  ? supervise({ name: 'realtime server', script: process.env.BOARDLY_REALTIME_BUNDLE || (await bundleRealtimeServer()), logger, env: realtimeEnv() })
  : null;

/** Unless told otherwise, the child reports presence to this app (members' online state). */
function realtimeEnv(): NodeJS.ProcessEnv {
  // The web app in this process stops at once on SIGTERM: a child draining for a load balancer would only delay it.
  const env = { ...process.env, REVERB_APP_SECRET: config.REVERB_APP_SECRET, REVERB_DRAIN_SECONDS: String(config.REVERB_DRAIN_SECONDS ?? 0) };
  if (config.REVERB_WEBHOOK_URL || config.APP_PORT === 0) return env;
  const host = ['0.0.0.0', '::'].includes(config.APP_HOST) ? '127.0.0.1' : config.APP_HOST.includes(':') ? `[${config.APP_HOST}]` : config.APP_HOST;
  return { ...env, REVERB_WEBHOOK_URL: `http://${host}:${config.APP_PORT}/webhooks/realtime`, REVERB_WEBHOOK_EVENTS: 'member_added,member_removed' };
}

let demo = null as SeedResult | null;
// Ready (and /up healthy) only once migrated, seeded and with the websocket server started.
const running = await startServer(config, {
  logger,
  embedRealtime: false,
  prepare: async (ctx) => {
    if (config.SEED_DEMO) await seedDemo(ctx.db, config.DEMO_PASSWORD);
    // Every start of a demo database says how to sign in, not only the one that seeded it.
    demo = await demoSignIns(ctx.db);
    await realtime?.started;
  },
}).catch((error: unknown) => {
  throw explainListenError(error, { APP_PORT: config.APP_PORT, METRICS_PORT: config.METRICS_PORT });
});
// One write: a reader of the output (a person, a supervisor, the first-run test) never sees the
// "running" line without the sign-ins that belong to it.
console.log([`\n  ${config.APP_NAME} is running at ${running.url}\n`, ...(demo ? [`${demoSignInLines(demo, running.url).join('\n')}\n`] : [])].join('\n'));

let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, async () => {
    if (stopping) return;
    stopping = true;
    await Promise.all([realtime?.stop(), running.stop()]);
    process.exit(0);
  });
}

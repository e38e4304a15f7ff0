import path from 'node:path';
import { loadConfig } from '../config';
import { resolveSecrets } from '../secrets';
import { ROOT } from '../bootstrap';
import { startServer } from '../main';
import { seedDemo, type SeedResult } from '../db/seed';
import { createLogger } from '../lib/logger';
import { buildIfNeeded } from './build-if-needed';
import { exitPlainlyOnStartupErrors, installCrashHandlers } from './crash-handlers';
import { bundleRealtimeServer } from './realtime-bundle';
import { supervise } from './supervise';

exitPlainlyOnStartupErrors();
const config = loadConfig();
// Before the websocket child starts: it gets the secret from here, and the two never race to generate storage/app.key.
resolveSecrets(config);
const logger = createLogger(config.LOG_LEVEL);
installCrashHandlers(logger);
buildIfNeeded(ROOT, path.join(ROOT, 'public/build/.vite/manifest.json'));

// The websocket server runs in a child process that is restarted when it dies: a crash there
// never takes HTTP down, and this process stays the one thing a supervisor watches.
const realtime = config.REVERB_SERVER_ENABLED
  ? supervise({ name: 'realtime server', script: process.env.BOARDLY_REALTIME_BUNDLE || (await bundleRealtimeServer()), logger, env: realtimeEnv() })
  : null;

/** Unless told otherwise, the child reports presence to this app (members' online state). */
function realtimeEnv(): NodeJS.ProcessEnv {
  const env = { ...process.env, REVERB_APP_SECRET: config.REVERB_APP_SECRET };
  if (config.REVERB_WEBHOOK_URL || config.APP_PORT === 0) return env;
  const host = ['0.0.0.0', '::'].includes(config.APP_HOST) ? '127.0.0.1' : config.APP_HOST.includes(':') ? `[${config.APP_HOST}]` : config.APP_HOST;
  return { ...env, REVERB_WEBHOOK_URL: `http://${host}:${config.APP_PORT}/webhooks/realtime`, REVERB_WEBHOOK_EVENTS: 'member_added,member_removed' };
}

let seeded: SeedResult | null = null;
// Ready (and /up healthy) only once migrated, seeded and with the websocket server started.
const running = await startServer(config, {
  logger,
  embedRealtime: false,
  prepare: async (ctx) => {
    if (config.SEED_DEMO) seeded = await seedDemo(ctx.db, config.DEMO_PASSWORD);
    await realtime?.started;
  },
});
console.log(`\n  ${config.APP_NAME} is running at ${running.url}\n`);
printDemoSignIns(seeded, running.url);

let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, async () => {
    if (stopping) return;
    stopping = true;
    await Promise.all([realtime?.stop(), running.stop()]);
    process.exit(0);
  });
}

function printDemoSignIns(result: SeedResult | null, url: string): void {
  if (!result) return;
  console.log(`  Demo organization "${result.organization.name}" created. Sign in with any of:`);
  for (const account of result.accounts) console.log(`    ${account.email.padEnd(24)} (${account.role})`);
  console.log(`  Password for all of them: ${result.password}`);
  console.log(`  Public insights: ${url}/p/${result.organization.slug}\n`);
}

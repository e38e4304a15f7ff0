import path from 'node:path';
import { loadConfig } from '../config';
import { ROOT } from '../bootstrap';
import { startServer } from '../main';
import { buildIfNeeded } from './build-if-needed';
import { seedDemo } from '../db/seed';

const config = loadConfig();
buildIfNeeded(ROOT, path.join(ROOT, 'public/build/.vite/manifest.json'));
const running = await startServer(config);
const seeded = config.SEED_DEMO ? await seedDemo(running.ctx.db, config.DEMO_PASSWORD) : null;
console.log(`\n  ${config.APP_NAME} is running at ${running.url}\n`);
if (seeded) {
  console.log(`  Demo organization "${seeded.organization.name}" created. Sign in with any of:`);
  for (const account of seeded.accounts) console.log(`    ${account.email.padEnd(24)} (${account.role})`);
  console.log(`  Password for all of them: ${seeded.password}`);
  console.log(`  Public insights: ${running.url}/p/${seeded.organization.slug}\n`);
}

let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, async () => {
    if (stopping) return;
    stopping = true;
    await running.stop();
    process.exit(0);
  });
}

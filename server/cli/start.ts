import path from 'node:path';
import { loadConfig } from '../config';
import { ROOT } from '../bootstrap';
import { startServer } from '../main';
import { buildIfNeeded } from './build-if-needed';

const config = loadConfig();
buildIfNeeded(ROOT, path.join(ROOT, 'public/build/.vite/manifest.json'));
const running = await startServer(config);
console.log(`\n  ${config.APP_NAME} is running at ${running.url}\n`);

let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, async () => {
    if (stopping) return;
    stopping = true;
    await running.stop();
    process.exit(0);
  });
}

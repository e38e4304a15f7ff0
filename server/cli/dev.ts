import { createServer } from 'node:http';
import { createServer as createViteServer } from 'vite';
import { loadConfig } from '../config';
import { ROOT } from '../bootstrap';
import { startServer } from '../main';
import { CONNECTIONS_CHECKING_INTERVAL_MS } from '../lib/http-timeouts';
import { loadEnvFile } from '../lib/env-file';

// One port: Vite runs as middleware inside the app, with hot reload over the same server.
// development unless the real environment says otherwise (a .env copied from .env.example says production).
const appEnv = process.env.APP_ENV || 'development';
loadEnvFile();
const config = loadConfig({ ...process.env, APP_ENV: appEnv });
const httpServer = createServer({ connectionsCheckingInterval: CONNECTIONS_CHECKING_INTERVAL_MS });
const vite = await createViteServer({ root: ROOT, server: { middlewareMode: true, hmr: { server: httpServer } }, appType: 'custom' });
const running = await startServer(config, { app: { vite }, httpServer });
console.log(`\n  ${config.APP_NAME} (dev) is running at ${running.url}\n`);
process.on('SIGINT', async () => {
  await vite.close();
  await running.stop();
  process.exit(0);
});

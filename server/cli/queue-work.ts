/**
 * `npm run queue:work`: the mail worker (and the outgoing webhooks' worker) alone (the web nodes then run `npm run start:web`).
 * `npm start` runs the same worker inside the app. Stops on SIGTERM/SIGINT after the delivery in
 * progress; a SIGKILL loses nothing either (a claimed mail's lease runs out and it is sent again).
 */
import { boot } from '../bootstrap';
import { loadConfig } from '../config';
import { startAppMetrics } from '../http/metrics';
import { createLogger } from '../lib/logger';
import { exitPlainlyOnStartupErrors, installCrashHandlers } from './crash-handlers';
import { loadEnvFile } from '../lib/env-file';
import { webhookWorker } from '../features/webhooks/worker';

exitPlainlyOnStartupErrors();
loadEnvFile();
const config = loadConfig();
const logger = createLogger(config.LOG_LEVEL, 'boardly-queue');
installCrashHandlers(logger);

// Migrates too: the worker may be the first process of a new release to start.
const booted = await boot(config);
booted.ctx.mailQueue.start();
webhookWorker(booted.ctx).start();
const { ctx } = booted;
const metrics =
  config.METRICS_PORT === undefined ? null : await startAppMetrics({ host: config.METRICS_HOST, port: config.METRICS_PORT, db: ctx.db, pool: booted.database.pool, mailQueue: ctx.mailQueue, logger });
logger.info({ pollMs: config.QUEUE_POLL_MS, driver: booted.database.driver }, 'queue worker: delivering queued mails and webhooks');

let stopping = false;
async function shutdown(signal: string): Promise<void> {
  if (stopping) return;
  stopping = true;
  logger.info(`queue worker: ${signal}, finishing the delivery in progress`);
  const force = setTimeout(() => process.exit(1), 70_000);
  force.unref();
  await Promise.all([booted.ctx.mailQueue.stop(), webhookWorker(booted.ctx).stop()]);
  await metrics?.stop();
  await booted.close();
  process.exit(0);
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));

import { createServer, type Server } from 'node:http';
import { followListeningPort, type Config } from './config';
import { createApp, type CreateAppOptions } from './app';
import { boot, type BootOptions } from './bootstrap';
import type { AppContext } from './context';
import { migrateToLatest } from './db/migrate';
import { startScheduler } from './features/scheduler';
import { importRunner } from './features/board-user-import/runner';
import { webhookWorker } from './features/webhooks/worker';
import { createRealtimeServer, realtimeOptionsFromConfig } from './realtime';
import { startAppMetrics } from './http/metrics';
import { refusingHttp09 } from './lib/http-version';
import { applyHttpTimeouts, CONNECTIONS_CHECKING_INTERVAL_MS } from './lib/http-timeouts';

export interface Running {
  ctx: AppContext;
  url: string;
  http: Server;
  /** Where Prometheus scrapes GET /metrics, when METRICS_PORT is set. */
  metricsPort?: number;
  stop(): Promise<void>;
}

export interface StartOptions extends BootOptions {
  app?: CreateAppOptions;
  httpServer?: Server;
  /** Start-up work after the migrations that must finish before the app is ready (the demo seed). */
  prepare?: (ctx: AppContext) => Promise<void>;
  /**
   * Run the realtime server inside this process (when REVERB_SERVER_ENABLED). `npm start` says
   * false and supervises it as a child process instead (server/cli/start.ts).
   */
  embedRealtime?: boolean;
}

/**
 * Listens on APP_HOST:APP_PORT at once, then migrates and runs `prepare`; until those are done
 * every request answers 503 and /up says `starting` (ready means ready). Resolves when ready.
 */
export async function startServer(config: Config, options: StartOptions = {}): Promise<Running> {
  const booted = await boot(config, { ...options, migrate: false });
  const { ctx } = booted;
  // The realtime process says these itself (server/cli/reverb.ts); without one here, this process does.
  if (!config.REVERB_SERVER_ENABLED || options.embedRealtime) for (const line of config.DEPRECATIONS) ctx.logger.warn(line);
  const readiness = { ready: false };
  const metrics =
    config.METRICS_PORT === undefined
      ? null
      : await startAppMetrics({ host: config.METRICS_HOST, port: config.METRICS_PORT, db: ctx.db, pool: booted.database.pool, mailQueue: ctx.mailQueue, logger: ctx.logger });
  const app = createApp(ctx, { ...options.app, readiness, metrics: metrics?.middleware });
  const http = options.httpServer ?? createServer({ connectionsCheckingInterval: CONNECTIONS_CHECKING_INTERVAL_MS });
  applyHttpTimeouts(http, config);
  http.on('request', refusingHttp09(app));
  const stoppers: (() => Promise<void>)[] = [];
  if (metrics) stoppers.push(() => metrics.stop());
  const closeHttp = async () => {
    await new Promise<void>((resolve) => http.close(() => resolve()));
    http.closeAllConnections?.();
  };

  try {
    await new Promise<void>((resolve, reject) => {
      http.once('error', reject);
      http.listen(config.APP_PORT, config.APP_HOST, () => {
        http.off('error', reject);
        // Before the first request can arrive: links built from APP_URL name the real port.
        const address = http.address();
        if (typeof address === 'object' && address) followListeningPort(config, address.port);
        resolve();
      });
    });
    if (options.migrate !== false) await migrateToLatest(ctx.db);
    await options.prepare?.(ctx);

    // The Reverb-compatible websocket server, in the same process unless it runs alone.
    if (config.REVERB_SERVER_ENABLED && options.embedRealtime !== false) {
      const realtime = createRealtimeServer({ ...realtimeOptionsFromConfig(config), logger: ctx.logger });
      await realtime.start();
      stoppers.push(() => realtime.stop());
    }

    // The mail worker (server/mail/queue.ts), unless `npm run start:web` leaves it to `queue:work`.
    if (config.QUEUE_WORKER_ENABLED) {
      ctx.mailQueue.start();
      stoppers.push(() => ctx.mailQueue.stop());
      // Beside it, the organisations' outgoing webhooks (issue #28).
      webhookWorker(ctx).start();
      stoppers.push(() => webhookWorker(ctx).stop());
    }

    // Scheduler (subscriptions issue): time-based subscription transitions, once a minute.
    if (config.SCHEDULER_ENABLED) {
      const scheduler = startScheduler(ctx);
      stoppers.push(() => scheduler.stop());
    }
    // Board-user imports a stopped server left unfinished carry on after their last batch.
    await importRunner(ctx).resume();
    stoppers.push(() => importRunner(ctx).idle());
  } catch (error) {
    for (const stop of stoppers.reverse()) await stop().catch(() => {});
    if (http.listening) await closeHttp();
    await booted.close().catch(() => {});
    throw error;
  }
  readiness.ready = true;

  return {
    ctx,
    url: config.APP_URL,
    http,
    metricsPort: metrics?.port,
    async stop() {
      for (const stop of stoppers.reverse()) await stop();
      await closeHttp();
      await booted.close();
    },
  };
}

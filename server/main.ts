import { createServer, type Server } from 'node:http';
import { followListeningPort, type Config } from './config';
import { createApp, type CreateAppOptions } from './app';
import { boot, type BootOptions } from './bootstrap';
import type { AppContext } from './context';
import { startScheduler } from './features/scheduler';
import { createRealtimeServer, realtimeOptionsFromConfig } from './realtime';

export interface Running {
  ctx: AppContext;
  url: string;
  http: Server;
  stop(): Promise<void>;
}

/** Boots the app (migrations included) and listens on APP_HOST:APP_PORT. */
export async function startServer(
  config: Config,
  options: BootOptions & { app?: CreateAppOptions; httpServer?: Server } = {},
): Promise<Running> {
  const booted = await boot(config, options);
  const { ctx } = booted;
  const app = createApp(ctx, options.app);
  const http = options.httpServer ?? createServer();
  http.on('request', app);
  await new Promise<void>((resolve, reject) => {
    http.once('error', reject);
    http.listen(config.APP_PORT, config.APP_HOST, () => {
      // Before the first request can arrive: links built from APP_URL name the real port.
      const address = http.address();
      if (typeof address === 'object' && address) followListeningPort(config, address.port);
      resolve();
    });
  });
  const stoppers: (() => Promise<void>)[] = [];

  // The Reverb-compatible websocket server, in the same process unless it runs alone.
  if (config.REVERB_SERVER_ENABLED) {
    const realtime = createRealtimeServer({ ...realtimeOptionsFromConfig(config), logger: ctx.logger });
    await realtime.start();
    stoppers.push(() => realtime.stop());
  }

  // Scheduler (subscriptions issue): time-based subscription transitions, once a minute.
  if (config.SCHEDULER_ENABLED) {
    const scheduler = startScheduler(ctx);
    stoppers.push(() => scheduler.stop());
  }

  return {
    ctx,
    url: config.APP_URL,
    http,
    async stop() {
      for (const stop of stoppers.reverse()) await stop();
      await new Promise<void>((resolve) => http.close(() => resolve()));
      http.closeAllConnections?.();
      await booted.close();
    },
  };
}

import { mkdtempSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import type { LogEvent } from 'kysely';
import { createApp, type CreateAppOptions } from '../../server/app';
import { serverRenderer } from '../../server/inertia/server-render';
import { isServerRendered } from '../../shared/server-rendering';
import { boot } from '../../server/bootstrap';
import { followListeningPort, loadConfig, type Config } from '../../server/config';
import type { AppContext, Clock } from '../../server/context';
import { createLogger, type Logger } from '../../server/lib/logger';
import { MemoryMailer, type Mailer } from '../../server/mail/mailer';
import { MemoryBroadcaster, type Broadcaster } from '../../server/broadcasting/broadcaster';
import { TestClient } from './client';
import { createTestDatabase } from './database';

export class FakeClock implements Clock {
  constructor(private current = new Date('2026-11-23T09:00:00Z')) {}
  now() {
    return new Date(this.current);
  }
  set(date: Date | string) {
    this.current = new Date(date);
  }
  advance(ms: number) {
    this.current = new Date(this.current.getTime() + ms);
  }
}

export interface TestApp {
  ctx: AppContext;
  url: string;
  client(): TestClient;
  queries: LogEvent[];
  /** Mails the app sent (unless a real mailer was passed); the test client waits for the queued ones. */
  mail: MemoryMailer;
  /** Events the app published (unless a real broadcaster was passed). */
  broadcasts: MemoryBroadcaster;
  close(): Promise<void>;
}

export interface TestAppOptions extends CreateAppOptions {
  env?: Record<string, string>;
  clock?: Clock;
  mailer?: Mailer;
  broadcaster?: Broadcaster;
  /** The app's logger (silent unless given: tests that read log lines pass their own). */
  logger?: Logger;
}

/** The real app on a real port, on a fresh database. */
export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const queries: LogEvent[] = [];
  const database = await createTestDatabase((e) => queries.push(e));
  const config: Config = loadConfig({
    APP_ENV: 'test',
    APP_KEY: `test-key-${Math.random().toString(36).slice(2)}`,
    LOG_LEVEL: 'silent',
    STORAGE_DIR: '/tmp/boardly-test-storage',
    REVERB_SERVER_ENABLED: 'false',
    SCHEDULER_ENABLED: 'false',
    // Port 0: the system picks one, and APP_URL (unless given) follows it, as with npm start.
    APP_PORT: '0',
    // Tests move a FakeClock, which counters in Redis or PostgreSQL (wall-clock time) cannot
    // follow; the shared stores have tests of their own (tests/http/platform/throttles.test.ts).
    THROTTLE_STORE: 'memory',
    ...options.env,
  });
  const mail = new MemoryMailer();
  const broadcasts = new MemoryBroadcaster();
  const booted = await boot(config, {
    migrate: false,
    database,
    logger: options.logger ?? createLogger('silent'),
    clock: options.clock,
    mailer: options.mailer ?? mail,
    broadcaster: options.broadcaster ?? broadcasts,
  });
  // A manifest of our own: tests exercise the real manifest reading without a Vite build.
  const dir = mkdtempSync(path.join(tmpdir(), 'boardly-manifest-'));
  booted.ctx.paths.manifest = path.join(dir, 'manifest.json');
  writeTestManifest(booted.ctx.paths.manifest, 'v1');
  const app = createApp(booted.ctx, { renderer: sourceRenderer(booted.ctx.logger), ...options });
  const server: Server = await new Promise((resolve) => {
    const s = app.listen(0, 'localhost', () => {
      followListeningPort(config, (s.address() as AddressInfo).port);
      resolve(s);
    });
  });
  // Where the test client connects: APP_URL itself unless a test set APP_URL or APP_PORT.
  const url = `http://localhost:${(server.address() as AddressInfo).port}`;
  return {
    ctx: booted.ctx,
    url,
    queries,
    mail,
    broadcasts,
    client: () => new TestClient(url, () => booted.ctx.mailQueue.settle()),
    async close() {
      server.closeAllConnections();
      await new Promise<void>((r) => server.close(() => r()));
      await booted.close();
    },
  };
}

/** The server's renderer from source (resources/js/ssr.tsx, through vitest's transform), not whatever build lies around. */
export function sourceRenderer(logger: Logger) {
  return serverRenderer({ renders: isServerRendered, load: () => import('../../resources/js/ssr'), logger });
}

export function writeTestManifest(file: string, build: string): void {
  writeFileSync(
    file,
    JSON.stringify({
      'resources/js/app.tsx': { file: `assets/app-${build}.js`, css: [`assets/app-${build}.css`], isEntry: true },
      'resources/css/full.css': { file: `assets/full-${build}.css` },
      'resources/css/auth.css': { file: `assets/auth-${build}.css` },
    }),
  );
}

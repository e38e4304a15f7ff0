import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Config } from './config';
import { systemClock, type AppContext, type Clock } from './context';
import { createDatabase, type DatabaseHandle } from './db/connection';
import { migrateToLatest } from './db/migrate';
import { randomToken, sha256 } from './lib/crypto';
import { createLogger, type Logger } from './lib/logger';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export interface BootOptions {
  logger?: Logger;
  clock?: Clock;
  database?: DatabaseHandle;
  migrate?: boolean;
}

export interface Booted {
  ctx: AppContext;
  database: DatabaseHandle;
  close(): Promise<void>;
}

/** APP_KEY from the environment, else one generated once and kept in storage/ so sessions survive restarts. */
export function resolveAppKey(config: Config, storageDir: string): string {
  if (config.APP_KEY) return config.APP_KEY;
  const file = path.join(storageDir, 'app.key');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(storageDir, { recursive: true });
  const key = `base64:${randomToken(32)}`;
  writeFileSync(file, key + '\n', { mode: 0o600 });
  return key;
}

export async function boot(config: Config, options: BootOptions = {}): Promise<Booted> {
  const storage = path.resolve(ROOT, config.STORAGE_DIR);
  const logger = options.logger ?? createLogger(config.LOG_LEVEL);
  const database =
    options.database ??
    createDatabase({
      url: config.DATABASE_URL || undefined,
      pgliteDir: config.PGLITE_DIR === 'memory' ? 'memory' : path.resolve(ROOT, config.PGLITE_DIR),
    });
  if (options.migrate !== false) await migrateToLatest(database.db);
  const ctx: AppContext = {
    config,
    db: database.db,
    logger,
    clock: options.clock ?? systemClock,
    key: sha256(resolveAppKey(config, storage)),
    paths: { root: ROOT, storage, manifest: path.join(ROOT, 'public/build/.vite/manifest.json') },
  };
  return { ctx, database, close: () => database.close() };
}

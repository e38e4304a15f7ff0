import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Config } from './config';
import { randomToken } from './lib/crypto';
import { deriveKey } from './lib/encryption';
import { StartupError } from './lib/startup-error';
import { ROOT } from './root';

/**
 * Secrets with a value anyone can read: earlier defaults of config.ts, `.env.example` and the
 * README's examples. They are fine on a developer's machine and refused in production
 * (tests/unit/published-secrets.test.ts keeps this list in step with the files).
 */
export const PUBLISHED_SECRETS = {
  APP_KEY: ['base64:changeme', 'changeme', 'secret'],
  REVERB_APP_SECRET: ['boardly-secret', 'changeme', 'secret'],
} as const satisfies Partial<Record<keyof Config, readonly string[]>>;

export type SecretName = keyof typeof PUBLISHED_SECRETS;
export const SECRET_NAMES = Object.keys(PUBLISHED_SECRETS) as SecretName[];

const GENERATE = 'openssl rand -base64 32';

/** In production, one line per secret that holds a published value (none: []). */
export function publishedSecretProblems(config: Pick<Config, 'APP_ENV' | SecretName>): string[] {
  if (config.APP_ENV !== 'production') return [];
  return SECRET_NAMES.filter((name) => (PUBLISHED_SECRETS[name] as readonly string[]).includes(config[name])).map(
    (name) => `${name} is set to a value published with Boardly; anyone could use it. Set your own (${GENERATE}) or leave it empty to have one generated.`,
  );
}

/** APP_KEY from the environment, else one generated once and kept in storage/ so sessions survive restarts. */
export function resolveAppKey(config: Pick<Config, 'APP_KEY'>, storageDir: string): string {
  if (config.APP_KEY) return config.APP_KEY;
  const file = path.join(storageDir, 'app.key');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(storageDir, { recursive: true });
  const key = `base64:${randomToken(32)}`;
  writeFileSync(file, `${key}\n`, { mode: 0o600 });
  return key;
}

/** The realtime secret derived from the app key (its own purpose label: knowing it reveals nothing of the app key). */
export const derivedRealtimeSecret = (appKey: string) => deriveKey(appKey, 'reverb-app-secret').toString('base64url');

/**
 * Fills in the secrets left empty, the same way in every process of one deployment (the app, its
 * websocket child, `npm run reverb:start`): REVERB_APP_SECRET is derived from the app key, which
 * is APP_KEY or the one generated into storage/app.key. Refuses a published value in production.
 * Returns the app key. Separate machines need the same APP_KEY (or the same REVERB_APP_SECRET).
 */
export function resolveSecrets(config: Config, storageDir = path.resolve(ROOT, config.STORAGE_DIR)): string {
  const problems = publishedSecretProblems(config);
  if (problems.length) throw new StartupError(problems.join('\n'));
  const appKey = resolveAppKey(config, storageDir);
  if (!config.REVERB_APP_SECRET) config.REVERB_APP_SECRET = derivedRealtimeSecret(appKey);
  return appKey;
}

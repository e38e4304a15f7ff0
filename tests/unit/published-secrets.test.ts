/**
 * Issue #23, finding 1: a secret whose value is published (config defaults, .env.example, the
 * README) is refused in production; an empty one is derived from the app key the same way in
 * every process; the realtime server never runs with an empty secret; metrics bind 127.0.0.1.
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config';
import { isStartupError } from '../../server/lib/startup-error';
import { realtimeOptionsFromConfig } from '../../server/realtime/from-config';
import { resolveOptions } from '../../server/realtime/options';
import { PUBLISHED_SECRETS, SECRET_NAMES, resolveSecrets } from '../../server/secrets';

const ROOT = path.resolve(import.meta.dirname, '../..');
const storage = () => mkdtempSync(path.join(tmpdir(), 'boardly-secrets-'));

function refusal(env: Record<string, string>): Error | null {
  try {
    resolveSecrets(loadConfig(env), storage());
    return null;
  } catch (error) {
    return error as Error;
  }
}

describe('published secrets', () => {
  it('every value the repository publishes for a secret is on the refused list', () => {
    const files = ['.env.example', 'README.md'];
    for (const file of files) {
      const text = readFileSync(path.join(ROOT, file), 'utf8');
      for (const name of SECRET_NAMES) {
        for (const match of text.matchAll(new RegExp(`^\\s*(?:export\\s+)?${name}=(\\S*)`, 'gm'))) {
          const value = match[1].replace(/^["']|["']$/g, '');
          if (value === '' || /^[<$]/.test(value)) continue; // a placeholder, not a value
          expect(PUBLISHED_SECRETS[name] as readonly string[], `${file}: ${name}=${value}`).toContain(value);
        }
      }
    }
    // The realtime secret has no default any more: the old one is refused, not reused.
    expect(loadConfig({}).REVERB_APP_SECRET).toBe('');
    expect(PUBLISHED_SECRETS.REVERB_APP_SECRET).toContain('boardly-secret');
  });

  it('production refuses a published value with one plain line naming the variable and how to make one', () => {
    for (const name of SECRET_NAMES) {
      const error = refusal({ APP_ENV: 'production', APP_KEY: 'an operator key', [name]: PUBLISHED_SECRETS[name][0] });
      expect(error && isStartupError(error), name).toBe(true);
      expect(error!.message).toMatch(new RegExp(`^${name} is set to a value published with Boardly.*openssl rand`));
      expect(error!.message.split('\n')).toHaveLength(1);
    }
  });

  it('development and tests keep working with the published values and no configuration', () => {
    expect(refusal({ APP_ENV: 'development', REVERB_APP_SECRET: 'boardly-secret' })).toBeNull();
    expect(refusal({ APP_ENV: 'test' })).toBeNull();
    expect(refusal({ APP_ENV: 'production' })).toBeNull(); // nothing set: everything generated
  });

  it('an empty realtime secret is derived from the app key: the same in every process, never the app key', () => {
    const dir = storage();
    const app = loadConfig({ APP_ENV: 'production' });
    const child = loadConfig({ APP_ENV: 'production' });
    const appKey = resolveSecrets(app, dir); // generates storage/app.key
    resolveSecrets(child, dir); // the websocket child reads the same file
    expect(app.REVERB_APP_SECRET).toHaveLength(43);
    expect(child.REVERB_APP_SECRET).toBe(app.REVERB_APP_SECRET);
    expect(app.REVERB_APP_SECRET).not.toContain(appKey.replace(/^base64:/, ''));
    const elsewhere = loadConfig({ APP_ENV: 'production', APP_KEY: appKey });
    resolveSecrets(elsewhere, storage()); // another machine with the same APP_KEY
    expect(elsewhere.REVERB_APP_SECRET).toBe(app.REVERB_APP_SECRET);
    const explicit = loadConfig({ APP_ENV: 'production', REVERB_APP_SECRET: 'an operator secret' });
    resolveSecrets(explicit, dir);
    expect(explicit.REVERB_APP_SECRET).toBe('an operator secret');
  });

  it('the realtime server refuses to run with an empty secret', () => {
    const options = realtimeOptionsFromConfig(loadConfig({}));
    expect(() => resolveOptions(options)).toThrow(/needs a secret/);
  });

  it('realtime metrics listen on 127.0.0.1 unless told otherwise, whatever REVERB_HOST is', () => {
    const withSecret = { REVERB_APP_SECRET: 'x', REVERB_HOST: '0.0.0.0', REVERB_METRICS_PORT: '9601' };
    expect(resolveOptions(realtimeOptionsFromConfig(loadConfig(withSecret))).metricsHost).toBe('127.0.0.1');
    expect(resolveOptions(realtimeOptionsFromConfig(loadConfig({ ...withSecret, REVERB_METRICS_HOST: '0.0.0.0' }))).metricsHost).toBe('0.0.0.0');
    expect(loadConfig({}).METRICS_HOST).toBe('127.0.0.1');
  });
});

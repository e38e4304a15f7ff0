import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config';
import { originAllowed, realtimeOptionsFromConfig } from '../../server/realtime/index';
import { verifyApiSignature } from '../../server/realtime/signature';

describe('realtimeOptionsFromConfig', () => {
  it('maps the REVERB_* defaults', () => {
    expect(realtimeOptionsFromConfig(loadConfig({}))).toEqual({
      appId: 'boardly',
      key: 'boardly-key',
      secret: 'boardly-secret',
      host: '0.0.0.0',
      port: 8080,
      allowedOrigins: ['*'],
      maxConnections: undefined,
      maxConnectionsPerIp: 100,
      maxSubscriptionsPerConnection: 100,
      trustProxy: false,
      maxMessageSize: 10_000,
      activityTimeout: 30,
      redisUrl: undefined,
    });
  });

  it('splits REVERB_ALLOWED_ORIGINS and uses REDIS_URL only when scaling is enabled', () => {
    const env = { REVERB_ALLOWED_ORIGINS: 'app.test, *.boardly.test ,', REDIS_URL: 'redis://r:6379', REVERB_MAX_CONNECTIONS: '500' };
    const off = realtimeOptionsFromConfig(loadConfig(env));
    expect(off.allowedOrigins).toEqual(['app.test', '*.boardly.test']);
    expect(off.maxConnections).toBe(500);
    expect(off.redisUrl).toBeUndefined();
    expect(realtimeOptionsFromConfig(loadConfig({ ...env, REVERB_SCALING_ENABLED: 'true' })).redisUrl).toBe('redis://r:6379');
    expect(realtimeOptionsFromConfig(loadConfig({ REVERB_SCALING_ENABLED: 'true' })).redisUrl).toBeUndefined();
  });

  it('reads the resource limits and the proxy setting; 0 turns a limit off, negative values are refused', () => {
    const limits = { REVERB_MAX_CONNECTIONS_PER_IP: '0', REVERB_MAX_SUBSCRIPTIONS_PER_CONNECTION: '250', REVERB_TRUST_PROXY: 'true' };
    expect(realtimeOptionsFromConfig(loadConfig(limits))).toMatchObject({ maxConnectionsPerIp: 0, maxSubscriptionsPerConnection: 250, trustProxy: true });
    expect(() => loadConfig({ REVERB_MAX_CONNECTIONS_PER_IP: '-1' })).toThrow(/REVERB_MAX_CONNECTIONS_PER_IP/);
  });
});

describe('originAllowed', () => {
  it('follows Reverb: * allows all, host patterns with wildcards, a missing Origin fails otherwise', () => {
    expect(originAllowed(['*'], undefined)).toBe(true);
    expect(originAllowed(['app.test'], 'https://app.test:3000')).toBe(true);
    expect(originAllowed(['*.app.test'], 'https://eu.app.test')).toBe(true);
    expect(originAllowed(['*.app.test'], 'https://app.test.evil.io')).toBe(false);
    expect(originAllowed(['app.test'], undefined)).toBe(false);
    expect(originAllowed(['app.test'], 'not a url')).toBe(false);
  });
});

describe('verifyApiSignature', () => {
  it('needs auth_version 1.0 and a signature', () => {
    const q = new URLSearchParams({ auth_key: 'k', auth_timestamp: String(Math.floor(Date.now() / 1000)), auth_version: '2.0', auth_signature: 'x' });
    expect(verifyApiSignature({ key: 'k', secret: 's' }, 'GET', '/apps/a/channels', q, Buffer.alloc(0))).toEqual({ ok: false, reason: 'Unsupported auth_version.' });
    q.delete('auth_signature');
    expect(verifyApiSignature({ key: 'k', secret: 's' }, 'GET', '/apps/a/channels', q, Buffer.alloc(0)).ok).toBe(false);
  });
});

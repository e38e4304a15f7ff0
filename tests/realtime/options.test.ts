import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config';
import { originAllowed, realtimeOptionsFromConfig } from '../../server/realtime/index';
import { verifyApiSignature } from '../../server/realtime/signature';

describe('realtimeOptionsFromConfig', () => {
  it('maps the REVERB_* defaults', () => {
    expect(realtimeOptionsFromConfig(loadConfig({}))).toEqual({
      appId: 'boardly',
      key: 'boardly-key',
      secret: '', // derived from the app key at start (server/secrets.ts)
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
      redisKeyPrefix: 'reverb',
      clientEvents: false,
      maxEventNameLength: 200,
      maxEventChannels: 100,
      maxChannelNameLength: 200,
      presenceMaxMembers: 100,
      presenceMaxMemberSizeKb: 2,
      requireSignIn: false,
      signInTimeoutMs: 30_000,
      webhooks: undefined,
      metricsPort: undefined,
      metricsHost: '127.0.0.1',
    });
  });

  it('reads the scaling prefix, the limits, webhooks and the metrics port (issue #16)', () => {
    const env = {
      REVERB_SCALING_PREFIX: 'boardly-staging',
      REVERB_CLIENT_EVENTS: 'true',
      REVERB_MAX_EVENT_NAME_LENGTH: '50',
      REVERB_MAX_EVENT_CHANNELS: '10',
      REVERB_MAX_CHANNEL_NAME_LENGTH: '64',
      REVERB_PRESENCE_MAX_MEMBERS: '0',
      REVERB_PRESENCE_MAX_MEMBER_SIZE_KB: '0.5',
      REVERB_USER_AUTHENTICATION: 'true',
      REVERB_USER_AUTHENTICATION_TIMEOUT: '5',
      REVERB_WEBHOOK_URL: 'http://app.internal/webhooks/realtime, https://audit.example.com/hook',
      REVERB_WEBHOOK_EVENTS: 'member_added,member_removed',
      REVERB_WEBHOOK_BATCH_MS: '200',
      REVERB_METRICS_PORT: '9601',
    };
    expect(realtimeOptionsFromConfig(loadConfig(env))).toMatchObject({
      redisKeyPrefix: 'boardly-staging',
      clientEvents: true,
      maxEventNameLength: 50,
      maxEventChannels: 10,
      maxChannelNameLength: 64,
      presenceMaxMembers: 0,
      presenceMaxMemberSizeKb: 0.5,
      requireSignIn: true,
      signInTimeoutMs: 5000,
      webhooks: { urls: ['http://app.internal/webhooks/realtime', 'https://audit.example.com/hook'], events: ['member_added', 'member_removed'], batchMs: 200 },
      metricsPort: 9601,
    });
  });

  it('refuses webhook URLs and event types it cannot use, and a prefix that would break keys, naming the variable', () => {
    expect(() => loadConfig({ REVERB_WEBHOOK_URL: 'ftp://x/y' })).toThrow(/REVERB_WEBHOOK_URL/);
    expect(() => loadConfig({ REVERB_WEBHOOK_URL: 'http://ok.test/a,not a url' })).toThrow(/REVERB_WEBHOOK_URL/);
    expect(() => loadConfig({ REVERB_WEBHOOK_EVENTS: 'member_added,subscription_count' })).toThrow(/REVERB_WEBHOOK_EVENTS/);
    expect(() => loadConfig({ REVERB_SCALING_PREFIX: 'has space' })).toThrow(/REVERB_SCALING_PREFIX/);
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

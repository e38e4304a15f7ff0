import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config';
import { realtimeClientConfig } from '../../server/http/realtime-client-config';
import { realtimeAddresses } from '../../server/realtime/addresses';
import { resolveApps } from '../../server/realtime/options';
import { originAllowed, realtimeOptionsFromConfig } from '../../server/realtime/index';
import { verifyApiSignature } from '../../server/realtime/signature';

describe('realtimeOptionsFromConfig', () => {
  it("maps Reverb's variables with Reverb's defaults", () => {
    expect(realtimeOptionsFromConfig(loadConfig({}))).toEqual({
      appId: 'boardly',
      key: 'boardly-key',
      secret: '', // derived from the app key at start (server/secrets.ts)
      host: '0.0.0.0',
      port: 8080,
      path: '',
      // Unset (Reverb's 10 000 would refuse a batch of ten 1 KB events): resolved per app from its limits (ADR 0034).
      maxRequestSize: undefined,
      httpRateLimit: 1000,
      allowedOrigins: ['*'],
      maxConnections: undefined,
      maxConnectionsPerIp: 100,
      maxSubscriptionsPerConnection: 100,
      trustProxy: false,
      maxMessageSize: 10_000,
      activityTimeout: 30,
      pingIntervalMs: 60_000,
      redisUrl: undefined,
      redisKeyPrefix: 'reverb',
      // Boardly's own client resumes after a reconnect (ADR 0035): its app keeps a replay window.
      replay: { maxEvents: 100, maxAgeSeconds: 120 },
      // Reverb's default: Echo's .whisper() works on private and presence channels out of the box.
      clientEvents: 'members',
      subscriptionCount: false,
      rateLimiting: { enabled: false, maxAttempts: 60, decaySeconds: 60, terminateOnLimit: false },
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

  it("reads every REVERB_APP_* variable of Reverb's config/reverb.php", () => {
    const env = {
      REVERB_SERVER_HOST: '10.0.0.5',
      REVERB_SERVER_PORT: '9090',
      REVERB_SERVER_PATH: '/reverb/',
      REVERB_MAX_REQUEST_SIZE: '20000',
      REVERB_SCALING_CHANNEL: 'boardly-staging',
      REVERB_APP_PING_INTERVAL: '45',
      REVERB_APP_ACTIVITY_TIMEOUT: '20',
      REVERB_APP_MAX_CONNECTIONS: '500',
      REVERB_APP_MAX_MESSAGE_SIZE: '20000',
      REVERB_APP_ACCEPT_CLIENT_EVENTS_FROM: 'all',
      REVERB_APP_RATE_LIMITING_ENABLED: 'true',
      REVERB_APP_RATE_LIMIT_MAX_ATTEMPTS: '120',
      REVERB_APP_RATE_LIMIT_DECAY_SECONDS: '30',
      REVERB_APP_RATE_LIMIT_TERMINATE: 'true',
      REVERB_PULSE_INGEST_INTERVAL: '15',
      REVERB_TELESCOPE_INGEST_INTERVAL: '15',
    };
    const config = loadConfig(env);
    expect(config.DEPRECATIONS).toEqual([]);
    expect(realtimeOptionsFromConfig(config)).toMatchObject({
      host: '10.0.0.5',
      port: 9090,
      path: '/reverb',
      maxRequestSize: 20_000,
      redisKeyPrefix: 'boardly-staging',
      pingIntervalMs: 45_000,
      activityTimeout: 20,
      maxConnections: 500,
      maxMessageSize: 20_000,
      clientEvents: 'all',
      rateLimiting: { enabled: true, maxAttempts: 120, decaySeconds: 30, terminateOnLimit: true },
    });
    expect(() => loadConfig({ REVERB_APP_ACCEPT_CLIENT_EVENTS_FROM: 'everyone' })).toThrow(/REVERB_APP_ACCEPT_CLIENT_EVENTS_FROM/);
    expect(() => loadConfig({ REVERB_SERVER: 'pusher' })).toThrow(/REVERB_SERVER/);
  });

  it("reads Boardly's earlier names as Reverb's, each with a deprecation line", () => {
    const config = loadConfig({
      REVERB_ACTIVITY_TIMEOUT: '40',
      REVERB_MAX_CONNECTIONS: '7',
      REVERB_MAX_MESSAGE_SIZE: '5000',
      REVERB_CLIENT_EVENTS: 'false',
      REVERB_SCALING_PREFIX: 'old-prefix',
    });
    expect(realtimeOptionsFromConfig(config)).toMatchObject({ activityTimeout: 40, maxConnections: 7, maxMessageSize: 5000, clientEvents: 'none', redisKeyPrefix: 'old-prefix' });
    expect(config.DEPRECATIONS).toEqual([
      "REVERB_ACTIVITY_TIMEOUT is deprecated: it is read as REVERB_APP_ACTIVITY_TIMEOUT, Reverb's name; rename it.",
      "REVERB_MAX_CONNECTIONS is deprecated: it is read as REVERB_APP_MAX_CONNECTIONS, Reverb's name; rename it.",
      "REVERB_MAX_MESSAGE_SIZE is deprecated: it is read as REVERB_APP_MAX_MESSAGE_SIZE, Reverb's name; rename it.",
      "REVERB_CLIENT_EVENTS is deprecated: it is read as REVERB_APP_ACCEPT_CLIENT_EVENTS_FROM=none, Reverb's name; rename it.",
      "REVERB_SCALING_PREFIX is deprecated: it is read as REVERB_SCALING_CHANNEL, Reverb's name; rename it.",
    ]);
    expect(loadConfig({ REVERB_CLIENT_EVENTS: 'true' }).REVERB_APP_ACCEPT_CLIENT_EVENTS_FROM).toBe('members');
    // The new name wins; the old one is said to be ignored.
    const both = loadConfig({ REVERB_APP_ACTIVITY_TIMEOUT: '25', REVERB_ACTIVITY_TIMEOUT: '40' });
    expect(both.REVERB_APP_ACTIVITY_TIMEOUT).toBe(25);
    expect(both.DEPRECATIONS).toEqual(['REVERB_ACTIVITY_TIMEOUT is deprecated and ignored: REVERB_APP_ACTIVITY_TIMEOUT is set.']);
  });

  it('listens where Reverb does, and where Boardly did when only REVERB_HOST/REVERB_PORT name this machine', () => {
    const at = (env: Record<string, string>) => {
      const config = loadConfig(env);
      const a = realtimeAddresses(config);
      return { listen: `${a.listenHost}:${a.listenPort}`, variable: a.listenPortVariable, browser: `${a.publicHost ?? '(APP_URL)'}:${a.publicPort}`, client: realtimeClientConfig(config) };
    };
    expect(at({})).toMatchObject({ listen: '0.0.0.0:8080', browser: '(APP_URL):8080', client: { host: 'localhost', port: 8080, scheme: 'http' } });
    // Reverb behind a TLS proxy: browsers dial the proxy, the server stays on REVERB_SERVER_PORT.
    expect(at({ REVERB_HOST: 'ws.example.com', REVERB_PORT: '443', REVERB_SCHEME: 'https' })).toMatchObject({
      listen: '0.0.0.0:8080',
      variable: 'REVERB_SERVER_PORT',
      client: { host: 'ws.example.com', port: 443, scheme: 'https' },
    });
    expect(at({ REVERB_SERVER_HOST: '127.0.0.1', REVERB_SERVER_PORT: '6001', REVERB_HOST: 'ws.example.com', REVERB_PORT: '443' })).toMatchObject({
      listen: '127.0.0.1:6001',
      browser: 'ws.example.com:443',
    });
    // Boardly's reading, kept: `REVERB_PORT=8081 npm start` moves the server, and a bind address is not a host to dial.
    expect(at({ REVERB_PORT: '8081' })).toMatchObject({ listen: '0.0.0.0:8081', variable: 'REVERB_PORT', browser: '(APP_URL):8081' });
    expect(at({ REVERB_HOST: '127.0.0.1', REVERB_PORT: '8082' })).toMatchObject({ listen: '127.0.0.1:8082', browser: '127.0.0.1:8082' });
    expect(at({ REVERB_HOST: '0.0.0.0', REVERB_PORT: '8083' })).toMatchObject({ listen: '0.0.0.0:8083', browser: '(APP_URL):8083' });
    // Boardly's old public pair: REVERB_HOST/REVERB_PORT were the listening address then.
    const old = loadConfig({ REVERB_HOST: '0.0.0.0', REVERB_PORT: '8080', REVERB_PUBLIC_HOST: 'ws.example.com', REVERB_PUBLIC_PORT: '443' });
    expect(realtimeAddresses(old)).toMatchObject({ listenHost: '0.0.0.0', listenPort: 8080, publicHost: 'ws.example.com', publicPort: 443 });
    expect(old.DEPRECATIONS).toHaveLength(2);
  });

  it("reads more apps from REVERB_APPS or REVERB_APPS_FILE in Reverb's shape, and refuses a bad list naming the entry", () => {
    const crm = {
      app_id: 'crm',
      key: 'crm-key',
      secret: 'crm-secret-0123456789',
      allowed_origins: ['crm.example.com'],
      accept_client_events_from: 'none',
      rate_limiting: { enabled: true, max_attempts: 5 },
      enabled: false,
    };
    const options = realtimeOptionsFromConfig(loadConfig({ REVERB_APPS: JSON.stringify([crm]) }));
    expect(options.apps).toEqual([
      { appId: 'crm', key: 'crm-key', secret: 'crm-secret-0123456789', allowedOrigins: ['crm.example.com'], clientEvents: 'none', rateLimiting: { enabled: true, maxAttempts: 5 }, enabled: false },
    ]);
    const resolved = resolveApps({ ...options, secret: 'boardly-secret-0123456789' });
    expect(resolved.map((a) => [a.appId, a.clientEvents, a.enabled, a.rateLimiting.maxAttempts, a.maxMessageSize])).toEqual([
      ['boardly', 'members', true, 60, 10_000],
      ['crm', 'none', false, 5, 10_000],
    ]);
    const dir = mkdtempSync(path.join(tmpdir(), 'apps-'));
    const file = path.join(dir, 'apps.json');
    writeFileSync(file, JSON.stringify([{ ...crm, app_id: 42 }]));
    expect(realtimeOptionsFromConfig(loadConfig({ REVERB_APPS_FILE: file })).apps?.[0].appId).toBe('42');
    expect(() => realtimeOptionsFromConfig(loadConfig({ REVERB_APPS: '[{"app_id":"x","key":"k"}]' }))).toThrow(/REVERB_APPS\[0\.secret\]/);
    expect(() => realtimeOptionsFromConfig(loadConfig({ REVERB_APPS: 'not json' }))).toThrow(/REVERB_APPS is not JSON/);
    expect(() => realtimeOptionsFromConfig(loadConfig({ REVERB_APPS_FILE: path.join(dir, 'missing.json') }))).toThrow(/REVERB_APPS_FILE cannot be read/);
    expect(() => resolveApps({ ...options, secret: 's'.repeat(20), apps: [{ appId: 'other', key: 'boardly-key', secret: 'x'.repeat(20) }] })).toThrow(/share the key "boardly-key"/);
    // Several apps: an id is part of every Redis key, so `a` and `a:rp` could meet.
    expect(() => resolveApps({ ...options, secret: 's'.repeat(20), apps: [{ appId: 'boardly:rp', key: 'k2', secret: 'x'.repeat(20) }] })).toThrow(/only letters, digits/);
    expect(resolveApps({ ...options, secret: 's'.repeat(20), apps: [] }).map((a) => a.appId)).toEqual(['boardly']);
  });

  it('refuses webhook URLs and event types it cannot use, and a prefix that would break keys, naming the variable', () => {
    expect(() => loadConfig({ REVERB_WEBHOOK_URL: 'ftp://x/y' })).toThrow(/REVERB_WEBHOOK_URL/);
    expect(() => loadConfig({ REVERB_WEBHOOK_URL: 'http://ok.test/a,not a url' })).toThrow(/REVERB_WEBHOOK_URL/);
    expect(() => loadConfig({ REVERB_WEBHOOK_EVENTS: 'member_added,subscription_count' })).toThrow(/REVERB_WEBHOOK_EVENTS/);
    expect(() => loadConfig({ REVERB_SCALING_CHANNEL: 'has space' })).toThrow(/REVERB_SCALING_CHANNEL/);
  });

  it('reads the limits, webhooks and the metrics port (issue #16)', () => {
    const env = {
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

  it('splits REVERB_ALLOWED_ORIGINS and uses REDIS_URL only when scaling is enabled', () => {
    const env = { REVERB_ALLOWED_ORIGINS: 'app.test, *.boardly.test ,', REDIS_URL: 'redis://r:6379', REVERB_APP_MAX_CONNECTIONS: '500' };
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

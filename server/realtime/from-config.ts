import { list, type Config } from '../config';
import type { WebhookEventType } from '../lib/webhook-events';
import { realtimeAddresses } from './addresses';
import { appsFromConfig } from './apps';
import type { RealtimeOptions } from './options';

/** Maps the REVERB_* environment (server/config.ts, Reverb's names) to server options. */
export function realtimeOptionsFromConfig(config: Config): RealtimeOptions {
  const origins = list(config.REVERB_ALLOWED_ORIGINS);
  const webhookUrls = list(config.REVERB_WEBHOOK_URL);
  const httpOrigins = list(config.REVERB_APP_HTTP_ALLOWED_ORIGINS);
  const addresses = realtimeAddresses(config);
  const apps = appsFromConfig(config);
  return {
    appId: config.REVERB_APP_ID,
    key: config.REVERB_APP_KEY,
    secret: config.REVERB_APP_SECRET,
    host: addresses.listenHost,
    port: addresses.listenPort,
    path: addresses.path,
    maxRequestSize: config.REVERB_MAX_REQUEST_SIZE,
    httpRateLimit: config.REVERB_APP_HTTP_RATE_LIMIT,
    ...(httpOrigins.length ? { httpAllowedOrigins: httpOrigins } : {}),
    allowedOrigins: origins.length ? origins : ['*'],
    maxConnections: config.REVERB_APP_MAX_CONNECTIONS,
    maxConnectionsPerIp: config.REVERB_MAX_CONNECTIONS_PER_IP,
    maxSubscriptionsPerConnection: config.REVERB_MAX_SUBSCRIPTIONS_PER_CONNECTION,
    trustProxy: config.REVERB_TRUST_PROXY,
    maxMessageSize: config.REVERB_APP_MAX_MESSAGE_SIZE,
    activityTimeout: config.REVERB_APP_ACTIVITY_TIMEOUT,
    pingIntervalMs: config.REVERB_APP_PING_INTERVAL * 1000,
    redisUrl: config.REVERB_SCALING_ENABLED && config.REDIS_URL ? config.REDIS_URL : undefined,
    redisKeyPrefix: config.REVERB_SCALING_CHANNEL,
    clientEvents: config.REVERB_APP_ACCEPT_CLIENT_EVENTS_FROM,
    subscriptionCount: config.REVERB_APP_SUBSCRIPTION_COUNT,
    rateLimiting: {
      enabled: config.REVERB_APP_RATE_LIMITING_ENABLED,
      maxAttempts: config.REVERB_APP_RATE_LIMIT_MAX_ATTEMPTS,
      decaySeconds: config.REVERB_APP_RATE_LIMIT_DECAY_SECONDS,
      terminateOnLimit: config.REVERB_APP_RATE_LIMIT_TERMINATE,
    },
    maxEventNameLength: config.REVERB_MAX_EVENT_NAME_LENGTH,
    maxEventChannels: config.REVERB_MAX_EVENT_CHANNELS,
    maxChannelNameLength: config.REVERB_MAX_CHANNEL_NAME_LENGTH,
    presenceMaxMembers: config.REVERB_PRESENCE_MAX_MEMBERS,
    presenceMaxMemberSizeKb: config.REVERB_PRESENCE_MAX_MEMBER_SIZE_KB,
    requireSignIn: config.REVERB_USER_AUTHENTICATION,
    signInTimeoutMs: config.REVERB_USER_AUTHENTICATION_TIMEOUT * 1000,
    webhooks: webhookUrls.length ? { urls: webhookUrls, events: list(config.REVERB_WEBHOOK_EVENTS) as WebhookEventType[], batchMs: config.REVERB_WEBHOOK_BATCH_MS } : undefined,
    replay: config.REVERB_APP_REPLAY_MAX_EVENTS > 0 ? { maxEvents: config.REVERB_APP_REPLAY_MAX_EVENTS, maxAgeSeconds: config.REVERB_APP_REPLAY_MAX_AGE } : null,
    metricsPort: config.REVERB_METRICS_PORT,
    metricsHost: config.REVERB_METRICS_HOST,
    ...(apps.length ? { apps } : {}),
  };
}

import { readFileSync } from 'node:fs';
import { z } from 'zod';
import type { Config } from '../config';
import { StartupError } from '../lib/startup-error';
import { WEBHOOK_EVENT_TYPES } from '../lib/webhook-events';
import { webhookHeaderProblem, type AppDefinition, type WebhookOptions } from './options';

/**
 * More apps beside REVERB_APP_*, in the shape of Reverb's `apps.apps` entries (snake_case, as in
 * config/reverb.php), from REVERB_APPS (inline JSON) or REVERB_APPS_FILE (a JSON file):
 *
 *   [{ "app_id": "crm", "key": "crm-key", "secret": "…", "allowed_origins": ["crm.example.com"],
 *      "ping_interval": 60, "activity_timeout": 30, "max_connections": 500, "max_message_size": 10000,
 *      "accept_client_events_from": "members",
 *      "rate_limiting": { "enabled": true, "max_attempts": 60, "decay_seconds": 60, "terminate_on_limit": false },
 *      "replay": { "max_events": 100, "max_age_seconds": 120 },
 *      "enabled": true, "max_request_size": 400000, "http_rate_limit": 1000, "http_allowed_origins": ["crm.example.com"] }]
 *
 * Unset fields take the REVERB_APP_* values. `enabled: false` deactivates an app. Reverb's
 * `options` (what the Laravel side dials) are accepted and not used here.
 *
 * Webhooks per app in soketi's shape (the REVERB_WEBHOOK_URL receivers are the default app's only):
 *
 *   "webhooks": [{ "url": "https://crm.example.com/hooks", "event_types": ["channel_occupied", "member_added"],
 *                  "filter": { "channel_name_starts_with": "private-", "channel_name_ends_with": "-chat" },
 *                  "headers": { "X-Custom": "v" } }],
 *   "webhook_batching": { "enabled": false, "duration": 50 }
 *
 * `event_types` left out: every type. A filter sends only events on channels whose name matches all it
 * states. `webhook_batching` (soketi's webhooks.batching, per app here; `false` = `{ "enabled": false }`):
 * off, each event is its own POST.
 */
const appSchema = z.object({
  app_id: z.union([z.string().min(1), z.number().transform(String)]),
  key: z.string().min(1),
  secret: z.string().min(16, 'at least 16 characters: it signs every subscription and publish'),
  allowed_origins: z.array(z.string()).optional(),
  ping_interval: z.number().positive().optional(),
  activity_timeout: z.number().int().positive().optional(),
  max_connections: z.number().int().positive().nullable().optional(),
  max_message_size: z.number().int().positive().optional(),
  accept_client_events_from: z.enum(['members', 'all', 'none']).optional(),
  rate_limiting: z
    .object({
      enabled: z.boolean().optional(),
      max_attempts: z.number().int().positive().optional(),
      decay_seconds: z.number().positive().optional(),
      terminate_on_limit: z.boolean().optional(),
    })
    .optional(),
  enabled: z.boolean().optional(),
  subscription_count: z.boolean().optional(),
  max_request_size: z.number().int().positive().optional(),
  http_rate_limit: z.number().int().min(0).optional(),
  http_allowed_origins: z.array(z.string()).optional(),
  /** The replay window (ADR 0035); `false` or `null` turns it off for this app. */
  replay: z
    .union([
      z.literal(false),
      z.null(),
      z.object({
        max_events: z.number().int().min(0).max(10_000),
        max_age_seconds: z.number().positive().max(86_400),
      }),
    ])
    .optional(),
  options: z.record(z.string(), z.unknown()).optional(),
  webhooks: z
    .array(
      z.object({
        url: z.url({ protocol: /^https?$/, error: 'an http:// or https:// URL' }),
        event_types: z.array(z.enum(WEBHOOK_EVENT_TYPES)).optional(),
        filter: z
          .object({
            channel_name_starts_with: z.string().optional(),
            channel_name_ends_with: z.string().optional(),
          })
          .optional(),
        headers: z
          .record(z.string(), z.string())
          .superRefine((headers, ctx) => {
            for (const [name, value] of Object.entries(headers)) {
              const problem = webhookHeaderProblem(name, value);
              if (problem) ctx.addIssue({ code: 'custom', message: problem, path: [name] });
            }
          })
          .optional(),
      }),
    )
    .optional(),
  webhook_batching: z
    .union([
      z.boolean(),
      z.object({
        enabled: z.boolean().optional(),
        duration: z.number().int().min(0).max(60_000).optional(),
      }),
    ])
    .optional(),
});
type AppEntry = z.infer<typeof appSchema>;

function webhooksOf(entry: AppEntry): WebhookOptions | undefined {
  const batching = typeof entry.webhook_batching === 'boolean' ? { enabled: entry.webhook_batching } : entry.webhook_batching;
  if (!entry.webhooks && !batching) return undefined;
  return {
    ...(entry.webhooks && {
      targets: entry.webhooks.map((w) => ({
        url: w.url,
        ...(w.event_types && { events: w.event_types }),
        ...(w.filter && { filter: { channelNameStartsWith: w.filter.channel_name_starts_with, channelNameEndsWith: w.filter.channel_name_ends_with } }),
        ...(w.headers && { headers: w.headers }),
      })),
    }),
    ...(batching?.enabled !== undefined && { batching: batching.enabled }),
    ...(batching?.duration !== undefined && { batchMs: batching.duration }),
  };
}

/** Only what an entry states: anything left out is the REVERB_APP_* value. */
function toDefinition(entry: AppEntry): AppDefinition {
  const limits = entry.rate_limiting;
  const defined = Object.entries({
    allowedOrigins: entry.allowed_origins,
    pingIntervalMs: entry.ping_interval === undefined ? undefined : entry.ping_interval * 1000,
    activityTimeout: entry.activity_timeout,
    maxConnections: entry.max_connections ?? undefined,
    maxMessageSize: entry.max_message_size,
    clientEvents: entry.accept_client_events_from,
    rateLimiting: limits && {
      ...(limits.enabled === undefined ? {} : { enabled: limits.enabled }),
      ...(limits.max_attempts === undefined ? {} : { maxAttempts: limits.max_attempts }),
      ...(limits.decay_seconds === undefined ? {} : { decaySeconds: limits.decay_seconds }),
      ...(limits.terminate_on_limit === undefined ? {} : { terminateOnLimit: limits.terminate_on_limit }),
    },
    enabled: entry.enabled,
    subscriptionCount: entry.subscription_count,
    maxRequestSize: entry.max_request_size,
    httpRateLimit: entry.http_rate_limit,
    httpAllowedOrigins: entry.http_allowed_origins,
    webhooks: webhooksOf(entry),
    replay: entry.replay === undefined ? undefined : entry.replay ? { maxEvents: entry.replay.max_events, maxAgeSeconds: entry.replay.max_age_seconds } : null,
  }).filter(([, value]) => value !== undefined);
  return { appId: entry.app_id, key: entry.key, secret: entry.secret, ...Object.fromEntries(defined) };
}

/** Parses the apps list; a mistake stops the start with the variable and the entry named. */
export function parseApps(json: string, source: string): AppDefinition[] {
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch (e) {
    throw new StartupError(`${source} is not JSON: ${(e as Error).message}`);
  }
  const parsed = z.array(appSchema).safeParse(value);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${source}[${i.path.join('.')}]: ${i.message}`);
    throw new StartupError(`Invalid realtime apps:\n${lines.join('\n')}`);
  }
  return parsed.data.map(toDefinition);
}

export function appsFromConfig(config: Config): AppDefinition[] {
  if (config.REVERB_APPS && config.REVERB_APPS_FILE) throw new StartupError('Set REVERB_APPS or REVERB_APPS_FILE, not both.');
  if (config.REVERB_APPS) return parseApps(config.REVERB_APPS, 'REVERB_APPS');
  if (!config.REVERB_APPS_FILE) return [];
  let text: string;
  try {
    text = readFileSync(config.REVERB_APPS_FILE, 'utf8');
  } catch (e) {
    throw new StartupError(`REVERB_APPS_FILE cannot be read (${config.REVERB_APPS_FILE}): ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`);
  }
  return parseApps(text, 'REVERB_APPS_FILE');
}

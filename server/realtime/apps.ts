import { readFileSync } from 'node:fs';
import { z } from 'zod';
import type { Config } from '../config';
import { StartupError } from '../lib/startup-error';
import type { AppDefinition } from './options';

/**
 * More apps beside REVERB_APP_*, in the shape of Reverb's `apps.apps` entries (snake_case, as in
 * config/reverb.php), from REVERB_APPS (inline JSON) or REVERB_APPS_FILE (a JSON file):
 *
 *   [{ "app_id": "crm", "key": "crm-key", "secret": "…", "allowed_origins": ["crm.example.com"],
 *      "ping_interval": 60, "activity_timeout": 30, "max_connections": 500, "max_message_size": 10000,
 *      "accept_client_events_from": "members",
 *      "rate_limiting": { "enabled": true, "max_attempts": 60, "decay_seconds": 60, "terminate_on_limit": false },
 *      "replay": { "max_events": 100, "max_age_seconds": 120 },
 *      "enabled": true }]
 *
 * Unset fields take the REVERB_APP_* values. `enabled: false` deactivates an app. Reverb's
 * `options` (what the Laravel side dials) are accepted and not used here.
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
});
type AppEntry = z.infer<typeof appSchema>;

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

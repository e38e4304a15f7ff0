import { ACTIVITY_KINDS, type ActivityKind } from './activity-kinds';

/**
 * What an organisation's webhook endpoint may subscribe to (issue #28): the activity kinds that
 * change the organisation's records, members or plan. Left out: a person's own account (sign-ins,
 * passwords, passkeys), entries that change nothing, and the webhooks' own entries.
 */
const PERSONAL = new Set<string>([
  'user.updated',
  'user.password_changed',
  'user.password_reset',
  'user.passkey_added',
  'user.passkey_renamed',
  'user.passkey_removed',
  'user.settings_updated',
  'user.two_factor_enabled',
  'user.two_factor_disabled',
  'user.recovery_codes_regenerated',
  'user.recovery_code_used',
  'user.browser_session_ended',
  'user.other_browser_sessions_ended',
]);

export const WEBHOOK_EVENTS = (Object.keys(ACTIVITY_KINDS) as ActivityKind[]).filter(
  (kind) => !('change' in ACTIVITY_KINDS[kind]) && !PERSONAL.has(kind) && !kind.startsWith('webhook.'),
) as readonly ActivityKind[];

export const isWebhookEvent = (value: string): value is ActivityKind => (WEBHOOK_EVENTS as readonly string[]).includes(value);

/** The event a "Send test event" delivers. */
export const WEBHOOK_TEST_EVENT = 'webhook.test';

/** Signing secrets: Standard Webhooks' `whsec_` and the base64 of the key bytes. */
export const WEBHOOK_SECRET_PREFIX = 'whsec_';

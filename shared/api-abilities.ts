/**
 * What an organisation's API token may do, declared once: the tokens page offers these, the API's
 * routes each require one, the OpenAPI document names them, and a token with `activity:read` may
 * join its organisation's private channel.
 */
export const API_ABILITIES = ['board-users:read', 'board-users:write', 'insights:read', 'insights:write', 'activity:read'] as const;
export type ApiAbility = (typeof API_ABILITIES)[number];

export const isApiAbility = (value: unknown): value is ApiAbility => typeof value === 'string' && (API_ABILITIES as readonly string[]).includes(value);

/** Every token starts so: secret scanners (GitHub's, GitGuardian's) can be taught to recognise it. */
export const API_TOKEN_PREFIX = 'bdly_';

/** A token lives 7 to 365 days, or until revoked (no expiry). */
export const API_TOKEN_MIN_DAYS = 7;
export const API_TOKEN_MAX_DAYS = 365;

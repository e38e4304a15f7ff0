import { z } from 'zod';
import { requiredString } from '../../lib/fields';
import { withLabels } from '../../lib/validation';
import { msg } from '../../i18n/message';
import { API_ABILITIES, API_TOKEN_MAX_DAYS, API_TOKEN_MIN_DAYS, isApiAbility, type ApiAbility } from '../../../shared/api-abilities';

/** At least one ability, each one we know; kept in the declared order, each once. */
const abilities = z.unknown().transform((value, ctx): ApiAbility[] => {
  const list = typeof value === 'string' ? [value] : value;
  if (!Array.isArray(list) || list.length === 0 || list.length > 20 || !list.every(isApiAbility)) {
    ctx.addIssue({ code: 'custom', message: msg('validation.apiTokens.abilities') });
    return z.NEVER;
  }
  return API_ABILITIES.filter((a) => list.includes(a));
});

/** 7–365 whole days, or none (empty, null or absent): the token then lives until revoked. */
const expiresInDays = z.unknown().transform((value, ctx): number | null => {
  if (value === undefined || value === null || value === '' || value === 'none') return null;
  const n = typeof value === 'number' ? value : typeof value === 'string' && /^\d{1,4}$/.test(value.trim()) ? Number(value.trim()) : Number.NaN;
  if (!Number.isInteger(n) || n < API_TOKEN_MIN_DAYS || n > API_TOKEN_MAX_DAYS) {
    ctx.addIssue({ code: 'custom', message: msg('validation.apiTokens.expiresInDays', { min: API_TOKEN_MIN_DAYS, max: API_TOKEN_MAX_DAYS }) });
    return z.NEVER;
  }
  return n;
});

export const createApiTokenSchema = withLabels(
  z.object({
    name: requiredString('name', 100),
    abilities,
    expires_in_days: expiresInDays,
  }),
  { name: 'name' },
);

export type CreateApiTokenInput = z.infer<typeof createApiTokenSchema>;

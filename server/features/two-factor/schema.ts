import { z } from 'zod';
import { checkbox, currentPassword, optionalString, requiredString } from '../../lib/fields';
import { withLabels } from '../../lib/validation';
import { msg } from '../../i18n/message';

/** Fortify's confirm step: `code`. */
export const confirmTwoFactorSchema = z.object({ code: requiredString('code', 20) });

/** Fortify's challenge: `code` or `recovery_code`. */
export const challengeSchema = z
  .object({ code: optionalString('code', 20).optional(), recovery_code: optionalString('recovery code', 64).optional() })
  .transform((v) => ({ code: v.code ?? null, recovery_code: v.recovery_code ?? null }))
  .refine((v) => v.code !== null || v.recovery_code !== null, { path: ['code'], message: msg('validation.twoFactor.codeRequired') });

export const disableTwoFactorSchema = z.object({ password: currentPassword() });

export const requirementSchema = withLabels(z.object({ require_two_factor: checkbox }), { require_two_factor: 'two-factor requirement' });

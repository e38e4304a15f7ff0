import { z } from 'zod';
import { LOCALES } from '../../../shared/i18n';

/** The grant's form: the invitation's language (default: the member's own, else the inviter's). */
export const grantSchema = z.object({
  locale: z.preprocess((v) => (v === '' || v === null ? undefined : v), z.enum(LOCALES).optional()),
});
export type GrantInput = z.infer<typeof grantSchema>;

import { z } from 'zod';
import { isLocale, type Locale } from '../../../shared/i18n';
import { msg } from '../../i18n/message';

/** A guest's language choice: one of the interface's languages. */
export const localeSchema = z.object({
  locale: z.unknown().refine((v): v is Locale => isLocale(v), { message: msg('common.language.invalid') }),
});

export type LocaleInput = { locale: Locale };

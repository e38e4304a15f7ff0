import { z } from 'zod';
import { checkbox, rule } from '../../lib/fields';
import { msg } from '../../i18n/message';
import { canonicalTimeZone, LOCALE_VALUES } from './locales';

const text = (label: string) => z.string({ error: (i) => (i.input === undefined || i.input === null ? rule('required', label) : rule('text', label)) });

/** Language and region (the user's own). */
export const preferencesSchema = z.object({
  locale: text('language').refine((v) => LOCALE_VALUES.includes(v), msg('validation.settings.localeUnsupported')),
  timezone: text('time zone')
    .trim()
    .transform((v, ctx) => {
      const zone = canonicalTimeZone(v);
      if (!zone) {
        ctx.addIssue({ code: 'custom', message: msg('validation.settings.timezoneInvalid') });
        return z.NEVER;
      }
      return zone;
    }),
});

/** The current organisation's settings (admins). */
export const organizationSettingsSchema = z.object({
  public_page_enabled: checkbox,
});

export type PreferencesInput = z.infer<typeof preferencesSchema>;

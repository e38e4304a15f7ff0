import { z } from 'zod';
import { attribute, checkbox } from '../../lib/fields';
import { canonicalTimeZone, LOCALE_VALUES } from './locales';

const text = (label: string) => z.string({ error: (i) => (i.input === undefined || i.input === null ? `The ${attribute(label)} field is required.` : `The ${attribute(label)} must be text.`) });

/** Language and region (the user's own). */
export const preferencesSchema = z.object({
  locale: text('language').refine((v) => LOCALE_VALUES.includes(v), 'The selected language is not one we support.'),
  timezone: text('time zone')
    .trim()
    .transform((v, ctx) => {
      const zone = canonicalTimeZone(v);
      if (!zone) {
        ctx.addIssue({ code: 'custom', message: 'The time zone must be a valid IANA time zone, such as Europe/Paris.' });
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

import type { Locale } from '../../../shared/i18n';

/** Locales users may choose (BCP 47 tags Intl supports everywhere). */
const TAGS = [
  'en-US',
  'en-GB',
  'en-AU',
  'en-CA',
  'en-IE',
  'en-IN',
  'fr-FR',
  'fr-CA',
  'de-DE',
  'de-CH',
  'es-ES',
  'es-MX',
  'it-IT',
  'nl-NL',
  'pt-BR',
  'pt-PT',
  'sv-SE',
  'da-DK',
  'nb-NO',
  'fi-FI',
  'pl-PL',
  'cs-CZ',
  'tr-TR',
  'ja-JP',
  'ko-KR',
  'zh-CN',
  'zh-TW',
];

const SAMPLE_DAY = new Date('2026-11-23T12:00:00Z');
const SAMPLE_NUMBER = 1234567.89;

/**
 * A locale decides the interface language (en, de, fr; others keep English) and how dates and
 * numbers are written. Each choice is named in the reader's interface language by its region and
 * language, with what it looks like: "Germany (German): 23.11.26 · 1.234.567,89", in German
 * "Deutschland (Deutsch): 23.11.26 · 1.234.567,89".
 */
export function formatChoiceLabel(tag: string, displayLocale: Locale = 'en-US'): string {
  const locale = new Intl.Locale(tag);
  const regions = new Intl.DisplayNames(displayLocale, { type: 'region' });
  const languages = new Intl.DisplayNames(displayLocale, { type: 'language' });
  const where = locale.region ? `${regions.of(locale.region)} (${languages.of(locale.language)})` : languages.of(tag);
  const day = new Intl.DateTimeFormat(tag, { dateStyle: 'short', timeZone: 'UTC' }).format(SAMPLE_DAY);
  const number = new Intl.NumberFormat(tag).format(SAMPLE_NUMBER);
  return `${where}: ${day} · ${number}`;
}

export type LocaleChoice = { value: string; label: string };

const choices = new Map<Locale, LocaleChoice[]>();

/** The choices, named in `displayLocale` (the request's language), built once per language. */
export function localeChoices(displayLocale: Locale): LocaleChoice[] {
  let list = choices.get(displayLocale);
  if (!list) {
    list = TAGS.map((value) => ({ value, label: formatChoiceLabel(value, displayLocale) }));
    choices.set(displayLocale, list);
  }
  return list;
}

export const LOCALE_VALUES = [...TAGS] as [string, ...string[]];

/** The canonical IANA name of `value` if Intl knows it as a time zone, else null. */
export function canonicalTimeZone(value: string): string | null {
  if (!/^[A-Za-z0-9_+\-/]{1,64}$/.test(value)) return null;
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone: value }).resolvedOptions().timeZone;
  } catch {
    return null;
  }
}

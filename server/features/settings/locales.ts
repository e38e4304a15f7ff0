/** Locales users may choose (BCP 47 tags Intl supports everywhere). */
const TAGS = [
  'en-US', 'en-GB', 'en-AU', 'en-CA', 'en-IE', 'en-IN', 'fr-FR', 'fr-CA', 'de-DE', 'de-CH', 'es-ES', 'es-MX', 'it-IT', 'nl-NL',
  'pt-BR', 'pt-PT', 'sv-SE', 'da-DK', 'nb-NO', 'fi-FI', 'pl-PL', 'cs-CZ', 'tr-TR', 'ja-JP', 'ko-KR', 'zh-CN', 'zh-TW',
];

const SAMPLE_DAY = new Date('2026-11-23T12:00:00Z');
const SAMPLE_NUMBER = 1234567.89;

/**
 * The interface is English only: a locale changes how dates and numbers are written, nothing
 * else. So each choice is named in English by its region and language, with what it looks like:
 * "Germany (German): 23.11.26 · 1.234.567,89". Naming them "Deutsch" promised a German interface.
 */
export function formatChoiceLabel(tag: string): string {
  const locale = new Intl.Locale(tag);
  const regions = new Intl.DisplayNames('en-US', { type: 'region' });
  const languages = new Intl.DisplayNames('en-US', { type: 'language' });
  const where = locale.region ? `${regions.of(locale.region)} (${languages.of(locale.language)})` : languages.of(tag);
  const day = new Intl.DateTimeFormat(tag, { dateStyle: 'short', timeZone: 'UTC' }).format(SAMPLE_DAY);
  const number = new Intl.NumberFormat(tag).format(SAMPLE_NUMBER);
  return `${where}: ${day} · ${number}`;
}

export const LOCALES: { value: string; label: string }[] = TAGS.map((value) => ({ value, label: formatChoiceLabel(value) }));

export const LOCALE_VALUES = LOCALES.map((l) => l.value) as [string, ...string[]];

/** The canonical IANA name of `value` if Intl knows it as a time zone, else null. */
export function canonicalTimeZone(value: string): string | null {
  if (!/^[A-Za-z0-9_+\-/]{1,64}$/.test(value)) return null;
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone: value }).resolvedOptions().timeZone;
  } catch {
    return null;
  }
}

/** Locales users may choose (BCP 47 tags Intl supports everywhere), with their own names. */
export const LOCALES: { value: string; label: string }[] = [
  { value: 'en-US', label: 'English (United States)' },
  { value: 'en-GB', label: 'English (United Kingdom)' },
  { value: 'en-AU', label: 'English (Australia)' },
  { value: 'en-CA', label: 'English (Canada)' },
  { value: 'en-IE', label: 'English (Ireland)' },
  { value: 'en-IN', label: 'English (India)' },
  { value: 'fr-FR', label: 'Français (France)' },
  { value: 'fr-CA', label: 'Français (Canada)' },
  { value: 'de-DE', label: 'Deutsch (Deutschland)' },
  { value: 'de-CH', label: 'Deutsch (Schweiz)' },
  { value: 'es-ES', label: 'Español (España)' },
  { value: 'es-MX', label: 'Español (México)' },
  { value: 'it-IT', label: 'Italiano (Italia)' },
  { value: 'nl-NL', label: 'Nederlands (Nederland)' },
  { value: 'pt-BR', label: 'Português (Brasil)' },
  { value: 'pt-PT', label: 'Português (Portugal)' },
  { value: 'sv-SE', label: 'Svenska (Sverige)' },
  { value: 'da-DK', label: 'Dansk (Danmark)' },
  { value: 'nb-NO', label: 'Norsk bokmål (Norge)' },
  { value: 'fi-FI', label: 'Suomi (Suomi)' },
  { value: 'pl-PL', label: 'Polski (Polska)' },
  { value: 'cs-CZ', label: 'Čeština (Česko)' },
  { value: 'tr-TR', label: 'Türkçe (Türkiye)' },
  { value: 'ja-JP', label: '日本語 (日本)' },
  { value: 'ko-KR', label: '한국어 (대한민국)' },
  { value: 'zh-CN', label: '中文 (中国)' },
  { value: 'zh-TW', label: '中文 (台灣)' },
];

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

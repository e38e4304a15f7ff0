/**
 * Display formatting through Intl. Every function takes the signed-in user's locale and time
 * zone when given (see hooks/useFormatters), else en-US and UTC. Invalid or empty values give ''.
 *
 * One absolute format everywhere a date is shown (lists, show pages, activity, history,
 * subscriptions, sessions): `formatDate` (dateStyle medium: "Nov 23, 2026", "23.11.2026") and
 * `formatDateTime` (the same date and a short time). Pages pass no style of their own (no
 * `long`/`full` dates; tests/unit/date-format.test.ts checks the sources). Where a relative time
 * ("3 minutes ago") is the design, the absolute date-and-time is its `title`.
 */
export const DEFAULT_LOCALE = 'en-US';
export const DEFAULT_TIME_ZONE = 'UTC';

export type DateInput = string | number | Date | null | undefined;

export interface FormatOptions {
  locale?: string | null;
  timeZone?: string | null;
}

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

function toDate(value: DateInput): Date | null {
  if (value === null || value === undefined || value === '') return null;
  const date = value instanceof Date ? value : typeof value === 'number' ? new Date(value) : new Date(DATE_ONLY.test(value) ? `${value}T00:00:00Z` : value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** A calendar date ("2026-11-01") is the same day everywhere: never shift it by time zone. */
function zoneFor(value: DateInput, timeZone: string | null | undefined): string {
  return typeof value === 'string' && DATE_ONLY.test(value) ? 'UTC' : timeZone || DEFAULT_TIME_ZONE;
}

const cache = new Map<string, Intl.DateTimeFormat | Intl.NumberFormat | Intl.RelativeTimeFormat>();
function cached<T extends Intl.DateTimeFormat | Intl.NumberFormat | Intl.RelativeTimeFormat>(key: string, make: () => T): T {
  let formatter = cache.get(key) as T | undefined;
  if (!formatter) {
    try {
      formatter = make();
    } catch {
      // An unknown locale or zone (bad user setting) must not break the page.
      return null as unknown as T;
    }
    cache.set(key, formatter);
  }
  return formatter;
}

function dateTimeFormat(locale: string, timeZone: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `dt|${locale}|${timeZone}|${JSON.stringify(options)}`;
  return (
    cached(key, () => new Intl.DateTimeFormat(locale, { ...options, timeZone })) ??
    cached(`dt|${DEFAULT_LOCALE}|${DEFAULT_TIME_ZONE}|${JSON.stringify(options)}`, () => new Intl.DateTimeFormat(DEFAULT_LOCALE, { ...options, timeZone: DEFAULT_TIME_ZONE }))
  );
}

const NBSP = '\u00a0';

/**
 * Formats with the spaces inside a date ("Nov 23, 2026") and inside a time ("7:27 PM") made
 * non-breaking, so neither is split across lines ("7:27 / PM"); only the gap between the date
 * and the time may wrap.
 */
function unbroken(format: Intl.DateTimeFormat, date: Date): string {
  const parts = format.formatToParts(date);
  const timeStarts = parts.findIndex((p) => p.type === 'hour');
  const dateEnds = parts.findLastIndex((p) => p.type === 'year' || p.type === 'month' || p.type === 'day' || p.type === 'weekday');
  return parts
    .map((p, i) => {
      if (p.type !== 'literal') return p.value;
      const between = dateEnds >= 0 && timeStarts > dateEnds && i > dateEnds && i < timeStarts;
      return between ? p.value.replace(/[\u00a0\u202f]/g, ' ') : p.value.replace(/[ \u202f]/g, NBSP);
    })
    .join('');
}

/** "Nov 1, 2026" (never split across lines) */
export function formatDate(value: DateInput, { locale, timeZone }: FormatOptions = {}, style: Intl.DateTimeFormatOptions = { dateStyle: 'medium' }): string {
  const date = toDate(value);
  if (!date) return '';
  return unbroken(dateTimeFormat(locale || DEFAULT_LOCALE, zoneFor(value, timeZone), style), date);
}

/** "Nov 1, 2026, 3:04 PM" (the date and the time each kept on one line) */
export function formatDateTime(value: DateInput, { locale, timeZone }: FormatOptions = {}, style: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeStyle: 'short' }): string {
  const date = toDate(value);
  if (!date) return '';
  return unbroken(dateTimeFormat(locale || DEFAULT_LOCALE, zoneFor(value, timeZone), style), date);
}

/** "1,234" */
export function formatNumber(value: number | null | undefined, { locale }: FormatOptions = {}, options: Intl.NumberFormatOptions = {}): string {
  if (value === null || value === undefined || Number.isNaN(value)) return '';
  const loc = locale || DEFAULT_LOCALE;
  const formatter =
    cached(`n|${loc}|${JSON.stringify(options)}`, () => new Intl.NumberFormat(loc, options)) ??
    cached(`n|${DEFAULT_LOCALE}|${JSON.stringify(options)}`, () => new Intl.NumberFormat(DEFAULT_LOCALE, options));
  return formatter.format(value);
}

/** formatMoney(2900, 'USD') → "$29.00". Amounts are integers in the currency's minor unit. */
export function formatMoney(cents: number | null | undefined, currency = 'USD', locale?: string | null): string {
  if (cents === null || cents === undefined || Number.isNaN(cents)) return '';
  const loc = locale || DEFAULT_LOCALE;
  const options: Intl.NumberFormatOptions = { style: 'currency', currency };
  const formatter = cached(`m|${loc}|${currency}`, () => new Intl.NumberFormat(loc, options)) ?? cached(`m|${DEFAULT_LOCALE}|${currency}`, () => new Intl.NumberFormat(DEFAULT_LOCALE, options));
  if (!formatter) return `${(cents / 100).toFixed(2)} ${currency}`;
  const digits = formatter.resolvedOptions().maximumFractionDigits ?? 2;
  return formatter.format(cents / 10 ** digits);
}

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
  ['second', 1],
];

/** "3 minutes ago", "in 2 days", "yesterday", "now". */
export function formatRelative(value: DateInput, { locale }: FormatOptions = {}, now: Date | number = Date.now()): string {
  const date = toDate(value);
  if (!date) return '';
  const seconds = Math.round((date.getTime() - (typeof now === 'number' ? now : now.getTime())) / 1000);
  const loc = locale || DEFAULT_LOCALE;
  const formatter =
    cached(`r|${loc}`, () => new Intl.RelativeTimeFormat(loc, { numeric: 'auto' })) ?? cached(`r|${DEFAULT_LOCALE}`, () => new Intl.RelativeTimeFormat(DEFAULT_LOCALE, { numeric: 'auto' }));
  if (Math.abs(seconds) < 45) return formatter.format(0, 'second');
  for (const [unit, size] of UNITS) {
    if (Math.abs(seconds) >= size || unit === 'second') return formatter.format(Math.round(seconds / size), unit);
  }
  return '';
}

import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatRelative } from '../../resources/js/lib/format';

/** Issue #24 item 7: dates appeared in three formats; now one helper, one absolute format. */
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

describe('the one date format (lib/format)', () => {
  const instant = '2026-11-23T23:30:00Z';

  it("writes a date in the reader's locale, medium style", () => {
    expect(plain(formatDate(instant, { locale: 'en-US', timeZone: 'UTC' }))).toBe('Nov 23, 2026');
    expect(plain(formatDate(instant, { locale: 'de-DE', timeZone: 'UTC' }))).toBe('23.11.2026');
    expect(plain(formatDate(instant, { locale: 'fr-FR', timeZone: 'UTC' }))).toBe('23 nov. 2026');
    expect(plain(formatDate(instant, { locale: 'en-GB', timeZone: 'UTC' }))).toBe('23 Nov 2026');
  });

  it('writes a date and time as the same date plus a short time', () => {
    expect(plain(formatDateTime(instant, { locale: 'en-US', timeZone: 'UTC' }))).toBe('Nov 23, 2026, 11:30 PM');
    expect(plain(formatDateTime(instant, { locale: 'de-DE', timeZone: 'UTC' }))).toBe('23.11.2026, 23:30');
    // The date part of a date-and-time is exactly formatDate's.
    for (const locale of ['en-US', 'de-DE', 'fr-FR', 'en-GB']) {
      expect(plain(formatDateTime(instant, { locale, timeZone: 'UTC' })).startsWith(plain(formatDate(instant, { locale, timeZone: 'UTC' })))).toBe(true);
    }
  });

  it("shows an instant in the reader's time zone, and a calendar date as the same day everywhere", () => {
    expect(plain(formatDate(instant, { locale: 'de-DE', timeZone: 'Europe/Berlin' }))).toBe('24.11.2026');
    expect(plain(formatDateTime(instant, { locale: 'de-DE', timeZone: 'Europe/Berlin' }))).toBe('24.11.2026, 00:30');
    expect(plain(formatDate('2026-11-23', { locale: 'en-US', timeZone: 'Pacific/Honolulu' }))).toBe('Nov 23, 2026');
  });

  it('falls back to en-US and UTC for a bad setting, and gives nothing for no date', () => {
    expect(plain(formatDate(instant, { locale: 'en-US', timeZone: 'Not/AZone' }))).toBe('Nov 23, 2026');
    expect(formatDate(null)).toBe('');
    expect(formatDateTime('not a date')).toBe('');
  });

  it("says relative times in the reader's language", () => {
    const now = Date.parse('2026-11-23T12:00:00Z');
    expect(formatRelative('2026-11-23T11:57:00Z', { locale: 'en-US' }, now)).toBe('3 minutes ago');
    expect(formatRelative('2026-11-23T11:57:00Z', { locale: 'de-DE' }, now)).toBe('vor 3 Minuten');
  });
});

describe('pages use only that format', () => {
  const root = path.resolve(import.meta.dirname, '../../resources/js');
  const files = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? files(path.join(dir, e.name)) : /\.tsx?$/.test(e.name) ? [path.join(dir, e.name)] : []));

  it('no page or component picks its own date style or formats a date by hand', () => {
    const offenders = files(root)
      .filter((file) => !file.endsWith(path.join('lib', 'format.ts')))
      .flatMap((file) => {
        const source = readFileSync(file, 'utf8');
        return [/dateStyle:\s*'(long|full|short)'/, /\.toLocale(Date|Time)?String\(/, /new Intl\.DateTimeFormat\((?!'en-CA')/]
          .filter((pattern) => pattern.test(source))
          .map((pattern) => `${path.relative(root, file)}: ${pattern}`);
      });
    expect(offenders).toEqual([]);
  });
});

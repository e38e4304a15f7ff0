import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime } from '../../resources/js/lib/format';

const NBSP = '\u00a0';
/** Where a line may break inside the text: at an ordinary space. */
const breaks = (text: string) => text.split(/[ \t]/);

describe('dates and times never wrap inside themselves', () => {
  const instant = '2026-11-23T19:27:00Z';

  it('keeps a date on one line ("Nov 23, 2026")', () => {
    expect(formatDate(instant)).toBe(`Nov${NBSP}23,${NBSP}2026`);
    expect(breaks(formatDate('2026-11-23'))).toHaveLength(1);
  });

  it('lets a date and time wrap only between the date and the time ("7:27 PM" stays whole)', () => {
    const text = formatDateTime(instant);
    expect(breaks(text)).toEqual([`Nov${NBSP}23,${NBSP}2026,`, `7:27${NBSP}PM`]);
  });

  it('does the same in other locales and zones', () => {
    expect(breaks(formatDateTime(instant, { locale: 'de-DE', timeZone: 'Europe/Berlin' }))).toEqual(['23.11.2026,', '20:27']);
    expect(breaks(formatDateTime(instant, { locale: 'en-GB', timeZone: 'Europe/London' }, { dateStyle: 'long', timeStyle: 'short' }))).toEqual([`23${NBSP}November${NBSP}2026`, 'at', '19:27']);
    for (const locale of ['en-US', 'en-GB', 'fr-FR', 'de-DE', 'nl-NL']) {
      const text = formatDateTime(instant, { locale, timeZone: 'UTC' });
      expect(breaks(text).length, `${locale}: ${text}`).toBeLessThanOrEqual(2);
    }
  });
});

/** The calendar date ('YYYY-MM-DD') of `instant` in `timeZone`. */
export function localDate(instant: Date, timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).formatToParts(instant);
  const get = (type: string) => parts.find((p) => p.type === type)!.value;
  return `${get('year')}-${get('month')}-${get('day')}`;
}

/** The calendar date `days` days after `date` (both 'YYYY-MM-DD'). */
export function addCalendarDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/** The Mondays starting the last `count` weeks (the current one last), as calendar dates in `timeZone`. */
export function lastWeekStarts(now: Date, timeZone: string, count = 12): string[] {
  const today = new Date(`${localDate(now, timeZone)}T00:00:00Z`);
  const sinceMonday = (today.getUTCDay() + 6) % 7;
  const monday = today.getTime() - sinceMonday * 86_400_000;
  return Array.from({ length: count }, (_, i) => new Date(monday - (count - 1 - i) * 7 * 86_400_000).toISOString().slice(0, 10));
}

/** A time zone Intl accepts, else UTC (a bad stored value must not break a page). */
export function safeTimeZone(timeZone: string | null | undefined): string {
  if (!timeZone) return 'UTC';
  try {
    new Intl.DateTimeFormat('en-US', { timeZone });
    return timeZone;
  } catch {
    return 'UTC';
  }
}

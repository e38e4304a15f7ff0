/**
 * The activity log's filters on the client: whether a live entry belongs in the list the user is
 * looking at. Pure functions (no React, no Inertia) mirroring the server's query.
 */
import { foldText } from '../../../../../shared/fold';

/** The filters as the server echoes them (null or '' is no filter). */
export interface ActivityLogFilterValues {
  /** A user id as text, or 'system' (entries without a causer). */
  causer: string | null;
  event: string | null;
  subject_type: string | null;
  /** Calendar days (YYYY-MM-DD) in the user's time zone, both included. */
  from: string | null;
  to: string | null;
  search: string;
}

export interface FilterableEntry {
  event: string;
  subject_type: string | null;
  subject_name?: string | null;
  facts?: Record<string, unknown> | null;
  description?: string | null;
  causer: { id: number; name?: string | null } | null;
  created_at: string;
}

/** The calendar day (YYYY-MM-DD) of an instant in `timeZone` (UTC when the zone is unknown). */
export function localDay(instant: string | Date, timeZone: string): string {
  const date = instant instanceof Date ? instant : new Date(instant);
  if (Number.isNaN(date.getTime())) return '';
  let format: Intl.DateTimeFormat;
  try {
    format = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
  } catch {
    format = new Intl.DateTimeFormat('en-CA', { timeZone: 'UTC', year: 'numeric', month: '2-digit', day: '2-digit' });
  }
  const parts = format.formatToParts(date);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${get('year')}-${get('month')}-${get('day')}`;
}

/** Does `entry` pass every active filter (as the server would have answered)? */
export function matchesFilters(entry: FilterableEntry, filters: ActivityLogFilterValues, timeZone: string): boolean {
  if (filters.causer) {
    if (filters.causer === 'system' ? entry.causer !== null : entry.causer === null || String(entry.causer.id) !== filters.causer) return false;
  }
  if (filters.event && entry.event !== filters.event) return false;
  if (filters.subject_type && entry.subject_type !== filters.subject_type) return false;
  if (filters.from || filters.to) {
    const day = localDay(entry.created_at, timeZone);
    if (filters.from && day < filters.from) return false;
    if (filters.to && day > filters.to) return false;
  }
  const search = fold(filters.search?.trim() ?? '');
  if (search && !fold(searchedText(entry)).includes(search)) return false;
  return true;
}

/** What the server's search reads: the subject's name, who did it, the facts' values (and an old entry's sentence). */
function searchedText(entry: FilterableEntry): string {
  const facts = Object.values(entry.facts ?? {}).filter((v) => typeof v === 'string' || typeof v === 'number');
  return [entry.subject_name, entry.causer?.name, ...facts, entry.description].filter((v) => v !== null && v !== undefined).join(' ');
}

/** The server's `fold_text` (shared/fold.ts). */
const fold = foldText;

/** Newest first, no duplicate ids, at most `max` entries: how a live entry joins page 1. */
export function prependEntry<T extends { id: number }>(list: T[], entry: T, max: number): T[] {
  if (list.some((e) => e.id === entry.id)) return list;
  return [entry, ...list].slice(0, max);
}

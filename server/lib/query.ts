import { z } from 'zod';

/** What a query-string value may be at most: a search box, a filter, a page number. */
export const QUERY_MAX = 100;

// NUL and the other C0/C1 controls: PostgreSQL refuses NUL in text ("invalid byte sequence for
// encoding UTF8: 0x00") and no search or filter needs any of them.
const CONTROLS = /[\u0000-\u001f\u007f-\u009f]/g;

/**
 * The one cleaner for query-string values (and text path parameters). Only a single string
 * counts: an array (`?search[]=x`, `?page=1&page=2`) or an object (`?page[a]=1`) is absent.
 * Controls are stripped, the text is trimmed and capped at `max` characters, and a surrogate
 * cut in half by the cap becomes U+FFFD. Never throws.
 */
export function cleanParam(value: unknown, max = QUERY_MAX): string | undefined {
  if (typeof value !== 'string') return undefined;
  return value.replace(CONTROLS, '').trim().slice(0, max).toWellFormed();
}

/**
 * A query-string value as zod input: the cleaned string, or undefined. (`.optional()` first: in
 * a zod 4 object a transformed key would otherwise be required.)
 */
export const queryParam = (max = QUERY_MAX) =>
  z
    .unknown()
    .optional()
    .transform((v) => cleanParam(v, max));

/** Free text (`?search=`): cleaned, '' when absent. */
export const queryText = (max = QUERY_MAX) => queryParam(max).transform((v) => v ?? '');

/** One of a fixed list (`?status=active`), else null: an unknown value is simply no filter. */
export const queryChoice = <T extends readonly string[]>(values: T) => queryParam().transform((v) => ((values as readonly string[]).includes(v ?? '') ? (v as T[number]) : null));

/** `?page=`: a whole number from 1 to 100 000; anything else is page 1. */
export const queryPage = queryParam().transform((v) => {
  const n = v && /^\d{1,6}$/.test(v) ? Number(v) : 1;
  return n >= 1 && n <= 100_000 ? n : 1;
});

/** A positive database id (`?organization=12`), else null. */
export const queryId = queryParam().transform((v) => {
  const n = v && /^\d{1,10}$/.test(v) ? Number(v) : NaN;
  return n >= 1 && n <= 2_147_483_647 ? n : null;
});

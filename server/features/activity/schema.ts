import { z } from 'zod';
import { queryPage, queryParam, queryText } from '../../lib/query';

const param = queryParam();

/** `causer=12` (a user id) or `causer=system` (entries without a causer). */
const causer = param.transform((v): number | 'system' | null => {
  if (v === 'system') return 'system';
  if (v && /^\d{1,10}$/.test(v)) {
    const n = Number(v);
    if (n >= 1 && n <= 2_147_483_647) return n;
  }
  return null;
});

/** Events and subject types are short snake_case words (`member_added`, `board_user`). */
const word = param.transform((v) => (v && /^[a-z][a-z0-9_.-]{0,39}$/.test(v) ? v : null));

/** A real calendar date, YYYY-MM-DD, from year 1 (PostgreSQL has no year 0). */
const day = param.transform((v) => {
  if (!v || !/^\d{4}-\d{2}-\d{2}$/.test(v) || v < '0001-01-01') return null;
  const parsed = new Date(`${v}T00:00:00Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().startsWith(v) ? v : null;
});

/** The activity log's filters. Nothing here fails: an invalid value is simply no filter. */
export const activityLogQuerySchema = z.object({
  page: queryPage,
  causer,
  event: word,
  subject_type: word,
  from: day,
  to: day,
  search: queryText(),
});

export type ActivityLogFilters = Omit<z.infer<typeof activityLogQuerySchema>, 'page'>;

/** The filters as the query string carries them (for pagination links and the CSV link). */
export function filtersQuery(filters: ActivityLogFilters): Record<string, string | undefined> {
  return {
    causer: filters.causer === null ? undefined : String(filters.causer),
    event: filters.event ?? undefined,
    subject_type: filters.subject_type ?? undefined,
    from: filters.from ?? undefined,
    to: filters.to ?? undefined,
    search: filters.search || undefined,
  };
}

/** `npm run activity:prune -- --days=N`: how many days of activity to keep. */
export const DEFAULT_RETENTION_DAYS = 365;

export type PruneArgs = { ok: true; days: number; help: boolean } | { ok: false; error: string };

/** Parses the prune command's arguments (`--days=N` or `--days N`; N a positive integer). */
/** A century: the cutoff stays a date every database can hold. */
export const MAX_RETENTION_DAYS = 36_500;

export function parsePruneArgs(argv: string[]): PruneArgs {
  let days: string | undefined;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--help' || arg === '-h') return { ok: true, days: DEFAULT_RETENTION_DAYS, help: true };
    if (arg.startsWith('--days=')) days = arg.slice('--days='.length);
    else if (arg === '--days') {
      if (i + 1 >= argv.length) return { ok: false, error: '--days needs a value: a positive whole number of days, e.g. --days=365.' };
      days = argv[++i];
    } else return { ok: false, error: `Unknown argument "${arg}". Usage: npm run activity:prune -- --days=365` };
  }
  if (days === undefined) return { ok: true, days: DEFAULT_RETENTION_DAYS, help: false };
  const n = /^\d{1,6}$/.test(days.trim()) ? Number(days.trim()) : NaN;
  if (!Number.isSafeInteger(n) || n < 1 || n > MAX_RETENTION_DAYS) {
    return { ok: false, error: `--days must be a positive whole number of days, at most ${MAX_RETENTION_DAYS} (got "${days}"), e.g. --days=365.` };
  }
  return { ok: true, days: n, help: false };
}

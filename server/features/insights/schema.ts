import { z } from 'zod';
import { queryChoice, queryPage, queryText } from '../../lib/query';
import { optionalString, requiredString, rule, textOrBlank } from '../../lib/fields';
import { msg } from '../../i18n/message';

export const INSIGHT_CATEGORIES = ['governance', 'strategy', 'finance', 'risk', 'people', 'other'] as const;
export const INSIGHT_STATUSES = ['draft', 'published', 'archived'] as const;
export const MAX_BODY = 50_000;
export const MAX_LINKED = 1000;
export const INVALID_BOARD_USERS = msg('validation.insights.boardUsersInvalid');

/** Ids from the picker: a list of positive integers (numeric strings from plain forms too). */
const boardUserIds = z
  .preprocess((v) => v ?? [], z.array(z.unknown(), { error: () => INVALID_BOARD_USERS }))
  .transform((list, ctx) => {
    const ids = new Set<number>();
    for (const value of list) {
      const n = typeof value === 'number' ? value : typeof value === 'string' && /^\d{1,10}$/.test(value) ? Number(value) : NaN;
      if (!Number.isSafeInteger(n) || n < 1 || n > 2_147_483_647) {
        ctx.addIssue({ code: 'custom', message: INVALID_BOARD_USERS });
        return z.NEVER;
      }
      ids.add(n);
    }
    return [...ids];
  })
  .pipe(z.array(z.number()).max(MAX_LINKED, msg('validation.insights.tooManyBoardUsers', { max: MAX_LINKED })));

export const insightSchema = z.object({
  title: requiredString('title', 200),
  summary: textOrBlank('summary', optionalString('summary', 500)),
  body: textOrBlank(
    'body',
    optionalString('body', MAX_BODY).transform((s) => s ?? ''),
  ),
  category: z.preprocess(
    (v) => (v === '' || v === null ? undefined : v),
    z.enum(INSIGHT_CATEGORIES, { error: (i) => (i.input === undefined ? rule('required', 'category') : rule('in', 'category')) }),
  ),
  board_user_ids: boardUserIds,
});
export type InsightInput = z.infer<typeof insightSchema>;

/** The index's sortable columns (an allow-list: anything else is the default, last updated first). */
export const INSIGHT_SORTS = ['title', 'status', 'published', 'updated'] as const;
export type InsightSort = (typeof INSIGHT_SORTS)[number];
/** Dates read newest first, words from A. */
const defaultDirection = (sort: InsightSort) => (sort === 'title' || sort === 'status' ? 'asc' : 'desc');

export const indexQuerySchema = z
  .object({
    search: queryText(),
    category: queryChoice(INSIGHT_CATEGORIES),
    status: queryChoice(INSIGHT_STATUSES),
    trashed: queryChoice(['with', 'only'] as const),
    sort: queryChoice(INSIGHT_SORTS).transform((v) => v ?? 'updated'),
    direction: queryChoice(['asc', 'desc'] as const),
    page: queryPage,
  })
  .transform(({ direction, ...rest }) => ({ ...rest, direction: direction ?? defaultDirection(rest.sort) }));
export type InsightFilters = Omit<z.infer<typeof indexQuerySchema>, 'page'>;

/** The query string the index's links keep: the default order is left out. */
export const filterQuery = ({ sort, direction, ...rest }: InsightFilters) => ({ ...rest, ...(sort !== 'updated' || direction !== 'desc' ? { sort, direction } : {}) });

export const previewSchema = z.object({
  body: textOrBlank(
    'body',
    optionalString('body', MAX_BODY).transform((s) => s ?? ''),
  ),
});

import { z } from 'zod';
import { queryChoice, queryPage, queryText } from '../../lib/query';
import { optionalString, requiredString, rule, textOrBlank } from '../../lib/fields';
import { msg } from '../../i18n/message';
import { INSIGHT_CATEGORIES, INSIGHT_FIELDS, INSIGHT_SORTS, INSIGHT_STATUSES, type InsightField, type InsightSort } from '../../../shared/insight-fields';

export { INSIGHT_CATEGORIES, INSIGHT_STATUSES, type InsightSort };
export const MAX_BODY = INSIGHT_FIELDS.body.max;
export const MAX_LINKED = INSIGHT_FIELDS.board_user_ids.max;
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

const { title, summary, body, category } = INSIGHT_FIELDS;

/** Each field's rule, from its entry in shared/insight-fields.ts (a field without a rule does not compile). */
const fieldRules = {
  title: requiredString(title.attribute, title.max),
  summary: textOrBlank(summary.attribute, optionalString(summary.attribute, summary.max)),
  body: textOrBlank(
    body.attribute,
    optionalString(body.attribute, body.max).transform((s) => s ?? ''),
  ),
  category: z.preprocess(
    (v) => (v === '' || v === null ? undefined : v),
    z.enum(INSIGHT_CATEGORIES, { error: (i) => (i.input === undefined ? rule('required', category.attribute) : rule('in', category.attribute)) }),
  ),
  board_user_ids: boardUserIds,
} satisfies Record<InsightField, z.ZodType>;

export const insightSchema = z.object(fieldRules);
export type InsightInput = z.infer<typeof insightSchema>;

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
  body: fieldRules.body,
});

import { z } from 'zod';
import { cleanParam, queryChoice, queryPage, queryText } from '../../lib/query';
import { splitTags } from '../../../shared/tag-list';
import { msg } from '../../i18n/message';
import { oneOf, rule, optionalDate, optionalEmail, optionalString, requiredString, textOrBlank } from '../../lib/fields';
import {
  BOARD_USER_FIELDS,
  BOARD_USER_FIELD_NAMES,
  BOARD_USER_SORTS,
  BOARD_USER_STATUSES,
  type BoardUserField,
  type BoardUserSort,
  type BoardUserFieldSpec,
  type BoardUserValues,
} from '../../../shared/board-user-fields';

export { BOARD_USER_STATUSES };
export const MAX_TAGS = 10;
export const MAX_TAG_LENGTH = 30;
export const SORTS = BOARD_USER_SORTS;
export type { BoardUserSort };

const cleanTag = (s: string) =>
  s
    .replace(/[\u0000-\u001F\u007F]/g, '')
    .trim()
    .toWellFormed();
export const tooManyTags = (count: number) => msg('validation.boardUsers.tooManyTags', { max: MAX_TAGS, count });

/**
 * Tags: a list of short labels; blanks dropped, duplicates (any case) merged. Every problem is
 * reported: each bad tag under `tags.{i}`, and too many tags under `tags`, naming the limit.
 */
const tags = z
  .preprocess((v) => (v === null || v === undefined ? [] : v), z.array(z.unknown(), { error: () => msg('validation.boardUsers.tagsList') }))
  .transform((list, ctx) => {
    const seen = new Set<string>();
    const out: string[] = [];
    list.forEach((value, i) => {
      if (typeof value !== 'string') {
        ctx.addIssue({ code: 'custom', path: [i], message: msg('validation.boardUsers.tagText') });
        return;
      }
      const tag = cleanTag(value);
      if (tag.length > MAX_TAG_LENGTH) ctx.addIssue({ code: 'custom', path: [i], message: msg('validation.boardUsers.tagMax', { max: MAX_TAG_LENGTH }) });
      if (!tag || seen.has(tag.toLowerCase())) return;
      seen.add(tag.toLowerCase());
      out.push(tag);
    });
    if (out.length > MAX_TAGS) ctx.addIssue({ code: 'custom', message: tooManyTags(out.length) });
    return out;
  });

const phone = optionalString('phone', 50).pipe(
  z
    .string()
    .regex(/^\+?[0-9 ().\-/]{3,50}(?:\s*(?:x|ext\.?)\s*\d{1,6})?$/i, msg('validation.boardUsers.phoneInvalid'))
    .nullable(),
);

const status = z.preprocess((v) => v ?? '', z.union([z.literal(''), oneOf('status', BOARD_USER_STATUSES)], { error: () => rule('in', 'status') })).transform((s) => s || 'active');

/** The validation of each kind of field (shared/board-user-fields.ts), as the form and the import check it. */
function fieldSchema(spec: BoardUserFieldSpec): z.ZodType {
  const label = spec.attribute;
  switch (spec.kind) {
    case 'text':
      return spec.required ? requiredString(label, spec.max!) : textOrBlank(label, optionalString(label, spec.max!));
    case 'notes':
      return textOrBlank(label, optionalString(label, spec.max!));
    case 'email':
      return textOrBlank(label, optionalEmail(label));
    case 'phone':
      return textOrBlank(label, phone);
    case 'date':
      return textOrBlank(label, optionalDate(label));
    case 'status':
      return status;
    case 'tags':
      return tags;
  }
}

const fieldSchemas = Object.fromEntries(BOARD_USER_FIELD_NAMES.map((name) => [name, fieldSchema(BOARD_USER_FIELDS[name])])) as Record<BoardUserField, z.ZodType>;

/** A term ends on or after the day it started. */
export const boardUserSchema = z.object(fieldSchemas).superRefine((v, ctx) => {
  const { term_started_on: started, term_ends_on: ends } = v as Partial<BoardUserValues>;
  if (started && ends && ends < started) ctx.addIssue({ code: 'custom', path: ['term_ends_on'], message: msg('validation.boardUsers.termEndsBeforeStart') });
}) as unknown as z.ZodType<BoardUserValues>;
export type BoardUserInput = BoardUserValues;

/**
 * The tag filter (`?tags=finance,audit`, written as the form writes tags: a tag holding a comma in
 * quotes; `?tags[]=finance&tags[]=audit` is read too). A record must carry every tag; at most
 * MAX_TAGS of them, unknown ones simply match nothing.
 */
export const queryTags = z
  .unknown()
  .optional()
  .transform((v): string[] => {
    const list = Array.isArray(v) ? v.map((t) => cleanParam(t, MAX_TAG_LENGTH)) : splitTags(cleanParam(v, (MAX_TAG_LENGTH + 3) * MAX_TAGS) ?? '', ',');
    const seen = new Set<string>();
    return list.filter((t): t is string => !!t && !seen.has(t.toLowerCase()) && !!seen.add(t.toLowerCase())).slice(0, MAX_TAGS);
  });

export const indexQuerySchema = z.object({
  search: queryText(),
  tags: queryTags,
  status: queryChoice(BOARD_USER_STATUSES),
  trashed: queryChoice(['with', 'only'] as const),
  sort: queryChoice(SORTS).transform((v) => v ?? 'name'),
  direction: queryChoice(['asc', 'desc'] as const).transform((v) => v ?? 'asc'),
  page: queryPage,
});
export type BoardUserFilters = Omit<z.infer<typeof indexQuerySchema>, 'page'>;

export const optionsQuerySchema = z.object({ search: queryText() });

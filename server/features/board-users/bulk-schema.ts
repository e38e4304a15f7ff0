import { z } from 'zod';
import { queryChoice, queryText } from '../../lib/query';
import { checkbox, id, oneOf, rule } from '../../lib/fields';
import { BOARD_USER_STATUSES, MAX_TAG_LENGTH, queryTags } from './schema';
import { msg } from '../../i18n/message';

/** At most this many records per bulk action (the import's row limit). */
export const MAX_BULK = 10_000;

/**
 * What a bulk action applies to: the ids ticked (any page), or every record matching the index
 * filters (`all`). Unknown filter values are ignored, as on the index.
 */
export const selection = <F extends z.ZodRawShape>(filters: F) => ({
  ids: z
    .array(id('selection'), { error: () => msg('validation.bulk.selectOne') })
    .max(MAX_BULK, msg('validation.bulk.selectAtMost', { max: MAX_BULK }))
    .default([]),
  all: checkbox,
  filters: z.preprocess((v) => (v && typeof v === 'object' && !Array.isArray(v) ? v : {}), z.object(filters)),
});

export const boardUserFilterShape = {
  search: queryText(),
  tags: queryTags,
  status: queryChoice(BOARD_USER_STATUSES),
  trashed: queryChoice(['with', 'only'] as const),
};

const tag = z
  .string({ error: () => rule('required', 'tag') })
  .transform((s) => s.replace(/[\u0000-\u001F\u007F]/g, '').trim())
  .pipe(
    z
      .string()
      .min(1, rule('required', 'tag'))
      .max(MAX_TAG_LENGTH, rule('max', 'tag', { max: MAX_TAG_LENGTH })),
  );

export const BOARD_USER_BULK_ACTIONS = ['status', 'add_tag', 'remove_tag', 'delete', 'restore'] as const;

export const boardUserBulkSchema = z
  .discriminatedUnion(
    'action',
    [
      z.object({ action: z.literal('status'), status: oneOf('status', BOARD_USER_STATUSES), ...selection(boardUserFilterShape) }),
      z.object({ action: z.literal('add_tag'), tag, ...selection(boardUserFilterShape) }),
      z.object({ action: z.literal('remove_tag'), tag, ...selection(boardUserFilterShape) }),
      z.object({ action: z.literal('delete'), ...selection(boardUserFilterShape) }),
      z.object({ action: z.literal('restore'), ...selection(boardUserFilterShape) }),
    ],
    { error: () => msg('validation.bulk.chooseAction') },
  )
  .refine((v) => v.all || v.ids.length > 0, { path: ['ids'], message: msg('validation.bulk.selectOne') });
export type BoardUserBulkInput = z.infer<typeof boardUserBulkSchema>;

/** The export of a selection: ids, or every row matching the filters. */
export const boardUserExportSelectionSchema = z.object(selection(boardUserFilterShape)).refine((v) => v.all || v.ids.length > 0, { path: ['ids'], message: msg('validation.bulk.selectOne') });

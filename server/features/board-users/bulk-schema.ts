import { z } from 'zod';
import { queryChoice, queryText } from '../../http/query';
import { checkbox, id, oneOf } from '../../lib/fields';
import { BOARD_USER_STATUSES, MAX_TAG_LENGTH } from './schema';

/** At most this many records per bulk action (the import's row limit). */
export const MAX_BULK = 10_000;


/**
 * What a bulk action applies to: the ids ticked (any page), or every record matching the index
 * filters (`all`). Unknown filter values are ignored, as on the index.
 */
export const selection = <F extends z.ZodRawShape>(filters: F) => ({
  ids: z.array(id('selection'), { error: 'Select at least one row.' }).max(MAX_BULK, `Select at most ${MAX_BULK.toLocaleString('en-US')} rows at once.`).default([]),
  all: checkbox,
  filters: z.preprocess((v) => (v && typeof v === 'object' && !Array.isArray(v) ? v : {}), z.object(filters)),
});

export const boardUserFilterShape = {
  search: queryText(),
  status: queryChoice(BOARD_USER_STATUSES),
  trashed: queryChoice(['with', 'only'] as const),
};

const tag = z
  .string({ error: 'The tag field is required.' })
  .transform((s) => s.replace(/[\u0000-\u001F\u007F]/g, '').trim())
  .pipe(z.string().min(1, 'The tag field is required.').max(MAX_TAG_LENGTH, `The tag may not be greater than ${MAX_TAG_LENGTH} characters.`));

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
    { error: 'Choose an action.' },
  )
  .refine((v) => v.all || v.ids.length > 0, { path: ['ids'], message: 'Select at least one row.' });
export type BoardUserBulkInput = z.infer<typeof boardUserBulkSchema>;

/** The export of a selection: ids, or every row matching the filters. */
export const boardUserExportSelectionSchema = z.object(selection(boardUserFilterShape)).refine((v) => v.all || v.ids.length > 0, { path: ['ids'], message: 'Select at least one row.' });

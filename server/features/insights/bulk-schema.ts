import { z } from 'zod';
import { queryChoice, queryText } from '../../lib/query';
import { selection } from '../board-users/bulk-schema';
import { INSIGHT_CATEGORIES, INSIGHT_STATUSES } from './schema';
import { msg } from '../../i18n/message';

export const insightFilterShape = {
  search: queryText(),
  category: queryChoice(INSIGHT_CATEGORIES),
  status: queryChoice(INSIGHT_STATUSES),
  trashed: queryChoice(['with', 'only'] as const),
};

export const INSIGHT_BULK_ACTIONS = ['publish', 'archive', 'delete', 'restore'] as const;

export const insightBulkSchema = z
  .object({
    action: z.enum(INSIGHT_BULK_ACTIONS, { error: () => msg('validation.bulk.chooseAction') }),
    ...selection(insightFilterShape),
  })
  .refine((v) => v.all || v.ids.length > 0, { path: ['ids'], message: msg('validation.bulk.selectOne') });
export type InsightBulkInput = z.infer<typeof insightBulkSchema>;

export const insightExportSelectionSchema = z.object(selection(insightFilterShape)).refine((v) => v.all || v.ids.length > 0, { path: ['ids'], message: msg('validation.bulk.selectOne') });
export type InsightSelection = z.infer<typeof insightExportSelectionSchema>;

import { z } from 'zod';
import { queryChoice, queryText } from '../../http/query';
import { selection } from '../board-users/bulk-schema';
import { INSIGHT_CATEGORIES, INSIGHT_STATUSES } from './schema';

export const insightFilterShape = {
  search: queryText(),
  category: queryChoice(INSIGHT_CATEGORIES),
  status: queryChoice(INSIGHT_STATUSES),
  trashed: queryChoice(['with', 'only'] as const),
};

export const INSIGHT_BULK_ACTIONS = ['publish', 'archive', 'delete', 'restore'] as const;

export const insightBulkSchema = z
  .object({
    action: z.enum(INSIGHT_BULK_ACTIONS, { error: 'Choose an action.' }),
    ...selection(insightFilterShape),
  })
  .refine((v) => v.all || v.ids.length > 0, { path: ['ids'], message: 'Select at least one row.' });
export type InsightBulkInput = z.infer<typeof insightBulkSchema>;

export const insightExportSelectionSchema = z.object(selection(insightFilterShape)).refine((v) => v.all || v.ids.length > 0, { path: ['ids'], message: 'Select at least one row.' });
export type InsightSelection = z.infer<typeof insightExportSelectionSchema>;

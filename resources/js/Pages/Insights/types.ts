import type { Insight } from '../../../../server/db/types';
import type { InsightCategory, InsightFormValues, InsightSort, InsightStatus } from '../../../../shared/insight-fields';
import type { Serialized } from '@/types';
import type { Translate } from '@/i18n';

export type { InsightCategory, InsightSort, InsightStatus };
/** What the insight form edits (shared/insight-fields.ts). */
export type InsightFormData = InsightFormValues;

/** A row of the insights list: the table's columns (server/db/types.ts) after JSON, with what the list query adds. */
export type InsightRow = Serialized<Pick<Insight, 'id' | 'title' | 'summary' | 'category' | 'status' | 'published_at' | 'view_count' | 'updated_at' | 'deleted_at'>> & {
  author_name: string | null;
  shared: boolean;
  board_users_count: number;
};

export interface InsightFilters {
  search: string;
  category: InsightCategory | null;
  status: InsightStatus | null;
  trashed: 'with' | 'only' | null;
  sort: InsightSort;
  direction: 'asc' | 'desc';
}

export interface BoardUserOption {
  value: number;
  label: string;
  description: string | null;
}

/** A category's label (the stored value stays English: `governance`). */
export const categoryLabel = (t: Translate, c: string) => t('insights.category', { category: c });
export const statusLabel = (t: Translate, s: InsightStatus) => t('insights.status', { status: s });
export const statusTone = { draft: 'warning', published: 'success', archived: 'neutral' } as const;

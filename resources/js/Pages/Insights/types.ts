export type InsightStatus = 'draft' | 'published' | 'archived';
export type InsightCategory = 'governance' | 'strategy' | 'finance' | 'risk' | 'people' | 'other';

export interface InsightRow {
  id: number;
  title: string;
  summary: string | null;
  category: InsightCategory;
  status: InsightStatus;
  published_at: string | null;
  view_count: number;
  updated_at: string;
  deleted_at: string | null;
  author_name: string | null;
  shared: boolean;
  board_users_count: number;
}

export interface InsightFilters {
  search: string;
  category: InsightCategory | null;
  status: InsightStatus | null;
  trashed: 'with' | 'only' | null;
}

export interface InsightFormData {
  title: string;
  summary: string;
  body: string;
  category: InsightCategory | '';
  board_user_ids: number[];
}

export interface BoardUserOption {
  value: number;
  label: string;
  description: string | null;
}

export const categoryLabel = (c: string) => c[0].toUpperCase() + c.slice(1);
export const statusLabel = (s: InsightStatus) => ({ draft: 'Draft', published: 'Published', archived: 'Archived' })[s];
export const statusTone = { draft: 'warning', published: 'success', archived: 'neutral' } as const;

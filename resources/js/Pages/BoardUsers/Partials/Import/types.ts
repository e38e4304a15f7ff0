import type { BoardUserImportProgress } from '@/types';

export interface ImportView extends BoardUserImportProgress {
  /** Why it stopped or failed, in the reader's language. */
  message: string | null;
  filename: string;
  encoding: 'utf-8' | 'windows-1252' | 'utf-16le' | 'utf-16be';
  delimiter: string;
  headers: string[];
  mapping: string[];
  duplicates: 'skip' | 'update';
  created_at: string;
  finished_at: string | null;
}

export interface PreviewRow {
  line: number;
  cells: string[];
  outcome: 'create' | 'update' | 'skip' | 'error';
  error: string | null;
}

export interface RecentImport extends BoardUserImportProgress {
  filename: string;
  created_at: string;
  user_name: string | null;
}

export interface FieldOption {
  value: string;
  label: string;
}

export const statusTones = { pending: 'neutral', queued: 'info', running: 'info', completed: 'success', stopped: 'warning', failed: 'danger' } as const;

/** An accepted column (server/features/board-user-import/template.ts), from the import's one definition. */
export interface ImportColumn {
  field: string;
  label: string;
  required: boolean;
  /** Other headers that fill it (in the form the import compares them: lower case, letters and digits). */
  aliases: string[];
}

/** Rows of the whole file that would fail, before the import starts (the preview shows only the first). */
export interface RowProblems {
  count: number;
  rows: { line: number; cells: string[]; error: string }[];
}

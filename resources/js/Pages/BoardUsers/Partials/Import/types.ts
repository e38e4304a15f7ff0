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

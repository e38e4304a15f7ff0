import type { ColumnType, Generated, Selectable } from 'kysely';

/**
 * The import tables, added to the shared `Database` interface from here (module augmentation),
 * so the feature stays in its own folder.
 */
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
type Json<T> = ColumnType<T, string, string>;

export const IMPORT_STATUSES = ['pending', 'queued', 'running', 'completed', 'stopped', 'failed'] as const;
export type ImportStatus = (typeof IMPORT_STATUSES)[number];
export type DuplicateMode = 'skip' | 'update';
export type SourceEncoding = 'utf-8' | 'windows-1252' | 'utf-16le' | 'utf-16be';

export interface BoardUserImportsTable {
  id: Generated<number>;
  organization_id: number;
  user_id: number | null;
  filename: string;
  encoding: SourceEncoding;
  delimiter: string;
  headers: Json<string[]>;
  /** One entry per column: the board-user field it fills, or '' (ignored). */
  mapping: Json<string[]>;
  duplicates: ColumnType<DuplicateMode, DuplicateMode | undefined, DuplicateMode>;
  status: ColumnType<ImportStatus, ImportStatus | undefined, ImportStatus>;
  total_rows: number;
  processed_rows: Generated<number>;
  created_count: Generated<number>;
  updated_count: Generated<number>;
  skipped_count: Generated<number>;
  failed_count: Generated<number>;
  message: string | null;
  file: ColumnType<Uint8Array | null, Uint8Array | null | undefined, Uint8Array | null>;
  finished_at: NullableTimestamp;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface BoardUserImportFailuresTable {
  id: Generated<number>;
  import_id: number;
  /** The row's line in the file (the header is line 1). */
  line: number;
  cells: Json<string[]>;
  error: string;
}

declare module '../../db/types' {
  interface Database {
    board_user_imports: BoardUserImportsTable;
    board_user_import_failures: BoardUserImportFailuresTable;
  }
}

export type BoardUserImport = Selectable<BoardUserImportsTable>;

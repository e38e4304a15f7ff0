import type { ImportRow } from './repository';
import { progressOf } from './service';
import { IMPORT_FIELD_NAMES, IMPORT_FIELDS, MAX_FILE_BYTES, MAX_ROWS } from './schema';

/** An import as the page shows it. */
export const presentImport = (r: ImportRow) => ({
  ...progressOf(r),
  filename: r.filename,
  encoding: r.encoding,
  delimiter: r.delimiter,
  headers: r.headers,
  mapping: r.mapping,
  duplicates: r.duplicates,
  created_at: r.created_at,
  finished_at: r.finished_at,
});

export const fieldOptions = IMPORT_FIELD_NAMES.map((f) => ({ value: f, label: IMPORT_FIELDS[f].label }));
export const importLimits = { maxRows: MAX_ROWS, maxMegabytes: MAX_FILE_BYTES / 1024 / 1024 };

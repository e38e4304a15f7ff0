import type { ImportRow } from './repository';
import { progressOf } from './service';
import { IMPORT_FIELD_NAMES, MAX_FILE_BYTES, MAX_ROWS } from './schema';
import type { Translate } from '../../i18n/message';

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

/** The fields a column can fill, named in the reader's language. */
export const fieldOptions = (t: Translate) => IMPORT_FIELD_NAMES.map((f) => ({ value: f, label: t(`validation.import.fields.${f}`) }));
export const importLimits = { maxRows: MAX_ROWS, maxMegabytes: MAX_FILE_BYTES / 1024 / 1024 };

import { Readable } from 'node:stream';
import { parse } from 'csv-parse';
import iconv from 'iconv-lite';
import { isFormula } from '../../lib/csv';
import type { SourceEncoding } from './tables';

/** Reading an uploaded CSV: its encoding, its separator, and its rows one at a time. */

const UTF8_BOM = [0xef, 0xbb, 0xbf];
const CHUNK = 64 * 1024;

export const hasBom = (file: Uint8Array) => UTF8_BOM.every((b, i) => file[i] === b);

/** UTF-8 (with or without a byte-order mark) when the bytes are valid UTF-8, else Windows-1252. */
export function detectEncoding(file: Uint8Array): SourceEncoding {
  if (hasBom(file)) return 'utf-8';
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(file);
    return 'utf-8';
  } catch {
    return 'windows-1252';
  }
}

/** `;` or `,`: whichever occurs more often outside quotes on the header line (`,` on a tie). */
export function detectDelimiter(file: Uint8Array): ',' | ';' {
  const head = iconv.decode(Buffer.from(file.buffer, file.byteOffset, Math.min(file.byteLength, CHUNK)), 'latin1');
  let commas = 0;
  let semicolons = 0;
  let quoted = false;
  for (const ch of head) {
    if (ch === '"') quoted = !quoted;
    else if (!quoted && (ch === '\n' || ch === '\r')) break;
    else if (!quoted && ch === ',') commas++;
    else if (!quoted && ch === ';') semicolons++;
  }
  return semicolons > commas ? ';' : ',';
}

export interface CsvRow {
  /** The row's number as a spreadsheet shows it (the header is row 1). */
  line: number;
  cells: string[];
}

/**
 * The file's records, decoded and parsed as a stream: the header first (line 1), then each row.
 * Memory holds one chunk and one record at a time, however long the file.
 */
export async function* readRows(file: Uint8Array, encoding: SourceEncoding, delimiter: string): AsyncGenerator<CsvRow> {
  const bytes = Buffer.from(file.buffer, file.byteOffset, file.byteLength);
  const chunks = (function* () {
    for (let offset = 0; offset < bytes.length; offset += CHUNK) yield bytes.subarray(offset, offset + CHUNK);
  })();
  const parser = Readable.from(chunks, { objectMode: false })
    .pipe(iconv.decodeStream(encoding, { stripBOM: true }))
    .pipe(parse({ delimiter, bom: true, relax_column_count: true, skip_empty_lines: true, skip_records_with_empty_values: true }));
  let line = 0;
  for await (const record of parser as AsyncIterable<string[]>) {
    line++;
    yield { line, cells: record };
  }
}

/** The header row's names (blank ones become "Column N"), unescaped as cells are (`cellValue`). */
export const headerNames = (cells: string[]) => cells.map((c, i) => cellValue(c.replace(/^\uFEFF/, '')) || `Column ${i + 1}`);

/**
 * A cell as its author wrote it: the export writes a formula-like value with a leading
 * apostrophe (so spreadsheets do not run it); importing that takes the apostrophe off again.
 */
export function cellValue(raw: string | undefined): string {
  const value = (raw ?? '').trim();
  return value.startsWith("'") && isFormula(value.slice(1)) ? value.slice(1) : value;
}

import { Readable } from 'node:stream';
import type iconvLite from 'iconv-lite';
import { lazyPackage } from '../../lib/lazy-package';
import { isFormula } from '../../lib/csv';
import type { SourceEncoding } from './tables';

/** Reading an uploaded CSV: its encoding, its separator, and its rows one at a time. */

// Loaded with the first import rather than at `npm start` (issue #24).
export const csvParsePackage = lazyPackage<typeof import('csv-parse')>('csv-parse');
const iconvPackage = lazyPackage<typeof iconvLite>('iconv-lite');

const UTF8_BOM = [0xef, 0xbb, 0xbf];
const BOMS: [SourceEncoding, number[]][] = [
  ['utf-8', UTF8_BOM],
  ['utf-16le', [0xff, 0xfe]],
  ['utf-16be', [0xfe, 0xff]],
];
const CHUNK = 64 * 1024;

const startsWith = (file: Uint8Array, bytes: number[]) => bytes.every((b, i) => file[i] === b);
export const hasBom = (file: Uint8Array) => startsWith(file, UTF8_BOM);

/**
 * The encoding a byte-order mark names (UTF-8, or UTF-16 LE/BE as Excel's "Unicode Text" saves
 * it); without one, UTF-8 when the bytes are valid UTF-8, else Windows-1252.
 */
export function detectEncoding(file: Uint8Array): SourceEncoding {
  const marked = BOMS.find(([, bom]) => startsWith(file, bom));
  if (marked) return marked[0];
  return decodes(file, 'utf-8') ? 'utf-8' : 'windows-1252';
}

/** Whether every byte decodes in `encoding` (Windows-1252 decodes anything). */
export function decodes(file: Uint8Array, encoding: SourceEncoding): boolean {
  if (encoding === 'windows-1252') return true;
  try {
    new TextDecoder(encoding, { fatal: true }).decode(file);
    return true;
  } catch {
    return false;
  }
}

const DELIMITERS = [',', ';', '\t'] as const;
export type Delimiter = (typeof DELIMITERS)[number];

/** `,`, `;` or tab: whichever occurs most often outside quotes on the header line (`,` on a tie). */
export function detectDelimiter(file: Uint8Array, encoding: SourceEncoding): Delimiter {
  const head = iconvPackage().decode(Buffer.from(file.buffer, file.byteOffset, Math.min(file.byteLength, CHUNK)), encoding);
  const counts = new Map<string, number>();
  let quoted = false;
  for (const ch of head) {
    if (ch === '"') quoted = !quoted;
    else if (!quoted && (ch === '\n' || ch === '\r')) break;
    else if (!quoted) counts.set(ch, (counts.get(ch) ?? 0) + 1);
  }
  return DELIMITERS.reduce((best, d) => ((counts.get(d) ?? 0) > (counts.get(best) ?? 0) ? d : best));
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
    .pipe(iconvPackage().decodeStream(encoding, { stripBOM: true }))
    .pipe(csvParsePackage().parse({ delimiter, bom: true, relax_column_count: true, skip_empty_lines: true, skip_records_with_empty_values: true }));
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

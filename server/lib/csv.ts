import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Response } from 'express';
import { lazyPackage } from './lazy-package';

// Loaded with the first export rather than at `npm start` (issue #24).
const csvStringify = lazyPackage<typeof import('csv-stringify')>('csv-stringify');

/** A signed number or phone number: `-12`, `-0.5`, `+44 20 7946 0000`. Spreadsheets run nothing in it. */
const PLAIN_SIGNED_NUMBER = /^[+-] ?\d[\d ]*(?:[.,]\d+)?$/;

/**
 * Is `text` something a spreadsheet would run as a formula (OWASP "CSV injection")? A leading
 * =, @, tab or CR always is; a leading + or - is, unless only a plain number follows (a phone
 * number or a negative amount must survive the export unchanged).
 */
export function isFormula(text: string): boolean {
  if (/^[=@\t\r]/.test(text)) return true;
  return /^[+-]/.test(text) && !PLAIN_SIGNED_NUMBER.test(text);
}

/** A cell's text: formulas get a leading apostrophe, so they show as text and never execute. */
export function neutraliseCell(value: unknown): string {
  if (value === null || value === undefined) return '';
  const text = value instanceof Date ? value.toISOString() : Array.isArray(value) ? value.join('; ') : String(value);
  return isFormula(text) ? `'${text}` : text;
}

/**
 * An instant as a spreadsheet reads a date and time ("2026-11-23 19:27:05") in `timeZone`; the
 * column header names the zone (`csvTimeHeader`), since the cell carries no offset.
 */
export function csvTimestamp(value: Date | string | null | undefined, timeZone: string): string | null {
  if (value === null || value === undefined) return null;
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return null;
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(date);
  const get = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return `${get('year')}-${get('month')}-${get('day')} ${get('hour')}:${get('minute')}:${get('second')}`;
}

/** "Created at (Europe/London)": a timestamp column's header names the zone of its cells. */
export const csvTimeHeader = (label: string, timeZone: string) => `${label} (${timeZone})`;

export interface CsvColumn<T> {
  header: string;
  value: (row: T) => unknown;
}

/**
 * Streams `rows` as a CSV download: headers first, then each batch as it arrives (backpressure
 * respected: the source is not read faster than the client takes the file). The first row is read
 * before anything is sent, so a query that fails at once still gets a proper error response.
 */
export async function streamCsv<T>(res: Response, filename: string, columns: CsvColumn<T>[], rows: AsyncIterable<T>): Promise<void> {
  const source = rows[Symbol.asyncIterator]();
  const first = await source.next();
  async function* all() {
    try {
      if (first.done) return;
      yield first.value;
      for (let next = await source.next(); !next.done; next = await source.next()) yield next.value;
    } finally {
      await source.return?.(); // a download the client abandoned stops its queries too
    }
  }
  res.status(200).set({
    'Content-Type': 'text/csv; charset=utf-8',
    'Content-Disposition': `attachment; filename="${filename.replace(/[^\w.-]/g, '_')}"`,
    'Cache-Control': 'no-store',
    'X-Content-Type-Options': 'nosniff',
  });
  const toRecord = new Transform({
    objectMode: true,
    transform(row: T, _enc, done) {
      done(
        null,
        columns.map((c) => neutraliseCell(c.value(row))),
      );
    },
  });
  // Headers can come from outside too (an import's own header row): escaped as every cell is.
  const csv = csvStringify().stringify({ header: true, columns: columns.map((c) => neutraliseCell(c.header)), bom: true, record_delimiter: 'windows', quoted_match: /[\r\n]/ });
  await pipeline(Readable.from(all()), toRecord, csv, res);
}

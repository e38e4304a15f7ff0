import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Response } from 'express';
import { stringify } from 'csv-stringify';

/**
 * A cell a spreadsheet would run as a formula (=, +, -, @, tab, CR) gets a leading apostrophe
 * (OWASP "CSV injection"): the value shows as text and never executes.
 */
export function neutraliseCell(value: unknown): string {
  if (value === null || value === undefined) return '';
  const text = value instanceof Date ? value.toISOString() : Array.isArray(value) ? value.join('; ') : String(value);
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}

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
      done(null, columns.map((c) => neutraliseCell(c.value(row))));
    },
  });
  const csv = stringify({ header: true, columns: columns.map((c) => c.header), bom: true, record_delimiter: 'windows', quoted_match: /[\r\n]/ });
  await pipeline(Readable.from(all()), toRecord, csv, res);
}

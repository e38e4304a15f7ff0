import type { Response } from 'express';
import type { AppContext } from '../../context';
import { neutraliseCell } from '../../lib/csv';
import type { Translate } from '../../i18n/message';
import { readRows } from './csv-source';
import * as repo from './repository';
import { rowToInput } from './rows';
import { IMPORT_FIELD_NAMES, IMPORT_FIELDS, PREVIEW_ROWS, REQUIRED_FIELDS, type ImportField } from './schema';

/**
 * What the import accepts, read from its one definition (schema.ts IMPORT_FIELDS): each field,
 * its name in the reader's language, whether a file must have it, and the headers that fill it
 * besides its own name. The upload page lists them; the template's header row is their names.
 */
export interface ImportColumn {
  field: ImportField;
  label: string;
  required: boolean;
  aliases: string[];
}

export const importColumns = (t: Translate): ImportColumn[] =>
  IMPORT_FIELD_NAMES.map((field) => ({
    field,
    label: t(`validation.import.fields.${field}`),
    required: REQUIRED_FIELDS.includes(field),
    aliases: [...new Set<string>(IMPORT_FIELDS[field].headers)].filter((alias) => alias !== field.replace('_', '')),
  }));

export const TEMPLATE_FILENAME = 'board-users-import-template.csv';

/**
 * The template: the header row of every accepted column, by its machine name (which every
 * language's import accepts), each cell formula-safe like every CSV the app writes. A BOM, so a
 * spreadsheet opens it as UTF-8.
 */
export function templateCsv(): string {
  const quote = (cell: string) => (/[",\r\n]/.test(cell) ? `"${cell.replace(/"/g, '""')}"` : cell);
  return `\uFEFF${IMPORT_FIELD_NAMES.map((f) => quote(neutraliseCell(f))).join(',')}\r\n`;
}

export function sendTemplate(res: Response): void {
  res
    .status(200)
    .set({
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="${TEMPLATE_FILENAME}"`,
      'Cache-Control': 'no-store',
      'X-Content-Type-Options': 'nosniff',
    })
    .send(templateCsv());
}

/** Rows the preview does not show that would fail, a few of them, and how many fail in all. */
export interface RowProblems {
  /** Rows of the whole file that would not be imported under the current mapping. */
  count: number;
  /** The first failing rows after the preview's (line, cells, error), at most PREVIEW_ROWS. */
  rows: { line: number; cells: string[]; error: string }[];
}

/**
 * Checks every row of a pending import against the form's rules under its mapping, before the
 * import is started: the preview shows ten rows, a bad row further down is flagged here too.
 */
export async function rowProblems(ctx: AppContext, organizationId: number, imp: repo.ImportRow): Promise<RowProblems> {
  const file = await repo.importFile(ctx.db, organizationId, imp.id);
  const problems: RowProblems = { count: 0, rows: [] };
  if (!file) return problems;
  let seen = 0;
  for await (const row of readRows(file, imp.encoding, imp.delimiter)) {
    if (row.line === 1) continue;
    seen += 1;
    const result = rowToInput(row.cells, imp.mapping);
    if (result.ok) continue;
    problems.count += 1;
    if (seen > PREVIEW_ROWS && problems.rows.length < PREVIEW_ROWS) problems.rows.push({ line: row.line, cells: row.cells, error: result.error });
  }
  return problems;
}

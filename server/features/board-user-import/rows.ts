import { ValidationError } from '../../errors';
import { validate } from '../../lib/validation';
import { boardUserSchema, type BoardUserInput } from '../board-users/schema';
import { cellValue } from './csv-source';
import type { ImportField } from './schema';
import { splitTags } from '../../../shared/tag-list';
import { joinMsgs } from '../../i18n/message';

export type RowResult = { ok: true; input: BoardUserInput; fields: ImportField[] } | { ok: false; error: string };

/**
 * One CSV row as board-user input, checked by the same schema as the form. `fields` lists the
 * mapped fields (what an update of an existing record may change).
 */
export function rowToInput(cells: string[], mapping: string[]): RowResult {
  const raw: Record<string, unknown> = {};
  const fields: ImportField[] = [];
  mapping.forEach((field, i) => {
    if (!field) return;
    const value = cellValue(cells[i]);
    fields.push(field as ImportField);
    // As the export writes them ("a; \"b,c\""), or comma-separated when no ; separates them.
    if (field === 'tags') raw.tags = splitTags(value);
    else if (field === 'status') raw.status = value.toLowerCase();
    else raw[field] = value;
  });
  try {
    return { ok: true, input: validate(boardUserSchema, raw), fields };
  } catch (error) {
    if (error instanceof ValidationError) return { ok: false, error: joinMsgs([...new Set(Object.values(error.errors))]) };
    throw error;
  }
}

/** Only the mapped fields of an input (an update leaves the other fields as they are). */
export function mappedValues(input: BoardUserInput, fields: ImportField[]): Partial<BoardUserInput> {
  return Object.fromEntries(fields.map((f) => [f, input[f]])) as Partial<BoardUserInput>;
}

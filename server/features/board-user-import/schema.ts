import { z } from 'zod';
import { oneOf } from '../../lib/fields';
import { msg, translator } from '../../i18n/message';
import { LOCALES } from '../../../shared/i18n';
import { foldText } from '../../../shared/fold';
import { BOARD_USER_FIELDS, BOARD_USER_FIELD_NAMES, REQUIRED_FIELDS as REQUIRED, type BoardUserField } from '../../../shared/board-user-fields';

export const MAX_FILE_BYTES = 5 * 1024 * 1024;
export const MAX_ROWS = 10_000;
/** Rows written per transaction. */
export const BATCH_SIZE = 500;
export const PREVIEW_ROWS = 10;

/** The board-user fields a column can fill: every field (shared/board-user-fields.ts), with the headers that suggest them (their names: validation.import.fields). */
export type ImportField = BoardUserField;
export const IMPORT_FIELD_NAMES = BOARD_USER_FIELD_NAMES;
export const IMPORT_FIELDS = Object.fromEntries(BOARD_USER_FIELD_NAMES.map((field) => [field, { headers: BOARD_USER_FIELDS[field].importHeaders }])) as unknown as Record<
  ImportField,
  { headers: readonly string[] }
>;
export const REQUIRED_FIELDS: readonly ImportField[] = REQUIRED;

/** A header as the field names are matched: folded (shared/fold.ts), without a bracketed note, letters and digits only. */
const normalise = (header: string) =>
  foldText(header)
    .replace(/\(.*\)/g, '')
    .replace(/[^a-z0-9]/g, '');

/**
 * The headers each field is known by: its machine name, the usual synonyms above, and its name
 * in every interface language (`validation.import.fields`, the headers of our own export).
 */
let known: Map<ImportField, Set<string>> | null = null;
function knownHeaders(): Map<ImportField, Set<string>> {
  known ??= new Map(
    IMPORT_FIELD_NAMES.map((f) => [f, new Set([normalise(f), ...IMPORT_FIELDS[f].headers, ...LOCALES.map((locale) => normalise(translator(locale)(`validation.import.fields.${f}`)))])]),
  );
  return known;
}

/** The field each header suggests (each field once, first column wins), '' for none. */
export function guessMapping(headers: string[]): string[] {
  const taken = new Set<string>();
  const names = knownHeaders();
  return headers.map((header) => {
    const key = normalise(header);
    const field = IMPORT_FIELD_NAMES.find((f) => !taken.has(f) && names.get(f)!.has(key));
    if (!field) return '';
    taken.add(field);
    return field;
  });
}

/** The mapping form: one field (or '' to skip the column) per column, and what to do with duplicates. */
export const mappingSchema = (columns: number) =>
  z
    .object({
      mapping: z
        .array(z.union([z.literal(''), oneOf('field', IMPORT_FIELD_NAMES)]), { error: () => msg('validation.import.mappingEachColumn') })
        .length(columns, msg('validation.import.mappingEachColumn')),
      duplicates: oneOf('duplicate handling', ['skip', 'update'] as const),
    })
    .superRefine((value, ctx) => {
      const seen = new Map<string, number>();
      value.mapping.forEach((field, i) => {
        if (!field) return;
        if (seen.has(field))
          ctx.addIssue({ code: 'custom', path: ['mapping', i], message: msg('validation.import.fieldTaken', { field: msg(`validation.import.fields.${field}`), column: seen.get(field)! + 1 }) });
        else seen.set(field, i);
      });
      for (const field of REQUIRED_FIELDS) {
        if (!seen.has(field)) ctx.addIssue({ code: 'custom', path: ['mapping'], message: msg('validation.import.requiredColumn', { field: msg(`validation.import.requiredFields.${field}`) }) });
      }
    });
export type MappingInput = z.infer<ReturnType<typeof mappingSchema>>;

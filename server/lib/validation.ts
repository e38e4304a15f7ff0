import type { z } from 'zod';
import { ValidationError } from '../errors';
import { hasMessage, msg, parseMsg, type MessageValues } from '../i18n/message';

/**
 * Form validation, in one place: the zod schema's problems and the checks that need the
 * database are collected together, so a form hears about every problem in one answer.
 *
 * Field messages name their field as `{{default label}}` (see `attribute` in fields.ts); the
 * formatter here writes the form's own label there: the schema's label map (`withLabels`), else
 * the default the field schema was given. In a `msg(...)` (every message, translated when shown)
 * the label becomes the message `validation.attributes.<label>` (`first name` → `first_name`),
 * Laravel's `attributes`, so the field is named in the reader's language.
 */

const labelMaps = new WeakMap<z.ZodType, Record<string, string>>();

/** The labels the form shows, by field, for the messages of `schema`. Returns the schema. */
export function withLabels<S extends z.ZodType>(schema: S, labels: Record<string, string>): S {
  labelMaps.set(schema, labels);
  return schema;
}

/** A field's label as a message: `validation.attributes.first_name`, or the label itself if it has none. */
export function attributeName(label: string): string {
  const id = `validation.attributes.${label
    .trim()
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')}`;
  return hasMessage(id) ? msg(id) : label;
}

/** Writes a field's label into a message (the label map's, else the default in the message). */
function formatMessage(message: string, field: string, labels: Record<string, string> | undefined): string {
  const top = field.split('.')[0];
  const parsed = parseMsg(message);
  if (!parsed) return message.replace(/\{\{([^{}]*)\}\}/g, (_, fallback: string) => labels?.[top] ?? fallback);
  const values: MessageValues = {};
  for (const [key, value] of Object.entries(parsed.values)) {
    const label = typeof value === 'string' ? /^\{\{([^{}]*)\}\}$/.exec(value) : null;
    values[key] = label ? attributeName(labels?.[top] ?? label[1]) : value;
  }
  return msg(parsed.id, values);
}

/** The first message per field, Laravel's shape: `{ email: '…', 'tags.3': '…', form: '…' }`. */
function fieldErrors(schema: z.ZodType, issues: readonly z.core.$ZodIssue[]): Record<string, string> {
  const labels = labelMaps.get(schema);
  const errors: Record<string, string> = {};
  for (const issue of issues) {
    const field = issue.path.length ? issue.path.map(String).join('.') : 'form';
    errors[field] ??= formatMessage(issue.message, field, labels);
  }
  return errors;
}

/**
 * A check that needs more than the input (the database…): a message when it fails. It gets the
 * field's parsed value and every field that is valid (a field that failed the schema is absent).
 */
export type Check<V, T = Record<string, unknown>> = (value: V, valid: Partial<T>) => string | null | undefined | Promise<string | null | undefined>;

/**
 * Checks by field, run on the values that passed the schema; several for one field run in order
 * until one fails. `form` checks (a plan limit…) run whatever the fields say.
 */
export type Checks<T> = { [K in keyof T & string]?: Check<T[K], T> | Check<T[K], T>[] } & { form?: Check<undefined, T> | Check<undefined, T>[] };

const isEmptyObject = (o: object) => Object.keys(o).length === 0;

/** Each field's value as the schema parses it, for fields that are valid on their own. */
function validFields(schema: z.ZodType, input: unknown, errors: Record<string, string>): Record<string, unknown> {
  const shape = (schema as unknown as { shape?: Record<string, z.ZodType> }).shape;
  const values: Record<string, unknown> = {};
  if (!shape || typeof input !== 'object' || input === null) return values;
  for (const [key, fieldSchema] of Object.entries(shape)) {
    if (Object.keys(errors).some((f) => f === key || f.startsWith(`${key}.`))) continue;
    const parsed = fieldSchema.safeParse((input as Record<string, unknown>)[key]);
    if (parsed.success) values[key] = parsed.data;
  }
  return values;
}

async function runChecks(checks: Record<string, Check<unknown> | Check<unknown>[] | undefined>, values: Record<string, unknown>, errors: Record<string, string>, labels?: Record<string, string>) {
  await Promise.all(
    Object.entries(checks).map(async ([field, list]) => {
      if (!list || errors[field]) return;
      if (field !== 'form' && !(field in values)) return;
      for (const check of Array.isArray(list) ? list : [list]) {
        const message = await check(field === 'form' ? undefined : values[field], values);
        if (message) {
          errors[field] ??= formatMessage(message, field, labels);
          return;
        }
      }
    }),
  );
}

/**
 * Parses input with a zod schema and throws every field's first problem at once. With `checks`,
 * it answers a promise and the checks' problems join the schema's in the same ValidationError.
 */
export function validate<S extends z.ZodType>(schema: S, input: unknown): z.infer<S>;
export function validate<S extends z.ZodType>(schema: S, input: unknown, checks: Checks<z.infer<S>>): Promise<z.infer<S>>;
export function validate<S extends z.ZodType>(schema: S, input: unknown, checks?: Checks<z.infer<S>>): z.infer<S> | Promise<z.infer<S>> {
  const result = schema.safeParse(input ?? {});
  const errors = result.success ? {} : fieldErrors(schema, result.error.issues);
  if (!checks) {
    if (result.success) return result.data;
    throw new ValidationError(errors);
  }
  return (async () => {
    const values = result.success ? (result.data as Record<string, unknown>) : validFields(schema, input ?? {}, errors);
    await runChecks(checks as unknown as Record<string, Check<unknown>[]>, values, errors, labelMaps.get(schema));
    if (!isEmptyObject(errors)) throw new ValidationError(errors);
    return result.data as z.infer<S>;
  })();
}

/** Throws a validation error for one field (rules that can only be decided while writing). */
export function fail(field: string, message: string): never {
  throw new ValidationError({ [field]: message });
}

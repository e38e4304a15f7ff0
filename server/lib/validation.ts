import { z } from 'zod';
import { ValidationError } from '../http/errors';

/** Parses input with a zod schema; on failure throws the first message per field (Laravel's shape). */
export function validate<S extends z.ZodType>(schema: S, input: unknown): z.infer<S> {
  const result = schema.safeParse(input ?? {});
  if (result.success) return result.data;
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const field = issue.path.length ? issue.path.map(String).join('.') : 'form';
    errors[field] ??= issue.message;
  }
  throw new ValidationError(errors);
}

/** Throws a validation error for one field (rules that need the database). */
export function fail(field: string, message: string): never {
  throw new ValidationError({ [field]: message });
}

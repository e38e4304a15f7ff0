import { z } from 'zod';

/**
 * Small field schemas shared by every feature's schema module. Messages name the field and the
 * limit; the field is written `{{label}}`, so validate() can put the form's own label there.
 */

/** A field's name in a message: this default, or the label the schema's label map gives it. */
export const attribute = (label: string) => `{{${label}}}`;
const text = (label: string) =>
  z.string({ error: (i) => (i.input === undefined || i.input === null ? `The ${attribute(label)} field is required.` : `The ${attribute(label)} must be text.`) });

// Strip NUL and other C0 controls except tab/newline; unpaired surrogates become U+FFFD.
const clean = (s: string) => s.replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/g, '').toWellFormed();

export const requiredString = (label: string, max: number, min = 1) =>
  text(label)
    .transform((s) => clean(s).trim())
    .pipe(
      z
        .string()
        .min(min, min === 1 ? `The ${attribute(label)} field is required.` : `The ${attribute(label)} must be at least ${min} characters.`)
        .max(max, `The ${attribute(label)} may not be greater than ${max} characters.`),
    );

/** Empty input becomes null; anything but text is refused with the field's name. */
export const optionalString = (label: string, max: number) =>
  z
    .unknown()
    .transform((v, ctx) => {
      if (v === undefined || v === null) return null;
      if (typeof v !== 'string') {
        ctx.addIssue({ code: 'custom', message: `The ${attribute(label)} must be text.` });
        return z.NEVER;
      }
      return clean(v).trim() || null;
    })
    .pipe(z.string().max(max, `The ${attribute(label)} may not be greater than ${max} characters.`).nullable());

export const email = (label = 'email') =>
  requiredString(label, 255)
    .pipe(z.string().email(`The ${attribute(label)} must be a valid email address.`))
    .transform((s) => s.toLowerCase());

export const optionalEmail = (label = 'email') =>
  optionalString(label, 255).pipe(z.string().email(`The ${attribute(label)} must be a valid email address.`).nullable()).transform((s) => s?.toLowerCase() ?? null);

export const password = (label = 'password') =>
  text(label)
    .min(8, `The ${attribute(label)} must be at least 8 characters.`)
    .max(200, `The ${attribute(label)} may not be greater than 200 characters.`);

/**
 * `field` must equal `{field}_confirmation`. Checked even when other fields failed (zod skips an
 * object's refinements then), so a mismatch is reported with every other problem.
 */
export const confirmed = <T extends z.ZodObject>(schema: T, field = 'password') =>
  schema.refine((v) => (v as Record<string, unknown>)[field] === (v as Record<string, unknown>)[`${field}_confirmation`], {
    path: [field],
    message: `The ${attribute(field)} confirmation does not match.`,
    when: (payload) => typeof payload.value === 'object' && payload.value !== null,
  });

/** A password being checked (sign-in, confirmation): any non-empty string. */
export const currentPassword = (label = 'password') =>
  text(label).min(1, `The ${attribute(label)} field is required.`).max(1000, `The ${attribute(label)} may not be greater than 1000 characters.`);

export const checkbox = z
  .union([z.boolean(), z.literal('on'), z.literal('true'), z.literal('false'), z.literal('1'), z.literal('0'), z.literal(''), z.null()])
  .optional()
  .transform((v) => v === true || v === 'on' || v === 'true' || v === '1');

export const oneOf = <T extends readonly [string, ...string[]]>(label: string, values: T) =>
  z.enum(values, { error: () => `The selected ${attribute(label)} is invalid.` });

export const optionalUrl = (label: string) =>
  optionalString(label, 255).pipe(
    z
      .string()
      .url(`The ${attribute(label)} must be a valid URL.`)
      .refine((u) => /^https?:\/\//i.test(u), `The ${attribute(label)} must start with http:// or https://.`)
      .nullable(),
  );

/** 'YYYY-MM-DD', a real calendar date, or empty → null. */
export const optionalDate = (label: string) =>
  optionalString(label, 10).pipe(
    z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}$/, `The ${attribute(label)} must be a date (YYYY-MM-DD).`)
      .refine((d) => {
        const parsed = new Date(`${d}T00:00:00Z`);
        return !Number.isNaN(parsed.getTime()) && parsed.toISOString().startsWith(d);
      }, `The ${attribute(label)} must be a real date.`)
      .nullable(),
  );

export const id = (label: string) => z.coerce.number({ error: `The ${attribute(label)} is invalid.` }).int(`The ${attribute(label)} is invalid.`).positive(`The ${attribute(label)} is invalid.`).max(2_147_483_647, `The ${attribute(label)} is invalid.`);

/** Query-string page number: the query cleaner's (arrays, objects and anything odd are page 1). */
export { queryPage as pageNumber } from '../http/query';

/**
 * "Must be text" for optional text fields: the shared optional schemas answer a bare
 * "Invalid input" when given an object or an array.
 */
export const textOrBlank = <S extends z.ZodType>(label: string, schema: S) =>
  // (A missing key is null before the check, so the field stays optional in the object.)
  z.preprocess(
    (v) => (v === undefined ? null : v),
    z.union([z.string(), z.null()], { error: `The ${attribute(label)} must be text.` }).pipe(schema as unknown as z.ZodType<z.output<S>, string | null>),
  );

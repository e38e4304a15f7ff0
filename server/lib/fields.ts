import { z } from 'zod';
import { msg, type MessageValues } from '../i18n/message';

/**
 * Small field schemas shared by every feature's schema module. Messages are `msg('validation.…')`
 * (translated when shown) naming the field and the limit; the field is the value `attribute`,
 * written `{{label}}`, so validate() can put the form's own label there and translate it
 * (`validation.attributes.<label>`, see validation.ts).
 */

/** A field's name in a message: this default, or the label the schema's label map gives it. */
export const attribute = (label: string) => `{{${label}}}`;

/** A validation message about the field `label`: `rule('required', 'first name')`. */
export const rule = (id: string, label: string, values?: MessageValues) => msg(`validation.${id}`, { attribute: attribute(label), ...values });

const text = (label: string) => z.string({ error: (i) => (i.input === undefined || i.input === null ? rule('required', label) : rule('text', label)) });

// Strip NUL and other C0 controls except tab/newline; unpaired surrogates become U+FFFD.
const clean = (s: string) => s.replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/g, '').toWellFormed();

export const requiredString = (label: string, max: number, min = 1) =>
  text(label)
    .transform((s) => clean(s).trim())
    .pipe(
      z
        .string()
        .min(min, min === 1 ? rule('required', label) : rule('min', label, { min }))
        .max(max, rule('max', label, { max })),
    );

/** Empty input becomes null; anything but text is refused with the field's name. */
export const optionalString = (label: string, max: number) =>
  z
    .unknown()
    .transform((v, ctx) => {
      if (v === undefined || v === null) return null;
      if (typeof v !== 'string') {
        ctx.addIssue({ code: 'custom', message: rule('text', label) });
        return z.NEVER;
      }
      return clean(v).trim() || null;
    })
    .pipe(
      z
        .string()
        .max(max, rule('max', label, { max }))
        .nullable(),
    );

export const email = (label = 'email') =>
  requiredString(label, 255)
    .pipe(z.string().email(rule('email', label)))
    .transform((s) => s.toLowerCase());

export const optionalEmail = (label = 'email') =>
  optionalString(label, 255)
    .pipe(z.string().email(rule('email', label)).nullable())
    .transform((s) => s?.toLowerCase() ?? null);

export const password = (label = 'password') =>
  text(label)
    .min(8, rule('min', label, { min: 8 }))
    .max(200, rule('max', label, { max: 200 }));

/**
 * `field` must equal `{field}_confirmation`. Checked even when other fields failed (zod skips an
 * object's refinements then), so a mismatch is reported with every other problem.
 */
export const confirmed = <T extends z.ZodObject>(schema: T, field = 'password') =>
  schema.refine((v) => (v as Record<string, unknown>)[field] === (v as Record<string, unknown>)[`${field}_confirmation`], {
    path: [field],
    message: rule('confirmed', field),
    when: (payload) => typeof payload.value === 'object' && payload.value !== null,
  });

/** A password being checked (sign-in, confirmation): any non-empty string. */
export const currentPassword = (label = 'password') =>
  text(label)
    .min(1, rule('required', label))
    .max(1000, rule('max', label, { max: 1000 }));

export const checkbox = z
  .union([z.boolean(), z.literal('on'), z.literal('true'), z.literal('false'), z.literal('1'), z.literal('0'), z.literal(''), z.null()])
  .optional()
  .transform((v) => v === true || v === 'on' || v === 'true' || v === '1');

export const oneOf = <T extends readonly [string, ...string[]]>(label: string, values: T) => z.enum(values, { error: () => rule('in', label) });

export const optionalUrl = (label: string) =>
  optionalString(label, 255).pipe(
    z
      .string()
      .url(rule('url', label))
      .refine((u) => /^https?:\/\//i.test(u), rule('urlScheme', label))
      .nullable(),
  );

/** 'YYYY-MM-DD', a real calendar date, or empty → null. */
export const optionalDate = (label: string) =>
  optionalString(label, 10).pipe(
    z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}$/, rule('dateFormat', label))
      .refine(
        (d) => {
          const parsed = new Date(`${d}T00:00:00Z`);
          return !Number.isNaN(parsed.getTime()) && parsed.toISOString().startsWith(d);
        },
        rule('date', label),
      )
      .nullable(),
  );

export const id = (label: string) =>
  z.coerce
    .number({ error: () => rule('invalid', label) })
    .int(rule('invalid', label))
    .positive(rule('invalid', label))
    .max(2_147_483_647, rule('invalid', label));

/** Query-string page number: the query cleaner's (arrays, objects and anything odd are page 1). */
export { queryPage as pageNumber } from './query';

/**
 * "Must be text" for optional text fields: the shared optional schemas answer a bare
 * "Invalid input" when given an object or an array.
 */
export const textOrBlank = <S extends z.ZodType>(label: string, schema: S) =>
  // (A missing key is null before the check, so the field stays optional in the object.)
  z.preprocess((v) => (v === undefined ? null : v), z.union([z.string(), z.null()], { error: rule('text', label) }).pipe(schema as unknown as z.ZodType<z.output<S>, string | null>));

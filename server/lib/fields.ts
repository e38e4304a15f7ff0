import { z } from 'zod';

/**
 * Small field schemas shared by every feature's schema module. Messages name the field and the
 * limit, so the form can show them as they are.
 */
const text = (label: string) =>
  z.string({ error: (i) => (i.input === undefined || i.input === null ? `The ${label} field is required.` : `The ${label} must be text.`) });

// Strip NUL and other C0 controls except tab/newline; unpaired surrogates become U+FFFD.
const clean = (s: string) => s.replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/g, '').toWellFormed();

export const requiredString = (label: string, max: number, min = 1) =>
  text(label)
    .transform((s) => clean(s).trim())
    .pipe(
      z
        .string()
        .min(min, min === 1 ? `The ${label} field is required.` : `The ${label} must be at least ${min} characters.`)
        .max(max, `The ${label} may not be greater than ${max} characters.`),
    );

/** Empty input becomes null; anything but text is refused with the field's name. */
export const optionalString = (label: string, max: number) =>
  z
    .unknown()
    .transform((v, ctx) => {
      if (v === undefined || v === null) return null;
      if (typeof v !== 'string') {
        ctx.addIssue({ code: 'custom', message: `The ${label} must be text.` });
        return z.NEVER;
      }
      return clean(v).trim() || null;
    })
    .pipe(z.string().max(max, `The ${label} may not be greater than ${max} characters.`).nullable());

export const email = (label = 'email') =>
  requiredString(label, 255)
    .pipe(z.string().email(`The ${label} must be a valid email address.`))
    .transform((s) => s.toLowerCase());

export const optionalEmail = (label = 'email') =>
  optionalString(label, 255).pipe(z.string().email(`The ${label} must be a valid email address.`).nullable()).transform((s) => s?.toLowerCase() ?? null);

export const password = (label = 'password') =>
  text(label)
    .min(8, `The ${label} must be at least 8 characters.`)
    .max(200, `The ${label} may not be greater than 200 characters.`);

/** A password being checked (sign-in, confirmation): any non-empty string. */
export const currentPassword = (label = 'password') =>
  text(label).min(1, `The ${label} field is required.`).max(1000, `The ${label} may not be greater than 1000 characters.`);

export const checkbox = z
  .union([z.boolean(), z.literal('on'), z.literal('true'), z.literal('false'), z.literal('1'), z.literal('0'), z.literal(''), z.null()])
  .optional()
  .transform((v) => v === true || v === 'on' || v === 'true' || v === '1');

export const oneOf = <T extends readonly [string, ...string[]]>(label: string, values: T) =>
  z.enum(values, { error: () => `The selected ${label} is invalid.` });

export const optionalUrl = (label: string) =>
  optionalString(label, 255).pipe(
    z
      .string()
      .url(`The ${label} must be a valid URL.`)
      .refine((u) => /^https?:\/\//i.test(u), `The ${label} must start with http:// or https://.`)
      .nullable(),
  );

/** 'YYYY-MM-DD', a real calendar date, or empty → null. */
export const optionalDate = (label: string) =>
  optionalString(label, 10).pipe(
    z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}$/, `The ${label} must be a date (YYYY-MM-DD).`)
      .refine((d) => {
        const parsed = new Date(`${d}T00:00:00Z`);
        return !Number.isNaN(parsed.getTime()) && parsed.toISOString().startsWith(d);
      }, `The ${label} must be a real date.`)
      .nullable(),
  );

export const id = (label: string) => z.coerce.number({ error: `The ${label} is invalid.` }).int(`The ${label} is invalid.`).positive(`The ${label} is invalid.`).max(2_147_483_647, `The ${label} is invalid.`);

/** Query-string page number: the query cleaner's (arrays, objects and anything odd are page 1). */
export { queryPage as pageNumber } from '../http/query';

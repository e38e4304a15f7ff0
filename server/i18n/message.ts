import type { Locale } from '../../shared/i18n';
import { i18nFor } from './catalogs';

/**
 * A message that is translated where it is shown. Validation rules, flash messages and errors
 * are decided before the language of the answer is known (a flash message is shown by the next
 * request, perhaps after a language change), so they carry `msg(id, values)` — a string, so it
 * can go wherever a message went (zod, the session, an error) — and are translated once, at the
 * boundary: the error bag and flash props, the error handler, a mail.
 *
 * A value may itself be a `msg(...)` (a field's label inside a validation message).
 */
const MARK = '@@i18n:';

export type MessageValues = Record<string, string | number | null | undefined>;

export function msg(id: string, values?: MessageValues): string {
  return `${MARK}${JSON.stringify(values && Object.keys(values).length ? [id, values] : [id])}`;
}

export const isMsg = (value: unknown): value is string => typeof value === 'string' && value.startsWith(MARK);

/** The message in `locale`: a `msg(...)` translated (its values too), other text as it is. */
export function localize(locale: Locale, message: string): string {
  if (!isMsg(message)) return message;
  let parsed: [string, MessageValues?];
  try {
    parsed = JSON.parse(message.slice(MARK.length)) as [string, MessageValues?];
  } catch {
    return message;
  }
  const [id, values] = parsed;
  const resolved: MessageValues = {};
  for (const [key, value] of Object.entries(values ?? {})) resolved[key] = typeof value === 'string' ? localize(locale, value) : value;
  return i18nFor(locale)._(id, resolved);
}

/** Every `msg(...)` in a value localized, however deep (an error bag of bags, flash data). */
export function localizeDeep<T>(locale: Locale, value: T): T {
  if (typeof value === 'string') return localize(locale, value) as T;
  if (Array.isArray(value)) return value.map((v) => localizeDeep(locale, v)) as T;
  if (value && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
    const out: Record<string, unknown> = {};
    for (const [key, v] of Object.entries(value)) out[key] = localizeDeep(locale, v);
    return out as T;
  }
  return value;
}

/** A translator bound to one language (mails, pages built on the server). */
export function translator(locale: Locale) {
  const i18n = i18nFor(locale);
  return (id: string, values?: MessageValues): string => {
    const resolved: MessageValues = {};
    for (const [key, value] of Object.entries(values ?? {})) resolved[key] = typeof value === 'string' ? localize(locale, value) : value;
    return i18n._(id, resolved);
  };
}
export type Translate = ReturnType<typeof translator>;

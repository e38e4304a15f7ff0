import { DEFAULT_LOCALE, type Locale } from '../../shared/i18n';
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

/** A `msg(...)`'s id and values, or null for other text. */
export function parseMsg(message: string): { id: string; values: MessageValues } | null {
  if (!isMsg(message)) return null;
  try {
    const [id, values] = JSON.parse(message.slice(MARK.length)) as [string, MessageValues?];
    return typeof id === 'string' ? { id, values: values ?? {} } : null;
  } catch {
    return null;
  }
}

/** Whether the default language has the message `id` (so every language has: the catalog test). */
export const hasMessage = (id: string): boolean => id in (i18nFor(DEFAULT_LOCALE).messages ?? {});

/** The message in `locale`: a `msg(...)` translated (its values too), other text as it is. */
export function localize(locale: Locale, message: string): string {
  const parsed = parseMsg(message);
  if (!parsed) return message;
  return i18nFor(locale)._(parsed.id, localizeValues(locale, parsed.values));
}

/** A message's values with each `msg(...)` among them translated (a field's label). */
function localizeValues(locale: Locale, values: MessageValues | undefined): MessageValues {
  const resolved: MessageValues = {};
  for (const [key, value] of Object.entries(values ?? {})) resolved[key] = typeof value === 'string' ? localize(locale, value) : value;
  return resolved;
}

export const localizeOrNull = (locale: Locale, message: string | null | undefined): string | null => (message == null ? null : localize(locale, message));

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

/** Several messages as one, each translated, joined by a space (a row's problems, a list of reasons). */
export function joinMsgs(messages: string[]): string {
  if (messages.length === 0) return '';
  return messages.reduceRight((rest, first) => msg('validation.join', { first, rest }));
}

/** A translator bound to one language (mails, pages built on the server). */
export function translator(locale: Locale) {
  const i18n = i18nFor(locale);
  return (id: string, values?: MessageValues): string => i18n._(id, localizeValues(locale, values));
}
export type Translate = ReturnType<typeof translator>;

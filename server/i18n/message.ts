import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { DEFAULT_LOCALE, type Locale } from '../../shared/i18n';
import { i18nFor } from './catalogs';

/**
 * A message that is translated where it is shown. Validation rules, flash messages and errors
 * are decided before the language of the answer is known (a flash message is shown by the next
 * request, perhaps after a language change), so they carry `msg(id, values)` and are translated
 * once, at the boundary: the error bag and flash props, the error handler, a mail.
 *
 * A message travels as a string (so it can go wherever text goes: zod, an error, a prop) that
 * user input cannot produce: it is sealed with a key of this process. Anything else — a name, a
 * CSV cell, a filename, text that merely looks like a message — is text and is shown as it is.
 * Where a message is stored (the session, an import's failed rows) it is written as data
 * (`storedMessage`) and sealed again when read back (`restoreMessages`), so it survives restarts
 * and other nodes. User text is only ever a value inside a message, never a message.
 *
 * A value may itself be a `msg(...)` (a field's label inside a validation message).
 */
const MARK = '\u2063i18n:'; // U+2063 INVISIBLE SEPARATOR: rare in text, and never trusted on its own
const SEAL_KEY = randomBytes(32);
const MAC_LENGTH = 22;

export type MessageValues = Record<string, string | number | null | undefined>;

const mac = (body: string) => createHmac('sha256', SEAL_KEY).update(body).digest('base64url').slice(0, MAC_LENGTH);

export function msg(id: string, values?: MessageValues): string {
  const body = JSON.stringify(values && Object.keys(values).length ? [id, values] : [id]);
  return `${MARK}${mac(body)}${body}`;
}

/** A `msg(...)`'s id and values, or null for anything else (other text, or text forged to look like one). */
export function parseMsg(message: string): { id: string; values: MessageValues } | null {
  if (typeof message !== 'string' || !message.startsWith(MARK)) return null;
  const body = message.slice(MARK.length + MAC_LENGTH);
  const given = Buffer.from(message.slice(MARK.length, MARK.length + MAC_LENGTH));
  const expected = Buffer.from(mac(body));
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  try {
    const [id, values] = JSON.parse(body) as [string, MessageValues?];
    return typeof id === 'string' ? { id, values: values ?? {} } : null;
  } catch {
    return null;
  }
}

export const isMsg = (value: unknown): value is string => typeof value === 'string' && parseMsg(value) !== null;

/** A message as data, for storage this process does not own (the session, a table); other values as they are. */
export function storedMessages<T>(value: T): T {
  if (typeof value === 'string') {
    const parsed = parseMsg(value);
    return (parsed ? { $msg: [parsed.id, storedMessages(parsed.values)] } : value) as T;
  }
  if (Array.isArray(value)) return value.map(storedMessages) as T;
  if (value && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, storedMessages(v)])) as T;
  }
  return value;
}

/** Stored messages sealed again (only for data this app wrote: the session, its own tables). */
export function restoreMessages<T>(value: T): T {
  if (Array.isArray(value)) return value.map(restoreMessages) as T;
  if (value && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
    const stored = (value as { $msg?: unknown }).$msg;
    if (Array.isArray(stored) && typeof stored[0] === 'string' && Object.keys(value).length === 1) {
      return msg(stored[0], restoreMessages((stored[1] ?? {}) as MessageValues)) as T;
    }
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, restoreMessages(v)])) as T;
  }
  return value;
}

/** One message for a text column: a sealed message as JSON data, other text as it is (with a marker that keeps the two apart). */
export const messageToColumn = (message: string): string => (isMsg(message) ? `m${JSON.stringify(storedMessages(message))}` : `t${message}`);
export const messageFromColumn = (column: string): string => {
  if (column.startsWith('t')) return column.slice(1);
  if (!column.startsWith('m')) return column; // written before messages were sealed: shown as text
  try {
    const restored = restoreMessages(JSON.parse(column.slice(1)) as unknown);
    return typeof restored === 'string' ? restored : column.slice(1);
  } catch {
    return column.slice(1);
  }
};

/** Whether the default language has the message `id` (so every language has: the catalog test). */
export const hasMessage = (id: string): boolean => id in (i18nFor(DEFAULT_LOCALE).messages ?? {});

/**
 * The message in `locale`: a `msg(...)` translated (its values too), other text as it is. Only
 * the catalogs' ids are ever compiled (an unknown id is shown as the id, and fails the catalog
 * test), so the compile cache is bounded by the catalogs.
 */
export function localize(locale: Locale, message: string): string {
  const parsed = parseMsg(message);
  if (!parsed) return message;
  if (!hasMessage(parsed.id)) return parsed.id;
  try {
    return i18nFor(locale)._(parsed.id, localizeValues(locale, parsed.values));
  } catch {
    return parsed.id;
  }
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

import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { setupI18n, type I18n } from '@lingui/core';
import { compileMessageOrThrow, type CompiledMessage } from '@lingui/message-utils/compileMessage';
import { DEFAULT_LOCALE, flattenCatalog, type CatalogTree, type Locale } from '../../shared/i18n';
import { ROOT } from '../root';

export const LANG_DIR = path.join(ROOT, 'lang');

/** Every namespace of `locale`, as written: `lang/<locale>/*.json`. */
export function readCatalogs(locale: Locale, dir = LANG_DIR): Record<string, string> {
  const folder = path.join(dir, locale);
  const messages: Record<string, string> = {};
  for (const file of readdirSync(folder)
    .filter((f) => f.endsWith('.json'))
    .sort()) {
    const tree = JSON.parse(readFileSync(path.join(folder, file), 'utf8')) as CatalogTree;
    Object.assign(messages, flattenCatalog(path.basename(file, '.json'), tree));
  }
  return messages;
}

/**
 * A message is compiled the first time it is used, then kept: compiling all ~1,500 of a
 * language up front cost the first request 50 ms (the catalog test compiles every one).
 */
const compiled = new Map<string, CompiledMessage>();
function compileOnce(message: string): CompiledMessage {
  let result = compiled.get(message);
  if (!result) {
    result = compileMessageOrThrow(message);
    compiled.set(message, result);
  }
  return result;
}

const instances = new Map<Locale, I18n>();

/**
 * One Lingui instance per interface language, its catalogs read at first use. A
 * message missing from a translation falls back to the default language's (the catalog test
 * keeps that from happening unnoticed).
 */
export function i18nFor(locale: Locale): I18n {
  let i18n = instances.get(locale);
  if (!i18n) {
    const messages = locale === DEFAULT_LOCALE ? readCatalogs(locale) : { ...readCatalogs(DEFAULT_LOCALE), ...readCatalogs(locale) };
    i18n = setupI18n({ locale, messages: { [locale]: messages } });
    i18n.setMessagesCompiler(compileOnce);
    instances.set(locale, i18n);
  }
  return i18n;
}

/** How many messages have been compiled in this process (bounded by the catalogs: the hostile-text test). */
export const compiledMessageCount = (): number => compiled.size;

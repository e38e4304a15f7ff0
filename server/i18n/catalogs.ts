import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { setupI18n, type I18n } from '@lingui/core';
import { DEFAULT_LOCALE, type CatalogTree, type Locale } from '../../shared/i18n';
import { compileCatalog } from '../../shared/i18n-compile';
import { ROOT } from '../root';

export const LANG_DIR = path.join(ROOT, 'lang');

/** Every namespace of `locale`, compiled: `lang/<locale>/*.json`. */
export function readCatalogs(locale: Locale, dir = LANG_DIR): Record<string, ReturnType<typeof compileCatalog>[string]> {
  const folder = path.join(dir, locale);
  const messages: Record<string, ReturnType<typeof compileCatalog>[string]> = {};
  for (const file of readdirSync(folder).filter((f) => f.endsWith('.json')).sort()) {
    const tree = JSON.parse(readFileSync(path.join(folder, file), 'utf8')) as CatalogTree;
    Object.assign(messages, compileCatalog(path.basename(file, '.json'), tree));
  }
  return messages;
}

const instances = new Map<Locale, I18n>();

/**
 * One Lingui instance per interface language, its catalogs read and compiled at first use. A
 * message missing from a translation falls back to the default language's (the catalog test
 * keeps that from happening unnoticed).
 */
export function i18nFor(locale: Locale): I18n {
  let i18n = instances.get(locale);
  if (!i18n) {
    const messages = locale === DEFAULT_LOCALE ? readCatalogs(locale) : { ...readCatalogs(DEFAULT_LOCALE), ...readCatalogs(locale) };
    i18n = setupI18n({ locale, messages: { [locale]: messages } });
    instances.set(locale, i18n);
  }
  return i18n;
}

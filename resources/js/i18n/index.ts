import { setupI18n, type Messages } from '@lingui/core';
import { useLingui } from '@lingui/react';
import { DEFAULT_LOCALE, isLocale, type Locale } from '../../../shared/i18n';

export { Trans } from '@lingui/react';
export { pageNamespace } from '../../../shared/i18n';

/**
 * The interface's messages (Lingui). Each catalog, `lang/<locale>/<namespace>.json`, is its own
 * chunk, compiled at build time (vite.config.ts): a page fetches its language's `common`, its own
 * namespace and, for signed-in pages, `app`, beside its code. The server's namespaces (validation,
 * flash messages, mails) are never fetched.
 */
export const i18n = setupI18n();

/** The catalogs' version and namespaces, defined by the build (vite.config.ts `catalogChunks`). */
declare const __CATALOGS__: { version: string; namespaces: string[] };

/**
 * Each catalog is a chunk of the build, `assets/<locale>-<namespace>-<version>.js`: the entry holds
 * the version and the namespaces, not a loader per file. The dev server compiles a file when asked.
 */
const built = import.meta.env.DEV ? null : __CATALOGS__;
const devCatalogs = import.meta.env.DEV
  ? import.meta.glob<Messages>(['../../../lang/*/*.json', '!../../../lang/*/validation.json', '!../../../lang/*/messages.json', '!../../../lang/*/mail.json'], { import: 'default' })
  : null;

function fetchCatalog(locale: Locale, namespace: string): Promise<Messages> | null {
  if (!built) return devCatalogs?.[`../../../lang/${locale}/${namespace}.json`]?.() ?? null;
  if (!built.namespaces.includes(namespace)) return null;
  // Vite wraps this import in its preload helper like every other: a catalog of an older build that
  // is gone fires `vite:preloadError`, and app.tsx loads the page anew.
  return import(/* @vite-ignore */ `./${locale}-${namespace}-${built.version}.js`).then((module: { default: Messages }) => module.default);
}

const loading = new Map<string, Promise<void>>();

function loadNamespace(locale: Locale, namespace: string): Promise<void> {
  const key = `${locale}/${namespace}`;
  let done = loading.get(key);
  if (!done) {
    const loaded = fetchCatalog(locale, namespace);
    done = loaded
      ? loaded.then(
          (messages) => i18n.load(locale, messages),
          (error: unknown) => {
            loading.delete(key); // a chunk of an older build: the next page tries again
            throw error;
          },
        )
      : Promise.resolve();
    loading.set(key, done);
  }
  return done;
}

/** Namespaces the app has shown so far: a language switch loads them all before it shows. */
const shown = new Set<string>(['common']);

/**
 * Loads `namespaces` (and every one shown before) in `locale`, then makes it the interface's
 * language: the page in view re-renders in it, without a reload, and `<html lang>` follows.
 */
export async function prepareLocale(locale: Locale, namespaces: string[]): Promise<void> {
  for (const namespace of namespaces) shown.add(namespace);
  await Promise.all([...shown].map((namespace) => loadNamespace(locale, namespace)));
  if (i18n.locale !== locale) {
    i18n.activate(locale);
    document.documentElement.lang = locale;
  }
}

/** The page's language: its `locale` prop (a partial reload may leave it out: then the current one). */
export const localeOf = (props: Record<string, unknown> | undefined): Locale => (isLocale(props?.locale) ? props.locale : isLocale(i18n.locale) ? i18n.locale : DEFAULT_LOCALE);

export type MessageValues = Record<string, string | number | null | undefined>;
export type Translate = (id: string, values?: MessageValues) => string;

/** `t(id, values)` in the interface's language; the component re-renders when it changes. */
export function useT(): Translate {
  return useLingui()._ as Translate;
}

/** `t` outside components (a label helper called while rendering): the current language. */
export const t: Translate = (id, values) => i18n._(id, values);

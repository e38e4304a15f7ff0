/**
 * The interface's languages and how a catalog file becomes messages. Shared by the server (which
 * translates validation, flash messages and mails), the Vite build (which compiles the catalogs
 * the pages load) and the pages.
 *
 * A catalog is `lang/<locale>/<namespace>.json`: nested objects of ICU messages. Its messages are
 * named by namespace and path: `lang/de/auth.json` → `{ "login": { "title": "Anmelden" } }` is
 * the message `auth.login.title`.
 */

export const LOCALES = ['en-US', 'de', 'fr'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en-US';

/** Each interface language named in itself, for the language pickers. */
export const LOCALE_NAMES: Record<Locale, string> = { 'en-US': 'English', de: 'Deutsch', fr: 'Français' };

export const isLocale = (value: unknown): value is Locale => typeof value === 'string' && (LOCALES as readonly string[]).includes(value);

/**
 * The interface language for a user's locale setting (a BCP 47 tag such as `de-CH`, which also
 * decides how dates and numbers are written): the language with the same primary subtag, else
 * the default. `es-ES` keeps an English interface with Spanish dates.
 */
export function interfaceLocale(tag: string | null | undefined): Locale {
  if (!tag) return DEFAULT_LOCALE;
  if (isLocale(tag)) return tag;
  const language = tag.split(/[-_]/)[0].toLowerCase();
  return LOCALES.find((l) => l.split('-')[0] === language) ?? DEFAULT_LOCALE;
}

/**
 * Namespaces only the server reads (validation messages, flash messages, mails, error texts):
 * the pages never load them.
 */
export const SERVER_NAMESPACES = ['validation', 'messages', 'mail'] as const;

/**
 * The namespace of a page's own messages: its first path segment, `BoardUsers/Index` →
 * `boardUsers`; a variant of a page shares its messages: `Welcome_new` → `welcome`.
 */
export function pageNamespace(component: string): string {
  const head = component.split('/')[0].split('_')[0];
  return head.charAt(0).toLowerCase() + head.slice(1);
}

export type CatalogTree = { [key: string]: string | CatalogTree };

/** `{ a: { b: 'x' } }` in namespace `ns` → `{ 'ns.a.b': 'x' }`. */
export function flattenCatalog(namespace: string, tree: CatalogTree): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (node: CatalogTree, prefix: string) => {
    for (const [key, value] of Object.entries(node)) {
      const id = `${prefix}.${key}`;
      if (typeof value === 'string') out[id] = value;
      else walk(value, id);
    }
  };
  walk(tree, namespace);
  return out;
}

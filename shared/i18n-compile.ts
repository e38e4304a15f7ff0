import { compileMessageOrThrow, type CompiledMessage } from '@lingui/message-utils/compileMessage';
import { flattenCatalog, type CatalogTree } from './i18n.ts';

/**
 * A catalog file's messages compiled for Lingui's runtime (ICU parsed once, at build time for
 * the pages and at first use on the server), so no message parser is shipped to the browser.
 */
export function compileCatalog(namespace: string, tree: CatalogTree): Record<string, CompiledMessage> {
  const flat = flattenCatalog(namespace, tree);
  return Object.fromEntries(Object.entries(flat).map(([id, message]) => [id, compileMessageOrThrow(message)]));
}

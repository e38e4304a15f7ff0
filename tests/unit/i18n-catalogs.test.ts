import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { compileMessageOrThrow } from '@lingui/message-utils/compileMessage';
import { DEFAULT_LOCALE, flattenCatalog, LOCALES, pageNamespace, SERVER_NAMESPACES, type CatalogTree } from '../../shared/i18n';
import { tsxFiles } from '../../server/cli/i18n-lint';

const LANG = path.resolve('lang');
const namespacesOf = (locale: string) =>
  readdirSync(path.join(LANG, locale))
    .filter((f) => f.endsWith('.json'))
    .map((f) => path.basename(f, '.json'))
    .sort();
const messagesOf = (locale: string, namespace: string) => flattenCatalog(namespace, JSON.parse(readFileSync(path.join(LANG, locale, `${namespace}.json`), 'utf8')) as CatalogTree);
const NAMESPACES = namespacesOf(DEFAULT_LOCALE);

/** The argument names a message uses (`{name}`, `{count, plural, …}`), plural branches included. */
function argumentsOf(message: string): string[] {
  const names = new Set<string>();
  const walk = (tokens: unknown) => {
    if (!Array.isArray(tokens)) return;
    for (const token of tokens) {
      if (!Array.isArray(token)) continue;
      if (typeof token[0] === 'string') names.add(token[0]);
      const choices = token[2];
      if (choices && typeof choices === 'object' && !Array.isArray(choices)) for (const branch of Object.values(choices)) walk(branch);
    }
  };
  walk(compileMessageOrThrow(message));
  return [...names].sort();
}
const tagsOf = (message: string) => [...new Set(message.match(/<\/?\d+\/?>/g) ?? [])].sort();

describe('translation catalogs', () => {
  it('every language has the same namespaces', () => {
    for (const locale of LOCALES) expect(namespacesOf(locale), locale).toEqual(NAMESPACES);
  });

  for (const namespace of NAMESPACES) {
    it(`${namespace}: every message exists in every language, with the same arguments and tags`, () => {
      const source = messagesOf(DEFAULT_LOCALE, namespace);
      for (const locale of LOCALES) {
        const messages = messagesOf(locale, namespace);
        expect(Object.keys(messages).sort(), `${locale}/${namespace}.json has other messages than ${DEFAULT_LOCALE}`).toEqual(Object.keys(source).sort());
        for (const [id, message] of Object.entries(messages)) {
          expect(message.trim(), `${locale}: ${id} is empty`).not.toBe('');
          expect(argumentsOf(message), `${locale}: ${id}`).toEqual(argumentsOf(source[id]));
          expect(tagsOf(message), `${locale}: ${id}`).toEqual(tagsOf(source[id]));
        }
      }
    });
  }
});

/** Message ids named in code: t('…'), msg('…'), translate('…'), <Trans id="…">. */
const KEY_USE = /\b(?:t|_|msg|translate)\(\s*(['"`])([a-z][\w-]*(?:\.[\w-]+)+)\1|<Trans\b[^>]*?\bid=\{?(['"`])([a-z][\w-]*(?:\.[\w-]+)+)\3/g;

function keysUsedIn(file: string): string[] {
  const source = readFileSync(file, 'utf8');
  return [...source.matchAll(KEY_USE)].map((m) => m[2] ?? m[4]);
}

/** The namespaces a client file may use: `common`, the shell's `app` (the portal's layout: `portal`), and its page area's own. */
function allowedNamespaces(file: string): string[] | null {
  const rel = path.relative('resources/js', file).split(path.sep);
  if (rel[0] === 'Pages') return ['common', pageNamespace(rel.length > 2 ? rel[1] : path.basename(rel[1], '.tsx'))];
  // The board portal's layout wraps only Portal/* pages, which load `portal` and never `app`.
  if (rel[0] === 'Layouts' && rel[1] === 'PortalLayout.tsx') return ['common', 'portal'];
  if (rel[0] === 'Layouts') return ['common', 'app'];
  if (rel[0] === 'Components' || rel[0] === 'hooks' || rel[0] === 'lib') return ['common', 'app'];
  return null;
}

describe('messages used in code', () => {
  const known = new Set(NAMESPACES.flatMap((ns) => Object.keys(messagesOf(DEFAULT_LOCALE, ns))));
  const serverFiles = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? serverFiles(path.join(dir, e.name)) : e.name.endsWith('.ts') ? [path.join(dir, e.name)] : []));

  it('every id named in the pages exists, in a namespace the page loads', () => {
    const problems: string[] = [];
    for (const file of tsxFiles('resources/js')) {
      const allowed = allowedNamespaces(file);
      for (const key of keysUsedIn(file)) {
        if (!known.has(key)) problems.push(`${file}: ${key} is in no catalog`);
        const namespace = key.split('.')[0];
        if (allowed && !allowed.includes(namespace)) problems.push(`${file}: ${key} is in ${namespace}, which this page does not load (${allowed.join(', ')})`);
        if ((SERVER_NAMESPACES as readonly string[]).includes(namespace)) problems.push(`${file}: ${key} is a server message`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('every id named on the server exists', () => {
    const problems = serverFiles('server').flatMap((file) =>
      keysUsedIn(file)
        .filter((key) => !known.has(key))
        .map((key) => `${file}: ${key}`),
    );
    expect(problems).toEqual([]);
  });
});

import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { DEFAULT_LOCALE, flattenCatalog, type CatalogTree } from '../../shared/i18n';

/**
 * One vocabulary and one spelling in everything a person reads: the product is en-US ("Canceled",
 * "Organization") and says "Sign in / Sign out / Create account" (never Log in, Log out,
 * Register, Sign up). Copy lives in string literals and JSX text of the pages, the layouts and
 * the server (flash messages, validation errors, mails, page titles); comments are not copy.
 */
const ROOT = path.resolve(__dirname, '../..');
const SOURCES = ['resources/js', 'server'];

const RULES: [RegExp, string][] = [
  [/\borganis(?:e|es|ed|ing|ation|ations|ational)\b/i, 'en-US spelling: "organization"'],
  [/\bcancell(?:ed|ing)\b/i, 'en-US spelling: "canceled", "canceling"'],
  [/\blog(?:ged)?[ -]?(?:in|out)\b/i, 'say "Sign in" / "Sign out"'],
  [/\bsign[ -]?up\b/i, 'say "Create account"'],
  [/\bregister\b/i, 'say "Create account"'],
];

/** A literal that is code, not copy: a path, a route or event name, a class list, SQL identifiers. */
const looksLikeCode = (text: string) =>
  /^[a-z][A-Za-z0-9_-]*(?:\.[A-Za-z0-9_-]+)+$/.test(text) || // a message id: its text is in lang/en-US
  /^[/.]/.test(text) ||
  /^[a-z0-9_\-.:@{}$?=&#*/|]+$/.test(text) ||
  /^[A-Z][A-Za-z]*(?:\/[A-Za-z0-9_]+)+$/.test(text) ||
  !/[A-Za-z]/.test(text);

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return name === 'migrations' ? [] : files(full);
    return /\.(ts|tsx)$/.test(name) && !name.endsWith('.d.ts') ? [full] : [];
  });
}

/** Every piece of copy in a source file, with its line. */
function copyOf(file: string): { line: number; text: string }[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true, file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const out: { line: number; text: string }[] = [];
  const add = (node: ts.Node, text: string) => {
    if (text.trim() && !looksLikeCode(text.trim())) out.push({ line: source.getLineAndCharacterOfPosition(node.getStart()).line + 1, text });
  };
  const visit = (node: ts.Node) => {
    if (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) return;
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) add(node, node.text);
    else if (ts.isTemplateHead(node) || ts.isTemplateMiddle(node) || ts.isTemplateTail(node)) add(node, node.text);
    else if (ts.isJsxText(node)) add(node, node.text);
    ts.forEachChild(node, visit);
  };
  visit(source);
  return out;
}

describe('UI copy: one vocabulary, one spelling', () => {
  it('says Sign in / Sign out / Create account and spells en-US everywhere', () => {
    const found: string[] = [];
    for (const dir of SOURCES) {
      for (const file of files(path.join(ROOT, dir))) {
        for (const { line, text } of copyOf(file)) {
          for (const [pattern, rule] of RULES) {
            if (pattern.test(text)) found.push(`${path.relative(ROOT, file)}:${line} ${JSON.stringify(text.trim().slice(0, 80))} (${rule})`);
          }
        }
      }
    }
    // Most copy now lives in the English catalogs (lang/en-US): the same rules apply there.
    for (const file of readdirSync(path.join(ROOT, 'lang', DEFAULT_LOCALE)).filter((f) => f.endsWith('.json'))) {
      const messages = flattenCatalog(path.basename(file, '.json'), JSON.parse(readFileSync(path.join(ROOT, 'lang', DEFAULT_LOCALE, file), 'utf8')) as CatalogTree);
      for (const [id, message] of Object.entries(messages)) {
        const text = message.replace(/\/[\w/{}-]+/g, ''); // paths (/org-login/…) are not copy
        for (const [pattern, rule] of RULES) if (pattern.test(text)) found.push(`lang/${DEFAULT_LOCALE}/${file} ${id} ${JSON.stringify(text.slice(0, 80))} (${rule})`);
      }
    }
    if (process.env.UI_COPY_REPORT) console.log(JSON.stringify(found));
    expect(found).toEqual([]);
  });

  it('reads copy, not code: a path, a class list or a comment is left alone', () => {
    expect(looksLikeCode('/org-login')).toBe(true);
    expect(looksLikeCode('register')).toBe(true);
    expect(looksLikeCode('Auth/Register')).toBe(true);
    expect(looksLikeCode('Register')).toBe(false);
    expect(looksLikeCode('Log in to continue')).toBe(false);
  });
});

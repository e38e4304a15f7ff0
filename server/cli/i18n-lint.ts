/**
 * npm run lint:i18n [paths…] — finds interface text that does not go through a translation:
 * JSX text, string literals in JSX children and in the attributes people read (labels, titles,
 * placeholders, aria-label…), and `<Head title="…">`. `tests/unit/i18n-lint.test.ts` runs it over
 * every page, layout and component; the catalogs' own checks are in `tests/unit/i18n-catalogs.test.ts`.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import ts from 'typescript';

export interface Finding {
  file: string;
  line: number;
  text: string;
}

/** Attributes whose string value is read by people (or screen readers). */
const TEXT_ATTRIBUTE =
  /^(aria-label|aria-description|aria-roledescription|aria-valuetext|alt|title|placeholder|label|description|hint|message|heading|subtitle|caption|text|summary|confirmText|emptyText|[a-z]+(Label|Title|Text|Message|Description|Placeholder|Hint|Heading))$/;

/**
 * Text that reads the same in every language: the product's name, symbols, units and
 * separators. (A word here is a decision, not an escape hatch: add one only when it is a name.)
 */
const SAME_IN_EVERY_LANGUAGE = new Set(['Boardly', 'Markdown', 'CSV', 'GitHub', 'TOTP', 'QR', 'OK', 'UTF-8', 'Windows-1252']);

/** Whether `text` has a word someone would translate. */
export function needsTranslation(text: string): boolean {
  const words = text.match(/[\p{L}][\p{L}\p{M}'’-]*/gu) ?? [];
  return words.some((word) => word.length > 1 && !SAME_IN_EVERY_LANGUAGE.has(word));
}

function literalText(node: ts.Node): string | null {
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text;
  if (ts.isTemplateExpression(node)) return [node.head.text, ...node.templateSpans.map((s) => s.literal.text)].join(' ');
  return null;
}

export function lintSource(file: string, source: string): Finding[] {
  const sf = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const findings: Finding[] = [];
  const report = (node: ts.Node, text: string) => {
    if (!needsTranslation(text)) return;
    findings.push({ file, line: sf.getLineAndCharacterOfPosition(node.getStart()).line + 1, text: text.trim().replace(/\s+/g, ' ').slice(0, 80) });
  };
  const visit = (node: ts.Node) => {
    if (ts.isJsxText(node)) report(node, node.text);
    else if (ts.isJsxExpression(node) && node.expression && (ts.isJsxElement(node.parent) || ts.isJsxFragment(node.parent))) {
      const text = literalText(node.expression);
      if (text !== null) report(node, text);
      // {cond ? 'Yes' : 'No'} and {a || 'None'}
      if (ts.isConditionalExpression(node.expression)) {
        for (const branch of [node.expression.whenTrue, node.expression.whenFalse]) {
          const branchText = literalText(branch);
          if (branchText !== null) report(branch, branchText);
        }
      }
      if (ts.isBinaryExpression(node.expression)) {
        const right = literalText(node.expression.right);
        if (right !== null) report(node.expression.right, right);
      }
    } else if (ts.isJsxAttribute(node) && node.initializer) {
      const name = node.name.getText(sf);
      if (TEXT_ATTRIBUTE.test(name)) {
        const value = ts.isStringLiteral(node.initializer)
          ? node.initializer.text
          : ts.isJsxExpression(node.initializer) && node.initializer.expression
            ? literalText(node.initializer.expression)
            : null;
        if (value !== null) report(node, value);
        if (ts.isJsxExpression(node.initializer) && node.initializer.expression && ts.isConditionalExpression(node.initializer.expression)) {
          for (const branch of [node.initializer.expression.whenTrue, node.initializer.expression.whenFalse]) {
            const branchText = literalText(branch);
            if (branchText !== null) report(branch, branchText);
          }
        }
      }
    } else if (ts.isPropertyAssignment(node) && TEXT_ATTRIBUTE.test(node.name.getText(sf).replace(/['"]/g, ''))) {
      // { label: 'Name' } in a column list, a nav item, a menu.
      const text = literalText(node.initializer);
      if (text !== null) report(node, text);
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return findings;
}

/** The interface's source files: .tsx, and .ts beside them (label helpers, nav items); not type files. */
export function tsxFiles(target: string): string[] {
  if (statSync(target).isFile()) return /\.tsx?$/.test(target) && !/\.d\.ts$|[\\/]types(\.ts|[\\/])/.test(target) ? [target] : [];
  return readdirSync(target)
    .sort()
    .flatMap((name) => tsxFiles(path.join(target, name)));
}

export function lintPaths(paths: string[]): Finding[] {
  return paths.flatMap(tsxFiles).flatMap((file) => lintSource(file, readFileSync(file, 'utf8')));
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const targets = process.argv.slice(2);
  const findings = lintPaths(targets.length ? targets : ['resources/js']);
  for (const f of findings) console.log(`${f.file}:${f.line}  ${f.text}`);
  console.log(findings.length ? `\n${findings.length} untranslated strings` : 'Every string goes through a translation.');
  process.exitCode = findings.length ? 1 : 0;
}

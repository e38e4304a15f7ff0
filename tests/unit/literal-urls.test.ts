import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { routes } from '../../shared/routes';

/**
 * Issue #25: pages, components, hooks and helpers — and the server's controllers, services, mails
 * and middleware — build internal URLs with route() from shared/routes.ts, never a string literal.
 * A string or template literal that starts with '/<segment>', where <segment> is the first segment
 * of a route in the table, is a finding.
 */
const root = path.resolve(import.meta.dirname, '../..');
const SOURCES = ['resources/js', 'server'].map((dir) => path.join(root, dir));
/** The websocket server on port 8080 answers Pusher's paths (and its own `/up`), not the app's route table. */
const OTHER_SERVERS = [path.join(root, 'server/realtime')];

/**
 * Files not converted yet. This list only shrinks: a file leaves it once its literals are gone
 * (the test fails while a listed file holds none), and no file joins it.
 */
const NOT_YET_CONVERTED: string[] = [];

const firstSegments = new Set(
  Object.values(routes)
    .map((r) => r.split(' ')[1].split('/')[1])
    .filter((s) => s !== '' && !s.startsWith(':')),
);

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return OTHER_SERVERS.includes(full) ? [] : files(full);
    return /\.tsx?$/.test(e.name) && !e.name.endsWith('.d.ts') ? [full] : [];
  });
}

const internal = (text: string) => {
  const m = /^\/([\w-]+)(?=$|[/?#])/.exec(text);
  return m !== null && firstSegments.has(m[1]);
};

/** 'resources/js/…:line  literal' for each literal internal path in a file. */
function literalUrls(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const sf = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    let literal: string | undefined;
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) literal = node.text;
    else if (ts.isTemplateExpression(node)) literal = node.head.text;
    if (literal !== undefined && internal(literal)) {
      const line = sf.getLineAndCharacterOfPosition(node.getStart(sf)).line + 1;
      found.push(`${path.relative(root, file)}:${line}  ${node.getText(sf).slice(0, 80)}`);
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return found;
}

describe('internal URLs in resources/js and server/', () => {
  const all = SOURCES.flatMap(files);
  const relative = (f: string) => path.relative(root, f);

  it('come from route(), not string literals', () => {
    const findings = all.filter((f) => !NOT_YET_CONVERTED.includes(relative(f))).flatMap(literalUrls);
    expect(findings).toEqual([]);
  });

  it('lists only files that still hold literals as not yet converted', () => {
    const converted = NOT_YET_CONVERTED.filter((f) => !all.map(relative).includes(f) || literalUrls(path.join(root, f)).length === 0);
    expect(converted).toEqual([]);
  });

  it('finds a literal internal path, and leaves external URLs and anchors alone', () => {
    expect(internal('/board-users')).toBe(true);
    expect(internal('/board-users/7/edit')).toBe(true);
    expect(internal('/insights?status=published')).toBe(true);
    expect(internal('https://example.com/board-users')).toBe(false);
    expect(internal('#transfer-ownership')).toBe(false);
    expect(internal('/build/app.js')).toBe(false);
  });
});

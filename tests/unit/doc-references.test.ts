import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The product design the code refers to lives in the repository (#25): every `docs/…` or `bench/…`
 * file named in code, tests, benchmarks or docs exists, every "ADR NNNN" names a record in
 * docs/decisions/, every section of docs/product.md the code cites is a heading there, and nothing
 * points at the design documents by the names they had outside the repository.
 */
const ROOT = path.resolve(import.meta.dirname, '../..');
const SCANNED = ['server', 'resources', 'shared', 'tests', 'bench', 'docs', 'README.md', 'vite.config.ts'];
const SKIP = new Set(['node_modules', 'build', 'fixtures']);

function textFiles(entry: string): string[] {
  const full = path.join(ROOT, entry);
  if (!existsSync(full)) return [];
  if (!statSync(full).isDirectory()) return /\.(ts|tsx|mjs|css|md)$/.test(full) ? [full] : [];
  return readdirSync(full).flatMap((name) => (SKIP.has(name) ? [] : textFiles(path.join(entry, name))));
}

const files = SCANNED.flatMap(textFiles)
  .filter((file) => !file.endsWith('doc-references.test.ts'))
  .map((file) => ({ file: path.relative(ROOT, file), text: readFileSync(file, 'utf8') }));
const decisions = readdirSync(path.join(ROOT, 'docs/decisions'));
const productHeadings = [...readFileSync(path.join(ROOT, 'docs/product.md'), 'utf8').matchAll(/^#+\s+(.+)$/gm)].map((m) => m[1].toLowerCase());

/** Every problem with the references in `text`. */
function referenceProblems(file: string, text: string, exists: (p: string) => boolean = (p) => existsSync(path.join(ROOT, p))): string[] {
  const problems: string[] = [];
  for (const m of text.matchAll(/\b((?:docs|bench\/results)\/[\w./-]*\w)/g)) {
    const target = m[1];
    if (target === 'docs/decisions' || target.endsWith('/')) continue;
    if (!exists(target)) problems.push(`${file}: ${target} does not exist`);
  }
  for (const m of text.matchAll(/\bADRs? (\d{4})\b/g)) {
    if (!decisions.some((name) => name.startsWith(`${m[1]}-`))) problems.push(`${file}: ADR ${m[1]} does not exist`);
  }
  for (const m of text.matchAll(/docs\/product\.md(?:'s)?\s+(?:"([^"]+)"|§\s*(\w+))/g)) {
    const section = (m[1] ?? m[2]).toLowerCase();
    if (!productHeadings.some((heading) => heading.includes(section))) problems.push(`${file}: docs/product.md has no section "${section}"`);
  }
  for (const m of text.matchAll(/(?<![\w/])(PRODUCT\.md|SEED-SPEC(?:\.md)?|ARCHITECTURE\.md)/g)) problems.push(`${file}: ${m[1]} is outside the repository (docs/…)`);
  return problems;
}

describe('references to the design documents', () => {
  it('reads the tree', () => {
    expect(files.length).toBeGreaterThan(300);
    expect(files.some((f) => f.file === path.join('server', 'tenancy', 'policy.ts'))).toBe(true);
  });

  it('every docs/ and bench/results/ file, ADR and product.md section named exists', () => {
    expect(files.flatMap((f) => referenceProblems(f.file, f.text))).toEqual([]);
  });

  it('catches what it is for', () => {
    const none = () => false;
    expect(referenceProblems('x.ts', '/** PRODUCT.md "Roles" */')).toHaveLength(1);
    expect(referenceProblems('x.ts', '// SEED-SPEC §4')).toHaveLength(1);
    expect(referenceProblems('x.ts', '// see docs/missing.md', none)).toEqual(['x.ts: docs/missing.md does not exist']);
    expect(referenceProblems('x.ts', '// as ADR 9999 says')).toEqual(['x.ts: ADR 9999 does not exist']);
    expect(referenceProblems('x.ts', '/** docs/product.md "Nowhere" */')).toEqual(['x.ts: docs/product.md has no section "nowhere"']);
    expect(referenceProblems('x.ts', '/** docs/product.md "Routes", ADR 0013, docs/decisions/ */')).toEqual([]);
  });
});

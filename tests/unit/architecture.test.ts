import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The structure rules of issue #13 (and ADR "tenancy core and Acting"), checked on every run:
 * services never see Express, SQL lives only in repositories and server/db, and the layers under
 * the features (lib/, http/, tenancy/) import no feature.
 */

const ROOT = path.resolve(import.meta.dirname, '../..');
const SERVER = path.join(ROOT, 'server');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return entry.name.endsWith('.ts') ? [full] : [];
  });
}

/** The code without comments and string contents, so prose about `selectFrom` does not count. */
function codeOf(source: string): string {
  return source
    .replace(/\/\*[\s\S]*?\*\//g, ' ')
    .replace(/(^|[^:])\/\/.*$/gm, '$1')
    .replace(/'(?:[^'\\\n]|\\.)*'/g, "''")
    .replace(/"(?:[^"\\\n]|\\.)*"/g, '""');
}

/** Module specifiers a file imports (static, dynamic and re-exports). */
function importsOf(source: string): string[] {
  const found: string[] = [];
  for (const m of source.matchAll(/(?:^|\n)\s*(?:import|export)\b[^;'"]*?from\s*['"]([^'"]+)['"]/g)) found.push(m[1]);
  for (const m of source.matchAll(/(?:^|\n)\s*import\s*['"]([^'"]+)['"]/g)) found.push(m[1]);
  for (const m of source.matchAll(/\bimport\(\s*['"]([^'"]+)['"]\s*\)/g)) found.push(m[1]);
  return found;
}

const SQL_BUILDER = /\.(selectFrom|insertInto|updateTable|deleteFrom|selectNoFrom|replaceInto|mergeInto)\s*[(<]|\bsql\s*(<[^>]*>)?\s*`|\bscoped(Update|Delete)?\s*\(/;

export function sqlProblems(file: string, source: string): string[] {
  const rel = path.relative(ROOT, file);
  if (rel.endsWith('repository.ts') || rel.startsWith(`server${path.sep}db${path.sep}`)) return [];
  const code = codeOf(source);
  return code
    .split('\n')
    .map((line, i) => (SQL_BUILDER.test(line) ? `${rel}:${i + 1}: ${line.trim()}` : null))
    .filter((p): p is string => p !== null);
}

export function expressInServiceProblems(file: string, source: string): string[] {
  if (!/service\.ts$/.test(file)) return [];
  return importsOf(source)
    .filter((spec) => spec === 'express' || spec.startsWith('express/'))
    .map(() => `${path.relative(ROOT, file)} imports express`);
}

const LOWER_LAYERS = ['lib', 'http', 'tenancy', 'db', 'inertia', 'mail', 'broadcasting'];

export function featureImportProblems(file: string, source: string): string[] {
  const layer = path.relative(SERVER, file).split(path.sep)[0];
  if (!LOWER_LAYERS.includes(layer) || path.relative(SERVER, file).startsWith(`db${path.sep}seed`)) return [];
  return importsOf(source)
    .filter((spec) => spec.startsWith('.'))
    .map((spec) => path.resolve(path.dirname(file), spec))
    .filter((target) => target.startsWith(path.join(SERVER, 'features') + path.sep))
    .map((target) => `${path.relative(ROOT, file)} imports ${path.relative(ROOT, target)}`);
}

const files = sourceFiles(SERVER).map((file) => ({ file, source: readFileSync(file, 'utf8') }));

describe('architecture', () => {
  it('reads the whole server tree', () => {
    expect(files.length).toBeGreaterThan(100);
    expect(files.some((f) => f.file.endsWith(path.join('features', 'users', 'service.ts')))).toBe(true);
  });

  it('no service.ts imports express: services take an Acting value and validated input', () => {
    expect(files.flatMap((f) => expressInServiceProblems(f.file, f.source))).toEqual([]);
  });

  it('SQL builders appear only in *repository.ts files and server/db/', () => {
    expect(files.flatMap((f) => sqlProblems(f.file, f.source))).toEqual([]);
  });

  it('lib/, http/, tenancy/ and the other shared layers import no feature', () => {
    expect(files.flatMap((f) => featureImportProblems(f.file, f.source))).toEqual([]);
  });

  describe('the rules catch what they are for', () => {
    const at = (...parts: string[]) => path.join(SERVER, ...parts);

    it('flags express in a service, in any import form', () => {
      expect(expressInServiceProblems(at('features', 'x', 'service.ts'), "import type { Request } from 'express';")).toHaveLength(1);
      expect(expressInServiceProblems(at('features', 'x', 'service.ts'), "import express from 'express';")).toHaveLength(1);
      expect(expressInServiceProblems(at('features', 'x', 'controller.ts'), "import type { Request } from 'express';")).toEqual([]);
    });

    it('flags each SQL builder outside repositories, and ignores comments', () => {
      const service = at('features', 'x', 'service.ts');
      for (const line of [
        "await db.selectFrom('users').selectAll().execute();",
        "await trx.insertInto('users').values(v).execute();",
        "await db.updateTable('users').set(v).execute();",
        "await db.deleteFrom('users').execute();",
        'const n = sql<number>`count(*)`;',
        'const q = sql`select 1`;',
        "scoped(db, 1, 'insights').selectAll();",
      ]) {
        expect(sqlProblems(service, line), line).toHaveLength(1);
      }
      expect(sqlProblems(service, '/** uses selectFrom( in prose */\n// and sql`x`')).toEqual([]);
      expect(sqlProblems(at('features', 'x', 'repository.ts'), "db.selectFrom('users')")).toEqual([]);
      expect(sqlProblems(at('db', 'migrations', 'x.ts'), "db.selectFrom('users')")).toEqual([]);
    });

    it('flags a feature import from lib/ or http/, not from a feature', () => {
      expect(featureImportProblems(at('lib', 'x.ts'), "import { a } from '../features/activity/repository';")).toHaveLength(1);
      expect(featureImportProblems(at('http', 'x.ts'), "export { a } from '../features/auth/middleware';")).toHaveLength(1);
      expect(featureImportProblems(at('features', 'a', 'x.ts'), "import { a } from '../b/service';")).toEqual([]);
      expect(featureImportProblems(at('lib', 'x.ts'), "import { a } from '../db/types';")).toEqual([]);
    });
  });
});

import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The structure rules of issue #13 (and ADR "tenancy core and Acting") and #25, checked on every run:
 * services never see Express, SQL lives only in repositories and server/db, the shared layers
 * import in one direction only (LAYERS below), and feature folders never import each other in a
 * circle. What several features share lives in a core (server/account/, server/tenancy/), not in
 * one of them.
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

/** Module specifiers a file imports (static, dynamic and re-exports), with whether the import is types only. */
function importsWithKind(source: string): { spec: string; typeOnly: boolean }[] {
  const found: { spec: string; typeOnly: boolean }[] = [];
  for (const m of source.matchAll(/(?:^|\n)\s*(import|export)\b([^;'"]*?)from\s*['"]([^'"]+)['"]/g)) {
    const clause = m[2].trim();
    const names = /^\{([\s\S]*)\}$/
      .exec(clause)?.[1]
      .split(',')
      .map((n) => n.trim())
      .filter(Boolean);
    const typeOnly = /^type\b/.test(clause) || (names !== undefined && names.length > 0 && names.every((n) => /^type\s/.test(n)));
    found.push({ spec: m[3], typeOnly });
  }
  for (const m of source.matchAll(/(?:^|\n)\s*import\s*['"]([^'"]+)['"]/g)) found.push({ spec: m[1], typeOnly: false });
  for (const m of source.matchAll(/\bimport\(\s*['"]([^'"]+)['"]\s*\)/g)) found.push({ spec: m[1], typeOnly: false });
  return found;
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

function sqlProblems(file: string, source: string): string[] {
  const rel = path.relative(ROOT, file);
  if (rel.endsWith('repository.ts') || rel.startsWith(`server${path.sep}db${path.sep}`)) return [];
  const code = codeOf(source);
  return code
    .split('\n')
    .map((line, i) => (SQL_BUILDER.test(line) ? `${rel}:${i + 1}: ${line.trim()}` : null))
    .filter((p): p is string => p !== null);
}

const LOWER_LAYERS = ['lib', 'http', 'tenancy', 'account', 'db', 'inertia', 'mail', 'broadcasting'];

function featureImportProblems(file: string, source: string): string[] {
  const layer = path.relative(SERVER, file).split(path.sep)[0];
  if (!LOWER_LAYERS.includes(layer)) return [];
  return importsOf(source)
    .filter((spec) => spec.startsWith('.'))
    .map((spec) => path.resolve(path.dirname(file), spec))
    .filter((target) => target.startsWith(path.join(SERVER, 'features') + path.sep))
    .map((target) => `${path.relative(ROOT, file)} imports ${path.relative(ROOT, target)}`);
}

/**
 * The shared layers, lowest first. A file may import (at run time) only from its own layer or a
 * lower one: domain errors sit under everything (not in http/), lib/ never reaches db/, http/ knows neither inertia/ nor
 * tenancy/, and the features sit on the cores. `shared/` is the code the client shares;
 * `app` is everything left at server/'s root (app.ts, routes.ts, cli/…), which
 * composes the rest. Type-only imports are not checked: they vanish at run time, and the
 * context's interfaces (context.ts) are named by every layer that takes a context.
 */
const LAYERS = [
  'shared', // ../shared: channel names, activity kinds, i18n ids, read by the client too
  'root', // root.ts: the project folder
  'i18n', // message ids and translation
  'errors', // domain errors services throw (validation, conflict, not found…); http/ maps them
  'lib', // pure helpers: crypto, fields, validation, passwords, webhook format, the unit of work
  'config', // environment, read once
  'secrets',
  'db', // the connection, migrations, types, seed, SQL fragments shared by repositories
  'mail',
  'broadcasting',
  'realtime',
  'context', // AppContext: the services handed to everything above
  'http', // Express plumbing: sessions, CSRF, identity, error pages
  'inertia', // the page protocol and the root view
  'tenancy', // the current organisation, Acting, policy, scoped queries
  'account', // the account core: users, memberships, passwords' guard, limits, time zones
  'features', // one folder per feature; no circle between them (featureCycles)
  'app', // composition: app.ts, routes.ts, pages.ts, shared-props.ts, cli/…
] as const;
type Layer = (typeof LAYERS)[number];

/** The layer of a file, from its place under the repository root. */
function layerOf(file: string): Layer | null {
  const rel = path.relative(ROOT, file).split(path.sep);
  if (rel[0] === 'shared') return 'shared';
  if (rel[0] !== 'server') return null;
  const top = rel.length > 2 ? rel[1] : rel[1].replace(/\.ts$/, '');
  return (LAYERS as readonly string[]).includes(top) && top !== 'app' ? (top as Layer) : 'app';
}

/** Resolves a relative specifier of `file` to a path (without extension); null for packages. */
const resolveSpec = (file: string, spec: string) => (spec.startsWith('.') ? path.resolve(path.dirname(file), spec.replace(/\.js$/, '')) : null);

/** Run-time imports that go up the layer order. */
function layerProblems(file: string, source: string): string[] {
  const from = layerOf(file);
  if (!from) return [];
  return importsWithKind(source)
    .filter((i) => !i.typeOnly)
    .flatMap(({ spec }) => {
      const target = resolveSpec(file, spec);
      const to = target && layerOf(`${target}.ts`);
      if (!to || LAYERS.indexOf(to) <= LAYERS.indexOf(from)) return [];
      return [`${path.relative(ROOT, file)} (${from}) imports ${spec} (${to})`];
    });
}

/** Which feature folder a file is in, if any. */
function featureOf(file: string): string | null {
  const rel = path.relative(path.join(SERVER, 'features'), file).split(path.sep);
  return rel.length > 1 && rel[0] !== '..' ? rel[0] : null;
}

/** The feature folders each feature folder imports (any import, types too: a circle of types is a circle of knowledge). */
function featureGraph(sources: { file: string; source: string }[]): Map<string, Set<string>> {
  const graph = new Map<string, Set<string>>();
  for (const { file, source } of sources) {
    const from = featureOf(file);
    if (!from) continue;
    const edges = graph.get(from) ?? graph.set(from, new Set()).get(from)!;
    for (const { spec } of importsWithKind(source)) {
      const target = resolveSpec(file, spec);
      const to = target && featureOf(`${target}.ts`);
      if (to && to !== from) edges.add(to);
    }
  }
  return graph;
}

/** Every circle between feature folders, each as `a -> b -> a`. */
function featureCycles(graph: Map<string, Set<string>>): string[] {
  const state = new Map<string, 'open' | 'done'>();
  const stack: string[] = [];
  const cycles: string[] = [];
  const visit = (node: string) => {
    state.set(node, 'open');
    stack.push(node);
    for (const next of [...(graph.get(node) ?? [])].sort()) {
      if (state.get(next) === 'open') cycles.push([...stack.slice(stack.indexOf(next)), next].join(' -> '));
      else if (!state.has(next)) visit(next);
    }
    stack.pop();
    state.set(node, 'done');
  };
  for (const node of [...graph.keys()].sort()) if (!state.has(node)) visit(node);
  return cycles;
}

/**
 * A service, found by what it does rather than its file name: a file of a feature or a core that
 * opens a transaction (`inTransaction`) or exports a function taking the acting user
 * (`Acting`, `ActingIn`, `Actor`). Controllers, routes, middleware and repositories are not services.
 */
function isService(file: string, source: string): boolean {
  const layer = layerOf(file);
  if (layer !== 'features' && layer !== 'account' && layer !== 'tenancy') return false;
  if (/(controller|routes|middleware|repository)\.ts$/.test(file)) return false;
  const code = codeOf(source);
  return /\binTransaction\s*[(<]/.test(code) || /export\s+(async\s+)?function\s+\w+\s*(<[^>]*>)?\s*\([^)]*:\s*(Acting|ActingIn|Actor)\b/.test(code);
}

/** A service that imports Express (services take an Acting value and validated input). */
function expressInServiceProblems(file: string, source: string): string[] {
  if (!isService(file, source)) return [];
  return importsOf(source)
    .filter((spec) => spec === 'express' || spec.startsWith('express/'))
    .map(() => `${path.relative(ROOT, file)} imports express`);
}

const files = sourceFiles(SERVER).map((file) => ({ file, source: readFileSync(file, 'utf8') }));
const sharedFiles = sourceFiles(path.join(ROOT, 'shared')).map((file) => ({ file, source: readFileSync(file, 'utf8') }));

describe('architecture', () => {
  it('reads the whole server tree', () => {
    expect(files.length).toBeGreaterThan(100);
    expect(files.some((f) => f.file.endsWith(path.join('features', 'users', 'service.ts')))).toBe(true);
  });

  it('finds services by what they do, whatever their file is called', () => {
    const services = files.filter((f) => isService(f.file, f.source)).map((f) => path.relative(SERVER, f.file));
    for (const service of ['features/users/service.ts', 'features/two-factor/requirement.ts', 'features/organizations/service.ts']) {
      expect(services).toContain(service.split('/').join(path.sep));
    }
    expect(services.length).toBeGreaterThan(15);
  });

  it('no service imports express: services take an Acting value and validated input', () => {
    expect(files.flatMap((f) => expressInServiceProblems(f.file, f.source))).toEqual([]);
  });

  it('SQL builders appear only in *repository.ts files and server/db/', () => {
    expect(files.flatMap((f) => sqlProblems(f.file, f.source))).toEqual([]);
  });

  it('lib/, http/, tenancy/ and the other shared layers import no feature', () => {
    expect(files.flatMap((f) => featureImportProblems(f.file, f.source))).toEqual([]);
  });

  it('every file imports only from its own layer or a lower one (LAYERS)', () => {
    expect([...files, ...sharedFiles].flatMap((f) => layerProblems(f.file, f.source))).toEqual([]);
    expect(files.every((f) => layerOf(f.file) !== null)).toBe(true);
  });

  it('no circle between feature folders', () => {
    const graph = featureGraph(files);
    expect(graph.size).toBeGreaterThan(15);
    expect(featureCycles(graph)).toEqual([]);
  });

  it('one identity path: the organisation a request acts in and the two-factor rule are read by one query', () => {
    const callers = (pattern: RegExp) => files.filter((f) => pattern.test(codeOf(f.source))).map((f) => path.relative(SERVER, f.file).split(path.sep).join('/'));
    expect(callers(/\btwoFactorMissingSql\s*\(/)).toEqual(['tenancy/repository.ts']);
    expect(callers(/\borganizationSeenBy\s*\(/).sort()).toEqual(['tenancy/identity-repository.ts', 'tenancy/repository.ts']);
  });

  describe('the rules catch what they are for', () => {
    const at = (...parts: string[]) => path.join(SERVER, ...parts);

    it('flags express in a service, in any import form', () => {
      const work = '\nexport const save = (ctx: AppContext, acting: Acting) => inTransaction(ctx, acting, f);';
      expect(expressInServiceProblems(at('features', 'x', 'service.ts'), `import type { Request } from 'express';${work}`)).toHaveLength(1);
      expect(expressInServiceProblems(at('features', 'x', 'service.ts'), `import express from 'express';${work}`)).toHaveLength(1);
      expect(expressInServiceProblems(at('features', 'x', 'controller.ts'), `import type { Request } from 'express';${work}`)).toEqual([]);
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

    it('flags an import up the layer order, not down it, and not a type-only one', () => {
      expect(layerProblems(at('lib', 'validation.ts'), "import { HttpError } from '../http/errors';")).toEqual([
        'server/lib/validation.ts (lib) imports ../http/errors (http)'.split('/').join(path.sep).replace(`..${path.sep}http${path.sep}errors`, '../http/errors'),
      ]);
      expect(layerProblems(at('http', 'x.ts'), "import { currentOrganization } from '../tenancy/current';")).toHaveLength(1);
      expect(layerProblems(at('db', 'seed.ts'), "import { hashPassword } from '../features/auth/passwords';")).toHaveLength(1);
      expect(layerProblems(at('errors.ts'), "export { flash } from './http/session-bridge';")).toHaveLength(1);
      expect(layerProblems(at('lib', 'unit-of-work.ts'), "import { channels, type BroadcastMessage } from '../broadcasting/broadcaster';")).toHaveLength(1);
      expect(layerProblems(at('lib', 'unit-of-work.ts'), "import type { BroadcastMessage } from '../broadcasting/broadcaster';")).toEqual([]);
      expect(layerProblems(at('lib', 'x.ts'), "import { type A, type B } from '../context';")).toEqual([]);
      expect(layerProblems(at('features', 'a', 'service.ts'), "import { ValidationError } from '../../errors';\nimport { fields } from '../../lib/fields';")).toEqual([]);
      expect(layerProblems(at('account', 'limits.ts'), "import { findSubscription } from '../features/subscriptions/repository';")).toHaveLength(1);
    });

    it('finds a circle between feature folders, however long', () => {
      const graph = featureGraph([
        { file: at('features', 'a', 'controller.ts'), source: "import { b } from '../b/service';" },
        { file: at('features', 'b', 'service.ts'), source: "import type { C } from '../c/schema';" },
        { file: at('features', 'c', 'schema.ts'), source: "export { a } from '../a/presenter';" },
        { file: at('features', 'd', 'service.ts'), source: "import { a } from '../a/presenter';\nimport { x } from '../../account/x';" },
      ]);
      expect(featureCycles(graph)).toEqual(['a -> b -> c -> a']);
      graph.get('c')!.delete('a');
      expect(featureCycles(graph)).toEqual([]);
    });

    it('tells a service by what it does, and flags express in it', () => {
      const requirement = "import { inTransaction } from '../../lib/unit-of-work';\nexport async function set(ctx: AppContext, acting: ActingIn) { await inTransaction(ctx, acting, f); }";
      expect(isService(at('features', 'x', 'requirement.ts'), requirement)).toBe(true);
      expect(isService(at('features', 'x', 'helper.ts'), 'export function leave(ctx: AppContext, acting: Acting) {}')).toBe(true);
      expect(isService(at('features', 'x', 'presenter.ts'), 'export function present(row: Row) {}')).toBe(false);
      expect(isService(at('features', 'x', 'controller.ts'), requirement)).toBe(false);
      expect(expressInServiceProblems(at('features', 'x', 'requirement.ts'), `import type { Request } from 'express';\n${requirement}`)).toHaveLength(1);
    });

    it('flags a feature import from lib/ or http/, not from a feature', () => {
      expect(featureImportProblems(at('lib', 'x.ts'), "import { a } from '../features/activity/repository';")).toHaveLength(1);
      expect(featureImportProblems(at('http', 'x.ts'), "export { a } from '../features/auth/middleware';")).toHaveLength(1);
      expect(featureImportProblems(at('features', 'a', 'x.ts'), "import { a } from '../b/service';")).toEqual([]);
      expect(featureImportProblems(at('lib', 'x.ts'), "import { a } from '../db/types';")).toEqual([]);
    });
  });
});

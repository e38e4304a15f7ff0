import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync, copyFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

/**
 * The formatter and linter (Biome, ADR 0028) run in `npm test` before the other suites. These tests
 * prove the linter is live: it rejects a deliberately bad example with the project's own rules, and the
 * real tree has no findings at all.
 */
const root = path.resolve(import.meta.dirname, '../..');
const biome = path.join(root, 'node_modules', '.bin', 'biome');

interface Report {
  summary: { errors: number; warnings: number; infos: number };
  diagnostics: { category: string; severity: string; location: { path: string } }[];
}

/** Runs `biome lint --reporter=json` in `cwd`: the exit status and the parsed report. */
function lint(cwd: string, target: string): { status: number; report: Report } {
  let status = 0;
  let stdout: string;
  try {
    stdout = execFileSync(biome, ['lint', '--reporter=json', '--max-diagnostics=none', target], { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  } catch (error) {
    const failed = error as { status: number; stdout: string };
    status = failed.status;
    stdout = failed.stdout;
  }
  return { status, report: JSON.parse(stdout) as Report };
}

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

describe('Biome, the linter npm test runs', () => {
  it('fails on a deliberately bad example (an unused import, a hook called inside a condition)', () => {
    // The project's configuration, without its file list (which leaves the fixture out of the normal run).
    const dir = mkdtempSync(path.join(tmpdir(), 'boardly-lint-'));
    dirs.push(dir);
    // biome.jsonc: its comments are whole lines of their own.
    const text = readFileSync(path.join(root, 'biome.jsonc'), 'utf8');
    const config = JSON.parse(text.replace(/^\s*\/\/.*$/gm, ''));
    delete config.$schema;
    delete config.files;
    config.vcs = { enabled: false };
    writeFileSync(path.join(dir, 'biome.json'), JSON.stringify(config));
    // Biome turns its React rules on for projects that depend on React, as this one does.
    writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ name: 'lint-fixture', private: true, dependencies: { react: '^19.0.0' } }));
    copyFileSync(path.join(root, 'tests/fixtures/lint/bad-example.tsx'), path.join(dir, 'bad-example.tsx'));

    const { status, report } = lint(dir, 'bad-example.tsx');
    expect(status).not.toBe(0);
    const rules = report.diagnostics.map((d) => d.category);
    expect(rules).toContain('lint/correctness/noUnusedImports');
    expect(rules).toContain('lint/correctness/useHookAtTopLevel');
  });

  it('finds nothing in the real tree', () => {
    const { status, report } = lint(root, '.');
    expect(report.diagnostics.map((d) => `${d.location.path}: ${d.category}`)).toEqual([]);
    expect(report.summary).toMatchObject({ errors: 0, warnings: 0, infos: 0 });
    expect(status).toBe(0);
  });
});

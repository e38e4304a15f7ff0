import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/** resources/js/pages.ts (the typed page registry) lists exactly the page components there are. */
const ROOT = path.resolve(import.meta.dirname, '../..');
const PAGES = path.join(ROOT, 'resources/js/Pages');

/** Page components: .tsx files, except Partials/ and the shared Form.tsx of a resource. */
function pageFiles(dir: string, prefix = ''): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (entry.isDirectory()) return entry.name === 'Partials' ? [] : pageFiles(path.join(dir, entry.name), `${prefix}${entry.name}/`);
    return entry.name.endsWith('.tsx') && entry.name !== 'Form.tsx' ? [`${prefix}${entry.name.slice(0, -4)}`] : [];
  });
}

describe('the page registry', () => {
  const registry = readFileSync(path.join(ROOT, 'resources/js/pages.ts'), 'utf8');
  const listed = [...registry.matchAll(/^\s*'?([^':]+)'?: PropsOf<typeof import\('\.\/Pages\/([^']+)'\)>;$/gm)];

  it('lists every page component under its own name, once', () => {
    expect(listed.length).toBeGreaterThan(30);
    for (const [, name, file] of listed) expect(file).toBe(name);
    expect(listed.map(([, name]) => name).sort()).toEqual(pageFiles(PAGES).sort());
  });
});

import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const CSS = path.resolve(import.meta.dirname, '../../resources/css');

/** `a/{b,c}.{ts,tsx}` → every combination. */
const expand = (pattern: string): string[] => {
  const match = /\{([^{}]+)\}/.exec(pattern);
  if (!match) return [pattern];
  return match[1].split(',').flatMap((option) => expand(pattern.slice(0, match.index) + option + pattern.slice(match.index + match[0].length)));
};

describe('stylesheet sources', () => {
  // A moved file left behind in an @source is silently scanned as nothing: its classes vanish from the stylesheet
  // (the root view's body classes did, when it moved to server/inertia: the body had no colours until the page's stylesheet came).
  for (const file of readdirSync(CSS).filter((f) => f.endsWith('.css'))) {
    it(`every @source of ${file} names something that exists`, () => {
      const sources = [...readFileSync(path.join(CSS, file), 'utf8').matchAll(/@source\s+'([^']+)'/g)].map((m) => m[1]);
      for (const source of sources) {
        const found = expand(source).some((candidate) => existsSync(path.resolve(CSS, candidate)));
        expect(found, `${file}: @source '${source}'`).toBe(true);
      }
    });
  }
});

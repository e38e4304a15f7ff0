import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

/**
 * A package loaded where it is first used instead of when the server starts (issue #14: `npm start`
 * to the first 200 in a second). For packages that no first request needs (Markdown, mail,
 * two-factor, user-agent parsing, Redis): node's own `require`, synchronous, so callers stay as
 * they were; ESM-only packages load the same way (require(esm), Node 20.19+). Import the types
 * with `import type`, never the package itself, or the bundle loads it at start again.
 */
export function lazyPackage<T>(name: string): () => T {
  let loaded: { value: T } | null = null;
  return () => (loaded ??= { value: require(name) as T }).value;
}

import { build, type Metafile } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { bundleOptions } from '../../server/cli/launch.mjs';

/**
 * `npm start` imports the server bundle before it can answer anything (issue #14: the first 200
 * within a second). Packages no first request needs are loaded where they are used
 * (server/lib/lazy-package.ts, or `import()`): what the bundle loads at start must not hold them.
 */
const LAZY = ['marked', 'sanitize-html', 'nodemailer', 'bowser', 'otpauth', 'qrcode', 'pino-pretty'];
/**
 * Issue #24 (restart ≤ 1 s): passkey ceremonies (a third of a second of certificate parsers), the
 * PostgreSQL driver on PGlite, the Pusher SDK until an event is published, the websocket and Redis
 * clients (the realtime server runs in a child), the CSV import and export, the demo seed's faker.
 * (iconv-lite is not among them: express's body parsers require it themselves.)
 */
const LAZY_SINCE_24 = ['@simplewebauthn/server', 'pg', 'pusher', 'ws', 'ioredis', 'csv-parse', 'csv-stringify', 'busboy', '@faker-js/faker'];

const packageOf = (input: string) => input.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/)?.[1] ?? null;

/** Every output the entry loads before it runs: itself and the chunks it imports statically, transitively. */
function loadedAtStart(metafile: Metafile, entry: string): string[] {
  const seen = new Set<string>();
  const visit = (output: string) => {
    if (seen.has(output)) return;
    seen.add(output);
    for (const imported of metafile.outputs[output].imports) if (imported.kind === 'import-statement' && !imported.external) visit(imported.path);
  };
  visit(Object.keys(metafile.outputs).find((output) => metafile.outputs[output].entryPoint?.endsWith(`server/cli/${entry}.ts`))!);
  return [...seen];
}

describe('the server bundle at start', () => {
  it('holds the packages a first request needs, and none of those that load on first use', async () => {
    const { metafile } = await build({ ...bundleOptions(['start']), write: false, metafile: true, logLevel: 'silent' });
    const outputs = loadedAtStart(metafile!, 'start');
    const packages = new Set(outputs.flatMap((output) => Object.keys(metafile!.outputs[output].inputs).map(packageOf)).filter((p): p is string => !!p));
    // Bundled, not resolved from node_modules file by file at every start (issue #24).
    expect([...packages]).toEqual(expect.arrayContaining(['express', 'zod', 'kysely']));
    expect([...packages].filter((name) => [...LAZY, ...LAZY_SINCE_24].includes(name))).toEqual([]);
    // What a first request does not need still exists, as chunks of their own or node_modules packages.
    const all = new Set(Object.values(metafile!.outputs).flatMap((o) => Object.keys(o.inputs).map(packageOf)));
    expect(all.has('@faker-js/faker')).toBe(true);
  }, 60_000);
});

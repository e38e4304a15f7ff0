import path from 'node:path';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../../server/root';

/**
 * `npm start` imports the server bundle before it can answer anything (issue #14: the first 200
 * within a second). Packages no first request needs are loaded where they are used
 * (server/lib/lazy-package.ts): the bundle must not import them at its top.
 */
const LAZY = ['marked', 'sanitize-html', 'nodemailer', 'bowser', 'otpauth', 'qrcode', 'pino-pretty'];
/**
 * Issue #24 (restart ≤ 1 s): passkey ceremonies (a third of a second of certificate parsers), the
 * PostgreSQL driver on PGlite, the Pusher SDK until an event is published, the websocket and Redis
 * clients (the realtime server runs in a child), the CSV import and export.
 */
const LAZY_SINCE_24 = ['@simplewebauthn/server', 'pg', 'pusher', 'ws', 'ioredis', 'csv-parse', 'csv-stringify', 'iconv-lite', 'busboy'];

describe('the server bundle at start', () => {
  it('imports none of the packages that load on first use', async () => {
    const result = await build({
      entryPoints: [path.join(ROOT, 'server/cli/start.ts')],
      bundle: true,
      packages: 'external',
      platform: 'node',
      format: 'esm',
      target: 'node20',
      write: false,
      metafile: true,
      outdir: path.join(ROOT, 'node_modules/.cache/boardly-test'),
      logLevel: 'silent',
    });
    const imported = Object.values(result.metafile.outputs).flatMap((output) => output.imports.filter((i) => i.external).map((i) => i.path));
    expect(imported).toContain('express');
    expect(imported.filter((name) => [...LAZY, ...LAZY_SINCE_24].includes(name))).toEqual([]);
  }, 60_000);
});

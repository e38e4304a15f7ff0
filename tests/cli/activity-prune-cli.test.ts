/** The `npm run activity:prune` command itself: its arguments and a real run (PGlite, in memory). */
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { DEFAULT_RETENTION_DAYS, parsePruneArgs } from '../../server/features/activity/schema';

const run = promisify(execFile);
const ROOT = path.resolve(import.meta.dirname, '../..');

describe('activity:prune arguments', () => {
  it('defaults to 365 days and reads --days=N or --days N', () => {
    expect(DEFAULT_RETENTION_DAYS).toBe(365);
    expect(parsePruneArgs([])).toEqual({ ok: true, days: 365, help: false });
    expect(parsePruneArgs(['--days=30'])).toEqual({ ok: true, days: 30, help: false });
    expect(parsePruneArgs(['--days', '7'])).toEqual({ ok: true, days: 7, help: false });
    expect(parsePruneArgs(['--help'])).toMatchObject({ ok: true, help: true });
  });

  it('refuses anything else with a message', () => {
    for (const argv of [['--days=0'], ['--days=-5'], ['--days=1.5'], ['--days=abc'], ['--days='], ['--days'], ['--days=1e3'], ['--days=9999999'], ['--days=36501'], ['--weeks=2'], ['30']]) {
      const parsed = parsePruneArgs(argv);
      expect(parsed.ok, argv.join(' ')).toBe(false);
      if (!parsed.ok) expect(parsed.error).toMatch(/--days|Unknown argument/);
    }
  });

  it('exits with code 2 and a clear message on a bad argument, before touching any database', async () => {
    for (const arg of ['--days=0', '--days=soon']) {
      const failure = await run(path.join(ROOT, 'node_modules/.bin/tsx'), ['server/cli/activity-prune.ts', arg], {
        cwd: ROOT,
        env: { ...process.env, DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none' },
      }).then(
        () => null,
        (error: { code: number; stderr: string }) => error,
      );
      expect(failure?.code, arg).toBe(2);
      expect(failure?.stderr).toContain('--days must be a positive whole number of days');
    }
  }, 60_000);

  it('boots, prunes and reports on a real run', async () => {
    const { stdout } = await run(path.join(ROOT, 'node_modules/.bin/tsx'), ['server/cli/activity-prune.ts', '--days=30'], {
      cwd: ROOT,
      env: { ...process.env, DATABASE_URL: '', PGLITE_DIR: 'memory', STORAGE_DIR: '/tmp/boardly-test-storage', LOG_LEVEL: 'silent' },
    });
    expect(stdout).toMatch(/^Activity log: 0 entries older than 30 day\(s\) \(before .+\) deleted\.$/m);
  }, 90_000);
});

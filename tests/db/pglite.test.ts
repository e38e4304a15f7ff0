/** Embedded PGlite as `createDatabase` opens it: its memory settings, first start and durability. */
import { fork } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { createDatabase } from '../../server/db/connection';

const scratch = mkdtempSync(path.join(tmpdir(), 'boardly-pglite-test-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

function peakRss(): number {
  return Number(/VmHWM:\s+(\d+) kB/.exec(readFileSync('/proc/self/status', 'utf8'))![1]) * 1024;
}

async function setting(db: ReturnType<typeof createDatabase>['db'], name: string): Promise<string> {
  const { rows } = await sql<{ setting: string }>`select current_setting(${name}) as setting`.execute(db);
  return rows[0].setting;
}

describe('PGlite memory', () => {
  it('sizes shared memory for a small database: 16 MB of buffers, not a server’s 128 MB', async () => {
    const { db, close } = createDatabase({ pgliteDir: 'memory' });
    try {
      expect(await setting(db, 'shared_buffers')).toBe('16MB');
      // shared_memory_size is what PGlite zeroes, so makes resident, at start (145 MB before).
      expect(parseInt(await setting(db, 'shared_memory_size'), 10)).toBeLessThanOrEqual(32);
    } finally {
      await close();
    }
  });

  it.skipIf(!existsSync('/proc/self/clear_refs'))('creates a new data directory in a child process: initdb’s memory never lands here', async () => {
    const dir = path.join(scratch, 'fresh', 'pglite');
    writeFileSync('/proc/self/clear_refs', '5'); // peak RSS := current RSS (Linux)
    const before = peakRss();
    const first = createDatabase({ pgliteDir: dir });
    await sql`create table notes (body text)`.execute(first.db);
    await sql`insert into notes values ('kept')`.execute(first.db);
    // initdb in this process: a second PGlite, a copy of its heap and a tarball of the data,
    // 600 MB+ at the peak. The one PGlite that stays needs ~150 MB.
    expect(peakRss() - before).toBeLessThan(300 * 1024 * 1024);
    await first.close();
    expect(existsSync(path.join(dir, 'PG_VERSION'))).toBe(true);
    expect(readdirSync(path.dirname(dir))).toEqual(['pglite']); // the scratch directory was renamed into place

    const again = createDatabase({ pgliteDir: dir });
    const { rows } = await sql<{ body: string }>`select body from notes`.execute(again.db);
    expect(rows).toEqual([{ body: 'kept' }]);
    await again.close();
  });

  it('refuses a non-empty directory that holds no database, and leaves its files alone', async () => {
    const dir = path.join(scratch, 'occupied');
    mkdirSync(dir);
    writeFileSync(path.join(dir, 'notes.txt'), 'not a database');
    const { db, close } = createDatabase({ pgliteDir: dir });
    await expect(sql`select 1`.execute(db)).rejects.toThrow(/not empty but holds no database/);
    await close();
    expect(readdirSync(dir)).toEqual(['notes.txt']);
  });
});

describe('PGlite types', () => {
  it('returns a date as its YYYY-MM-DD text, alone and in an array, as the pg driver does', async () => {
    const { db, close } = createDatabase({ pgliteDir: 'memory' });
    try {
      const { rows } = await sql<{ d: unknown; ds: unknown }>`select '2026-03-01'::date as d, array['2026-03-02'::date] as ds`.execute(db);
      expect(rows).toEqual([{ d: '2026-03-01', ds: ['2026-03-02'] }]);
    } finally {
      await close();
    }
  });
});

describe('PGlite durability', () => {
  it('loses no acknowledged write when the process is killed with SIGKILL', { timeout: 180_000 }, async () => {
    const dir = path.join(scratch, 'killed');
    const child = fork(fileURLToPath(new URL('./fixtures/pglite-writer.ts', import.meta.url)), [dir], {
      execArgv: ['--import', 'tsx'],
      stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
    });
    let acknowledged = 0;
    try {
      await new Promise<void>((resolve, reject) => {
        child.on('message', (batch: number) => {
          acknowledged = batch;
          // 40 batches are ~32 MB: twice shared_buffers, so pages have been evicted and rewritten.
          if (batch >= 40) {
            child.kill('SIGKILL');
            resolve();
          }
        });
        child.once('exit', (code, signal) => signal !== 'SIGKILL' && reject(new Error(`writer exited early (${code})`)));
      });
      await new Promise((r) => (child.exitCode !== null || child.signalCode !== null ? r(null) : child.once('exit', r)));
    } finally {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    }

    const { db, close } = createDatabase({ pgliteDir: dir });
    try {
      const { rows } = await sql<{ batch: number; n: number }>`select batch, count(*)::int as n from writes group by batch order by batch`.execute(db);
      const complete = rows.filter((r) => r.n === 100).map((r) => r.batch);
      expect(complete.slice(0, acknowledged)).toEqual(Array.from({ length: acknowledged }, (_, i) => i + 1));
      expect(rows.every((r) => r.n === 100)).toBe(true); // a batch is all or nothing
    } finally {
      await close();
    }
  });
});

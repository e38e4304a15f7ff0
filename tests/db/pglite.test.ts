/** Embedded PGlite as `createDatabase` opens it: its memory settings and types. */
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { createDatabase } from '../../server/db/connection';

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

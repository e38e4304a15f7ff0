/** Embedded PGlite as `createDatabase` opens it. */
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { createDatabase } from '../../server/db/connection';

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

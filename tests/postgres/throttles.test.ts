import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { systemClock } from '../../server/context';
import { RateLimiter } from '../../server/lib/rate-limiter';
import { createTestDatabase } from '../helpers/database';

/** Two web nodes' throttles counted together in PostgreSQL's `throttles` table (two pools, one server). */
const closers: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const close of closers.reverse()) await close();
});

describe('throttles in PostgreSQL', () => {
  it('counts the hits of two processes (two pools) together, clears for both and forgets after the window', async () => {
    const db = await createTestDatabase();
    closers.push(() => db.close());
    const url = new URL(process.env.TEST_DATABASE_URL!);
    url.searchParams.set('options', `-c search_path=${db.schema}`);
    const otherPool = new pg.Pool({ connectionString: url.toString(), max: 2 });
    closers.push(() => otherPool.end());
    const web1 = new RateLimiter({ kind: 'postgres', pool: db.pool! }, systemClock);
    const web2 = new RateLimiter({ kind: 'postgres', pool: otherPool }, systemClock);
    const key = `login|${'long-address-'.repeat(30)}@example.test|127.0.0.1`;

    for (let i = 1; i <= 3; i++) expect(await web1.hit(key, 60)).toBe(i);
    expect(await web2.hit(key, 60)).toBe(4);
    expect(await web2.tooMany(key, 4)).toBe(true);
    expect(await web1.tooMany(key, 5)).toBe(false);
    const seconds = await web1.availableIn(key);
    expect(seconds).toBeGreaterThan(0);
    expect(seconds).toBeLessThanOrEqual(60);
    const stored = await db.pool!.query('select key, points from throttles');
    expect(stored.rows).toEqual([{ key: expect.stringMatching(/^throttle:sha256:[0-9a-f]{64}$/), points: 4 }]);

    await web2.clear(key);
    expect(await web1.tooMany(key, 1)).toBe(false);
    expect(await web1.availableIn(key)).toBe(0);

    expect(await web1.attempt('resend|1', 1, 1)).toBe(false);
    expect(await web2.attempt('resend|1', 1, 1)).toBe(true);
    await new Promise((r) => setTimeout(r, 1_100));
    expect(await web2.attempt('resend|1', 1, 1)).toBe(false);
  });
});


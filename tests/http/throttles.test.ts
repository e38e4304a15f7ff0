import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { throttleStore } from '../../server/bootstrap';
import { loadConfig } from '../../server/config';
import { systemClock } from '../../server/context';
import { RateLimiter } from '../../server/lib/rate-limiter';
import { createTestApp, type TestApp } from '../helpers/app';
import type { TestClient } from '../helpers/client';
import { createTestDatabase, testDriver } from '../helpers/database';
import { createUser, PASSWORD } from '../helpers/factories';

/**
 * Throttles shared across web nodes (rate-limiter-flexible): counted in Redis or PostgreSQL, so
 * a second node never gives an attacker fresh attempts; memory only for the embedded mode.
 */
const REDIS_URL = process.env.REDIS_URL;
const closers: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const close of closers.reverse()) await close();
});

describe('which store the throttles use', () => {
  it('memory on embedded PGlite, the database on PostgreSQL, Redis when REDIS_URL is set', async () => {
    const db = await createTestDatabase();
    closers.push(() => db.close());
    const config = loadConfig({});
    expect(throttleStore(config, db).kind).toBe(testDriver === 'postgres' ? 'postgres' : 'memory');
    expect(throttleStore(loadConfig({ REDIS_URL: 'redis://127.0.0.1:6379' }), db)).toMatchObject({ kind: 'redis', prefix: 'boardly' });
    expect(throttleStore(loadConfig({ REDIS_URL: 'redis://127.0.0.1:6379', THROTTLE_STORE: 'memory' }), db).kind).toBe('memory');
    if (testDriver === 'pglite') expect(() => throttleStore(loadConfig({ THROTTLE_STORE: 'database' }), db)).toThrow(/needs PostgreSQL/);
  });
});

describe.runIf(testDriver === 'postgres')('throttles in PostgreSQL', () => {
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

async function login(app: TestApp, c: TestClient, email: string, password: string) {
  return c.post('/login', { email, password }, { inertia: true, headers: { Referer: `${app.url}/login` } });
}

describe.skipIf(!REDIS_URL)('throttles in Redis, across two web nodes', () => {
  it('counts sign-in failures on web 1 against web 2, with the seconds left, for forms and API clients', async () => {
    const env = { REDIS_URL: REDIS_URL!, THROTTLE_STORE: 'redis', REDIS_PREFIX: `test-throttle-${randomBytes(4).toString('hex')}` };
    const web1 = await createTestApp({ env });
    closers.push(() => web1.close());
    const web2 = await createTestApp({ env });
    closers.push(() => web2.close());
    expect(web1.ctx.limiter.kind).toBe('redis');
    // The same account on both nodes (they share one database in production).
    const user = await createUser(web1, { email: 'shared@throttle.test' });
    await createUser(web2, { email: user.email });

    const c1 = web1.client();
    await c1.prime('/login');
    for (let i = 0; i < 5; i++) await login(web1, c1, user.email, 'wrong');

    const c2 = web2.client();
    await c2.prime('/login');
    const refused = await login(web2, c2, user.email, PASSWORD);
    expect(refused.status).toBe(303);
    const page = (await c2.get('/login', { inertia: true })).json();
    expect(page.props.errors.email).toMatch(/^Too many sign-in attempts\. Please try again in \d+ seconds\.$/);
    const api = await c2.post('/login', { email: user.email, password: PASSWORD }, { headers: { Accept: 'application/json' } });
    expect(api.status).toBe(429);
    expect(Number(api.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(api.json().message).toMatch(/^Too many sign-in attempts\. Please try again in \d+ seconds\.$/);
  });
});

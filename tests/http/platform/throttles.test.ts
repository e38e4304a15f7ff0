import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { throttleStore } from '../../../server/bootstrap';
import { loadConfig } from '../../../server/config';
import { createTestApp, type TestApp } from '../../helpers/app';
import type { TestClient } from '../../helpers/client';
import { createTestDatabase, testDriver } from '../../helpers/database';
import { createUser, PASSWORD } from '../../helpers/factories';

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

/**
 * The one classifier of "the database cannot be reached" (server/db/unavailable.ts), fed real
 * driver errors, and what the HTTP stack makes of it when the app's database goes away under it
 * (in-process, on PGlite, so this runs everywhere; the PostgreSQL outage tests run the same
 * assertions against a child process).
 */
import { createServer, type Server, type Socket } from 'node:net';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase } from '../../server/db/connection';
import { isDatabaseUnavailable } from '../../server/db/unavailable';
import { UNAVAILABLE_MESSAGE } from '../../server/http/database-errors';
import { createTestApp, type TestApp } from '../helpers/app';
import type { TestClient } from '../helpers/client';
import { actingAs, addMember, createOrganization, createUser, PASSWORD } from '../helpers/factories';
import { expectErrorPage, expectNoStack } from './support/outage';
import { freePort } from './support/processes';

const rejection = (work: () => Promise<unknown>) =>
  work().then(
    () => null,
    (error: unknown) => error,
  );

describe('isDatabaseUnavailable, on real driver errors', () => {
  let silent: Server;
  let silentPort: number;
  const held = new Set<Socket>();

  beforeAll(async () => {
    // Accepts TCP connections and never answers: a database host that hangs.
    silent = createServer((socket) => held.add(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', () => resolve()));
    silentPort = (silent.address() as { port: number }).port;
  });
  afterAll(async () => {
    for (const socket of held) socket.destroy();
    await new Promise((resolve) => silent.close(resolve));
  });

  it('a refused connection', async () => {
    const client = new pg.Client({ host: '127.0.0.1', port: await freePort(), user: 'postgres', database: 'postgres' });
    const error = await rejection(() => client.connect());
    expect((error as { code: string }).code).toBe('ECONNREFUSED');
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it('a connect that times out, and a pool with no free connection in time', async () => {
    const pool = new pg.Pool({ host: '127.0.0.1', port: silentPort, user: 'postgres', database: 'postgres', max: 1, connectionTimeoutMillis: 300 });
    const [first, second] = await Promise.all([rejection(() => pool.connect()), rejection(() => pool.connect())]);
    await pool.end();
    const messages = [first, second].map((e) => (e as Error).message).sort();
    expect(messages).toEqual(['Connection terminated due to connection timeout', 'timeout exceeded when trying to connect']);
    expect(isDatabaseUnavailable(first)).toBe(true);
    expect(isDatabaseUnavailable(second)).toBe(true);
  });

  it('a closed PGlite', async () => {
    const pglite = new PGlite();
    await pglite.close();
    const closed = await rejection(() => pglite.query('select 1'));
    expect((closed as Error).message).toBe('PGlite is closed');
    expect(isDatabaseUnavailable(closed)).toBe(true);
  });

  it('not bugs or bad data (a syntax error, a unique violation, a type error); a destroyed Kysely instance (the app shutting down) is', async () => {
    const handle = createDatabase({ pgliteDir: 'memory' });
    await sql`create table t (id int primary key)`.execute(handle.db);
    await sql`insert into t values (1)`.execute(handle.db);
    const duplicate = await rejection(() => sql`insert into t values (1)`.execute(handle.db));
    const syntax = await rejection(() => sql`selec 1`.execute(handle.db));
    expect((duplicate as { code: string }).code).toBe('23505');
    expect((syntax as { code: string }).code).toBe('42601');
    for (const error of [duplicate, syntax, new TypeError('x is undefined'), new Error('boom'), null, 'ECONNREFUSED', { code: 42 }]) {
      expect(isDatabaseUnavailable(error), String(error)).toBe(false);
    }

    await handle.close();
    const destroyed = await rejection(() => sql`select 1`.execute(handle.db));
    expect((destroyed as Error).message).toBe('driver has already been destroyed');
    expect(isDatabaseUnavailable(destroyed)).toBe(true);
  });

  it('by SQLSTATE: shutdowns, cannot-connect-now, connection exceptions and too many connections; not cancels or conflicts', () => {
    const withCode = (code: string) => Object.assign(new Error('server said no'), { code });
    for (const code of ['57P01', '57P02', '57P03', '08000', '08003', '08006', '08001', '08004', '53300']) {
      expect(isDatabaseUnavailable(withCode(code)), code).toBe(true);
    }
    // Cancelled by statement_timeout, serialization failure, deadlock, disk full: not an outage.
    for (const code of ['57014', '40001', '40P01', '53100', '42P01']) {
      expect(isDatabaseUnavailable(withCode(code)), code).toBe(false);
    }
    // Wrapped, as pg-pool and fetch wrap theirs, and Node's AggregateError of refused addresses.
    expect(isDatabaseUnavailable(new Error('outer', { cause: withCode('ECONNRESET') }))).toBe(true);
    expect(isDatabaseUnavailable(new AggregateError([withCode('ECONNREFUSED'), withCode('ECONNREFUSED')]))).toBe(true);
  });
});

describe('the HTTP stack when the database goes away under it', () => {
  let app: TestApp;
  let owner: TestClient;
  let guest: TestClient;

  beforeAll(async () => {
    // Development mode shows stack traces on error pages; an outage must still show none.
    app = await createTestApp({
      env: { APP_ENV: 'development' },
      extraRoutes: (router) =>
        // The session was read; the database goes before the changed session is written back.
        router.get('/test/database-goes-mid-request', async (req, res) => {
          req.session.put('touched', true);
          await app.ctx.db.destroy();
          res.json({ done: true });
        }),
    });
    const user = await createUser(app);
    const org = await createOrganization(app, null);
    await addMember(app, org.id, user, 'owner');
    owner = await actingAs(app, app.client(), user, org.id);
    expect((await owner.get('/dashboard')).status).toBe(200);
    guest = app.client();
    await guest.prime('/login');
  });
  afterAll(() => app.close());

  it('a session that cannot be written back answers 503 with Retry-After, not 500', async () => {
    const res = await owner.get('/test/database-goes-mid-request');
    expect(res.status).toBe(503);
    expect(res.headers.get('retry-after')).toBe('5');
  });

  it('every kind of request then answers 503 with the error page, Retry-After and no stack trace', async () => {
    // The session middleware's own read fails first: still an HTML error page, not JSON.
    const html = await owner.get('/dashboard');
    expect(html.headers.get('content-type')).toMatch(/^text\/html/);
    expectErrorPage(html, 'signed-in HTML visit');
    expectErrorPage(await owner.get('/dashboard', { inertia: true }), 'signed-in Inertia visit');
    expectErrorPage(await owner.post('/logout', {}, { inertia: true }), 'signed-in form POST');
    expectErrorPage(await guest.post('/login', { email: 'someone@example.test', password: PASSWORD }, { inertia: true }), 'guest form POST');

    const api = await owner.get('/dashboard', { headers: { Accept: 'application/json' } });
    expect(api.status).toBe(503);
    expect(api.headers.get('retry-after')).toBe('5');
    expect(api.json()).toEqual({ message: UNAVAILABLE_MESSAGE });
    expectNoStack(api.text, 'API client');

    const up = await app.client().get('/up');
    expect(up.status).toBe(503);
    expect(up.headers.get('retry-after')).toBe('5');
    expect(up.json()).toEqual({ status: 'down', database: 'down' });
  });

  it('pages that need no database still answer', async () => {
    const welcome = await app.client().get('/');
    expect(welcome.status).toBe(200);
    expect(welcome.page().component).toBe('Welcome');
  });
});

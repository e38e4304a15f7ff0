/**
 * Issue #11 on the shared PostgreSQL (TEST_DATABASE_URL), in a database of the test's own:
 * pg_terminate_backend on the app's connections — idle in the pool, or checked out in the middle
 * of a transaction — never ends the process, and a TCP proxy the test cuts and restores takes the
 * database away from the running app (503s) and gives it back (recovery without a restart).
 */
import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase } from '../../server/db/connection';
import { isDatabaseUnavailable } from '../../server/db/unavailable';
import { expectNoServerErrors, expectOutageAnswers, expectRecovered, serveApp, type ServedApp } from './support/outage';
import { waitFor } from './support/processes';
import { startTcpProxy, type TcpProxy } from './support/tcp-proxy';

const BASE = process.env.TEST_DATABASE_URL;
if (!BASE) console.warn('database-terminate.test.ts skipped: TEST_DATABASE_URL is not set (no PostgreSQL to terminate connections on)');

describe.skipIf(!BASE)('PostgreSQL dropping the app’s connections', () => {
  const name = `boardly_resilience_${randomBytes(5).toString('hex')}`;
  let admin: pg.Client;
  let proxy: TcpProxy;
  let app: ServedApp | undefined;

  const urlFor = (applicationName: string, via?: TcpProxy) => {
    const url = new URL(BASE!);
    url.pathname = `/${name}`;
    if (via) {
      url.hostname = '127.0.0.1';
      url.port = String(via.port);
    }
    url.searchParams.set('application_name', applicationName);
    return url.toString();
  };

  /** Terminates every backend with this application_name; returns how many there were. */
  const terminate = async (applicationName: string) => {
    const { rows } = await admin.query<{ ok: boolean }>('select pg_terminate_backend(pid) as ok from pg_stat_activity where application_name = $1', [applicationName]);
    return rows.filter((r) => r.ok).length;
  };

  beforeAll(async () => {
    admin = new pg.Client({ connectionString: BASE });
    await admin.connect();
    await admin.query(`create database ${name}`);
    const target = new URL(BASE!);
    proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
  }, 60_000);

  afterAll(async () => {
    if (app) {
      const ended = await app.proc.stop();
      expect(ended.code, app.proc.output().slice(-3000)).toBe(0);
    }
    await proxy?.close();
    await admin?.query(`drop database if exists ${name} with (force)`);
    await admin?.end();
  }, 60_000);

  it('a terminated connection, idle or inside a transaction, is logged and replaced; nothing is thrown past it', async () => {
    const applicationName = `${name}_pool`;
    const lost: { err: Error; code?: string }[] = [];
    const uncaught: unknown[] = [];
    const record = (error: unknown) => uncaught.push(error);
    process.on('uncaughtException', record);
    const handle = createDatabase({ url: urlFor(applicationName), logger: { warn: (obj) => lost.push(obj as (typeof lost)[number]) } });
    try {
      // Idle in the pool.
      await sql`select 1`.execute(handle.db);
      expect(await terminate(applicationName)).toBe(1);
      await waitFor('the idle connection’s loss to be logged', () => lost.length === 1);
      expect(lost[0].code).toBe('57P01');
      expect((await sql<{ n: number }>`select 2 as n`.execute(handle.db)).rows).toEqual([{ n: 2 }]);

      // Checked out: a transaction between two statements.
      const failed = await handle.db
        .transaction()
        .execute(async (trx) => {
          await sql`select 1`.execute(trx);
          expect(await terminate(applicationName)).toBe(1);
          await waitFor('the busy connection’s loss to be logged', () => lost.length === 2);
          await sql`select 1`.execute(trx);
        })
        .then(
          () => null,
          (error: unknown) => error,
        );
      expect(isDatabaseUnavailable(failed), String(failed)).toBe(true);
      expect((await sql<{ n: number }>`select 3 as n`.execute(handle.db)).rows).toEqual([{ n: 3 }]);
      expect(uncaught).toEqual([]);
    } finally {
      process.off('uncaughtException', record);
      await handle.close();
    }
  }, 60_000);

  it('the running app survives terminated connections and a cut network, answering 503 meanwhile and recovering by itself', async () => {
    const applicationName = `${name}_app`;
    app = await serveApp(urlFor(applicationName, proxy));

    // pg_terminate_backend on every connection the app holds (fresh ones: the pool closes idle
    // connections after 10 s).
    expect((await app.owner.get('/dashboard')).status).toBe(200);
    expect(await terminate(applicationName)).toBeGreaterThan(0);
    await app.proc.waitForLog('the terminated connections to be logged', (l) => l.msg?.startsWith('database connection lost') && l.code === '57P01');
    const statuses: number[] = [];
    await waitFor('the dashboard to answer again', async () => {
      const res = await app!.owner.get('/dashboard');
      statuses.push(res.status);
      return res.status === 200;
    });
    expect(
      statuses.every((s) => s === 200 || s === 503),
      statuses.join(','),
    ).toBe(true);

    // The network to the database is cut: open connections reset, new ones refused.
    await proxy.cut();
    await expectOutageAnswers(app);
    await proxy.restore();
    await expectRecovered(app);

    expectNoServerErrors(app.proc);
  }, 180_000);
});

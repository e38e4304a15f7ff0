/**
 * Issue #11: a real PostgreSQL of the test's own is stopped under the running app and started
 * again. The app — a child process, as in production — drops the dead connections without
 * exiting, answers 503 + Retry-After with the error page while the database is away, reports it
 * on /up, and serves again by itself once the database is back.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoServerErrors, expectOutageAnswers, expectRecovered, serveApp, type ServedApp } from './support/outage';
import { privatePostgresUnavailable, startPrivateCluster, type PrivateCluster } from './support/private-postgres';

const unavailable = privatePostgresUnavailable();
if (unavailable) console.warn(`database-outage.test.ts skipped: ${unavailable}`);

describe.skipIf(unavailable !== null)('a PostgreSQL restart under the running app', () => {
  let cluster: PrivateCluster;
  let app: ServedApp;

  beforeAll(async () => {
    cluster = await startPrivateCluster();
    app = await serveApp(cluster.url);
  }, 180_000);

  afterAll(async () => {
    if (app) {
      const ended = await app.proc.stop();
      expect(ended.code, app.proc.output().slice(-3000)).toBe(0);
    }
    await cluster?.destroy();
  }, 60_000);

  it('answers 503 while PostgreSQL is stopped and recovers when it starts again, without exiting', async () => {
    // Fresh idle connections in the pool (it closes them after 10 s idle): the server's shutdown
    // terminates each of them (57P01).
    expect((await app.owner.get('/dashboard')).status).toBe(200);
    await cluster.stop();
    await app.proc.waitForLog('the lost connections to be reported', (l) => l.msg?.startsWith('database connection lost') && l.code === '57P01');

    await expectOutageAnswers(app);
    // A second round: the failed connects left nothing broken behind them.
    await expectOutageAnswers(app);

    await cluster.start();
    await expectRecovered(app);

    // Twice over: a second outage is handled exactly like the first.
    await cluster.stop();
    await expectOutageAnswers(app);
    await cluster.start();
    await expectRecovered(app);

    expectNoServerErrors(app.proc);
  }, 180_000);
});

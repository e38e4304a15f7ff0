/**
 * Issue #11: one junk handshake used to kill the realtime server. This fuzzer throws deterministic junk
 * (FUZZ_SEED) at every entry point of a running server — handshakes, text frames, broken websocket frames,
 * HTTP API requests, and messages on the Redis bus — and after every batch checks that the server still
 * serves: every junk socket cleaned up, /up answers, a fresh pusher-js client connects, subscribes and gets
 * an event published with the `pusher` SDK, and no uncaughtException / unhandledRejection was emitted.
 */
import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP, RawClient, connected, nextEvent, pusherClient, startServer, subscribed, until, type Running } from '../realtime/helpers';
import { Tally, apiRequest, closingFrame, inParallel, junkApiRequest, junkFrame, junkHandshake, junkWireFrame, prng, rawExchange, upgradeRequest } from './realtime-junk';

const SEED = Number(process.env.FUZZ_SEED ?? 0x0b0a4d1);
const HANDSHAKES = 1500;
const FRAME_SOCKETS = 200;
const FRAMES_PER_SOCKET = 30;
const WIRE_SOCKETS = 300;
const API_REQUESTS = 1500;
const BATCH = 150;

const describeError = (e: unknown) => (e instanceof Error ? (e.stack ?? e.message) : String(e));

/** Records what escaped to the process while the fuzzer runs (vitest would report it too, but later and vaguer). */
function processWatch() {
  const escaped: string[] = [];
  const onException = (e: unknown) => escaped.push(`uncaughtException: ${describeError(e)}`);
  const onRejection = (e: unknown) => escaped.push(`unhandledRejection: ${describeError(e)}`);
  return {
    escaped,
    install() {
      process.on('uncaughtException', onException);
      process.on('unhandledRejection', onRejection);
    },
    remove() {
      process.off('uncaughtException', onException);
      process.off('unhandledRejection', onRejection);
    },
  };
}

let healthChecks = 0;
/** The server still does its job, and nothing junk left behind is still counted as connected. */
async function assertServing(srv: Running, escaped: string[]): Promise<void> {
  await until(async () => (await (await srv.sdk.get({ path: '/connections' })).json()).connections === 0, 8000, 'every junk socket to be cleaned up');
  const up = await fetch(`http://127.0.0.1:${srv.port}/up`);
  expect(up.status).toBe(200);
  const client = pusherClient(srv.port, srv.sdk);
  try {
    await connected(client);
    const n = ++healthChecks;
    const channel = client.subscribe(`health-${n}`);
    await subscribed(channel);
    const got = nextEvent(channel, 'still-serving', 5000);
    await srv.sdk.trigger(`health-${n}`, 'still-serving', { n });
    expect((await got).data).toEqual({ n });
  } finally {
    client.disconnect();
  }
  expect(escaped).toEqual([]);
}

describe('realtime server under junk input (issue #11)', () => {
  let srv: Running;
  const watch = processWatch();
  const summary: string[] = [];

  beforeAll(async () => {
    watch.install();
    srv = await startServer({ clientEvents: true, replay: { maxEvents: 50, maxAgeSeconds: 60 } });
  });
  afterAll(async () => {
    await srv?.stop();
    watch.remove();
    console.log(`realtime fuzz (seed ${SEED}):\n  ${summary.join('\n  ')}\n  escaped to the process (crashes): ${watch.escaped.length}`);
  });

  it('answers the handshake from the issue (GET /app/%E0%A4%A?protocol=7) with 400 and keeps serving', async () => {
    const reply = await rawExchange(srv.port, upgradeRequest('/app/%E0%A4%A?protocol=7'));
    expect(reply.status).toBe(400);
    expect(reply.closedByServer).toBe(true);
    await assertServing(srv, watch.escaped);
  });

  it(`survives ${HANDSHAKES} junk handshakes (bad escapes, odd keys/protocols, huge headers, non-UTF8, broken HTTP)`, async () => {
    const r = prng(SEED);
    const tried = new Tally();
    const answers = new Tally();
    for (let start = 0; start < HANDSHAKES; start += BATCH) {
      const batch = Array.from({ length: Math.min(BATCH, HANDSHAKES - start) }, () => junkHandshake(r));
      await inParallel(batch, 20, async (junk) => {
        tried.add(junk.label);
        const reply = await rawExchange(srv.port, junk.bytes, { waitMs: 1000, settleMs: 150 });
        answers.add(reply.status !== null ? String(reply.status) : reply.closedByServer ? 'closed' : 'no answer yet');
        expect(reply.status === null || reply.status < 500).toBe(true);
      });
      await assertServing(srv, watch.escaped);
    }
    summary.push(`handshakes: ${tried.total} tried (${tried}); answers: ${answers}`);
  });

  it(`survives ${FRAME_SOCKETS * FRAMES_PER_SOCKET} junk frames (invalid JSON, wrong types for every pusher event, binary, deep nesting, client events)`, async () => {
    const tried = new Tally();
    const ends = new Tally();
    const sockets = Array.from({ length: FRAME_SOCKETS }, (_, i) => i);
    for (let start = 0; start < FRAME_SOCKETS; start += 30) {
      await inParallel(sockets.slice(start, start + 30), 10, async (socket) => {
        const r = prng(SEED + 1000 + socket); // one stream per socket: the same junk whatever the scheduling
        const c = await RawClient.open(srv.port);
        const signed = [
          { channel: 'private-room', ...srv.sdk.authorizeChannel(c.socketId, 'private-room') },
          { channel: 'presence-room', ...srv.sdk.authorizeChannel(c.socketId, 'presence-room', { user_id: 'u1', user_info: { n: 1 } }) },
        ];
        for (let i = 0; i < FRAMES_PER_SOCKET; i++) {
          const f = junkFrame(r, signed);
          tried.add(f.label);
          c.ws.send(f.payload, { binary: f.binary ?? false });
        }
        // Junk gets pusher:error 4200 (or a subscription_error) and the socket stays up: a subscription after it succeeds.
        const done = await c.subscribe(`done-${c.socketId}`);
        expect(done.event).toBe('pusher_internal:subscription_succeeded');
        if (r.chance(0.4)) {
          const last = closingFrame(r);
          tried.add(last.label);
          c.ws.send(last.payload, { binary: false });
          const { code } = await c.closed;
          expect(last.expectCode).toContain(code);
          ends.add(`closed ${code} after ${last.label}`);
        } else ends.add('open, still serving it');
        c.close();
        await c.closed;
      });
      await assertServing(srv, watch.escaped);
    }
    summary.push(`frames: ${tried.total} tried on ${FRAME_SOCKETS} sockets (${tried}); sockets: ${ends}`);
  });

  it(`survives ${WIRE_SOCKETS} frames that break the websocket protocol (unmasked, reserved bits/opcodes, absurd lengths, bad UTF-8)`, async () => {
    const r = prng(SEED + 2);
    const tried = new Tally();
    const ends = new Tally();
    const items = Array.from({ length: WIRE_SOCKETS }, () => junkWireFrame(r));
    for (let start = 0; start < items.length; start += BATCH) {
      await inParallel(items.slice(start, start + BATCH), 20, async (junk) => {
        tried.add(junk.label);
        const reply = await rawExchange(srv.port, upgradeRequest(`/app/${APP.key}?protocol=7`), { waitMs: 5000, settleMs: 300, after: (write) => write(junk.bytes) });
        expect(reply.status).toBe(101);
        ends.add(reply.closedByServer ? 'closed by server' : 'left open (incomplete frame)');
      });
      await assertServing(srv, watch.escaped);
    }
    summary.push(`broken websocket frames: ${tried.total} tried (${tried}); sockets: ${ends}`);
  });

  it(`answers ${API_REQUESTS} junk HTTP API requests with 4xx, never 5xx (bad signatures, bad JSON, wrong methods, bad paths, %-escapes)`, async () => {
    const r = prng(SEED + 3);
    const tried = new Tally();
    const answers = new Tally();
    const oversized = apiRequest({ method: 'POST', path: `/apps/${APP.appId}/events`, body: Buffer.alloc(1_200_000, 0x61) });
    const items = [{ label: 'oversized body', bytes: oversized }, ...Array.from({ length: API_REQUESTS - 1 }, () => junkApiRequest(r))];
    for (let start = 0; start < items.length; start += BATCH) {
      await inParallel(items.slice(start, start + BATCH), 20, async (junk) => {
        tried.add(junk.label);
        const reply = await rawExchange(srv.port, junk.bytes, { waitMs: 5000 });
        answers.add(String(reply.status));
        // 204: OPTIONS is a CORS preflight; 429: the app's HTTP rate limit (ADR 0034).
        expect([200, 204, 400, 401, 404, 405, 413, 429], `${junk.label}: ${reply.bytes.toString('latin1').slice(0, 300)}`).toContain(reply.status);
      });
      await assertServing(srv, watch.escaped);
    }
    summary.push(`HTTP API requests: ${tried.total} tried; answers: ${answers}`);
  });
});

const REDIS_URL = process.env.REDIS_URL;

describe.skipIf(!REDIS_URL)('realtime server with junk on its Redis bus', () => {
  const prefix = `rt-fuzz-${randomBytes(6).toString('hex')}`;
  const watch = processWatch();
  let srv: Running;
  let redis: Redis;

  beforeAll(async () => {
    watch.install();
    srv = await startServer({ redisUrl: REDIS_URL, redisKeyPrefix: prefix, heartbeatIntervalMs: 200, nodeTimeoutMs: 600, replay: { maxEvents: 50, maxAgeSeconds: 60 } });
    redis = new Redis(REDIS_URL!);
  });
  afterAll(async () => {
    await srv?.stop();
    const keys = await redis.keys(`${prefix}:*`);
    if (keys.length) await redis.del(...keys);
    await redis.quit();
    watch.remove();
  });

  it('drops junk bus messages and still delivers real ones from other nodes', async () => {
    const junk = [
      'null',
      '[]',
      '42',
      '"x"',
      '{',
      '',
      '{"t":"event"}',
      '{"t":"event","c":5,"f":{}}',
      '{"t":"event","c":"health-bus","f":null}',
      '{"t":"event","c":"health-bus","f":"x","x":{}}',
      '{"t":"terminate","u":{}}',
      '{"t":"terminate"}',
      '{"t":"nope","n":"other"}',
      `{"t":"event","c":"health-bus","f":1,"g":"${'x'.repeat(100_000)}","n":"other"}`,
    ];
    const watcher = await RawClient.open(srv.port);
    await watcher.subscribe('health-bus');
    for (const m of junk) await redis.publish(`${prefix}:bus`, m);
    const frame = JSON.stringify({ event: 'from-other-node', channel: 'health-bus', data: '{"ok":true}' });
    await redis.publish(`${prefix}:bus`, JSON.stringify({ t: 'event', c: 'health-bus', f: frame, n: 'another-node' }));
    expect((await watcher.next('from-other-node')).payload).toEqual({ ok: true });
    watcher.close();
    await watcher.closed;
    await assertServing(srv, watch.escaped);
    console.log(`realtime fuzz: ${junk.length} junk Redis bus messages tried; escaped to the process: ${watch.escaped.length}`);
  });
});

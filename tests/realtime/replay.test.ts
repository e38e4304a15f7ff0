/**
 * The replay window (ADR 0035): a client that reconnects gets what it missed, in order, once; beyond the window
 * (by count, by age, after the log started over) it is told so. Clients are unmodified pusher-js, driven by
 * Boardly's own tracker (resources/js/lib/replay.ts), and raw sockets for what pusher-js cannot send.
 */
import { randomBytes } from 'node:crypto';
import { relayTo } from '../helpers/tcp-relay';
import { Redis } from 'ioredis';
import Echo from 'laravel-echo';
import Pusher from 'pusher-js';
import { afterEach, describe, expect, it } from 'vitest';
import { trackReplay, type ReplayPusher, type ReplayTracker } from '@/lib/replay';
import { parseApps } from '../../server/realtime/apps';
import { loadConfig } from '../../server/config';
import { realtimeOptionsFromConfig } from '../../server/realtime/from-config';
import { resolveOptions } from '../../server/realtime/options';
import { MemoryReplay, parsePosition, type ReplayWindow } from '../../server/realtime/replay';
import { APP, Opened, RawClient, connected, pusherClient, pusherOptions, sleep, startServer, subscribed, until, type PusherClient, type Running } from './helpers';

const REDIS_URL = process.env.REDIS_URL;
const opened = new Opened();
afterEach(() => opened.closeAll());

async function server(replay: ReplayWindow | null, over: Parameters<typeof startServer>[0] = {}): Promise<Running> {
  return opened.add(await startServer({ replay, ...over }), (s) => s.stop());
}

/** A pusher-js client with Boardly's tracker: what each channel received (`n` of every `update`) and what was missed. */
function client(s: Running, port = s.port) {
  const pusher = opened.add(pusherClient(port, s.sdk), (p) => p.disconnect());
  const missed: { channel: string; reason: string }[] = [];
  const tracker: ReplayTracker = opened.add(
    trackReplay(pusher as unknown as ReplayPusher, (channel, reason) => missed.push({ channel, reason })),
    (t) => t.stop(),
  );
  const got: number[] = [];
  const frames: string[] = [];
  const resumed: { position: string; replayed: number }[] = [];
  pusher.connection.bind('message', (m: { event: string; data: unknown }) => {
    frames.push(m.event);
    if (m.event === 'pusher:resumed') resumed.push(m.data as { position: string; replayed: number });
  });
  return { pusher, tracker, missed, got, frames, resumed };
}

async function join(pusher: PusherClient, channel: string, got: number[]) {
  const ch = pusher.subscribe(channel);
  ch.bind('update', (d: { n: number }) => got.push(d.n));
  await subscribed(ch);
  return ch;
}

/** Drops the connection and waits until pusher-js sees it gone (the server has cleaned up by then). */
async function drop(pusher: PusherClient): Promise<void> {
  pusher.disconnect();
  await until(() => pusher.connection.state === 'disconnected', 3000, 'disconnected');
  await sleep(50);
}

async function publish(s: Running, channel: string, from: number, to: number): Promise<void> {
  for (let n = from; n <= to; n++) await s.sdk.trigger(channel, 'update', { n });
}

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

describe('replay window, one node', () => {
  it('a client that reconnects within the window gets what it missed, in order, once', async () => {
    const s = await server({ maxEvents: 100, maxAgeSeconds: 60 });
    const c = client(s);
    await connected(c.pusher);
    await join(c.pusher, 'private-news', c.got);
    await publish(s, 'private-news', 1, 3);
    await until(() => c.got.length === 3);
    await until(() => c.tracker.positions().has('private-news'));

    await drop(c.pusher);
    await publish(s, 'private-news', 4, 8);
    c.pusher.connect();
    await until(() => c.got.length === 8, 3000, 'the missed events');
    await publish(s, 'private-news', 9, 9);
    await until(() => c.got.length === 9);
    await sleep(100);
    expect(c.got).toEqual(range(1, 9));
    expect(c.missed).toEqual([]);
    expect(c.resumed.map((r) => r.replayed)).toEqual([5]);
    expect(c.frames).toContain('pusher:resumed');
  });

  it('events published while it resumes reach it once each, none lost', async () => {
    const s = await server({ maxEvents: 1000, maxAgeSeconds: 60 });
    const c = client(s);
    await connected(c.pusher);
    await join(c.pusher, 'private-busy', c.got);
    await until(() => c.tracker.positions().has('private-busy'));
    let n = 0;
    let publishing = true;
    const publisher = (async () => {
      while (publishing) {
        n += 1;
        await s.sdk.trigger('private-busy', 'update', { n });
      }
    })();
    await until(() => c.got.length >= 5);
    await drop(c.pusher);
    await sleep(100);
    c.pusher.connect();
    await until(() => c.frames.includes('pusher:resumed'), 5000, 'resumed');
    await sleep(100);
    publishing = false;
    await publisher;
    await until(() => c.got.length === n, 3000, `all ${n} events`);
    await sleep(100);
    expect([...c.got].sort((a, b) => a - b)).toEqual(range(1, n));
    expect(new Set(c.got).size).toBe(c.got.length);
    expect(c.missed).toEqual([]);
  });

  it('beyond the window by count: resume_failed (expired), and the tracker reports the channel missed', async () => {
    const s = await server({ maxEvents: 3, maxAgeSeconds: 60 });
    const c = client(s);
    await connected(c.pusher);
    await join(c.pusher, 'private-counted', c.got);
    await publish(s, 'private-counted', 1, 1);
    await until(() => c.got.length === 1);
    await drop(c.pusher);
    await publish(s, 'private-counted', 2, 6);
    c.pusher.connect();
    await until(() => c.missed.length === 1, 3000, 'missed');
    expect(c.missed).toEqual([{ channel: 'private-counted', reason: 'expired' }]);
    expect(c.got).toEqual([1]);
    // From its new starting point on, it follows again.
    await publish(s, 'private-counted', 7, 7);
    await until(() => c.got.length === 2);
    expect(c.got).toEqual([1, 7]);
  });

  it('beyond the window by age: resume_failed (expired)', async () => {
    const s = await server({ maxEvents: 100, maxAgeSeconds: 0.5 });
    const c = client(s);
    await connected(c.pusher);
    await join(c.pusher, 'private-aged', c.got);
    await until(() => c.tracker.positions().has('private-aged'));
    await drop(c.pusher);
    await publish(s, 'private-aged', 1, 2);
    await sleep(700);
    c.pusher.connect();
    await until(() => c.missed.length === 1, 3000, 'missed');
    expect(c.missed).toEqual([{ channel: 'private-aged', reason: 'expired' }]);
    expect(c.got).toEqual([]);
  });

  it('after a restart without Redis the log is gone: the tracker reports the channel missed (the page re-fetches)', async () => {
    const first = await startServer({ replay: { maxEvents: 100, maxAgeSeconds: 60 } });
    const port = first.port;
    const c = client(first);
    await connected(c.pusher);
    await join(c.pusher, 'private-news', c.got);
    await publish(first, 'private-news', 1, 1);
    await until(() => c.got.length === 1);
    await drop(c.pusher);
    await first.stop();
    const second = await server({ maxEvents: 100, maxAgeSeconds: 60 }, { port });
    // The SDK's keep-alive socket went with the first server: its first request is reset, then it dials again.
    await until(
      () =>
        second.sdk.trigger('private-news', 'update', { n: 1 }).then(
          () => true,
          () => false,
        ),
      3000,
      'the new server',
    );
    await publish(second, 'private-news', 2, 3);
    c.pusher.connect();
    await until(() => c.missed.length === 1, 3000, 'missed');
    expect(c.missed).toEqual([{ channel: 'private-news', reason: 'expired' }]);
    expect(c.got).toEqual([1]);
  });

  it('a server without a replay window: every reconnect reports its channels missed', async () => {
    const s = await server(null);
    const c = client(s);
    await connected(c.pusher);
    await join(c.pusher, 'private-news', c.got);
    await publish(s, 'private-news', 1, 1);
    await until(() => c.got.length === 1);
    expect(c.tracker.positions().size).toBe(0);
    await drop(c.pusher);
    c.pusher.connect();
    await until(() => c.missed.length === 1, 3000, 'missed');
    expect(c.missed).toEqual([{ channel: 'private-news', reason: 'unknown' }]);
  });

  it('a position from another log (a restarted server without Redis) is expired, never replayed from the new log', async () => {
    const s = await server({ maxEvents: 100, maxAgeSeconds: 60 });
    const raw = opened.add(await RawClient.open(s.port), (r) => r.close());
    await raw.subscribeSigned(s.sdk, 'private-news');
    await publish(s, 'private-news', 1, 3);
    raw.send({ event: 'pusher:resume', data: { channel: 'private-news', since: 'ffffffffffff:1' } });
    const failed = await raw.next('pusher:resume_failed');
    expect(failed.payload).toEqual({ reason: 'expired' });
  });

  it('live events carry their position in a field pusher-js does not decode: payloads and plain clients are unchanged', async () => {
    const s = await server({ maxEvents: 10, maxAgeSeconds: 60 });
    const raw = opened.add(await RawClient.open(s.port), (r) => r.close());
    await raw.subscribeSigned(s.sdk, 'private-plain');
    const info = await raw.next('pusher_internal:resume_info');
    expect(info.payload.position).toMatch(/^[0-9a-f]+:0$/);
    const pusher = opened.add(pusherClient(s.port, s.sdk), (p) => p.disconnect());
    const ch = pusher.subscribe('private-plain');
    const seen: { event: string; data: unknown }[] = [];
    ch.bind_global((event: string, data: unknown) => seen.push({ event, data }));
    await subscribed(ch);
    await s.sdk.trigger('private-plain', 'update', { n: 1 });
    const live = await raw.next('update');
    expect(JSON.parse(live.raw).position).toBe(`${info.payload.position.split(':')[0]}:1`);
    await until(() => seen.some((e) => e.event === 'update'));
    // pusher-js swallows pusher_internal:*; the data is the payload as published.
    expect(seen.filter((e) => e.event.startsWith('pusher_internal:'))).toEqual([]);
    expect(seen.find((e) => e.event === 'update')?.data).toEqual({ n: 1 });
  });

  it('laravel-echo, unmodified, sees its events as before: nothing of the replay reaches listen() or listenToAll()', async () => {
    const s = await server({ maxEvents: 10, maxAgeSeconds: 60 });
    const { channelAuthorization, userAuthentication } = pusherOptions(s.port, s.sdk);
    const echo = opened.add(
      new Echo({
        broadcaster: 'reverb',
        key: APP.key,
        wsHost: '127.0.0.1',
        wsPort: s.port,
        wssPort: s.port,
        forceTLS: false,
        enabledTransports: ['ws', 'wss'],
        disableStats: true,
        Pusher,
        channelAuthorization,
        userAuthentication,
      }),
      (e) => e.disconnect(),
    );
    const channel = echo.private('orders');
    const all: { event: string; data: unknown }[] = [];
    const heard: unknown[] = [];
    channel.listenToAll((event: string, data: unknown) => all.push({ event, data }));
    channel.listen('.shipped', (data: unknown) => heard.push(data));
    await new Promise<void>((resolve) => channel.subscribed(() => resolve()));
    await s.sdk.trigger('private-orders', 'shipped', { id: 7 });
    await until(() => heard.length === 1);
    await sleep(50);
    expect(heard).toEqual([{ id: 7 }]);
    expect(all).toEqual([{ event: '.shipped', data: { id: 7 } }]);
  });

  it('client events and presence events are not logged', async () => {
    const s = await server({ maxEvents: 10, maxAgeSeconds: 60 }, { clientEvents: 'members' });
    const a = opened.add(await RawClient.open(s.port), (r) => r.close());
    const b = opened.add(await RawClient.open(s.port), (r) => r.close());
    await a.subscribeSigned(s.sdk, 'private-chat');
    await b.subscribeSigned(s.sdk, 'private-chat');
    const start = (await b.next('pusher_internal:resume_info')).payload.position as string;
    a.send({ event: 'client-typing', channel: 'private-chat', data: { x: 1 } });
    const whisper = await b.next('client-typing');
    expect(JSON.parse(whisper.raw).position).toBeUndefined();
    b.send({ event: 'pusher:resume', data: { channel: 'private-chat', since: start } });
    const resumed = await b.next('pusher:resumed');
    expect(resumed.payload).toEqual({ position: start, replayed: 0 });
  });

  it("public channels keep no log: their names are anyone's to invent, so no subscription can grow the server", async () => {
    const s = await server({ maxEvents: 100, maxAgeSeconds: 60 });
    const raw = opened.add(await RawClient.open(s.port), (r) => r.close());
    for (const name of ['news', `invented-${randomBytes(4).toString('hex')}`]) {
      await raw.subscribe(name);
      await s.sdk.trigger(name, 'update', { n: 1 });
      const live = await raw.next('update');
      expect(JSON.parse(live.raw).position).toBeUndefined();
      raw.send({ event: 'pusher:resume', data: { channel: name, since: 'abc:1' } });
      expect((await raw.next('pusher:resume_failed')).payload).toEqual({ reason: 'disabled' });
    }
    expect(await raw.none('pusher_internal:resume_info', 100)).toEqual([]);
  });

  it('off by default: no resume_info, and a resume answers resume_failed (disabled)', async () => {
    const s = await server(null);
    const raw = opened.add(await RawClient.open(s.port), (r) => r.close());
    await raw.subscribe('quiet');
    await s.sdk.trigger('quiet', 'update', { n: 1 });
    const live = await raw.next('update');
    expect(JSON.parse(live.raw).position).toBeUndefined();
    expect(await raw.none('pusher_internal:resume_info', 100)).toEqual([]);
    raw.send({ event: 'pusher:resume', data: { channel: 'quiet', since: 'abc:1' } });
    expect((await raw.next('pusher:resume_failed')).payload).toEqual({ reason: 'disabled' });
  });
});

describe('replay is only for sockets subscribed to the channel', () => {
  it('a private channel is replayed only after an authorized subscription', async () => {
    const s = await server({ maxEvents: 100, maxAgeSeconds: 60 });
    const first = opened.add(await RawClient.open(s.port), (r) => r.close());
    await first.subscribeSigned(s.sdk, 'private-board');
    const start = (await first.next('pusher_internal:resume_info')).payload.position as string;
    await publish(s, 'private-board', 1, 2);
    await first.next('update');

    const intruder = opened.add(await RawClient.open(s.port), (r) => r.close());
    intruder.send({ event: 'pusher:resume', data: { channel: 'private-board', since: start } });
    expect((await intruder.next('pusher:error')).payload.code).toBe(4009);
    // A forged signature: refused, and still nothing replayed.
    const refused = await intruder.subscribe('private-board', { auth: `${APP.key}:${'0'.repeat(64)}` });
    expect(refused.event).toBe('pusher:subscription_error');
    intruder.send({ event: 'pusher:resume', data: { channel: 'private-board', since: start } });
    await intruder.next('pusher:error');
    expect(await intruder.none((m) => m.event === 'update' || m.event === 'pusher:resumed', 200)).toEqual([]);
    expect(intruder.all.filter((m) => m.event === 'update')).toEqual([]);

    const member = opened.add(await RawClient.open(s.port), (r) => r.close());
    await member.subscribeSigned(s.sdk, 'private-board');
    member.send({ event: 'pusher:resume', data: { channel: 'private-board', since: start } });
    const replayed = [await member.next('update'), await member.next('update')];
    expect(replayed.map((m) => m.payload.n)).toEqual([1, 2]);
    expect((await member.next('pusher:resumed')).payload.replayed).toBe(2);
  });

  it('a presence channel replays its app events after the member joined, never its member events', async () => {
    const s = await server({ maxEvents: 100, maxAgeSeconds: 60 }, { redisUrl: undefined });
    const first = opened.add(await RawClient.open(s.port), (r) => r.close());
    const joined = await first.subscribeSigned(s.sdk, 'presence-room', { user_id: '1' });
    expect(joined.event).toBe('pusher_internal:subscription_succeeded');
    const start = (await first.next('pusher_internal:resume_info')).payload.position as string;
    const other = opened.add(await RawClient.open(s.port), (r) => r.close());
    await other.subscribeSigned(s.sdk, 'presence-room', { user_id: '2' });
    await first.next('pusher_internal:member_added');
    await publish(s, 'presence-room', 1, 2);
    other.close();
    await first.next('pusher_internal:member_removed');

    const back = opened.add(await RawClient.open(s.port), (r) => r.close());
    await back.subscribeSigned(s.sdk, 'presence-room', { user_id: '1' });
    back.send({ event: 'pusher:resume', data: { channel: 'presence-room', since: start } });
    const resumed = await back.next('pusher:resumed');
    expect(resumed.payload.replayed).toBe(2);
    const replayed = back.all.filter((m) => m.channel === 'presence-room' && !m.event.startsWith('pusher'));
    expect(replayed.map((m) => [m.event, m.payload])).toEqual([
      ['update', { n: 1 }],
      ['update', { n: 2 }],
    ]);
  });

  it('hostile pusher:resume frames answer an error and never crash the server', async () => {
    const s = await server({ maxEvents: 100, maxAgeSeconds: 60 });
    const raw = opened.add(await RawClient.open(s.port), (r) => r.close());
    await raw.subscribeSigned(s.sdk, 'private-open');
    const start = (await raw.next('pusher_internal:resume_info')).payload.position as string;
    const epoch = start.split(':')[0];
    const hostile: unknown[] = [
      { event: 'pusher:resume' },
      { event: 'pusher:resume', data: 'not json' },
      { event: 'pusher:resume', data: [1, 2] },
      { event: 'pusher:resume', data: { channel: 42, since: start } },
      { event: 'pusher:resume', data: { channel: '', since: start } },
      { event: 'pusher:resume', data: { channel: 'x'.repeat(5000), since: start } },
      { event: 'pusher:resume', data: { channel: 'bad channel!', since: start } },
      { event: 'pusher:resume', data: { channel: 'private-open' } },
      { event: 'pusher:resume', data: { channel: 'private-open', since: { seq: 1 } } },
      { event: 'pusher:resume', data: { channel: 'private-open', since: `${epoch}:-1` } },
      { event: 'pusher:resume', data: { channel: 'private-open', since: `${epoch}:1e9` } },
      { event: 'pusher:resume', data: { channel: 'private-open', since: `${epoch}:${'9'.repeat(400)}` } },
      { event: 'pusher:resume', data: { channel: 'private-open', since: `${'e'.repeat(100)}:1` } },
      { event: 'pusher:resume', data: { channel: 'not-subscribed', since: start } },
      { event: 'pusher:resume', data: { channel: '#server-to-user-1', since: start } },
    ];
    for (const frame of hostile) raw.send(frame);
    for (let i = 0; i < hostile.length; i++) await raw.next((m) => m.event === 'pusher:error' || m.event === 'pusher:resume_failed');
    // A position past the end of the log (never given out) is expired, not waited for.
    raw.send({ event: 'pusher:resume', data: { channel: 'private-open', since: `${epoch}:999999999999999` } });
    expect((await raw.next('pusher:resume_failed')).payload).toEqual({ reason: 'expired' });
    // One resume per subscription: a second one is refused instead of sending everything again.
    raw.send({ event: 'pusher:resume', data: { channel: 'private-open', since: start } });
    expect((await raw.next('pusher:error')).payload.code).toBe(4009);
    expect(raw.all.filter((m) => m.event === 'update')).toEqual([]);
    // Still serving.
    raw.send({ event: 'pusher:ping' });
    await raw.next('pusher:pong');
    await s.sdk.trigger('private-open', 'update', { n: 1 });
    expect((await raw.next('update')).payload).toEqual({ n: 1 });
  });
});

describe('MemoryReplay', () => {
  it('numbers events per channel and keeps the last maxEvents of at most maxAgeSeconds', () => {
    const log = new MemoryReplay({ maxEvents: 3, maxAgeSeconds: 10 });
    const t0 = 1_000_000;
    const positions = [1, 2, 3, 4, 5].map((n) => log.append('c', JSON.stringify({ event: 'e', data: String(n), channel: 'c' }), t0 + n));
    expect(positions.map((p) => parsePosition(p)?.seq)).toEqual([1, 2, 3, 4, 5]);
    expect(new Set(positions.map((p) => parsePosition(p)?.epoch)).size).toBe(1);
    expect(log.append('other', '{"event":"e"}', t0)).toMatch(/:1$/);
    const read = log.read('c', t0 + 6);
    expect(read.head).toBe(5);
    expect(read.entries.map((e) => e.seq)).toEqual([3, 4, 5]);
    expect(JSON.parse(read.entries[0].frame!)).toEqual({ event: 'e', data: '3', channel: 'c', position: positions[2] });
    // 10 s later the first of them are past the window.
    expect(log.read('c', t0 + 4 + 10_000).entries.map((e) => e.seq)).toEqual([4, 5]);
    expect(log.head('c', t0 + 4 + 10_000)).toBe(positions[4]);
    // A gap takes a seq and has no frame.
    log.append('c', null, t0 + 10_001);
    expect(log.read('c', t0 + 10_001).entries.at(-1)).toEqual({ seq: 6, at: t0 + 10_001, frame: null });
  });

  it('a log idle for a day starts over under a new epoch', () => {
    const log = new MemoryReplay({ maxEvents: 3, maxAgeSeconds: 10 });
    const first = log.append('c', '{"event":"e"}', 0);
    const later = log.head('c', 24 * 60 * 60 * 1000 + 1);
    expect(parsePosition(later)?.seq).toBe(0);
    expect(parsePosition(later)?.epoch).not.toBe(parsePosition(first)?.epoch);
  });
});

describe('replay settings', () => {
  it('REVERB_APPS entries take a replay window (snake_case), false turns it off', () => {
    const [on, off] = parseApps(
      JSON.stringify([
        { app_id: 'a', key: 'ka', secret: 'a-secret-of-16-chars', replay: { max_events: 50, max_age_seconds: 30 } },
        { app_id: 'b', key: 'kb', secret: 'b-secret-of-16-chars', replay: false },
      ]),
      'REVERB_APPS',
    );
    expect(on.replay).toEqual({ maxEvents: 50, maxAgeSeconds: 30 });
    expect(off.replay).toBeNull();
    expect(() => parseApps(JSON.stringify([{ app_id: 'c', key: 'kc', secret: 'c-secret-of-16-chars', replay: { max_events: -1, max_age_seconds: 30 } }]), 'REVERB_APPS')).toThrow(/replay/);
    const base = { ...APP, host: '127.0.0.1', port: 0, allowedOrigins: ['*'], maxMessageSize: 10_000, activityTimeout: 30 };
    expect(resolveOptions(base).replay).toBeNull();
    expect(resolveOptions({ ...base, replay: { maxEvents: 0, maxAgeSeconds: 30 } }).replay).toBeNull();
  });

  it("Boardly's own app has a window by default (REVERB_APP_REPLAY_*), 0 events turns it off", () => {
    expect(realtimeOptionsFromConfig(loadConfig({})).replay).toEqual({ maxEvents: 100, maxAgeSeconds: 120 });
    expect(realtimeOptionsFromConfig(loadConfig({ REVERB_APP_REPLAY_MAX_EVENTS: '500', REVERB_APP_REPLAY_MAX_AGE: '30' })).replay).toEqual({ maxEvents: 500, maxAgeSeconds: 30 });
    expect(realtimeOptionsFromConfig(loadConfig({ REVERB_APP_REPLAY_MAX_EVENTS: '0' })).replay).toBeNull();
    expect(() => loadConfig({ REVERB_APP_REPLAY_MAX_EVENTS: '-1' })).toThrow();
  });
});

describe.skipIf(!REDIS_URL)('replay window in Redis, two nodes', () => {
  const scaling = () => ({ redisUrl: REDIS_URL, redisKeyPrefix: `test-replay-${randomBytes(4).toString('hex')}`, heartbeatIntervalMs: 200, nodeTimeoutMs: 600 });

  it('events published on node B while the client was away are replayed by node A, positions the same on both', async () => {
    const shared = scaling();
    const a = await server({ maxEvents: 100, maxAgeSeconds: 60 }, shared);
    const b = await server({ maxEvents: 100, maxAgeSeconds: 60 }, shared);
    const onB = opened.add(await RawClient.open(b.port), (r) => r.close());
    await onB.subscribeSigned(b.sdk, 'private-board');
    const c = client(a);
    await connected(c.pusher);
    await join(c.pusher, 'private-board', c.got);
    await publish(b, 'private-board', 1, 2);
    await until(() => c.got.length === 2);
    await until(() => c.tracker.positions().get('private-board')?.endsWith(':2') ?? false, 3000, 'position 2');
    const onBPositions = [await onB.next('update'), await onB.next('update')].map((m) => JSON.parse(m.raw).position);
    expect(onBPositions).toEqual([1, 2].map((n) => `${onBPositions[0].split(':')[0]}:${n}`));
    expect(c.tracker.positions().get('private-board')).toBe(onBPositions[1]);

    await drop(c.pusher);
    await publish(b, 'private-board', 3, 6);
    await publish(a, 'private-board', 7, 7);
    // The HTTP API answers before the event is logged: wait until all went out, so they are replayed, not live.
    for (let i = 0; i < 5; i++) await onB.next('update');
    c.pusher.connect();
    await until(() => c.got.length === 7, 5000, 'the missed events');
    await publish(b, 'private-board', 8, 8);
    await until(() => c.got.length === 8);
    await sleep(100);
    expect(c.got).toEqual(range(1, 8));
    expect(c.missed).toEqual([]);
    expect(c.resumed.map((r) => r.replayed)).toEqual([5]);
  });

  it('events published on both nodes while it resumes reach it once each, none lost', async () => {
    const shared = scaling();
    const a = await server({ maxEvents: 1000, maxAgeSeconds: 60 }, shared);
    const b = await server({ maxEvents: 1000, maxAgeSeconds: 60 }, shared);
    const c = client(a);
    await connected(c.pusher);
    await join(c.pusher, 'private-busy', c.got);
    await until(() => c.tracker.positions().has('private-busy'));
    let n = 0;
    let publishing = true;
    const publisher = (async () => {
      while (publishing) {
        n += 1;
        await (n % 2 ? b : a).sdk.trigger('private-busy', 'update', { n });
      }
    })();
    await until(() => c.got.length >= 5);
    await drop(c.pusher);
    await sleep(100);
    c.pusher.connect();
    await until(() => c.frames.includes('pusher:resumed'), 5000, 'resumed');
    await sleep(100);
    publishing = false;
    await publisher;
    await until(() => c.got.length === n, 3000, `all ${n} events`);
    await sleep(200);
    expect([...c.got].sort((x, y) => x - y)).toEqual(range(1, n));
    expect(new Set(c.got).size).toBe(c.got.length);
    expect(c.missed).toEqual([]);
  });

  it('beyond the window in Redis (count trimmed by MAXLEN): resume_failed', async () => {
    const shared = scaling();
    const a = await server({ maxEvents: 2, maxAgeSeconds: 60 }, shared);
    const b = await server({ maxEvents: 2, maxAgeSeconds: 60 }, shared);
    const c = client(a);
    await connected(c.pusher);
    await join(c.pusher, 'private-board', c.got);
    await until(() => c.tracker.positions().has('private-board'));
    const watcher = opened.add(await RawClient.open(b.port), (r) => r.close());
    await watcher.subscribeSigned(b.sdk, 'private-board');
    await drop(c.pusher);
    await publish(b, 'private-board', 1, 4);
    // The HTTP API answers before the event is logged: wait until all four went out.
    for (let i = 0; i < 4; i++) await watcher.next('update');
    c.pusher.connect();
    await until(() => c.missed.length === 1, 5000, 'missed');
    expect(c.missed).toEqual([{ channel: 'private-board', reason: 'expired' }]);
    expect(c.got).toEqual([]);
  });

  it('the log survives a restart of the node the client was on', async () => {
    const shared = scaling();
    const a = await server({ maxEvents: 100, maxAgeSeconds: 60 }, shared);
    const b = await server({ maxEvents: 100, maxAgeSeconds: 60 }, shared);
    const raw = opened.add(await RawClient.open(a.port), (r) => r.close());
    await raw.subscribeSigned(a.sdk, 'private-board');
    const start = (await raw.next('pusher_internal:resume_info')).payload.position as string;
    await a.stop();
    const watcher = opened.add(await RawClient.open(b.port), (r) => r.close());
    await watcher.subscribeSigned(b.sdk, 'private-board');
    await publish(b, 'private-board', 1, 3);
    // The HTTP API answers before the event is logged: wait until it went out, so all three are in the past.
    for (let i = 0; i < 3; i++) await watcher.next('update');
    const again = opened.add(await RawClient.open(b.port), (r) => r.close());
    await again.subscribeSigned(b.sdk, 'private-board');
    again.send({ event: 'pusher:resume', data: { channel: 'private-board', since: start } });
    const replayed = [await again.next('update'), await again.next('update'), await again.next('update')];
    expect(replayed.map((m) => m.payload.n)).toEqual([1, 2, 3]);
    expect((await again.next('pusher:resumed')).payload.replayed).toBe(3);
  });

  it('events that went out while a node had lost Redis leave a gap: a resume across it fails instead of skipping them', async () => {
    const shared = scaling();
    const relay = opened.add(await relayTo(Number(new URL(REDIS_URL!).port || 6379)), (r) => r.cut());
    const a = await server({ maxEvents: 100, maxAgeSeconds: 60 }, { ...shared, redisUrl: `redis://127.0.0.1:${relay.port}` });
    const b = await server({ maxEvents: 100, maxAgeSeconds: 60 }, shared);
    const onA = opened.add(await RawClient.open(a.port), (r) => r.close());
    await onA.subscribeSigned(a.sdk, 'private-board');
    const away = opened.add(await RawClient.open(b.port), (r) => r.close());
    await away.subscribeSigned(b.sdk, 'private-board');
    const start = (await away.next('pusher_internal:resume_info')).payload.position as string;
    away.close();

    await relay.cut();
    // While node A cannot reach Redis its API still publishes to its own sockets (unlogged); B's never hear it.
    await until(
      () =>
        a.sdk.get({ path: '/channels' }).then(
          () => false,
          (e: { status?: number }) => e.status === 503,
        ),
      5000,
      'node A without Redis',
    );
    await a.sdk.trigger('private-board', 'update', { n: 1 });
    expect((await onA.next('update')).payload).toEqual({ n: 1 });
    await relay.restore();
    const redis = opened.add(new Redis(REDIS_URL!), (r) => r.disconnect());
    await until(async () => (await redis.xlen(`${shared.redisKeyPrefix}:rp:private-board`)) > 0, 5000, 'the gap logged');

    const back = opened.add(await RawClient.open(b.port), (r) => r.close());
    await back.subscribeSigned(b.sdk, 'private-board');
    back.send({ event: 'pusher:resume', data: { channel: 'private-board', since: start } });
    expect((await back.next('pusher:resume_failed')).payload).toEqual({ reason: 'expired' });
    expect(back.all.filter((m) => m.event === 'update')).toEqual([]);
  });
});

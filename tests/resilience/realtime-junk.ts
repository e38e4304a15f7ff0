/**
 * Deterministic junk for the realtime fuzzer: a seeded PRNG, raw TCP requests (bytes exactly as written,
 * nothing normalised by a client library), hand-built websocket frames, signed Pusher API requests, and
 * generators for bad handshakes, bad frames and bad HTTP API calls.
 */
import { createHash, createHmac, randomBytes } from 'node:crypto';
import { connect } from 'node:net';
import { APP } from '../realtime/helpers';

/** mulberry32: small, fast, and the same sequence for the same seed on every machine. */
export function prng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (n: number) => Math.floor(next() * n);
  const pick = <T>(xs: readonly T[]): T => xs[int(xs.length)];
  const bytes = (n: number) => Buffer.from(Array.from({ length: n }, () => int(256)));
  return { next, int, pick, bytes, chance: (p: number) => next() < p };
}
export type Rng = ReturnType<typeof prng>;

/** Counts outcomes by label, for the printed summary. */
export class Tally {
  readonly counts = new Map<string, number>();
  add(label: string): void {
    this.counts.set(label, (this.counts.get(label) ?? 0) + 1);
  }
  get total(): number {
    let n = 0;
    for (const v of this.counts.values()) n += v;
    return n;
  }
  toString(): string {
    return [...this.counts.entries()]
      .sort((a, b) => b[1] - a[1])
      .map(([k, v]) => `${k}×${v}`)
      .join(', ');
  }
}

export interface RawReply {
  /** Status of the first HTTP response line, when one came. */
  status: number | null;
  bytes: Buffer;
  /** The server closed the connection (rather than the client giving up waiting). */
  closedByServer: boolean;
}

/**
 * Writes bytes to a fresh TCP connection and collects the answer: the server closing ends it, otherwise the
 * first byte is waited for up to `waitMs` and later ones until `settleMs` pass without data (a loaded machine
 * is slow to answer, not wrong). `after` may write more once the first answer arrived.
 */
export function rawExchange(port: number, bytes: Buffer | Buffer[], opts: { waitMs?: number; settleMs?: number; after?: (write: (b: Buffer) => void, first: Buffer) => void } = {}): Promise<RawReply> {
  const waitMs = opts.waitMs ?? 3000;
  const settleMs = opts.settleMs ?? 250;
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    let timer: NodeJS.Timeout | null = null;
    let done = false;
    let afterRan = false;
    const finish = (closedByServer: boolean) => {
      if (done) return;
      done = true;
      if (timer) clearTimeout(timer);
      socket.destroy();
      const all = Buffer.concat(chunks);
      const m = /^HTTP\/1\.1 (\d{3})/.exec(all.subarray(0, 20).toString('latin1'));
      resolve({ status: m ? Number(m[1]) : null, bytes: all, closedByServer });
    };
    const arm = (ms: number) => {
      if (timer) clearTimeout(timer);
      timer = setTimeout(() => finish(false), ms);
    };
    socket.on('error', () => finish(true));
    socket.on('close', () => finish(true));
    socket.on('data', (d: Buffer) => {
      chunks.push(d);
      if (opts.after && !afterRan) {
        afterRan = true;
        opts.after((b) => socket.write(b), Buffer.concat(chunks));
        arm(settleMs);
        return;
      }
      arm(settleMs);
    });
    socket.on('connect', () => {
      for (const b of Array.isArray(bytes) ? bytes : [bytes]) socket.write(b);
      arm(waitMs);
    });
  });
}

/** Runs `task` for every item, `width` at a time. */
export async function inParallel<T>(items: T[], width: number, task: (item: T, i: number) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(width, items.length) }, async () => {
      while (next < items.length) {
        const i = next++;
        await task(items[i], i);
      }
    }),
  );
}

// ───────────────────────────── websocket frames ─────────────────────────────

export interface FrameSpec {
  opcode: number;
  payload: Buffer;
  fin?: boolean;
  mask?: boolean;
  rsv?: number;
  /** Announce this length instead of the payload's (lies and absurd sizes). */
  length?: bigint;
}

/** One websocket frame as a client writes it (masked unless told otherwise). */
export function wsFrame(f: FrameSpec): Buffer {
  const len = f.length ?? BigInt(f.payload.length);
  const mask = f.mask ?? true;
  const head: number[] = [((f.fin ?? true) ? 0x80 : 0) | ((f.rsv ?? 0) << 4) | (f.opcode & 0x0f)];
  const maskBit = mask ? 0x80 : 0;
  let ext = Buffer.alloc(0);
  if (len < 126n) head.push(maskBit | Number(len));
  else if (len < 65_536n) {
    head.push(maskBit | 126);
    ext = Buffer.alloc(2);
    ext.writeUInt16BE(Number(len));
  } else {
    head.push(maskBit | 127);
    ext = Buffer.alloc(8);
    ext.writeBigUInt64BE(len);
  }
  if (!mask) return Buffer.concat([Buffer.from(head), ext, f.payload]);
  const key = randomBytes(4);
  const body = Buffer.from(f.payload);
  for (let i = 0; i < body.length; i++) body[i] ^= key[i % 4];
  return Buffer.concat([Buffer.from(head), ext, key, body]);
}

export const text = (s: string | Buffer) => wsFrame({ opcode: 1, payload: Buffer.isBuffer(s) ? s : Buffer.from(s) });

export function upgradeRequest(path: string, headers: Record<string, string> = {}): Buffer {
  const all: Record<string, string> = {
    Host: '127.0.0.1',
    Upgrade: 'websocket',
    Connection: 'Upgrade',
    'Sec-WebSocket-Key': randomBytes(16).toString('base64'),
    'Sec-WebSocket-Version': '13',
    ...headers,
  };
  const lines = Object.entries(all).map(([k, v]) => `${k}: ${v}`);
  return Buffer.from(`GET ${path} HTTP/1.1\r\n${lines.join('\r\n')}\r\n\r\n`, 'latin1');
}

// ───────────────────────────── handshakes ─────────────────────────────

const BAD_ESCAPES = ['%E0%A4%A', '%', '%%', '%zz', '%C0%AF', '%ED%A0%80', '%FF%FE', '%u0041', '%E0%A4', '%F0%9F%98', '%2', '%%32%65'];
const ODD_KEYS = [APP.key, 'nope', '', 'test-key%00', 'TEST-KEY', `${APP.key}%20`, 'x'.repeat(300), '..', '%2e%2e', 'test%2Dkey'];
const ODD_PROTOCOLS = [null, '7', '6', '5', '', 'x', '8', '-7', '7.0', '07', '9'.repeat(40), '%E0%A4%A', '7&protocol=8', '1e1', ' 7'];
const ODD_PATHS = ['/', '/app', '/app/', '//[', '*', '/app//', '/apps/x', '/../app/x', `http://h/app/${APP.key}`, 'http://[/app/x', 'x', '/app/%2F'];

/** One junk websocket handshake (raw bytes): bad escapes, odd keys and protocols, bad and huge headers, non-UTF8. */
export function junkHandshake(r: Rng): { label: string; bytes: Buffer } {
  const kind = r.int(9);
  const protocol = r.pick(ODD_PROTOCOLS);
  const query = protocol === null ? (r.chance(0.5) ? '' : `?client=js&${r.pick(BAD_ESCAPES)}=1`) : `?protocol=${protocol}&client=js`;
  switch (kind) {
    case 0: {
      const key = r.pick(BAD_ESCAPES);
      return { label: 'bad %-escape in key', bytes: upgradeRequest(`/app/${r.chance(0.5) ? key : APP.key + key}${query}`) };
    }
    case 1:
      return { label: 'odd key/protocol', bytes: upgradeRequest(`/app/${r.pick(ODD_KEYS)}${query}`) };
    case 2:
      return { label: 'odd path', bytes: upgradeRequest(`${r.pick(ODD_PATHS)}${query}`) };
    case 3: {
      // Beyond node's maxHeaderSize (16 KB): a path, a header value, or many headers.
      const size = 17_000 + r.int(20_000);
      const where = r.int(3);
      if (where === 0) return { label: 'overlong path', bytes: upgradeRequest(`/app/${'k'.repeat(size)}?protocol=7`) };
      if (where === 1) return { label: 'huge header', bytes: upgradeRequest(`/app/${APP.key}?protocol=7`, { 'X-Junk': 'v'.repeat(size) }) };
      const many: Record<string, string> = {};
      for (let i = 0; i < 3000; i++) many[`X-H${i}`] = 'abcdefgh';
      return { label: 'many headers', bytes: upgradeRequest(`/app/${APP.key}?protocol=7`, many) };
    }
    case 4: {
      // Raw non-UTF8 bytes in the path and in header values.
      const head = Buffer.from(`GET /app/`, 'latin1');
      const tail = upgradeRequest(`${query}`).subarray(4); // "GET " stripped: path continues with the query
      return { label: 'non-UTF8 bytes', bytes: Buffer.concat([head, r.bytes(1 + r.int(8)).map((b) => (b === 0x20 || b === 0x0d || b === 0x0a ? 0x80 : b)), tail]) };
    }
    case 5: {
      const headers: Record<string, string> = {};
      const which = r.int(6);
      if (which === 0) headers['Sec-WebSocket-Key'] = r.pick(['', 'short', '%%%', 'x'.repeat(100)]);
      if (which === 1) headers['Sec-WebSocket-Version'] = r.pick(['', '8', '99', 'x']);
      if (which === 2) headers.Origin = r.pick(['null', '%E0%A4%A', 'http://[', 'x'.repeat(2000), '']);
      if (which === 3) headers['X-Forwarded-For'] = r.pick(['', ',,,', '1.2.3.4, %E0', 'x'.repeat(4000)]);
      if (which === 4) headers.Upgrade = r.pick(['h2c', 'WebSocket', '', 'websocket, x']);
      if (which === 5) headers['Sec-WebSocket-Extensions'] = r.pick(['permessage-deflate; client_max_window_bits=99', ';;;', 'x=%']);
      return { label: 'odd upgrade headers', bytes: upgradeRequest(`/app/${APP.key}?protocol=7`, headers) };
    }
    case 6: {
      const method = r.pick(['POST', 'PUT', 'DELETE', 'G ET', 'GET\x00', 'CONNECT']);
      const req = upgradeRequest(`/app/${APP.key}?protocol=7`).toString('latin1').replace(/^GET/, method);
      return { label: 'odd method', bytes: Buffer.from(req, 'latin1') };
    }
    case 7: {
      // Broken HTTP: bare LFs, header injection, truncated request, random bytes.
      const variants = [
        Buffer.from(`GET /app/${APP.key}?protocol=7 HTTP/1.1\nUpgrade: websocket\nConnection: Upgrade\n\n`),
        Buffer.from(`GET /app/${APP.key}?protocol=7 HTTP/1.1\r\nHost: x\r\nX: a\rb\r\nUpgrade: websocket\r\n\r\n`),
        Buffer.from(`GET /app/${APP.key}?protocol=7 HTTP/1.1\r\nUpgrade: websocket\r\nConnection: Upgrade`),
        Buffer.from(`GET /app/${APP.key}?protocol=7 HTTP/9.9\r\n\r\n`),
        r.bytes(1 + r.int(400)),
      ];
      return { label: 'broken HTTP', bytes: r.pick(variants) };
    }
    default:
      return { label: 'issue repro', bytes: upgradeRequest('/app/%E0%A4%A?protocol=7') };
  }
}

// ───────────────────────────── frames ─────────────────────────────

const CHANNEL_JUNK: unknown[] = [
  42,
  null,
  true,
  {},
  [],
  ['a'],
  '',
  ' ',
  'a b',
  'x'.repeat(201),
  '%E0%A4%A',
  '__proto__',
  'constructor',
  'private-',
  'presence-',
  '#server-to-user-',
  '#server-to-user-1',
  'private-encrypted-x',
  'cache-x',
  'é',
  '\u0000',
  '\uD800',
  'public',
  'private-room',
  'presence-room',
];
const VALUE_JUNK: unknown[] = [42, -1, 1e308, null, true, false, '', 'x', {}, [], [1, [2, [3]]], { a: { b: {} } }, '{"user_id":1}', '{', 'null', '[]', '\uD800'];

function deep(n: number): string {
  return '['.repeat(n) + ']'.repeat(n);
}

/**
 * One junk text frame: invalid JSON, and valid JSON with wrong types for every pusher event, client events on
 * channels the socket may or may not be subscribed to, deep nesting, huge fields. `signed` gives real
 * signatures for private/presence channels so some frames get past auth.
 */
export interface JunkFrame {
  label: string;
  payload: string | Buffer;
  binary?: boolean;
}

export function junkFrame(r: Rng, signed: { auth: string; channel_data?: string; channel: string }[]): JunkFrame {
  const v = () => r.pick(VALUE_JUNK);
  const ch = () => r.pick(CHANNEL_JUNK);
  const data = (o: unknown) => (r.chance(0.3) ? JSON.stringify(o) : o);
  switch (r.int(15)) {
    case 14: {
      // The replay window's resume (ADR 0035): channels subscribed or not, positions odd, huge or from nowhere.
      const since = r.pick(['', ':', 'a:1', 'ffffffffffff:0', `e:${'9'.repeat(20)}`, 'e:-1', 'x'.repeat(300), '__proto__:1', 42, null, {}, []]);
      return { label: 'resume junk', payload: JSON.stringify({ event: 'pusher:resume', data: data({ channel: r.chance(0.5) ? r.pick(signed).channel : ch(), since }) }) };
    }
    case 0:
      return { label: 'invalid JSON', payload: r.pick(['', '{', '}', 'nul', '{"event":', '[', '"x"', '1', 'null', '{"event":"pusher:ping"', '\u0000', '{"a":1}}']) };
    case 1:
      return { label: 'binary frame', payload: r.bytes(1 + r.int(200)), binary: true };
    case 2:
      return {
        label: 'odd data field',
        payload: JSON.stringify({ event: r.pick(['pusher:subscribe', 'pusher:unsubscribe', 'pusher:ping']), data: r.pick(['{"channel":', '"x"', '[]', 'null', '{"channel":"a","auth":"x:y"}']) }),
      };
    case 3:
      return {
        label: 'odd event field',
        payload: JSON.stringify({ event: r.pick([42, null, '', {}, [], 'x'.repeat(5000), 'pusher:', 'pusher_internal:subscription_succeeded', 'client-', '__proto__']), data: v(), channel: ch() }),
      };
    case 4:
      return { label: 'subscribe wrong types', payload: JSON.stringify({ event: 'pusher:subscribe', data: data({ channel: ch(), auth: v(), channel_data: v() }) }) };
    case 5: {
      const s = r.pick(signed);
      const channelData = r.pick([s.channel_data, '{', '{"user_id":{}}', '{"user_id":""}', '[]', '{"user_info":1}', JSON.stringify({ user_id: deep(3000) }), undefined]);
      return {
        label: 'subscribe signed/odd channel_data',
        payload: JSON.stringify({ event: 'pusher:subscribe', data: data({ channel: s.channel, auth: r.chance(0.5) ? s.auth : `${APP.key}:${'0'.repeat(64)}`, channel_data: channelData }) }),
      };
    }
    case 6:
      return { label: 'unsubscribe junk', payload: JSON.stringify({ event: 'pusher:unsubscribe', data: data({ channel: ch() }) }) };
    case 7:
      return { label: 'ping/pong junk', payload: JSON.stringify({ event: r.pick(['pusher:ping', 'pusher:pong']), data: v(), channel: r.chance(0.3) ? ch() : undefined }) };
    case 8:
      return {
        label: 'unknown pusher event',
        payload: JSON.stringify({ event: r.pick(['pusher:connection_established', 'pusher:error', 'pusher:cache_miss', 'pusher_internal:member_added', 'pusher:x']), data: v() }),
      };
    case 9:
      return { label: 'client event', payload: JSON.stringify({ event: `client-${r.pick(['x', '', 'é', 'x'.repeat(300)])}`, channel: r.chance(0.5) ? r.pick(signed).channel : ch(), data: v() }) };
    case 10:
      return {
        label: 'deep nesting',
        payload: r.chance(0.5) ? `{"event":"client-deep","channel":"${r.pick(signed).channel}","data":${deep(4000)}}` : `{"event":"pusher:subscribe","data":${deep(4000)}}`,
      };
    case 11:
      return {
        label: 'frame just under the size limit',
        payload: JSON.stringify({ event: r.pick(['pusher:ping', 'pusher:subscribe', 'client-big']), channel: r.pick(signed).channel, data: { pad: 'x'.repeat(9_800) } }),
      };
    case 12:
      return {
        label: 'prototype keys',
        payload: r.pick(['{"__proto__":{"event":"pusher:ping"}}', '{"event":"pusher:subscribe","data":{"__proto__":{"channel":"x"}}}', '{"constructor":{"prototype":{"x":1}},"event":"pusher:ping"}']),
      };
    default: {
      // A valid frame with random bytes flipped.
      const base = Buffer.from(JSON.stringify({ event: 'pusher:subscribe', data: { channel: 'public-x' } }));
      for (let i = 0; i < 1 + r.int(4); i++) base[r.int(base.length)] = 32 + r.int(95);
      return { label: 'mutated frame', payload: base.toString('latin1') };
    }
  }
}

/**
 * Frames after which the server rightly closes the socket (a failed sign-in 4009, invalid UTF-8 1007, too big
 * 1009), so the fuzzer sends one as a socket's last frame.
 */
export function closingFrame(r: Rng): JunkFrame & { expectCode: number[] } {
  const v = () => r.pick(VALUE_JUNK);
  switch (r.int(3)) {
    case 0:
      return {
        label: 'signin junk',
        expectCode: [4009],
        payload: JSON.stringify({ event: 'pusher:signin', data: r.chance(0.5) ? { auth: v(), user_data: r.pick([...VALUE_JUNK, '{"id":1}', '{"id":{}}']) } : v() }),
      };
    case 1:
      return { label: 'non-UTF8 text', expectCode: [1007], payload: Buffer.concat([Buffer.from('{"event":"'), Buffer.from([0xc3, 0x28]), r.bytes(r.int(20)), Buffer.from('"}')]) };
    default:
      return { label: 'oversized frame', expectCode: [1009], payload: JSON.stringify({ event: 'pusher:ping', data: 'x'.repeat(10_001 + r.int(60_000)) }) };
  }
}

/** Frames that break the websocket protocol itself (ws answers them with 1002/1007/1009 and closes). */
export function junkWireFrame(r: Rng): { label: string; bytes: Buffer } {
  const ping = Buffer.from('{"event":"pusher:ping"}');
  const variants: [string, () => Buffer][] = [
    ['unmasked frame', () => wsFrame({ opcode: 1, payload: ping, mask: false })],
    ['reserved bits', () => wsFrame({ opcode: 1, payload: ping, rsv: 1 + r.int(7) })],
    ['reserved opcode', () => wsFrame({ opcode: r.pick([3, 4, 5, 6, 7, 11, 12, 13, 14, 15]), payload: ping })],
    ['control frame > 125 bytes', () => wsFrame({ opcode: 9, payload: r.bytes(126 + r.int(100)) })],
    ['fragmented control frame', () => wsFrame({ opcode: 9, payload: Buffer.from('x'), fin: false })],
    ['continuation without start', () => wsFrame({ opcode: 0, payload: ping })],
    ['absurd length', () => wsFrame({ opcode: 1, payload: Buffer.alloc(0), length: 0x7fffffffffffffffn })],
    ['invalid UTF-8 text', () => text(Buffer.from([0x7b, 0xc3, 0x28, 0xff, 0x7d]))],
    ['bad close code', () => wsFrame({ opcode: 8, payload: Buffer.from([0x03, 0xe7]) })],
    ['1-byte close payload', () => wsFrame({ opcode: 8, payload: Buffer.from([0x03]) })],
    ['text inside fragmented text', () => Buffer.concat([wsFrame({ opcode: 1, payload: Buffer.from('{"ev'), fin: false }), wsFrame({ opcode: 1, payload: ping })])],
    ['truncated frame', () => text(ping).subarray(0, 5)],
    ['random bytes', () => r.bytes(1 + r.int(64))],
  ];
  const [label, make] = r.pick(variants);
  return { label, bytes: make() };
}

// ───────────────────────────── HTTP API ─────────────────────────────

/** A raw HTTP/1.1 request; `sign` computes a real Pusher signature over the given path and decoded query. */
export function apiRequest(opts: { method: string; path: string; params?: [string, string][]; body?: Buffer; sign?: 'good' | 'bad' | 'none'; headers?: Record<string, string> }): Buffer {
  const body = opts.body ?? Buffer.alloc(0);
  const params: [string, string][] = [...(opts.params ?? [])];
  const sign = opts.sign ?? 'good';
  if (sign !== 'none') {
    params.push(['auth_key', APP.key], ['auth_timestamp', String(Math.floor(Date.now() / 1000))], ['auth_version', '1.0']);
    if (body.length) params.push(['body_md5', createHash('md5').update(body).digest('hex')]);
    const sorted = params
      .map(([k, v]) => [k.toLowerCase(), v] as const)
      .sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0))
      .map(([k, v]) => `${k}=${v}`);
    const secret = sign === 'good' ? APP.secret : 'wrong-secret';
    params.push([
      'auth_signature',
      createHmac('sha256', secret)
        .update(`${opts.method}\n${opts.path}\n${sorted.join('&')}`)
        .digest('hex'),
    ]);
  }
  const query = new URLSearchParams(params).toString();
  const headers = { Host: '127.0.0.1', 'Content-Type': 'application/json', 'Content-Length': String(body.length), Connection: 'close', ...opts.headers };
  const head = `${opts.method} ${opts.path}${query ? `?${query}` : ''} HTTP/1.1\r\n${Object.entries(headers)
    .map(([k, v]) => `${k}: ${v}`)
    .join('\r\n')}\r\n\r\n`;
  return Buffer.concat([Buffer.from(head, 'latin1'), body]);
}

const API_CHANNELS = [
  'public-x',
  'presence-room',
  'private-room',
  '__proto__',
  '%E0%A4%A',
  '%zz',
  'presence-%2',
  '%2F',
  'x'.repeat(250),
  'cache-x',
  '#server-to-user-1',
  '%23server-to-user-1',
  'a%20b',
];
const EVENT_JUNK: unknown[] = [
  null,
  [],
  42,
  'x',
  {},
  { name: 'e' },
  { name: 'e', data: 'x' },
  { name: 'e', data: 'x', channel: 'public-x' },
  { name: 'e', data: {}, channel: 'public-x' },
  { name: {}, data: 'x', channel: 'public-x' },
  { name: '', data: 'x', channels: ['public-x'] },
  { name: 'e', data: 'x', channels: 'public-x' },
  { name: 'e', data: 'x', channels: [1, 2] },
  { name: 'e', data: 'x', channels: Array.from({ length: 101 }, (_, i) => `c${i}`) },
  { name: 'e', data: 'x'.repeat(10_001), channel: 'public-x' },
  { name: 'e', data: 'x', channel: 'public-x', socket_id: 'nope' },
  { name: 'e', data: 'x', channel: 'public-x', socket_id: 1 },
  { name: 'e', data: 'x', channel: 'public-x', info: 'user_count,subscription_count' },
  { name: 'e', data: 'x', channel: '__proto__', info: 'subscription_count' },
  { name: 'e', data: 'x', channel: 'presence-room', info: 'user_count,,x' },
  { name: 'e', data: 'x', channel: 'cache-x' },
  { name: 'e', data: 'x', channels: ['public-x'], info: {} },
];

/** One junk HTTP API request: routes × methods × escapes × signatures × bodies. */
export function junkApiRequest(r: Rng): { label: string; bytes: Buffer } {
  const appId = r.chance(0.8) ? APP.appId : r.pick(['%E0%A4%A', '%', 'nope', '', `${APP.appId}%00`, '%74est-app']);
  const channel = r.pick(API_CHANNELS);
  const route = r.pick([
    'events',
    'batch_events',
    'channels',
    `channels/${channel}`,
    `channels/${channel}/users`,
    `users/${r.pick(['1', '%E0%A4%A', '', '%00', 'x'.repeat(300)])}/terminate_connections`,
    'connections',
    r.pick(['', 'x', 'events/x', '%E0%A4%A', '..', 'channels/a/b/c']),
  ]);
  const expected = /^(events|batch_events|users)/.test(route) ? 'POST' : 'GET';
  const method = r.chance(0.7) ? expected : r.pick(['GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS', 'HEAD']);
  const path = r.chance(0.05) ? r.pick(['/up', '/up%', '//', '/apps', `/apps/${appId}`]) : `/apps/${appId}/${route}`;
  let body: Buffer;
  switch (r.int(6)) {
    case 0:
      body = Buffer.alloc(0);
      break;
    case 1:
      body = Buffer.from(r.pick(['{', 'null', '[]', '"x"', '{"batch":null}', '{"batch":{}}', '\u0000', 'nul']));
      break;
    case 2:
      body = r.bytes(1 + r.int(100));
      break;
    case 3:
      body = Buffer.from(JSON.stringify({ batch: Array.from({ length: r.pick([0, 1, 3, 11]) }, () => r.pick(EVENT_JUNK)) }));
      break;
    default:
      body = Buffer.from(JSON.stringify(r.pick(EVENT_JUNK)));
  }
  const params: [string, string][] = [];
  if (r.chance(0.4)) params.push(['info', r.pick(['user_count', 'subscription_count,user_count', '%E0', '', ',,,', 'occupied'])]);
  if (r.chance(0.3)) params.push(['filter_by_prefix', r.pick(['presence-', '', '%', 'private-', '\uD800'])]);
  if (r.chance(0.1)) params.push(['auth_timestamp', r.pick(['0', 'x', '-1', '1e309'])]);
  const sign = r.chance(0.7) ? 'good' : r.pick(['bad', 'none'] as const);
  const label = `${sign === 'good' ? 'signed' : sign === 'bad' ? 'bad signature' : 'unsigned'} ${method} ${route.split('/')[0] || 'root'}`;
  return { label, bytes: apiRequest({ method, path, params, body, sign }) };
}

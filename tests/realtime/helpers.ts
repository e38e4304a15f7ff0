/** Shared test helpers: a server on port 0, the real SDKs wired to it, and a raw ws client with a message queue. */
import { randomBytes } from 'node:crypto';
import PusherServer from 'pusher';
import Pusher from 'pusher-js';
import WebSocket from 'ws';
import { createRealtimeServer, type RealtimeOptions } from '../../server/realtime/index';

export const APP = { appId: 'test-app', key: 'test-key', secret: 'test-secret' } as const;
export const MASTER_KEY = randomBytes(32).toString('base64');

export interface Running {
  port: number;
  sdk: PusherServer;
  stop(): Promise<void>;
}

export async function startServer(over: Partial<RealtimeOptions> = {}): Promise<Running> {
  const server = createRealtimeServer({
    ...APP,
    host: '127.0.0.1',
    port: 0,
    allowedOrigins: ['*'],
    maxMessageSize: 10_000,
    activityTimeout: 30,
    ...over,
  });
  const { port } = await server.start();
  return { port, sdk: sdkFor(port), stop: () => server.stop() };
}

export function sdkFor(port: number, secret: string = APP.secret): PusherServer {
  return new PusherServer({
    appId: APP.appId,
    key: APP.key,
    secret,
    host: '127.0.0.1',
    port: String(port),
    useTLS: false,
    encryptionMasterKeyBase64: MASTER_KEY,
  });
}

export interface Msg {
  event: string;
  channel?: string;
  /** `data` as sent (string or object). */
  data: unknown;
  /** `data` parsed when it was a JSON string. */
  payload: any;
  user_id?: unknown;
  raw: string;
}

type Pred = (m: Msg) => boolean;

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A raw websocket client that queues every message, for crafting bad frames and asserting exact frames. */
export class RawClient {
  readonly queue: Msg[] = [];
  readonly all: Msg[] = [];
  private waiters: { pred: Pred; resolve: (m: Msg) => void }[] = [];
  socketId = '';
  readonly closed: Promise<{ code: number; reason: string }>;

  private constructor(readonly ws: WebSocket) {
    this.closed = new Promise((resolve) => ws.on('close', (code, reason) => resolve({ code, reason: reason.toString() })));
    ws.on('message', (data) => this.receive(data.toString()));
    ws.on('error', () => {});
  }

  static async open(port: number, opts: { path?: string; headers?: Record<string, string>; waitEstablished?: boolean } = {}): Promise<RawClient> {
    const path = opts.path ?? `/app/${APP.key}?protocol=7&client=js&version=8.4.0`;
    const ws = new WebSocket(`ws://127.0.0.1:${port}${path}`, { headers: opts.headers });
    const client = new RawClient(ws);
    await new Promise<void>((resolve, reject) => {
      ws.once('open', () => resolve());
      ws.once('error', reject);
    });
    if (opts.waitEstablished !== false) {
      const m = await client.next((x) => x.event === 'pusher:connection_established');
      client.socketId = m.payload.socket_id;
    }
    return client;
  }

  private receive(raw: string): void {
    let m: Msg;
    try {
      const parsed = JSON.parse(raw);
      let payload = parsed.data;
      if (typeof payload === 'string') {
        try {
          payload = JSON.parse(payload);
        } catch {
          /* plain string data */
        }
      }
      m = { event: parsed.event, channel: parsed.channel, data: parsed.data, payload, user_id: parsed.user_id, raw };
    } catch {
      m = { event: '(non-json)', data: raw, payload: raw, raw };
    }
    this.all.push(m);
    const i = this.waiters.findIndex((w) => w.pred(m));
    if (i >= 0) {
      const [w] = this.waiters.splice(i, 1);
      w.resolve(m);
    } else this.queue.push(m);
  }

  next(pred: Pred | string, timeoutMs = 3000): Promise<Msg> {
    const p: Pred = typeof pred === 'string' ? (m) => m.event === pred : pred;
    const i = this.queue.findIndex(p);
    if (i >= 0) return Promise.resolve(this.queue.splice(i, 1)[0]);
    return new Promise((resolve, reject) => {
      const waiter = { pred: p, resolve: (m: Msg) => (clearTimeout(timer), resolve(m)) };
      const timer = setTimeout(() => {
        this.waiters = this.waiters.filter((w) => w !== waiter);
        reject(new Error(`timed out waiting for a message; got: ${this.all.map((m) => m.raw).join(' | ')}`));
      }, timeoutMs);
      this.waiters.push(waiter);
    });
  }

  /** Resolves after `ms` with the queued messages matching pred (use to assert that nothing arrived). */
  async none(pred: Pred | string, ms = 300): Promise<Msg[]> {
    await sleep(ms);
    const p: Pred = typeof pred === 'string' ? (m) => m.event === pred : pred;
    return this.queue.filter(p);
  }

  send(frame: unknown): void {
    this.ws.send(typeof frame === 'string' || Buffer.isBuffer(frame) ? frame : JSON.stringify(frame));
  }

  async subscribe(channel: string, extra: Record<string, unknown> = {}): Promise<Msg> {
    this.send({ event: 'pusher:subscribe', data: { channel, ...extra } });
    const answer = await this.next((m) => m.channel === channel && (m.event === 'pusher_internal:subscription_succeeded' || m.event === 'pusher:subscription_error'));
    // A member_added relayed through Redis can reach the socket just before its subscription_succeeded, whose
    // member list already has it (pusher-js resets the list there): like pusher-js, forget what came before.
    const at = this.all.indexOf(answer);
    for (let i = this.queue.length - 1; i >= 0; i--) if (this.queue[i].channel === channel && this.all.indexOf(this.queue[i]) < at) this.queue.splice(i, 1);
    return answer;
  }

  /** Subscribes with a signature made by the official SDK. */
  async subscribeSigned(sdk: PusherServer, channel: string, presence?: { user_id: string; user_info?: Record<string, unknown> }): Promise<Msg> {
    const auth = sdk.authorizeChannel(this.socketId, channel, presence);
    return this.subscribe(channel, { auth: auth.auth, channel_data: auth.channel_data });
  }

  close(): void {
    this.ws.close();
  }
}

export type PusherClient = InstanceType<typeof Pusher>;

/** A real pusher-js client whose channel authorization / user authentication are signed by the SDK. */
export function pusherClient(
  port: number,
  sdk: PusherServer,
  who: { presence?: { user_id: string; user_info?: Record<string, unknown> }; user?: { id: string; [k: string]: unknown } } = {},
): PusherClient {
  return new Pusher(APP.key, pusherOptions(port, sdk, who));
}

export function pusherOptions(port: number, sdk: PusherServer, who: { presence?: { user_id: string; user_info?: Record<string, unknown> }; user?: { id: string; [k: string]: unknown } } = {}) {
  return {
    cluster: '',
    wsHost: '127.0.0.1',
    wsPort: port,
    forceTLS: false,
    enabledTransports: ['ws' as const],
    disableStats: true,
    channelAuthorization: {
      endpoint: '/broadcasting/auth',
      transport: 'ajax' as const,
      customHandler: (p: { socketId: string; channelName: string }, cb: (e: Error | null, d: any) => void) => {
        try {
          cb(null, sdk.authorizeChannel(p.socketId, p.channelName, p.channelName.startsWith('presence-') ? who.presence : undefined));
        } catch (e) {
          cb(e as Error, null);
        }
      },
    },
    userAuthentication: {
      endpoint: '/broadcasting/user-auth',
      transport: 'ajax' as const,
      headers: {} as Record<string, string>,
      customHandler: (p: { socketId: string }, cb: (e: Error | null, d: any) => void) => {
        if (!who.user) return cb(new Error('no user'), null);
        cb(null, sdk.authenticateUser(p.socketId, who.user));
      },
    },
  };
}

export function connected(client: PusherClient): Promise<void> {
  if (client.connection.state === 'connected') return Promise.resolve();
  return new Promise((resolve) => client.connection.bind('connected', () => resolve()));
}

export function subscribed(channel: { bind(e: string, cb: (d: any) => void): unknown }): Promise<any> {
  return new Promise((resolve, reject) => {
    channel.bind('pusher:subscription_succeeded', (d: any) => resolve(d));
    channel.bind('pusher:subscription_error', (e: any) => reject(new Error(`subscription_error ${JSON.stringify(e)}`)));
  });
}

/** Resolves with the first event `name` on a pusher-js channel (or rejects after timeout). */
export function nextEvent<T = any>(channel: { bind(e: string, cb: (d: any, meta?: any) => void): unknown }, name: string, timeoutMs = 3000): Promise<{ data: T; meta?: any }> {
  return new Promise((resolve, reject) => {
    const t = setTimeout(() => reject(new Error(`no ${name} within ${timeoutMs} ms`)), timeoutMs);
    channel.bind(name, (data: T, meta?: any) => {
      clearTimeout(t);
      resolve({ data, meta });
    });
  });
}

export async function until(check: () => boolean | Promise<boolean>, timeoutMs = 3000, what = 'condition'): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    if (await check()) return;
    await sleep(20);
  }
  throw new Error(`timed out waiting for ${what}`);
}

/** What a test opened, closed after it (latest first): `afterEach(() => opened.closeAll())`. */
export class Opened {
  private readonly closers: (() => unknown)[] = [];

  /** Remembers how to close `thing`, and returns it. */
  add<T>(thing: T, close: (t: T) => unknown): T {
    this.closers.push(() => close(thing));
    return thing;
  }

  async server(over: Partial<RealtimeOptions> = {}): Promise<Running> {
    return this.add(await startServer(over), (s) => s.stop());
  }

  async raw(port: number, opts?: Parameters<typeof RawClient.open>[1]): Promise<RawClient> {
    return this.add(await RawClient.open(port, opts), (c) => c.close());
  }

  pusher(port: number, sdk: PusherServer, who?: Parameters<typeof pusherClient>[2]): PusherClient {
    return this.add(pusherClient(port, sdk, who), (p) => p.disconnect());
  }

  async closeAll(): Promise<void> {
    for (const close of this.closers.splice(0).reverse()) await close();
  }
}

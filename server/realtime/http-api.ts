/**
 * The Pusher HTTP API (publishing and channel queries), signed with the app secret, plus GET / and /up
 * (alive) and /ready (503 while the node drains). Per app: a body size limit, a rate limit and CORS
 * (ADR 0034); every error answers `{ "error": "…", "code": <HTTP status> }` as soketi does.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { describeError, logSafely } from './guard';
import type { Hub } from './hub';
import type { HttpRateLimiter } from './http-rate-limit';
import { MAX_BATCH } from './options';
import { originAllowed } from './origins';
import { SOCKET_ID_RE, isCache, isPresence, isServerToUser, isValidChannelName } from './protocol';
import { parseTarget, safeDecode } from './request-target';
import { ScalingUnavailable } from './scaling';
import { verifyApiSignature } from './signature';

class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/** Answers once; a response that already started (or a socket that is gone) is cut instead. */
export function send(res: ServerResponse, status: number, body: unknown, close = false, extra: Record<string, string> = {}): void {
  if (res.headersSent || res.destroyed) {
    res.destroy();
    return;
  }
  const json = JSON.stringify(body);
  const headers: Record<string, string | number> = { ...extra, 'content-type': 'application/json', 'content-length': Buffer.byteLength(json) };
  if (close) headers.connection = 'close';
  res.writeHead(status, headers);
  res.end(json);
}

/** An error answer: soketi's shape, the code being the HTTP status (the table is in ADR 0034). */
export function sendError(res: ServerResponse, status: number, error: string, close = false, extra: Record<string, string> = {}): void {
  send(res, status, { error, code: status }, close, extra);
}

/**
 * Reads the body up to `limit` bytes; beyond it (announced or sent) the request fails with 413 without reading
 * on. A body that has not fully arrived within `timeoutMs` fails with 408: a client cannot hold a request open.
 */
function readBody(req: IncomingMessage, limit: number, timeoutMs: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const tooLarge = () => new HttpError(413, `Request body too large: at most ${limit} bytes.`);
    if (Number(req.headers['content-length']) > limit) return reject(tooLarge());
    const chunks: Buffer[] = [];
    let size = 0;
    const stop = (e: HttpError) => {
      clearTimeout(timer);
      req.removeAllListeners('data');
      req.pause();
      reject(e);
    };
    const timer = setTimeout(() => stop(new HttpError(408, 'The request body did not arrive in time.')), timeoutMs);
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) stop(tooLarge());
      else chunks.push(chunk);
    });
    req.on('end', () => {
      clearTimeout(timer);
      resolve(Buffer.concat(chunks));
    });
    req.on('error', () => stop(new HttpError(400, 'The request body could not be read.')));
  });
}

interface EventInput {
  name: string;
  data: string;
  channels: string[];
  socketId?: string;
  info?: string;
}

interface EventLimits {
  maxMessageSize: number;
  maxEventNameLength: number;
  maxEventChannels: number;
  maxChannelNameLength: number;
}

function parseEvent(item: unknown, limits: EventLimits): EventInput {
  if (!item || typeof item !== 'object') throw new HttpError(400, 'Event must be an object.');
  const e = item as Record<string, unknown>;
  const { maxMessageSize, maxEventNameLength, maxEventChannels, maxChannelNameLength } = limits;
  if (typeof e.name !== 'string' || e.name === '') throw new HttpError(400, 'name must be a non-empty string.');
  if (e.name.length > maxEventNameLength) throw new HttpError(400, `Event name is too long: at most ${maxEventNameLength} characters.`);
  if (typeof e.data !== 'string') throw new HttpError(400, 'data must be a string.');
  const channels = Array.isArray(e.channels) ? e.channels : e.channel !== undefined ? [e.channel] : [];
  if (channels.length === 0) throw new HttpError(400, 'channel or channels is required.');
  if (channels.length > maxEventChannels) throw new HttpError(400, `Too many channels: at most ${maxEventChannels} per event.`);
  for (const c of channels) {
    if (typeof c === 'string' && c.length > maxChannelNameLength) throw new HttpError(400, `Channel name is too long: at most ${maxChannelNameLength} characters.`);
    if (!isValidChannelName(c, maxChannelNameLength)) throw new HttpError(400, `Invalid channel name: ${String(c).slice(0, 200)}`);
  }
  if (Buffer.byteLength(e.data) > maxMessageSize) throw new HttpError(413, `Event data is too large: at most ${maxMessageSize} bytes.`);
  if (e.socket_id !== undefined && (typeof e.socket_id !== 'string' || !SOCKET_ID_RE.test(e.socket_id))) throw new HttpError(400, 'Invalid socket_id.');
  if (e.info !== undefined && typeof e.info !== 'string') throw new HttpError(400, 'info must be a string.');
  return { name: e.name, data: e.data, channels: channels as string[], socketId: e.socket_id as string | undefined, info: e.info as string | undefined };
}

function parseJson(body: Buffer): unknown {
  try {
    return JSON.parse(body.toString('utf8'));
  } catch {
    throw new HttpError(400, 'Body must be JSON.');
  }
}

function unlessUnavailable(err: unknown): void {
  if (!(err instanceof ScalingUnavailable)) throw err;
}

/** Keyed by channel name: a null-prototype object, so a channel named `__proto__` is just a key. */
function byChannel(): Record<string, unknown> {
  return Object.create(null) as Record<string, unknown>;
}

function infoFields(info: string | null | undefined): Set<string> {
  return new Set(
    (info ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
  );
}

async function channelInfo(hub: Hub, channel: string, fields: Set<string>): Promise<Record<string, unknown>> {
  const out: Record<string, unknown> = {};
  if (fields.has('user_count') && !isPresence(channel)) throw new HttpError(400, 'user_count is only available for presence channels.');
  const subscriptions = await hub.scaling.subscriptionCount(channel);
  if (fields.has('occupied')) out.occupied = subscriptions > 0;
  if (fields.has('subscription_count')) out.subscription_count = subscriptions;
  if (fields.has('user_count')) out.user_count = await hub.scaling.userCount(channel);
  return out;
}

async function trigger(hub: Hub, e: EventInput): Promise<Record<string, unknown> | null> {
  for (const channel of e.channels) {
    const frame = JSON.stringify({ event: e.name, data: e.data, channel });
    // Without Redis the event still reaches this node's subscribers; only the cached copy is lost.
    if (isCache(channel)) await hub.scaling.setCache(channel, frame).catch(unlessUnavailable);
    hub.broadcast(channel, frame, e.socketId);
  }
  if (!e.info) return null;
  const fields = infoFields(e.info);
  const channels = byChannel();
  for (const channel of e.channels) {
    const f = new Set([...fields].filter((x) => x !== 'user_count' || isPresence(channel)));
    channels[channel] = await channelInfo(hub, channel, f);
  }
  return channels;
}

type Route = (hub: Hub, ctx: { method: string; rest: string[]; query: URLSearchParams; body: Buffer }) => Promise<[number, unknown]>;

const routes: Route = async (hub, { method, rest, query, body }) => {
  const [first, second, third] = rest;
  const limits = hub.opts;
  const expect = (m: string) => {
    if (method !== m) throw new HttpError(405, 'Method not allowed.');
  };
  if (first === 'events' && rest.length === 1) {
    expect('POST');
    const info = await trigger(hub, parseEvent(parseJson(body), limits));
    return [200, info ? { channels: info } : {}];
  }
  if (first === 'batch_events' && rest.length === 1) {
    expect('POST');
    const parsed = parseJson(body);
    const batch = parsed && typeof parsed === 'object' ? (parsed as { batch?: unknown }).batch : undefined;
    if (!Array.isArray(batch)) throw new HttpError(400, 'batch must be an array.');
    if (batch.length > MAX_BATCH) throw new HttpError(400, `At most ${MAX_BATCH} events per batch.`);
    const events = batch.map((item) => parseEvent(item, limits));
    const infos: Record<string, unknown>[] = [];
    for (const e of events) {
      const info = await trigger(hub, e);
      infos.push(info ? (info[e.channels[0]] as Record<string, unknown>) : {});
    }
    return [200, { batch: infos.some((i) => Object.keys(i).length) ? infos : {} }];
  }
  if (first === 'channels' && rest.length === 1) {
    expect('GET');
    const prefix = query.get('filter_by_prefix') ?? '';
    const fields = infoFields(query.get('info'));
    if (fields.has('user_count') && !prefix.startsWith('presence-')) throw new HttpError(400, 'user_count requires filter_by_prefix=presence-.');
    const channels = byChannel();
    for (const [name, count] of await hub.scaling.channelCounts()) {
      if (count <= 0 || isServerToUser(name) || !name.startsWith(prefix)) continue;
      channels[name] = fields.has('user_count') ? { user_count: await hub.scaling.userCount(name) } : {};
    }
    return [200, { channels }];
  }
  if (first === 'channels' && second !== undefined && (rest.length === 2 || (rest.length === 3 && third === 'users'))) {
    expect('GET');
    const channel = safeDecode(second);
    if (!isValidChannelName(channel, hub.opts.maxChannelNameLength)) throw new HttpError(400, 'Invalid channel name.');
    if (rest.length === 3) {
      if (!isPresence(channel)) throw new HttpError(400, 'Users are only available for presence channels.');
      const members = await hub.scaling.presenceMembers(channel);
      return [200, { users: members.map((m) => ({ id: m.user_id })) }];
    }
    const fields = infoFields(query.get('info'));
    fields.add('occupied');
    return [200, await channelInfo(hub, channel, fields)];
  }
  if (first === 'users' && second !== undefined && third === 'terminate_connections' && rest.length === 3) {
    expect('POST');
    const userId = safeDecode(second);
    if (userId === null || userId === '') throw new HttpError(400, 'Invalid user id.');
    hub.terminateUser(userId);
    return [200, {}];
  }
  if (first === 'connections' && rest.length === 1) {
    expect('GET');
    return [200, { connections: await hub.scaling.connectionCount() }];
  }
  throw new HttpError(404, 'Not found.');
};

/** What a browser may do with the API once its origin is allowed. */
const PREFLIGHT = {
  'Access-Control-Allow-Methods': 'GET, POST, OPTIONS',
  'Access-Control-Allow-Headers': 'Content-Type, X-Pusher-Library, X-Requested-With',
  'Access-Control-Max-Age': '3600',
};
const EXPOSED = 'Retry-After, RateLimit-Limit, RateLimit-Remaining, RateLimit-Reset, X-RateLimit-Limit, X-RateLimit-Remaining';

/**
 * CORS headers for a request from `origin` when the app admits it: `*` for an app open to all, else the
 * origin itself (it matched a pattern) with Vary: Origin. Null when the origin is not admitted.
 */
function corsHeaders(allowed: string[], origin: string): Record<string, string> | null {
  if (allowed.includes('*')) return { 'Access-Control-Allow-Origin': '*', 'Access-Control-Expose-Headers': EXPOSED };
  if (!originAllowed(allowed, origin)) return null;
  return { 'Access-Control-Allow-Origin': origin, Vary: 'Origin', 'Access-Control-Expose-Headers': EXPOSED };
}

/** The apps the HTTP API answers for, by id; `fallback` counts requests that name none. */
export interface HttpApps {
  apps: ReadonlyMap<string, { hub: Hub; limiter: HttpRateLimiter }>;
  fallback: Hub;
  /** The path without REVERB_SERVER_PATH's prefix. */
  withoutPrefix: (path: string) => string;
  /** False once the node drains (SIGTERM): /ready answers 503 so a load balancer sends elsewhere. */
  ready: () => boolean;
}

/** Every error ends here: 4xx for what the client sent, 503 while Redis is away, 500 (no details) for bugs. */
export async function handleHttp({ apps, fallback, withoutPrefix, ready }: HttpApps, req: IncomingMessage, res: ServerResponse): Promise<void> {
  let hub = fallback;
  let counted = false;
  const count = (on: Hub) => {
    if (!counted) on.stats.httpRequests += 1;
    counted = true;
  };
  /** Headers every answer of this request carries from the point they are known (CORS, rate limit). */
  const extra: Record<string, string> = {};
  try {
    const method = (req.method ?? 'GET').toUpperCase();
    const target = parseTarget(req.url);
    if (!target) throw new HttpError(400, 'Malformed request target.');
    const path = withoutPrefix(target.path);
    if (path === '/' || path === '/up') {
      count(hub);
      return send(res, 200, { health: 'OK' });
    }
    if (path === '/ready') {
      count(hub);
      return ready() ? send(res, 200, { ready: true }) : sendError(res, 503, 'This node is draining: connect to another one.');
    }
    const parts = path.split('/').filter(Boolean);
    if (parts[0] !== 'apps' || parts.length < 3) throw new HttpError(404, 'Not found.');
    const appId = safeDecode(parts[1]);
    if (appId === null) throw new HttpError(400, 'Malformed URL escape in the app id.');
    const app = apps.get(appId);
    if (!app) throw new HttpError(404, `No matching application for ID [${appId.slice(0, 100)}].`);
    hub = app.hub;
    count(hub);
    // A browser's origin must be one the app admits; a server-side caller sends none. Never echo another.
    const origin = req.headers.origin;
    if (origin !== undefined) {
      const cors = corsHeaders(hub.opts.httpAllowedOrigins, origin);
      if (!cors) throw new HttpError(403, 'Origin not allowed.');
      Object.assign(extra, cors);
    }
    if (method === 'OPTIONS') {
      res.writeHead(204, { ...extra, ...(origin === undefined ? {} : PREFLIGHT), Allow: 'GET, POST, OPTIONS' });
      return void res.end();
    }
    if (!hub.opts.enabled) throw new HttpError(403, 'Application is disabled.');
    const body = await readBody(req, hub.opts.maxRequestSize, hub.opts.requestTimeoutMs);
    hub.stats.httpBytesIn += body.length;
    const auth = verifyApiSignature({ key: hub.opts.key, secret: hub.opts.secret }, method, target.path, target.query, body);
    if (!auth.ok) throw new HttpError(401, auth.reason);
    // Counted once signed: an unsigned flood cannot spend an app's allowance.
    const verdict = await app.limiter.take();
    if (verdict) Object.assign(extra, verdict.headers);
    if (verdict && !verdict.ok) throw new HttpError(429, 'Too many requests.');
    const [status, payload] = await routes(hub, { method, rest: parts.slice(2), query: target.query, body });
    send(res, status, payload, false, extra);
  } catch (e) {
    // A 413 or 408 leaves the rest of the body unread: close the connection rather than parse it as the next request.
    count(hub);
    if (e instanceof HttpError) return sendError(res, e.status, e.message, e.status === 413 || e.status === 408, extra);
    if (e instanceof ScalingUnavailable) return sendError(res, 503, 'The realtime server cannot reach its shared store; try again shortly.', false, extra);
    logSafely(hub.opts.logger, 'error', 'realtime http api error', describeError(e));
    sendError(res, 500, 'Internal server error.', false, extra);
  }
}

/** The Pusher HTTP API (publishing and channel queries), signed with the app secret, plus GET /up. */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Hub } from './hub';
import { SOCKET_ID_RE, isCache, isPresence, isServerToUser, isValidChannelName } from './protocol';
import { verifyApiSignature } from './signature';

class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

const MAX_CHANNELS = 100;

function send(res: ServerResponse, status: number, body: unknown): void {
  const json = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(json) });
  res.end(json);
}

function readBody(req: IncomingMessage, limit: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= limit) chunks.push(chunk);
    });
    req.on('end', () => (size > limit ? reject(new HttpError(413, 'Request body too large.')) : resolve(Buffer.concat(chunks))));
    req.on('error', reject);
  });
}

interface EventInput {
  name: string;
  data: string;
  channels: string[];
  socketId?: string;
  info?: string;
}

function parseEvent(item: unknown, maxDataBytes: number): EventInput {
  if (!item || typeof item !== 'object') throw new HttpError(400, 'Event must be an object.');
  const e = item as Record<string, unknown>;
  if (typeof e.name !== 'string' || e.name === '' || e.name.length > 200) throw new HttpError(400, 'name must be a string of 1-200 characters.');
  if (typeof e.data !== 'string') throw new HttpError(400, 'data must be a string.');
  const channels = Array.isArray(e.channels) ? e.channels : e.channel !== undefined ? [e.channel] : [];
  if (channels.length === 0) throw new HttpError(400, 'channel or channels is required.');
  if (channels.length > MAX_CHANNELS) throw new HttpError(400, `At most ${MAX_CHANNELS} channels per event.`);
  for (const c of channels) if (!isValidChannelName(c)) throw new HttpError(400, `Invalid channel name: ${String(c)}`);
  if (Buffer.byteLength(e.data) > maxDataBytes) throw new HttpError(413, `Event data is larger than ${maxDataBytes} bytes.`);
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

function infoFields(info: string | null | undefined): Set<string> {
  return new Set((info ?? '').split(',').map((s) => s.trim()).filter(Boolean));
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
    if (isCache(channel)) await hub.scaling.setCache(channel, frame);
    hub.broadcast(channel, frame, e.socketId);
  }
  if (!e.info) return null;
  const fields = infoFields(e.info);
  const channels: Record<string, unknown> = {};
  for (const channel of e.channels) {
    const f = new Set([...fields].filter((x) => x !== 'user_count' || isPresence(channel)));
    channels[channel] = await channelInfo(hub, channel, f);
  }
  return channels;
}

type Route = (hub: Hub, ctx: { method: string; rest: string[]; query: URLSearchParams; body: Buffer }) => Promise<[number, unknown]>;

const routes: Route = async (hub, { method, rest, query, body }) => {
  const [first, second, third] = rest;
  const max = hub.opts.maxMessageSize;
  const expect = (m: string) => {
    if (method !== m) throw new HttpError(405, 'Method not allowed.');
  };
  if (first === 'events' && rest.length === 1) {
    expect('POST');
    const info = await trigger(hub, parseEvent(parseJson(body), max));
    return [200, info ? { channels: info } : {}];
  }
  if (first === 'batch_events' && rest.length === 1) {
    expect('POST');
    const batch = (parseJson(body) as { batch?: unknown }).batch;
    if (!Array.isArray(batch)) throw new HttpError(400, 'batch must be an array.');
    const events = batch.map((item) => parseEvent(item, max));
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
    const channels: Record<string, unknown> = {};
    for (const [name, count] of await hub.scaling.channelCounts()) {
      if (count <= 0 || isServerToUser(name) || !name.startsWith(prefix)) continue;
      channels[name] = fields.has('user_count') ? { user_count: await hub.scaling.userCount(name) } : {};
    }
    return [200, { channels }];
  }
  if (first === 'channels' && second !== undefined && (rest.length === 2 || (rest.length === 3 && third === 'users'))) {
    expect('GET');
    const channel = decodeURIComponent(second);
    if (!isValidChannelName(channel)) throw new HttpError(400, 'Invalid channel name.');
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
    hub.terminateUser(decodeURIComponent(second));
    return [200, {}];
  }
  if (first === 'connections' && rest.length === 1) {
    expect('GET');
    return [200, { connections: await hub.scaling.connectionCount() }];
  }
  throw new HttpError(404, 'Not found.');
};

export async function handleHttp(hub: Hub, req: IncomingMessage, res: ServerResponse): Promise<void> {
  try {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const method = (req.method ?? 'GET').toUpperCase();
    if (url.pathname === '/up') return send(res, 200, { health: 'OK' });
    const parts = url.pathname.split('/').filter(Boolean);
    if (parts[0] !== 'apps' || parts.length < 3) throw new HttpError(404, 'Not found.');
    if (decodeURIComponent(parts[1]) !== hub.opts.appId) throw new HttpError(404, `No matching application for ID [${parts[1]}].`);
    const body = await readBody(req, Math.max(1_000_000, hub.opts.maxMessageSize * 110));
    const auth = verifyApiSignature({ key: hub.opts.key, secret: hub.opts.secret }, method, url.pathname, url.searchParams, body);
    if (!auth.ok) throw new HttpError(401, auth.reason);
    const [status, payload] = await routes(hub, { method, rest: parts.slice(2), query: url.searchParams, body });
    send(res, status, payload);
  } catch (e) {
    if (e instanceof HttpError) return send(res, e.status, { error: e.message });
    hub.opts.logger.error('realtime http api error', e instanceof Error ? e.message : e);
    if (!res.headersSent) send(res, 500, { error: 'Internal server error.' });
  }
}

/**
 * Issue #26, soketi's operator features on the HTTP side (ADR 0034): the request size limit, the rate limit per
 * app, CORS per app, error bodies with a code, /, /up and /ready with the draining sequence, and /usage beside
 * the Prometheus metrics. With the `pusher` SDK, fetch (a browser's Origin and preflight) and raw TCP for the attacks.
 */
import { createHash, createHmac } from 'node:crypto';
import { connect } from 'node:net';
import PusherServer from 'pusher';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config';
import { parseApps } from '../../server/realtime/apps';
import { HttpRateLimiter } from '../../server/realtime/http-rate-limit';
import { realtimeOptionsFromConfig } from '../../server/realtime/from-config';
import { ScalingUnavailable } from '../../server/realtime/scaling';
import { createRealtimeServer, type RealtimeOptions, type RealtimeServer } from '../../server/realtime/index';
import { largestLegitimateRequest, resolveApps } from '../../server/realtime/options';
import { APP, Opened, RawClient, connected, nextEvent, sdkFor, sleep, subscribed } from './helpers';

const opened = new Opened();
afterEach(() => opened.closeAll());

const CRM = { appId: 'crm', key: 'crm-key', secret: 'crm-secret-0123456789' } as const;
const sdkOf = (port: number, app: { appId: string; key: string; secret: string }) => new PusherServer({ ...app, host: '127.0.0.1', port: String(port), useTLS: false });

/** The status and parsed body of an SDK call that fails (or 200 and the body when it does not). */
async function outcome(p: Promise<{ status: number; json(): Promise<unknown> }>): Promise<{ status: number; body: any }> {
  try {
    const res = await p;
    return { status: res.status, body: await res.json() };
  } catch (e) {
    const err = e as { status?: number; body?: string };
    return { status: err.status ?? -1, body: err.body ? JSON.parse(err.body) : undefined };
  }
}

/** A raw HTTP/1.1 exchange: writes `head` (+ `body`), optionally keeps the socket open, answers what came back and whether the server closed it. */
function rawHttp(port: number, text: string, waitMs = 3000): Promise<{ reply: string; closedByServer: boolean; ms: number }> {
  return new Promise((resolve) => {
    const started = Date.now();
    const socket = connect(port, '127.0.0.1');
    let reply = '';
    let closedByServer = false;
    const done = () => {
      clearTimeout(timer);
      socket.destroy();
      resolve({ reply, closedByServer, ms: Date.now() - started });
    };
    const timer = setTimeout(done, waitMs);
    socket.on('data', (d) => (reply += d.toString('latin1')));
    socket.on('end', () => {
      closedByServer = true;
      done();
    });
    socket.on('error', done);
    socket.write(text);
  });
}

/** Pusher's request signature with the test app's secret (as the SDK signs). */
const sign = (method: string, path: string, qs: string) => createHmac('sha256', APP.secret).update(`${method}\n${path}\n${qs}`).digest('hex');

/** A signed POST to /events, as a target for raw bytes (the test decides the framing: Content-Length, chunked, stalled) or fetch. */
function signedEventsTarget(body: string): string {
  const params: Record<string, string> = { auth_key: APP.key, auth_timestamp: String(Math.floor(Date.now() / 1000)), auth_version: '1.0', body_md5: createHash('md5').update(body).digest('hex') };
  const qs = Object.keys(params)
    .sort()
    .map((k) => `${k}=${params[k]}`)
    .join('&');
  const path = `/apps/${APP.appId}/events`;
  return `${path}?${qs}&auth_signature=${sign('POST', path, qs)}`;
}

async function server(over: Partial<RealtimeOptions> = {}): Promise<{ port: number; metricsPort?: number; sdk: PusherServer; srv: RealtimeServer }> {
  const srv = createRealtimeServer({ ...APP, host: '127.0.0.1', port: 0, allowedOrigins: ['*'], maxMessageSize: 10_000, activityTimeout: 30, ...over });
  const { port, metricsPort } = await srv.start();
  opened.add(srv, (s) => s.stop());
  return { port, metricsPort, sdk: sdkFor(port), srv };
}

const event = (data: string) => ({ channel: 'size', name: 'e', data });

describe('request size limit (REVERB_MAX_REQUEST_SIZE)', () => {
  it("admits by default the SDK's largest legitimate request: ten events of 10 KB, escaped", async () => {
    const { sdk } = await server();
    // Quotes double when JSON-escaped: 10 events of 9 999 bytes of data are a ~200 KB body.
    const res = await outcome(sdk.triggerBatch(Array.from({ length: 10 }, () => event('"'.repeat(9_999)))));
    expect(res).toEqual({ status: 200, body: { batch: {} } });
    expect(largestLegitimateRequest({ maxMessageSize: 10_000, maxEventChannels: 100, maxChannelNameLength: 200, maxEventNameLength: 200 })).toBe(407_000);
    expect(resolveApps({ ...APP, host: '', port: 0, allowedOrigins: [], maxMessageSize: 10_000, activityTimeout: 30 })[0].maxRequestSize).toBe(407_000);
  });

  it("with Reverb's 10 000 set, refuses a batch of ten 1 KB events with 413 and a code, as Reverb does", async () => {
    const { sdk } = await server({ maxRequestSize: 10_000 });
    expect(await outcome(sdk.triggerBatch(Array.from({ length: 10 }, () => event('x'.repeat(1_000)))))).toEqual({
      status: 413,
      body: { error: 'Request body too large: at most 10000 bytes.', code: 413 },
    });
    expect((await outcome(sdk.triggerBatch(Array.from({ length: 9 }, () => event('x'.repeat(1_000)))))).status).toBe(200);
  });

  it('holds per app (max_request_size in REVERB_APPS)', async () => {
    const [crm] = parseApps(JSON.stringify([{ app_id: CRM.appId, key: CRM.key, secret: CRM.secret, max_request_size: 500 }]), 'REVERB_APPS');
    expect(crm.maxRequestSize).toBe(500);
    const { port, sdk } = await server({ apps: [crm] });
    expect((await outcome(sdkOf(port, CRM).trigger('c', 'e', 'x'.repeat(600)))).status).toBe(413);
    expect((await outcome(sdk.trigger('c', 'e', 'x'.repeat(600)))).status).toBe(200);
  });

  it('attack: an announced oversized body is refused before it is read, and the connection closed', async () => {
    const { port } = await server({ maxRequestSize: 1_000 });
    const target = signedEventsTarget('x');
    const res = await rawHttp(port, `POST ${target} HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 50000000\r\n\r\n${'x'.repeat(2000)}`);
    expect(res.reply).toMatch(/^HTTP\/1\.1 413 /);
    expect(res.reply).toMatch(/connection: close/i);
    expect(res.reply).toContain('"code":413');
    expect(res.closedByServer).toBe(true);
  });

  it('attack: a chunked body that grows past the limit is cut with 413', async () => {
    const { port } = await server({ maxRequestSize: 1_000 });
    const chunk = 'y'.repeat(800);
    const chunked = `${(800).toString(16)}\r\n${chunk}\r\n`.repeat(3);
    const res = await rawHttp(port, `POST ${signedEventsTarget('x')} HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n${chunked}`);
    expect(res.reply).toMatch(/^HTTP\/1\.1 413 /);
    expect(res.closedByServer).toBe(true);
  });

  it('attack: a body that never finishes is answered 408 and cut after requestTimeoutMs', async () => {
    const { port } = await server({ requestTimeoutMs: 300 });
    const res = await rawHttp(port, `POST ${signedEventsTarget('x')} HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"name":`, 5000);
    expect(res.reply).toMatch(/^HTTP\/1\.1 408 /);
    expect(res.reply).toContain('{"error":"The request body did not arrive in time.","code":408}');
    expect(res.closedByServer).toBe(true);
    expect(res.ms).toBeGreaterThanOrEqual(250);
    expect(res.ms).toBeLessThan(2500);
  });
});

/** Waits for the start of a fresh second, so a burst falls in one window of the fixed-window limiter. */
async function freshSecond(): Promise<void> {
  while (Date.now() % 1000 > 50) await sleep(Math.max(1, 1000 - (Date.now() % 1000)));
}

describe('rate limit per app (REVERB_APP_HTTP_RATE_LIMIT)', () => {
  it('answers 429 with Retry-After and RateLimit headers past the limit, then admits again in the next second', async () => {
    const { port } = await server({ httpRateLimit: 5 });
    const signedUrl = () => {
      // GET /channels signed, sent with fetch so the headers can be read.
      const qs = `auth_key=${APP.key}&auth_timestamp=${Math.floor(Date.now() / 1000)}&auth_version=1.0`;
      const path = `/apps/${APP.appId}/channels`;
      return `http://127.0.0.1:${port}${path}?${qs}&auth_signature=${sign('GET', path, qs)}`;
    };
    // Unsigned requests are refused before they are counted: they cannot spend the app's allowance.
    await freshSecond();
    for (let i = 0; i < 10; i++) expect((await fetch(`http://127.0.0.1:${port}/apps/${APP.appId}/channels`)).status).toBe(401);
    const answers = await Promise.all(Array.from({ length: 8 }, () => fetch(signedUrl())));
    const statuses = answers.map((r) => r.status).sort();
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429, 429, 429]);
    const ok = answers.find((r) => r.status === 200)!;
    expect(ok.headers.get('ratelimit-limit')).toBe('5');
    expect(ok.headers.get('x-ratelimit-limit')).toBe('5');
    const refused = answers.find((r) => r.status === 429)!;
    expect(await refused.json()).toEqual({ error: 'Too many requests.', code: 429 });
    expect(refused.headers.get('ratelimit-remaining')).toBe('0');
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(1);
    await sleep(retryAfter * 1000);
    expect((await fetch(signedUrl())).status).toBe(200);
  });

  it('is per app: one app over its limit does not hold back another (http_rate_limit in REVERB_APPS, 0 = none)', async () => {
    const [crm] = parseApps(JSON.stringify([{ app_id: CRM.appId, key: CRM.key, secret: CRM.secret, http_rate_limit: 0 }]), 'REVERB_APPS');
    const { port, sdk } = await server({ httpRateLimit: 2, apps: [crm] });
    await freshSecond();
    const mine = await Promise.all(Array.from({ length: 4 }, () => outcome(sdk.trigger('a', 'e', {}))));
    expect(mine.map((r) => r.status).sort()).toEqual([200, 200, 429, 429]);
    const theirs = await Promise.all(Array.from({ length: 20 }, () => outcome(sdkOf(port, CRM).trigger('a', 'e', {}))));
    expect(theirs.every((r) => r.status === 200)).toBe(true);
  });

  // As tests/realtime/scaling-redis.test.ts: with REDIS_URL (CI sets it, and fails a skipped test).
  it.skipIf(!process.env.REDIS_URL)('with Redis, counts over every node', async () => {
    const scaling = { redisUrl: process.env.REDIS_URL, redisKeyPrefix: `rt-http-${process.pid}-${Date.now()}`, httpRateLimit: 4 };
    const a = await server(scaling);
    const b = await server(scaling);
    await freshSecond();
    const all = await Promise.all([...Array.from({ length: 3 }, () => outcome(a.sdk.trigger('n', 'e', {}))), ...Array.from({ length: 3 }, () => outcome(b.sdk.trigger('n', 'e', {})))]);
    expect(all.filter((r) => r.status === 200)).toHaveLength(4);
    expect(all.filter((r) => r.status === 429)).toHaveLength(2);
  });
});

describe('the limiter and the variables', () => {
  it('counts a fixed window of one second, and each node alone while the shared store is away', async () => {
    let shared = 0;
    let away = false;
    const limiter = new HttpRateLimiter(2, async () => {
      if (away) throw new ScalingUnavailable();
      return ++shared;
    });
    const at = 5_000_250; // a quarter into a second
    expect((await limiter.take(at))?.ok).toBe(true);
    expect((await limiter.take(at))?.ok).toBe(true);
    const refused = await limiter.take(at);
    expect(refused).toEqual({ ok: false, headers: expect.objectContaining({ 'Retry-After': '1', 'RateLimit-Remaining': '0', 'RateLimit-Reset': '1' }) });
    // Redis away: this node's own count holds (it had counted nothing itself in this window).
    away = true;
    expect((await limiter.take(at + 1000))?.ok).toBe(true);
    expect((await limiter.take(at + 1000))?.ok).toBe(true);
    expect((await limiter.take(at + 1000))?.ok).toBe(false);
    expect(await new HttpRateLimiter(0).take()).toBeNull();
  });

  it('reads REVERB_APP_HTTP_RATE_LIMIT, REVERB_APP_HTTP_ALLOWED_ORIGINS, REVERB_MAX_REQUEST_SIZE and REVERB_DRAIN_SECONDS', () => {
    const config = loadConfig({
      REVERB_APP_HTTP_RATE_LIMIT: '50',
      REVERB_APP_HTTP_ALLOWED_ORIGINS: 'admin.example.com, *.tools.example.com',
      REVERB_MAX_REQUEST_SIZE: '20000',
      REVERB_ALLOWED_ORIGINS: 'app.example.com',
      REVERB_DRAIN_SECONDS: '12',
    });
    expect(config.REVERB_DRAIN_SECONDS).toBe(12);
    const [app] = resolveApps({ ...realtimeOptionsFromConfig(config), secret: 'a-secret-for-this-test' });
    expect(app).toMatchObject({ httpRateLimit: 50, httpAllowedOrigins: ['admin.example.com', '*.tools.example.com'], maxRequestSize: 20_000, allowedOrigins: ['app.example.com'] });
    const [byDefault] = resolveApps({ ...realtimeOptionsFromConfig(loadConfig({ REVERB_ALLOWED_ORIGINS: 'app.example.com' })), secret: 'a-secret-for-this-test' });
    expect(byDefault).toMatchObject({ httpRateLimit: 1000, httpAllowedOrigins: ['app.example.com'], maxRequestSize: 407_000, requestTimeoutMs: 10_000 });
    expect(loadConfig({}).REVERB_DRAIN_SECONDS).toBeUndefined();
    expect(() => loadConfig({ REVERB_APP_HTTP_RATE_LIMIT: '-1' })).toThrow(/REVERB_APP_HTTP_RATE_LIMIT/);
  });
});

describe('CORS per app', () => {
  const preflight = (port: number, origin: string, path = `/apps/${APP.appId}/events`) =>
    fetch(`http://127.0.0.1:${port}${path}?auth_key=x`, {
      method: 'OPTIONS',
      headers: { Origin: origin, 'Access-Control-Request-Method': 'POST', 'Access-Control-Request-Headers': 'content-type' },
    });

  it("answers a browser's preflight from an allowed origin, and its request, with that origin (default: allowed_origins)", async () => {
    const { port } = await server({ allowedOrigins: ['app.example.com'] });
    const pre = await preflight(port, 'https://app.example.com');
    expect(pre.status).toBe(204);
    expect(pre.headers.get('access-control-allow-origin')).toBe('https://app.example.com');
    expect(pre.headers.get('vary')).toBe('Origin');
    expect(pre.headers.get('access-control-allow-methods')).toBe('GET, POST, OPTIONS');
    expect(pre.headers.get('access-control-allow-headers')).toMatch(/Content-Type/);
    expect(pre.headers.get('access-control-max-age')).toBe('3600');
    // The request itself, signed, from the browser: answered with the origin, its error answers too.
    const body = JSON.stringify({ name: 'e', data: '{}', channel: 'cors' });
    const ok = await fetch(`http://127.0.0.1:${port}${signedEventsTarget(body)}`, { method: 'POST', body, headers: { Origin: 'https://app.example.com', 'Content-Type': 'application/json' } });
    expect(ok.status).toBe(200);
    expect(ok.headers.get('access-control-allow-origin')).toBe('https://app.example.com');
    expect(ok.headers.get('access-control-expose-headers')).toMatch(/Retry-After/);
    const unsigned = await fetch(`http://127.0.0.1:${port}/apps/${APP.appId}/channels`, { headers: { Origin: 'https://app.example.com' } });
    expect(unsigned.status).toBe(401);
    expect(unsigned.headers.get('access-control-allow-origin')).toBe('https://app.example.com');
    expect(await unsigned.json()).toMatchObject({ code: 401 });
  });

  it('attack: never reflects an origin that is not allowed (preflight and request refused with 403, nothing delivered)', async () => {
    const { port, sdk } = await server({ allowedOrigins: ['app.example.com'] });
    const listener = await opened.raw(port, { headers: { Origin: 'https://app.example.com' } });
    await listener.subscribe('cors');
    for (const hostile of ['https://evil.example.net', 'https://app.example.com.evil.io', 'null']) {
      const pre = await preflight(port, hostile);
      expect(pre.status).toBe(403);
      expect(pre.headers.get('access-control-allow-origin')).toBeNull();
      expect(await pre.json()).toEqual({ error: 'Origin not allowed.', code: 403 });
      const body = JSON.stringify({ name: 'forged', data: '{}', channel: 'cors' });
      const res = await fetch(`http://127.0.0.1:${port}${signedEventsTarget(body)}`, { method: 'POST', body, headers: { Origin: hostile, 'Content-Type': 'text/plain' } });
      expect(res.status).toBe(403);
      expect(res.headers.get('access-control-allow-origin')).toBeNull();
    }
    expect(await listener.none('forged')).toEqual([]);
    // A server-side caller sends no Origin: unaffected.
    expect((await outcome(sdk.trigger('cors', 'server-side', {}))).status).toBe(200);
    await listener.next('server-side');
  });

  it("answers `*` for an app open to all, and honours http_allowed_origins apart from the websocket's", async () => {
    const [crm] = parseApps(
      JSON.stringify([{ app_id: CRM.appId, key: CRM.key, secret: CRM.secret, allowed_origins: ['app.example.com'], http_allowed_origins: ['admin.example.com'] }]),
      'REVERB_APPS',
    );
    const { port } = await server({ apps: [crm] });
    const open = await preflight(port, 'https://anything.example.org');
    expect(open.status).toBe(204);
    expect(open.headers.get('access-control-allow-origin')).toBe('*');
    expect((await preflight(port, 'https://admin.example.com', `/apps/${CRM.appId}/events`)).headers.get('access-control-allow-origin')).toBe('https://admin.example.com');
    expect((await preflight(port, 'https://app.example.com', `/apps/${CRM.appId}/events`)).status).toBe(403);
    // Unknown app: 404 with a code, no CORS headers.
    const unknown = await preflight(port, 'https://app.example.com', '/apps/nobody/events');
    expect(unknown.status).toBe(404);
    expect(unknown.headers.get('access-control-allow-origin')).toBeNull();
  });
});

describe('error bodies with a code', () => {
  it('answers every HTTP API error as { error, code } with the HTTP status as code', async () => {
    const { port, sdk } = await server({ apps: [{ appId: 'off', key: 'off-key', secret: 'off-secret', enabled: false }] });
    const cases: [Promise<any>, number][] = [
      [sdkOf(port, { ...APP, appId: 'nobody' }).trigger('a', 'e', {}), 404],
      [sdkOf(port, { ...APP, secret: 'wrong' }).trigger('a', 'e', {}), 401],
      [sdk.get({ path: '/events' }), 405],
      [sdk.get({ path: '/nothing' }), 404],
      [sdk.get({ path: '/channels/private-x/users' }), 400],
      [sdk.trigger('a', 'e', 'x'.repeat(10_001)), 413],
      [sdkOf(port, { appId: 'off', key: 'off-key', secret: 'off-secret' }).trigger('a', 'e', {}), 403],
    ];
    for (const [call, status] of cases) {
      const res = await outcome(call);
      expect(res.status).toBe(status);
      expect(res.body).toEqual({ error: expect.any(String), code: status });
    }
    const broken = await fetch(`http://127.0.0.1:${port}${signedEventsTarget('{not json')}`, { method: 'POST', body: '{not json' });
    expect(await broken.json()).toEqual({ error: 'Body must be JSON.', code: 400 });
  });
});

describe('health and draining', () => {
  it('answers GET / and /up 200, and /ready 200 while serving', async () => {
    const { port } = await server({ path: '/reverb' });
    for (const path of ['/', '/up', '/reverb/up', '/reverb']) expect((await fetch(`http://127.0.0.1:${port}${path}`)).status).toBe(200);
    const ready = await fetch(`http://127.0.0.1:${port}/ready`);
    expect([ready.status, await ready.json()]).toEqual([200, { ready: true }]);
  });

  it('drain(): /ready 503 and new connections refused (4100) at once, open ones served until the end, then closed with 4200', async () => {
    const { port, metricsPort, sdk, srv } = await server({ metricsPort: 0 });
    const client = opened.pusher(port, sdk);
    await connected(client);
    const channel = client.subscribe('news');
    await subscribed(channel);
    const raw = await RawClient.open(port);
    const started = Date.now();
    const drained = srv.drain(800);
    expect(srv.ready).toBe(false);
    const ready = await fetch(`http://127.0.0.1:${port}/ready`);
    expect([ready.status, await ready.json()]).toEqual([503, { error: 'This node is draining: connect to another one.', code: 503 }]);
    expect((await fetch(`http://127.0.0.1:${metricsPort}/ready`)).status).toBe(503);
    expect((await fetch(`http://127.0.0.1:${port}/up`)).status).toBe(200);
    // A new connection: told to try again after a backoff (elsewhere, once the balancer has read /ready).
    const late = await RawClient.open(port, { waitEstablished: false });
    expect((await late.next('pusher:error')).payload).toEqual({ code: 4100, message: 'Server shutting down: try again shortly' });
    expect((await late.closed).code).toBe(4100);
    // pusher-js backs off 1 s on 4100 rather than retrying in a loop (it did ~130 times a second on 4200).
    const refusals = async () => Number(/connections_refused_total\{reason="shutdown"\} (\d+)/.exec(await (await fetch(`http://127.0.0.1:${metricsPort}/metrics`)).text())?.[1] ?? 0);
    const before = await refusals();
    const newcomer = opened.pusher(port, sdk);
    await sleep(500);
    expect(newcomer.connection.state).not.toBe('connected');
    expect((await refusals()) - before).toBeLessThanOrEqual(2);
    // The open ones are still served, publishing included.
    const got = nextEvent(channel, 'still-here');
    expect((await outcome(sdk.trigger('news', 'still-here', { n: 1 }))).status).toBe(200);
    expect((await got).data).toEqual({ n: 1 });
    expect(raw.ws.readyState).toBe(raw.ws.OPEN);
    // Then closed with 4200 when the drain period is over, and the port closed.
    expect((await raw.closed).code).toBe(4200);
    expect(Date.now() - started).toBeGreaterThanOrEqual(750);
    await drained;
    await expect(fetch(`http://127.0.0.1:${port}/up`)).rejects.toThrow();
  });

  it('SIGTERM on `npm run reverb:start` drains for REVERB_DRAIN_SECONDS, then exits 0', async () => {
    const { spawnTsx, freePort, waitFor } = await import('../resilience/support/processes');
    const port = await freePort();
    const proc = spawnTsx('server/cli/reverb.ts', { REVERB_SERVER_HOST: '127.0.0.1', REVERB_SERVER_PORT: String(port), REVERB_DRAIN_SECONDS: '1', LOG_LEVEL: 'info' });
    try {
      await waitFor('the realtime server', async () => (await fetch(`http://127.0.0.1:${port}/ready`)).status === 200, 30_000);
      const client = await RawClient.open(port, { path: '/app/boardly-key?protocol=7' });
      const sent = Date.now();
      proc.child.kill('SIGTERM');
      await waitFor('/ready to answer 503', async () => (await fetch(`http://127.0.0.1:${port}/ready`)).status === 503, 3000, 20);
      expect((await client.closed).code).toBe(4200);
      expect(Date.now() - sent).toBeGreaterThanOrEqual(900);
      expect(await proc.exited).toEqual({ code: 0, signal: null });
      expect(proc.output()).toContain('after draining for 1 s');
    } finally {
      await proc.stop('SIGKILL');
    }
  }, 60_000);
});

describe('usage endpoint (metrics port)', () => {
  it("answers this node's connections, channels and messages per app, and soketi's memory block", async () => {
    const { port, metricsPort, sdk } = await server({ metricsPort: 0, apps: [CRM] });
    const a = await opened.raw(port);
    const b = await opened.raw(port);
    await a.subscribe('u-1');
    await b.subscribe('u-1');
    await b.subscribe('u-2');
    await sdk.trigger('u-1', 'hello', {});
    await a.next('hello');
    await b.next('hello');
    const res = await fetch(`http://127.0.0.1:${metricsPort}/usage`);
    expect(res.status).toBe(200);
    const usage = await res.json();
    expect(usage.ready).toBe(true);
    expect(usage.memory).toEqual({ free: expect.any(Number), used: expect.any(Number), total: expect.any(Number), percent: expect.any(Number) });
    expect(usage.apps[APP.appId]).toMatchObject({ connections: 2, channels: 2, messages_in: 3, http_requests: 1 });
    // connection_established ×2, subscription_succeeded ×3, hello ×2.
    expect(usage.apps[APP.appId].messages_out).toBe(7);
    expect(usage.apps[CRM.appId]).toMatchObject({ connections: 0, channels: 0, messages_in: 0, messages_out: 0 });
    expect((await fetch(`http://127.0.0.1:${metricsPort}/`)).status).toBe(200);
    expect((await fetch(`http://127.0.0.1:${metricsPort}/metrics`)).status).toBe(200);
    // Not on the public port: usage tells who is connected.
    expect((await fetch(`http://127.0.0.1:${port}/usage`)).status).toBe(404);
  });
});

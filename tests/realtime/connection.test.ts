import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { APP, RawClient, connected, pusherClient, sleep, startServer, type Running } from './helpers';

const clients: RawClient[] = [];
async function open(port: number, opts?: Parameters<typeof RawClient.open>[1]) {
  const c = await RawClient.open(port, opts);
  clients.push(c);
  return c;
}
afterEach(() => {
  for (const c of clients.splice(0)) c.close();
});

describe('connection handshake', () => {
  let srv: Running;
  beforeAll(async () => {
    srv = await startServer();
  });
  afterAll(() => srv.stop());

  it('sends pusher:connection_established with a socket id and activity_timeout as a JSON string', async () => {
    const c = await open(srv.port, { waitEstablished: false });
    const m = await c.next('pusher:connection_established');
    expect(typeof m.data).toBe('string');
    expect(m.payload).toEqual({ socket_id: expect.stringMatching(/^\d+\.\d+$/), activity_timeout: 30 });
  });

  it('connects pusher-js 8 unmodified and reports its socket id', async () => {
    const p = pusherClient(srv.port, srv.sdk);
    await connected(p);
    expect(p.connection.socket_id).toMatch(/^\d+\.\d+$/);
    p.disconnect();
  });

  it('rejects an unknown app key with pusher:error 4001 and closes with 4001', async () => {
    const c = await open(srv.port, { path: '/app/nope?protocol=7', waitEstablished: false });
    const m = await c.next('pusher:error');
    expect(m.payload).toEqual({ code: 4001, message: 'Application does not exist' });
    expect((await c.closed).code).toBe(4001);
  });

  it('rejects a missing protocol with 4008 and an unsupported one with 4007', async () => {
    const missing = await open(srv.port, { path: `/app/${APP.key}`, waitEstablished: false });
    expect((await missing.next('pusher:error')).payload.code).toBe(4008);
    expect((await missing.closed).code).toBe(4008);
    for (const v of ['4', '8', 'x']) {
      const bad = await open(srv.port, { path: `/app/${APP.key}?protocol=${v}`, waitEstablished: false });
      expect((await bad.next('pusher:error')).payload).toEqual({ code: 4007, message: 'Unsupported protocol version' });
      expect((await bad.closed).code).toBe(4007);
    }
  });

  it('accepts protocols 5, 6 and 7', async () => {
    for (const v of ['5', '6', '7']) {
      const c = await open(srv.port, { path: `/app/${APP.key}?protocol=${v}` });
      expect(c.socketId).toMatch(/^\d+\.\d+$/);
    }
  });

  it('answers 404 to an upgrade outside /app/{key}', async () => {
    const ws = new WebSocket(`ws://127.0.0.1:${srv.port}/nope`);
    const status = await new Promise<number>((resolve) => ws.on('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0)));
    expect(status).toBe(404);
  });

  it('answers pusher:ping with pusher:pong', async () => {
    const c = await open(srv.port);
    c.send({ event: 'pusher:ping', data: {} });
    const m = await c.next('pusher:pong');
    expect(m.raw).toBe('{"event":"pusher:pong"}');
  });

  it('answers junk frames with pusher:error 4200, keeps the connection and keeps serving others', async () => {
    const bad = await open(srv.port);
    const good = await open(srv.port);
    await good.subscribe('junk-watch');
    for (const junk of ['not json', '[]', '{"data":{}}', '{"event":42}', '{"event":"pusher:unknown"}', '{"event":"pusher:subscribe","data":"x"}']) {
      bad.send(junk);
      expect((await bad.next('pusher:error')).payload).toEqual({ code: 4200, message: 'Invalid message format' });
    }
    bad.send(Buffer.from([1, 2, 3]));
    expect((await bad.next('pusher:error')).payload.code).toBe(4200);
    bad.send({ event: 'pusher:ping' });
    await bad.next('pusher:pong');
    expect(bad.ws.readyState).toBe(WebSocket.OPEN);
    await srv.sdk.trigger('junk-watch', 'still-here', { ok: true });
    expect((await good.next('still-here')).payload).toEqual({ ok: true });
  });

  it('closes a frame larger than maxMessageSize with 1009 "Maximum message size exceeded" (Reverb) and keeps serving others', async () => {
    const bad = await open(srv.port);
    const good = await open(srv.port);
    await good.subscribe('size-watch');
    bad.send({ event: 'pusher:subscribe', data: { channel: 'x', channel_data: 'a'.repeat(10_100) } });
    expect(await bad.closed).toEqual({ code: 1009, reason: 'Maximum message size exceeded' });
    await srv.sdk.trigger('size-watch', 'after', { n: 1 });
    expect((await good.next('after')).payload).toEqual({ n: 1 });
  });

  it('accepts a frame just under maxMessageSize', async () => {
    const c = await open(srv.port);
    const m = await c.subscribe('big-ok', { pad: 'a'.repeat(9_000) });
    expect(m.event).toBe('pusher_internal:subscription_succeeded');
  });
});

describe('origin check', () => {
  let srv: Running;
  beforeAll(async () => {
    srv = await startServer({ allowedOrigins: ['app.example.com', '*.boardly.test', 'https://other.example.org'] });
  });
  afterAll(() => srv.stop());

  it('accepts listed hosts, wildcard patterns and URL entries', async () => {
    for (const origin of ['https://app.example.com', 'http://app.example.com:8000', 'https://eu.boardly.test', 'https://other.example.org']) {
      const c = await open(srv.port, { headers: { Origin: origin } });
      expect(c.socketId).not.toBe('');
    }
  });

  it('rejects other origins, and a missing Origin like Reverb does, with 4009', async () => {
    for (const headers of [{ Origin: 'https://evil.example.com' }, { Origin: 'https://boardly.test.evil.com' }, undefined]) {
      const c = await open(srv.port, { headers, waitEstablished: false });
      expect((await c.next('pusher:error')).payload).toEqual({ code: 4009, message: 'Origin not allowed' });
      expect((await c.closed).code).toBe(4009);
    }
  });
});

describe('connection quota', () => {
  let srv: Running;
  beforeAll(async () => {
    srv = await startServer({ maxConnections: 2 });
  });
  afterAll(() => srv.stop());

  it('refuses the connection over maxConnections with 4004, and accepts again after one leaves', async () => {
    const a = await open(srv.port);
    await open(srv.port);
    const over = await open(srv.port, { waitEstablished: false });
    expect((await over.next('pusher:error')).payload).toEqual({ code: 4004, message: 'Application is over connection quota' });
    expect((await over.closed).code).toBe(4004);
    a.close();
    await a.closed;
    await sleep(50);
    const again = await open(srv.port);
    expect(again.socketId).toMatch(/^\d+\.\d+$/);
  });
});

describe('idle connections', () => {
  let srv: Running;
  beforeAll(async () => {
    srv = await startServer({ pingIntervalMs: 150, pongTimeoutMs: 500 });
  });
  afterAll(() => srv.stop());

  it('pings an idle connection and closes it with 4201 when no reply comes', async () => {
    const c = await open(srv.port);
    const started = Date.now();
    const ping = await c.next('pusher:ping', 2000);
    expect(ping.raw).toBe('{"event":"pusher:ping"}');
    const err = await c.next('pusher:error', 2000);
    expect(err.payload).toEqual({ code: 4201, message: 'Pong reply not received in time' });
    expect((await c.closed).code).toBe(4201);
    expect(Date.now() - started).toBeGreaterThanOrEqual(600);
  });

  it('keeps a connection that answers pings with pusher:pong', async () => {
    const c = await open(srv.port);
    for (let i = 0; i < 3; i++) {
      await c.next('pusher:ping', 2000);
      c.send({ event: 'pusher:pong', data: {} });
    }
    expect(c.ws.readyState).toBe(WebSocket.OPEN);
    expect(c.all.some((m) => m.event === 'pusher:error')).toBe(false);
  });

  it('counts a protocol-level pong as activity', async () => {
    const c = await open(srv.port);
    c.ws.ping(); // marks the client as a control-frame user; ws answers the server's pings with pongs by itself
    await sleep(1500); // well past ping (150 ms) + pong timeout (500 ms)
    expect(c.ws.readyState).toBe(WebSocket.OPEN);
  });
});

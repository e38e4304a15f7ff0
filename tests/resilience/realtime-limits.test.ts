/**
 * Issue #11, resource limits: subscriptions per socket and connections per IP are capped and answered with
 * Pusher codes; one socket's burst of frames, or one big fan-out, cannot hold up other sockets (asserted by
 * the order messages arrive in, never by wall-clock time).
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { RawClient, startServer, until, type Running } from '../realtime/helpers';

const clients: RawClient[] = [];
async function open(port: number, opts?: Parameters<typeof RawClient.open>[1]) {
  const c = await RawClient.open(port, opts);
  clients.push(c);
  return c;
}
afterEach(async () => {
  const closing = clients.splice(0);
  for (const c of closing) c.close();
  await Promise.all(closing.map((c) => c.closed));
});

describe('subscriptions per connection', () => {
  let srv: Running;
  beforeAll(async () => {
    srv = await startServer({ maxSubscriptionsPerConnection: 5 });
  });
  afterAll(() => srv.stop());

  it('refuses the subscription over the limit with subscription_error LimitReached / 4301 and keeps the socket', async () => {
    const c = await open(srv.port);
    for (let i = 0; i < 5; i++) expect((await c.subscribe(`room-${i}`)).event).toBe('pusher_internal:subscription_succeeded');
    const over = await c.subscribe('room-5');
    expect(over.event).toBe('pusher:subscription_error');
    expect(over.payload).toEqual({ type: 'LimitReached', error: 'Subscription limit reached: at most 5 channels per connection', status: 4301 });
    expect((await c.next('pusher:error')).payload).toEqual({ code: 4301, message: 'Subscription limit reached: at most 5 channels per connection' });
    // Not subscribed: events on it do not arrive; the socket is still served.
    await srv.sdk.trigger('room-5', 'e', {});
    expect(await c.none('e', 200)).toHaveLength(0);
    expect((await c.subscribe('room-0')).event).toBe('pusher_internal:subscription_succeeded'); // already subscribed: no new slot needed
    c.send({ event: 'pusher:unsubscribe', data: { channel: 'room-1' } });
    expect((await c.subscribe('room-5')).event).toBe('pusher_internal:subscription_succeeded');
  });

  it('does not count the user channel of a signed-in socket', async () => {
    const c = await open(srv.port);
    c.send({ event: 'pusher:signin', data: srv.sdk.authenticateUser(c.socketId, { id: 'u1' }) });
    await c.next('pusher:signin_success');
    for (let i = 0; i < 5; i++) expect((await c.subscribe(`signed-${i}`)).event).toBe('pusher_internal:subscription_succeeded');
    expect((await c.subscribe('signed-5')).event).toBe('pusher:subscription_error');
  });

  it('applies a limit of 100 by default', async () => {
    const dflt = await startServer();
    try {
      const c = await RawClient.open(dflt.port);
      for (let i = 0; i < 100; i++) c.send({ event: 'pusher:subscribe', data: { channel: `d-${i}` } });
      expect((await c.subscribe('d-100')).payload).toMatchObject({ type: 'LimitReached', status: 4301 });
      expect(c.all.filter((m) => m.event === 'pusher_internal:subscription_succeeded')).toHaveLength(100);
      c.close();
      await c.closed;
    } finally {
      await dflt.stop();
    }
  });
});

describe('connections per IP', () => {
  it('closes the connection over the limit with pusher:error 4004 and close 4004, and accepts again after one leaves', async () => {
    const srv = await startServer({ maxConnectionsPerIp: 3 });
    try {
      const first = await open(srv.port);
      await open(srv.port);
      await open(srv.port);
      const over = await open(srv.port, { waitEstablished: false });
      expect((await over.next('pusher:error')).payload).toEqual({ code: 4004, message: 'Too many connections from this address' });
      expect((await over.closed).code).toBe(4004);
      // Without trustProxy, X-Forwarded-For is the client's own claim and is ignored.
      const spoofed = await open(srv.port, { waitEstablished: false, headers: { 'X-Forwarded-For': '203.0.113.9' } });
      expect((await spoofed.closed).code).toBe(4004);
      first.close();
      await first.closed;
      await until(async () => (await (await srv.sdk.get({ path: '/connections' })).json()).connections === 2, 3000, 'the server to see the close');
      expect((await open(srv.port)).socketId).toMatch(/^\d+\.\d+$/);
    } finally {
      await srv.stop();
    }
  });

  it('counts the address the proxy saw (last X-Forwarded-For entry) when trustProxy is on', async () => {
    const srv = await startServer({ maxConnectionsPerIp: 2, trustProxy: true });
    try {
      const as = (ip: string, waitEstablished = true) => open(srv.port, { waitEstablished, headers: { 'X-Forwarded-For': `198.51.100.7, ${ip}` } });
      await as('10.0.0.1');
      await as('10.0.0.1');
      await as('10.0.0.2');
      await as('10.0.0.2');
      expect((await (await as('10.0.0.1', false)).closed).code).toBe(4004);
      expect((await (await as('10.0.0.2', false)).closed).code).toBe(4004);
      expect((await as('10.0.0.3')).socketId).not.toBe('');
    } finally {
      await srv.stop();
    }
  });

  it('turns the limit off with 0', async () => {
    const srv = await startServer({ maxConnectionsPerIp: 0 });
    try {
      for (let i = 0; i < 120; i++) await open(srv.port);
      expect((await (await srv.sdk.get({ path: '/connections' })).json()).connections).toBe(120);
    } finally {
      await srv.stop();
    }
  });
});

describe('no socket can monopolise the event loop', () => {
  /** Global arrival order of messages in this process: what the assertions compare. */
  let seq = 0;
  const stamp = (c: RawClient, event: string, channel?: string) =>
    new Promise<number>((resolve) =>
      c.ws.on('message', (d) => {
        const m = JSON.parse(String(d));
        if (m.event === event && (channel === undefined || m.channel === channel)) resolve(++seq);
      }),
    );

  it("answers a bystander's pusher:ping long before a 5,000-frame subscribe burst from another socket is through", async () => {
    const FLOOD = 5000;
    const srv = await startServer({ maxSubscriptionsPerConnection: FLOOD });
    try {
      const flooder = await open(srv.port);
      const bystander = await open(srv.port);
      const succeeded = () => flooder.all.filter((m) => m.event === 'pusher_internal:subscription_succeeded').length;
      const lastSucceeded = stamp(flooder, 'pusher_internal:subscription_succeeded', `flood-${FLOOD - 1}`);
      let floodAnsweredAtPong = -1;
      const pong = stamp(bystander, 'pusher:pong').then((at) => {
        floodAnsweredAtPong = succeeded();
        return at;
      });
      for (let i = 0; i < FLOOD; i++) flooder.send({ event: 'pusher:subscribe', data: { channel: `flood-${i}` } });
      bystander.send({ event: 'pusher:ping' });
      const [pongAt, floodDoneAt] = await Promise.all([pong, lastSucceeded]);
      expect(pongAt).toBeLessThan(floodDoneAt);
      // Frames are handled one per socket per turn: the ping waits for a handful of the flood's frames, not for
      // everything one read of the flooder's socket brought in (64 KB ≈ 1,000 frames at once before the fix).
      expect(floodAnsweredAtPong).toBeLessThan(100);
      expect(succeeded()).toBe(FLOOD);
    } finally {
      await srv.stop();
    }
  });

  it('writes a fan-out larger than one batch in turns: a bystander is answered before the last subscriber is served', async () => {
    const SUBSCRIBERS = 300;
    const srv = await startServer({ maxConnectionsPerIp: 0, fanoutBatchSize: 10 });
    try {
      const subs: RawClient[] = [];
      for (let i = 0; i < SUBSCRIBERS; i++) {
        const c = await open(srv.port);
        await c.subscribeSigned(srv.sdk, 'private-big');
        subs.push(c);
      }
      const bystander = await open(srv.port);
      const delivered = subs.slice(1).map((c) => stamp(c, 'client-shout'));
      const pong = stamp(bystander, 'pusher:pong');
      subs[0].send({ event: 'client-shout', channel: 'private-big', data: { n: 1 } });
      bystander.send({ event: 'pusher:ping' });
      const [pongAt, ...deliveredAt] = await Promise.all([pong, ...delivered]);
      expect(deliveredAt).toHaveLength(SUBSCRIBERS - 1); // every subscriber got it, the sender did not
      expect(pongAt).toBeLessThan(Math.max(...deliveredAt));
      expect(await subs[0].none('client-shout', 100)).toHaveLength(0);
    } finally {
      await srv.stop();
    }
  });

  it('keeps per-socket order when batched fan-outs and small ones interleave', async () => {
    const srv = await startServer({ fanoutBatchSize: 3 });
    try {
      const subs: RawClient[] = [];
      for (let i = 0; i < 8; i++) {
        const c = await open(srv.port);
        await c.subscribe('big');
        subs.push(c);
      }
      const both = subs[7];
      await both.subscribe('small');
      for (let i = 0; i < 20; i++) await srv.sdk.trigger(i % 2 ? 'small' : 'big', 'n', { i });
      await until(() => both.all.filter((m) => m.event === 'n').length === 20, 3000, 'all 20 events at the socket on both channels');
      expect(both.all.filter((m) => m.event === 'n').map((m) => m.payload.i)).toEqual(Array.from({ length: 20 }, (_, i) => i));
      for (const c of subs.slice(0, 7)) {
        await until(() => c.all.filter((m) => m.event === 'n').length === 10, 3000, 'the big channel events');
        expect(c.all.filter((m) => m.event === 'n').map((m) => m.payload.i)).toEqual(Array.from({ length: 10 }, (_, i) => i * 2));
      }
    } finally {
      await srv.stop();
    }
  });
});

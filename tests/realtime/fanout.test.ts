import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { textFrame } from '../../server/realtime/ws-frame';
import { RawClient, startServer, until, type Running } from './helpers';

describe('fan-out', () => {
  let srv: Running;
  const subs: RawClient[] = [];
  beforeAll(async () => {
    srv = await startServer({ maxMessageSize: 200_000 });
    for (let i = 0; i < 50; i++) subs.push(await RawClient.open(srv.port));
    await Promise.all(subs.map((c) => c.subscribe('wide')));
  });
  afterAll(async () => {
    for (const c of subs) c.close();
    await srv.stop();
  });

  it('frames payloads of every length class (7-bit, 16-bit, 64-bit) correctly for all subscribers', async () => {
    for (const size of [10, 125, 126, 1000, 65_535, 70_000]) {
      const data = 'x'.repeat(size);
      await srv.sdk.trigger('wide', `size-${size}`, data);
      const got = await Promise.all(subs.map((c) => c.next(`size-${size}`)));
      for (const m of got) expect(m.data).toBe(data);
    }
  });

  it('drops a subscriber that stops reading once 4 MB are queued for it, and keeps serving the others', async () => {
    const slow = await RawClient.open(srv.port);
    const fine = await RawClient.open(srv.port);
    await slow.subscribe('firehose');
    await fine.subscribe('firehose');
    const socket = (slow.ws as unknown as { _socket: { pause(): void; resume(): void } })._socket;
    socket.pause();
    const data = 'y'.repeat(100_000);
    for (let i = 0; i < 150; i++) await srv.sdk.trigger('firehose', 'flood', data);
    // The slow socket is gone on the server side (only the 50 wide subscribers and `fine` remain)...
    expect((await (await srv.sdk.get({ path: '/connections' })).json()).connections).toBe(subs.length + 1);
    socket.resume();
    expect((await slow.closed).code).toBe(1006);
    // ...while the reading subscriber got every event.
    await until(() => fine.queue.filter((m) => m.event === 'flood').length === 150, 10_000, 'all 150 events');
    fine.close();
  });

  it('builds RFC 6455 headers', () => {
    expect([...textFrame(Buffer.from('hi'))]).toEqual([0x81, 2, 0x68, 0x69]);
    const mid = textFrame(Buffer.alloc(300));
    expect([mid[0], mid[1], mid.readUInt16BE(2), mid.length]).toEqual([0x81, 126, 300, 304]);
    const big = textFrame(Buffer.alloc(70_000));
    expect([big[1], big.readUInt32BE(6), big.length]).toEqual([127, 70_000, 70_010]);
  });
});

/** The small pieces every realtime entry point relies on to never throw: guard, request targets, bus messages, client address. */
import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { clientIp } from '../../server/realtime/client-ip';
import { guard } from '../../server/realtime/guard';
import { parseTarget, safeDecode } from '../../server/realtime/request-target';
import { toBusMessage } from '../../server/realtime/scaling';

function recordingLogger() {
  const lines: string[] = [];
  const log = (...a: unknown[]) => lines.push(a.map(String).join(' '));
  return { lines, logger: { info: log, warn: log, error: log } };
}

describe('guard', () => {
  it('logs a thrown error, hands it to the recovery with the same this and arguments, and returns normally', () => {
    const { lines, logger } = recordingLogger();
    const seen: unknown[] = [];
    const target = { name: 'socket' };
    const wrapped = guard(
      logger,
      'test listener',
      function (this: typeof target, n: number) {
        throw new Error(`boom ${this.name} ${n}`);
      },
      function (this: typeof target, e: unknown, n: number) {
        seen.push(this.name, (e as Error).message, n);
      },
    );
    expect(() => wrapped.call(target, 7)).not.toThrow();
    expect(seen).toEqual(['socket', 'boom socket 7', 7]);
    expect(lines[0]).toMatch(/^realtime test listener failed Error: boom socket 7/);
  });

  it('catches rejections of async listeners, a throwing recovery, a throwing logger and non-Error throws', async () => {
    const { lines, logger } = recordingLogger();
    const recovered: unknown[] = [];
    guard(
      logger,
      'async',
      async () => Promise.reject(new Error('later')),
      (e) => recovered.push((e as Error).message),
    )();
    await new Promise((r) => setImmediate(r));
    expect(recovered).toEqual(['later']);

    guard(
      logger,
      'bad recovery',
      () => {
        throw 'a string';
      },
      () => {
        throw new Error('recovery broke');
      },
    )();
    expect(lines.some((l) => l.includes('bad recovery failed a string'))).toBe(true);
    expect(lines.some((l) => l.includes('bad recovery recovery failed Error: recovery broke'))).toBe(true);

    const throwingLogger = {
      info() {},
      warn() {},
      error(): never {
        throw new Error('logger down');
      },
    };
    expect(() =>
      guard(throwingLogger, 'x', () => {
        throw new Error('y');
      })(),
    ).not.toThrow();
  });
});

describe('request targets', () => {
  it('decodes escapes, and answers null to malformed ones instead of throwing', () => {
    expect(safeDecode('test%2Dkey')).toBe('test-key');
    for (const bad of ['%E0%A4%A', '%', '%zz', '%ED%A0%80', '%C0%AF']) expect(safeDecode(bad)).toBeNull();
  });

  it('splits origin-form and absolute-form targets, keeps the path encoded, and never throws', () => {
    expect(parseTarget('/app/%E0%A4%A?protocol=7')).toMatchObject({ path: '/app/%E0%A4%A', segments: ['app', '%E0%A4%A'] });
    expect(parseTarget('/app/%E0%A4%A?protocol=7')!.query.get('protocol')).toBe('7');
    expect(parseTarget('http://example.test/apps/1/events?a=1')).toMatchObject({ path: '/apps/1/events', segments: ['apps', '1', 'events'] });
    expect(parseTarget('http://example.test?x=1')).toMatchObject({ path: '/', segments: [] });
    expect(parseTarget('//[')).toMatchObject({ path: '//[', segments: ['['] });
    for (const odd of ['*', '', undefined, 'x', 'http://[', 'http://h:x', 'ftp//x']) {
      expect(() => parseTarget(odd)).not.toThrow();
    }
    expect(parseTarget('*')).toBeNull();
    expect(parseTarget('/x?%E0%A4%A=%&a=%zz')!.query.get('a')).toBe('%zz');
  });
});

describe('bus messages', () => {
  it('accepts the two message shapes and drops everything else', () => {
    expect(toBusMessage({ t: 'event', c: 'ch', f: '{}', n: 'node' })).toEqual({ t: 'event', c: 'ch', f: '{}' });
    expect(toBusMessage({ t: 'event', c: 'ch', f: '{}', x: '1.2' })).toEqual({ t: 'event', c: 'ch', f: '{}', x: '1.2' });
    expect(toBusMessage({ t: 'terminate', u: '9' })).toEqual({ t: 'terminate', u: '9' });
    for (const junk of [
      null,
      42,
      'x',
      [],
      {},
      { t: 'event' },
      { t: 'event', c: 1, f: '{}' },
      { t: 'event', c: 'c', f: {} },
      { t: 'event', c: 'c', f: '', x: 5 },
      { t: 'terminate', u: 5 },
      { t: 'other' },
    ]) {
      expect(toBusMessage(junk)).toBeNull();
    }
  });
});

describe('client address', () => {
  const req = (xff: string | string[] | undefined) => ({ socket: { remoteAddress: '127.0.0.1' }, headers: { 'x-forwarded-for': xff } }) as unknown as IncomingMessage;

  it('uses the peer address unless the proxy is trusted, then the last X-Forwarded-For entry', () => {
    expect(clientIp(req('203.0.113.1'), false)).toBe('127.0.0.1');
    expect(clientIp(req('203.0.113.1, 10.0.0.7'), true)).toBe('10.0.0.7');
    expect(clientIp(req(['1.1.1.1', '10.0.0.8 ']), true)).toBe('10.0.0.8');
    expect(clientIp(req(' , ,'), true)).toBe('127.0.0.1');
    expect(clientIp(req(undefined), true)).toBe('127.0.0.1');
  });
});

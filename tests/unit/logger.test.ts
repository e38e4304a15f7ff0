/** Issue #24 item 8: logs a person reads on a terminal, JSON for everything else. */
import { afterEach, describe, expect, it } from 'vitest';
import { createLogger } from '../../server/lib/logger';

function fakeStream(isTTY: boolean) {
  const written: string[] = [];
  return { written, stream: { isTTY, write: (chunk: string) => written.push(String(chunk)) > 0 } as unknown as NodeJS.WriteStream };
}

const nodeEnv = process.env.NODE_ENV;
afterEach(() => {
  process.env.NODE_ENV = nodeEnv;
});

describe('createLogger', () => {
  it('on a terminal prints readable lines, a request as one line with its method, path, status and time', () => {
    process.env.NODE_ENV = 'development';
    const { written, stream } = fakeStream(true);
    const logger = createLogger('info', 'boardly', stream);
    logger.child({ reqId: 'abc12345' }).info({ method: 'GET', url: '/login', status: 200, ms: 4.2 }, 'request');
    logger.info({ port: 8080 }, 'realtime server ready');
    const text = written.join('').replace(/\x1b\[[0-9;]*m/g, '');
    expect(text).toMatch(/^\[\d\d:\d\d:\d\d\] INFO: GET \/login 200 4\.2 ms\n/);
    expect(text).toMatch(/INFO: realtime server ready\n\s+port: 8080/);
    expect(text).not.toContain('abc12345');
    expect(text).not.toContain('{"');
  });

  it('writes JSON lines when not on a terminal, and on a terminal with NODE_ENV=production', () => {
    for (const [isTTY, env] of [
      [false, 'development'],
      [true, 'production'],
    ] as const) {
      process.env.NODE_ENV = env;
      const { written, stream } = fakeStream(isTTY);
      createLogger('info', 'boardly', stream).info({ a: 1 }, 'hello');
      expect(written.join(''), `${isTTY} ${env}`).not.toBe('');
      expect(JSON.parse(written.join(''))).toMatchObject({ level: 30, msg: 'hello', a: 1, name: 'boardly' });
    }
  });
});

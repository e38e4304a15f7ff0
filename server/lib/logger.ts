import pino from 'pino';
import type PinoPretty from 'pino-pretty';
import { lazyPackage } from './lazy-package';
import { humanReadable } from './tty';

const pinoPretty = lazyPackage<typeof PinoPretty>('pino-pretty');

export type Logger = pino.Logger;

/**
 * JSON lines (for a log collector) unless a person reads them: on a terminal, outside
 * NODE_ENV=production, pino-pretty prints them, a request as one line. It is loaded only then and
 * runs in this thread (no transport worker: ADR 0012 counts every megabyte of the server).
 */
export function createLogger(level: string, name = 'boardly', out: NodeJS.WriteStream = process.stdout): Logger {
  const options = { name, level, base: undefined, timestamp: pino.stdTimeFunctions.isoTime };
  if (!humanReadable(out)) return out === process.stdout ? pino(options) : pino(options, out);
  const { prettyFactory } = pinoPretty();
  const prettify = prettyFactory({ colorize: true, translateTime: 'SYS:HH:MM:ss', ignore: 'name' });
  return pino(options, { write: (line: string) => void out.write(prettify(oneLineRequest(JSON.parse(line)))) });
}

/** server/http/request-log.ts's fields, as a person reads a request: "GET /login 200 4.2 ms". */
function oneLineRequest(log: Record<string, unknown>): Record<string, unknown> {
  if (log.msg !== 'request') return log;
  const { method, url, status, ms, reqId: _reqId, ...rest } = log;
  return { ...rest, msg: `${method} ${url} ${status} ${ms} ms` };
}

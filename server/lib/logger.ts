import pino from 'pino';

export type Logger = pino.Logger;

export function createLogger(level: string, name = 'boardly'): Logger {
  return pino({ name, level, base: undefined, timestamp: pino.stdTimeFunctions.isoTime });
}

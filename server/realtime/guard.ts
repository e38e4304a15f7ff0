/**
 * Every entry point of the realtime server (http 'request' / 'upgrade' / 'clientError', ws 'message' /
 * 'close' / 'error' / 'ping' / 'pong', Redis callbacks, timers) runs through guard(): an error, thrown or
 * rejected, is logged and handed to a recovery that answers the affected request or socket. Nothing
 * propagates to the emitter, so nothing reaches process 'uncaughtException' / 'unhandledRejection'.
 */

/** Where the realtime server writes its lines (pino in the app, plain lines under `reverb:start`). */
export interface RealtimeLogger {
  info(...a: unknown[]): void;
  warn(...a: unknown[]): void;
  error(...a: unknown[]): void;
}

/** The error as one log-friendly string (stack when there is one); never throws, whatever was thrown. */
export function describeError(error: unknown): string {
  try {
    if (error instanceof Error) return error.stack ?? `${error.name}: ${error.message}`;
    return String(error);
  } catch {
    return 'unprintable error';
  }
}

/** Logs without letting a broken logger throw into the caller. */
export function logSafely(logger: RealtimeLogger, level: 'info' | 'warn' | 'error', ...args: unknown[]): void {
  try {
    logger[level](...args);
  } catch {
    /* a logger that throws must not take the server down */
  }
}

export type Recovery<T, A extends unknown[]> = (this: T, error: unknown, ...args: A) => void;

/**
 * Wraps a listener/callback so it can neither throw nor reject past its boundary. `this` is passed through,
 * so shared listeners (`function (this: WebSocket)`) keep working. A failing recovery is logged too.
 */
export function guard<T, A extends unknown[]>(logger: RealtimeLogger, where: string, fn: (this: T, ...args: A) => unknown, recover?: Recovery<T, A>): (this: T, ...args: A) => void {
  function fail(self: T, error: unknown, args: A): void {
    logSafely(logger, 'error', `realtime ${where} failed`, describeError(error));
    if (!recover) return;
    try {
      recover.call(self, error, ...args);
    } catch (e) {
      logSafely(logger, 'error', `realtime ${where} recovery failed`, describeError(e));
    }
  }
  return function guarded(this: T, ...args: A): void {
    try {
      const result = fn.apply(this, args);
      if (result instanceof Promise) result.catch((e: unknown) => fail(this, e, args));
    } catch (e) {
      fail(this, e, args);
    }
  };
}

import { currentRequestId } from '../http/request-context';
import { isStartupError } from '../lib/startup-error';

export interface FatalLogger {
  fatal(obj: { err: unknown; reqId?: string; origin: string }, msg: string): void;
  flush?(callback?: (error?: Error) => void): void;
}

/** How long the last log line may take to leave before the process exits anyway. */
const FLUSH_TIMEOUT_MS = 2_000;

/**
 * The last line of defence of a server process. An error that escaped every handler (a throw in
 * a timer or an event emitter, a promise nobody awaited) leaves the process in an unknown state,
 * so it is logged — with the id of the request it came from, when it came from one — and the
 * process exits 1 for its supervisor (systemd, a process manager, `npm start` for its realtime
 * child) to start a clean one. Known failures (a lost database connection, a client going away)
 * are handled where they happen and never reach this.
 */
export function installCrashHandlers(logger: FatalLogger): void {
  let exiting = false;
  const crash = (error: unknown, origin: string) => {
    if (isStartupError(error)) return; // said plainly by exitPlainlyOnStartupErrors
    try {
      logger.fatal({ err: error, reqId: currentRequestId(), origin }, `${origin}: the process exits to be restarted`);
    } catch {
      // A broken logger must not stop the exit.
    }
    if (exiting) return;
    exiting = true;
    const exit = () => process.exit(1);
    if (!logger.flush) return exit();
    const timer = setTimeout(exit, FLUSH_TIMEOUT_MS);
    logger.flush(() => {
      clearTimeout(timer);
      exit();
    });
  };
  // `origin` tells a throw from a rejection (a failed top-level await arrives here as one).
  process.on('uncaughtException', (error, origin) => crash(error, origin));
  process.on('unhandledRejection', (reason) => crash(reason, 'unhandledRejection'));
}

/**
 * What an operator fixes in the environment (server/lib/startup-error.ts) is said as the plain
 * sentences it is, on stderr, and the process exits 1: no stack, no JSON. Installed first by each
 * entry point, before the configuration is read.
 */
export function exitPlainlyOnStartupErrors(): void {
  process.on('uncaughtException', (error) => {
    if (!isStartupError(error)) return;
    console.error(error.message);
    process.exit(1);
  });
}

import { fork, type ChildProcess } from 'node:child_process';
import { StartupError } from '../lib/startup-error';

export interface SupervisorLogger {
  debug(obj: object, msg: string): void;
  info(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export interface SuperviseOptions {
  /** For the log lines: "realtime server". */
  name: string;
  /** A plain-node ES module; it sends `{ type: 'ready' }` over IPC once it serves. */
  script: string;
  logger: SupervisorLogger;
  env?: NodeJS.ProcessEnv;
  /** First restart delay; it doubles on every quick death, up to `maxBackoffMs`. */
  minBackoffMs?: number;
  maxBackoffMs?: number;
  /** A child that stayed up this long counts as healthy: the next restart is quick again. */
  stableAfterMs?: number;
  /** After SIGTERM, how long `stop` waits before SIGKILL. */
  stopTimeoutMs?: number;
}

export interface Supervised {
  /**
   * Settles when the first child is ready, or has exited (it is then restarted in the background).
   * Rejects with a StartupError when the child reported one (a taken port): restarting cannot help.
   */
  readonly started: Promise<void>;
  stop(): Promise<void>;
}

/**
 * Runs a script in a child process and restarts it, with backoff, whenever it dies — so a crash
 * there (the realtime server inside `npm start`) can never take this process down with it. The
 * child's output goes to this process's stdout/stderr. The child watches the IPC channel and
 * stops when this process goes away, even by SIGKILL, so it never outlives its parent. A child
 * that sends `{ type: 'startup-error', message }` before exiting is not restarted.
 */
export function supervise(options: SuperviseOptions): Supervised {
  const { name, logger } = options;
  const minBackoff = options.minBackoffMs ?? 500;
  const maxBackoff = options.maxBackoffMs ?? 30_000;
  const stableAfter = options.stableAfterMs ?? 30_000;
  let child: ChildProcess | null = null;
  let exited: Promise<void> = Promise.resolve();
  let stopping = false;
  let quickDeaths = 0;
  let restartTimer: NodeJS.Timeout | undefined;
  let startupError: string | undefined;
  let markStarted!: () => void;
  let markFailed!: (error: Error) => void;
  const started = new Promise<void>((resolve, reject) => ((markStarted = resolve), (markFailed = reject)));
  // Awaited later (after the app's migrations); a rejection before then is not unhandled.
  started.catch(() => {});

  const run = () => {
    const startedAt = Date.now();
    const current = fork(options.script, [], { execArgv: [], env: options.env ?? process.env, stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    child = current;
    let ended = false;
    let markExited!: () => void;
    exited = new Promise<void>((resolve) => (markExited = resolve));

    const onEnd = (code: number | null, signal: NodeJS.Signals | null) => {
      if (ended) return;
      ended = true;
      child = null;
      markExited();
      if (startupError !== undefined) return void markFailed(new StartupError(startupError));
      markStarted();
      if (stopping) return void logger.info({ pid: current.pid, code, signal }, `${name} stopped`);
      if (Date.now() - startedAt >= stableAfter) quickDeaths = 0;
      const restartInMs = Math.min(maxBackoff, minBackoff * 2 ** quickDeaths);
      quickDeaths++;
      logger.error({ pid: current.pid, code, signal, restartInMs }, `${name} exited; restarting it`);
      restartTimer = setTimeout(run, restartInMs);
    };

    // Its "ready" says the same a moment later; a start that fails says why instead (issue #24).
    current.on('spawn', () => logger.debug({ pid: current.pid }, `${name} process started`));
    current.on('message', (message: { type?: string; port?: number; message?: string }) => {
      if (message?.type === 'startup-error') startupError = String(message.message);
      if (message?.type !== 'ready') return;
      logger.info({ pid: current.pid, port: message.port }, `${name} ready`);
      markStarted();
    });
    current.on('exit', onEnd);
    current.on('error', (error) => {
      logger.error({ err: error, pid: current.pid }, `${name} process error`);
      // A process that never started emits no 'exit'.
      if (current.pid === undefined) onEnd(null, null);
    });
  };

  // Belt and braces for an exit that skips stop() (process.exit after a fatal error).
  process.once('exit', () => child?.kill('SIGTERM'));
  run();

  return {
    started,
    async stop() {
      stopping = true;
      clearTimeout(restartTimer);
      const current = child;
      if (!current) return;
      const kill = setTimeout(() => current.kill('SIGKILL'), options.stopTimeoutMs ?? 10_000);
      current.kill('SIGTERM');
      await exited;
      clearTimeout(kill);
    },
  };
}

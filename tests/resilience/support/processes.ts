/** Spawning the app's real entry points as child processes, reading their JSON log lines, waiting on them. */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
export { freePort } from '../../helpers/free-port';

export const ROOT = path.resolve(import.meta.dirname, '../../..');

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Thrown by a probe to stop waiting at once (the process being waited on has died). */
export class GiveUp extends Error {}

/** Polls `probe` until it returns something other than undefined/false; fails with `what` and the last error. */
export async function waitFor<T>(what: string, probe: () => Promise<T | undefined | false> | T | undefined | false, timeoutMs = 30_000, intervalMs = 100): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last: unknown;
  for (;;) {
    try {
      const value = await probe();
      if (value !== undefined && value !== false) return value;
    } catch (error) {
      if (error instanceof GiveUp) throw error;
      last = error;
    }
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}${last ? `: ${String(last)}` : ''}`);
    await sleep(intervalMs);
  }
}

export type LogLine = Record<string, any> & { msg?: string; level?: number | string };

export interface NodeProcess {
  child: ChildProcess;
  /** Everything it wrote, stdout and stderr. */
  output(): string;
  /** What it wrote on stderr alone. */
  errors(): string;
  /** Its stdout lines that are JSON objects (pino's and the realtime server's logs). */
  logs(): LogLine[];
  waitForLog(what: string, match: (line: LogLine) => boolean | undefined, timeoutMs?: number): Promise<LogLine>;
  readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  alive(): boolean;
  /** SIGTERM (or `signal`), then SIGKILL after 15 s; resolves with how it ended. */
  stop(signal?: NodeJS.Signals): Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/** `node --import tsx <script>` from the repository root, as `npm start` and the e2e suite run the app. */
export function spawnTsx(script: string, env: Record<string, string>): NodeProcess {
  return spawnNode(['--import', 'tsx', script], env);
}

export function spawnNode(args: string[], env: Record<string, string>, cwd = ROOT): NodeProcess {
  const child = spawn(process.execPath, args, { cwd, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  let stdout = '';
  let stderr = '';
  child.stdout!.on('data', (d) => {
    out += d;
    stdout += d;
  });
  child.stderr!.on('data', (d) => {
    out += d;
    stderr += d;
  });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  const logs = () =>
    stdout
      .split('\n')
      .filter((l) => l.startsWith('{'))
      .flatMap((l) => {
        try {
          return [JSON.parse(l) as LogLine];
        } catch {
          return [];
        }
      });
  const alive = () => child.exitCode === null && child.signalCode === null;
  return {
    child,
    output: () => out,
    errors: () => stderr,
    logs,
    exited,
    alive,
    waitForLog: (what, match, timeoutMs = 30_000) =>
      waitFor(
        what,
        () => {
          const found = logs().find(match);
          if (!found && !alive()) throw new GiveUp(`${what}: the process exited:\n${out.slice(-3000)}`);
          return found;
        },
        timeoutMs,
        50,
      ),
    async stop(signal = 'SIGTERM') {
      if (alive()) {
        child.kill(signal);
        const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
        await exited;
        clearTimeout(timer);
      }
      return exited;
    },
  };
}

/** Running (a zombie nobody reaped yet counts as gone: in a container, PID 1 may never reap it). */
export function processExists(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  try {
    return !/^State:\s+Z/m.test(readFileSync(`/proc/${pid}/status`, 'utf8'));
  } catch {
    return false;
  }
}

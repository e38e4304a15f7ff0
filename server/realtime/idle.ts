/**
 * One interval for every connection (no timer per socket): a connection idle for pingIntervalMs gets a
 * `pusher:ping` (and a protocol ping when it uses control frames); one that has not answered within
 * pongTimeoutMs gets `pusher:error` 4201 and is closed with 4201. When sign-in is required, a connection not
 * signed in signInTimeoutMs after it opened gets `pusher:error` 4009 and is closed with 4009 (soketi's answer).
 */
import type { Connection } from './connection';
import { describeError, guard, logSafely } from './guard';
import type { RealtimeLogger } from './options';
import { ErrorCode, PING_FRAME } from './protocol';

const silent: RealtimeLogger = { info() {}, warn() {}, error() {} };

export class IdleSweeper {
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly connections: ReadonlyMap<string, Connection>,
    private readonly pingIntervalMs: number,
    private readonly pongTimeoutMs: number,
    private readonly logger: RealtimeLogger = silent,
    /** 0: sign-in is not required. */
    private readonly signInTimeoutMs = 0,
  ) {}

  /** Ticks often enough to honour the smallest of the delays within ~25 %. */
  get tickMs(): number {
    const delays = [this.pingIntervalMs, this.pongTimeoutMs];
    if (this.signInTimeoutMs > 0) delays.push(this.signInTimeoutMs);
    return Math.max(10, Math.min(1000, Math.floor(Math.min(...delays) / 4)));
  }

  start(): void {
    this.timer = setInterval(
      guard(this.logger, 'idle sweep', () => this.sweep(Date.now())),
      this.tickMs,
    );
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  sweep(now: number): void {
    for (const conn of this.connections.values()) {
      if (conn.closed) continue;
      try {
        this.check(conn, now);
      } catch (e) {
        // One broken socket must not stop the sweep of all the others.
        logSafely(this.logger, 'warn', 'realtime idle check failed, dropping the socket', describeError(e));
        conn.closed = true;
        conn.ws.terminate();
      }
    }
  }

  private check(conn: Connection, now: number): void {
    if (this.signInTimeoutMs > 0 && conn.userId === null && now - conn.openedAt >= this.signInTimeoutMs) {
      conn.reject(ErrorCode.Unauthorized, 'Connection not authorized within timeout.');
      return;
    }
    if (conn.pingedAt !== 0) {
      if (now - conn.pingedAt >= this.pongTimeoutMs) conn.reject(ErrorCode.PongTimeout, 'Pong reply not received in time');
    } else if (now - conn.lastSeen >= this.pingIntervalMs) {
      conn.pingedAt = now;
      conn.send(PING_FRAME);
      if (conn.controlFrames) conn.ws.ping();
    }
  }
}

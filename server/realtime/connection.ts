/** One client websocket and its protocol state. Kept small: 10 000 of them must fit in ~100 MB. */
import { randomInt } from 'node:crypto';
import type { WebSocket } from 'ws';
import { errorFrame } from './protocol';
import type { RealtimeStats } from './stats';
import { writePrebuilt } from './ws-frame';

/**
 * A socket's place in a channel's replay log (ADR 0035): `track` is the node's record of what it delivered
 * on the channel; `mark` the last seq delivered before this socket joined (null: none yet then, so
 * `track.first` is the first it got live); `floor` the highest seq a resume sent it (live copies are skipped).
 */
export interface ReplayMark {
  track: ReplayTrack;
  mark: number | null;
  epoch: string | null;
  floor: number;
  resume: 'none' | 'running' | 'done';
}

/** What one node delivered on a channel while it had local subscribers. */
export interface ReplayTrack {
  epoch: string | null;
  first: number | null;
  last: number | null;
}

export interface PresenceMember {
  user_id: string | number;
  user_info: unknown;
}

const TEXT = { binary: false } as const;
/** A client this far behind (bytes queued in user land) is cut off rather than let the server's memory grow. */
export const MAX_BUFFERED_BYTES = 4 * 1024 * 1024;

export function newSocketId(): string {
  return `${randomInt(1, 1_000_000_000)}.${randomInt(1, 1_000_000_000)}`;
}

export class Connection {
  readonly id = newSocketId();
  /** When the socket was accepted (for the sign-in deadline). */
  readonly openedAt = Date.now();
  lastSeen = this.openedAt;
  /** When the server pinged this idle connection (0 = not waiting for a pong). */
  pingedAt = 0;
  /** The client sent protocol-level pings, so answer idleness with protocol pings too. */
  controlFrames = false;
  closed = false;
  /** Channels this socket is subscribed to (created on first subscribe). */
  channels: Set<string> | null = null;
  /** presence channel → the member this socket joined as. */
  presence: Map<string, PresenceMember> | null = null;
  /** The user ids a signed-in socket watches (Pusher's watchlist), if any. */
  watchlist: string[] | null = null;
  /** Replay-window marks per channel (apps with a replay window only). */
  replay: Map<string, ReplayMark> | null = null;
  /** Set by a successful pusher:signin. */
  userId: string | null = null;
  /** The client's address (X-Forwarded-For only with trustProxy), for the per-IP connection limit. */
  ip = '';
  private rateWindow = 0;
  private rateCount = 0;
  private messageWindow = 0;
  private messageCount = 0;

  constructor(
    readonly ws: WebSocket,
    private readonly stats: RealtimeStats,
  ) {}

  touch(now = Date.now()): void {
    this.lastSeen = now;
    this.pingedAt = 0;
  }

  send(frame: string | Buffer): void {
    if (this.closed || this.ws.readyState !== 1 || this.tooSlow()) return;
    this.ws.send(frame, TEXT);
    this.stats.sent(typeof frame === 'string' ? Buffer.byteLength(frame) : frame.length);
  }

  /** Sends a frame prebuilt by textFrame(payload) (shared by all subscribers), else the payload through ws. */
  sendPrebuilt(frame: Buffer, payload: Buffer): void {
    if (this.closed || this.tooSlow()) return;
    if (writePrebuilt(this.ws, frame)) this.stats.sent(payload.length);
    else this.send(payload);
  }

  private tooSlow(): boolean {
    if (this.ws.bufferedAmount <= MAX_BUFFERED_BYTES) return false;
    // A close frame would queue behind the backlog, so drop the socket at once.
    this.closed = true;
    this.ws.terminate();
    return true;
  }

  sendError(code: number | null, message: string, channel?: string): void {
    this.send(errorFrame(code, message, channel));
  }

  /** Sends `pusher:error` then closes with the same code (protocol 7 clients read either). */
  reject(code: number, message: string): void {
    this.sendError(code, message);
    this.close(code, message);
  }

  close(code: number, reason: string): void {
    if (this.closed) return;
    this.closed = true;
    try {
      this.ws.close(code, reason);
    } catch {
      this.ws.terminate();
    }
  }

  /** Fixed one-second window; true when the client event may go out. */
  allowClientEvent(limitPerSecond: number, now = Date.now()): boolean {
    if (now - this.rateWindow >= 1000) {
      this.rateWindow = now;
      this.rateCount = 0;
    }
    this.rateCount += 1;
    return this.rateCount <= limitPerSecond;
  }

  /** Reverb's message rate limit: a fixed window of `decaySeconds`; true while the message is within `maxAttempts`. */
  allowMessage(maxAttempts: number, decaySeconds: number, now = Date.now()): boolean {
    if (now - this.messageWindow >= decaySeconds * 1000) {
      this.messageWindow = now;
      this.messageCount = 0;
    }
    this.messageCount += 1;
    return this.messageCount <= maxAttempts;
  }

  /** Channels the client subscribed to itself (the server-managed user channel of a signed-in socket does not count). */
  subscriptionCount(): number {
    // The server's own channels of a signed-in socket (its user channel, one per watched user) are not its subscriptions.
    const n = (this.channels?.size ?? 0) - (this.watchlist?.length ?? 0);
    return this.userId !== null && n > 0 ? n - 1 : n;
  }

  /** This socket already received the event `seq` of the channel through a resume. */
  replayed(channel: string, seq: number): boolean {
    const m = this.replay?.get(channel);
    return m !== undefined && seq <= m.floor;
  }

  isSubscribed(channel: string): boolean {
    return this.channels?.has(channel) ?? false;
  }
}

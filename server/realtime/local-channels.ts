/**
 * The channels of this node and the local sockets subscribed to each; fan-out serialises once. A fan-out
 * larger than one batch is written in batches with setImmediate between them (other sockets' frames and
 * pings are handled in between); while any is pending, later events queue behind it, so every socket
 * still receives events in the order they were published.
 */
import type { Connection } from './connection';
import { textFrame } from './ws-frame';

interface PendingFanout {
  targets: Connection[];
  next: number;
  wire: Buffer;
  bytes: Buffer;
  exceptSocketId?: string;
  channel: string;
  /** The event's replay seq: a socket that already got it through a resume is skipped. */
  seq?: number;
}

export class LocalChannels {
  private readonly channels = new Map<string, Set<Connection>>();
  /** Channels the server keeps for itself (`#…`: user channels, watchers' channels), left out of channelCount. */
  private internal = 0;
  private readonly backlog: PendingFanout[] = [];
  private draining = false;

  constructor(private readonly batchSize = 1000) {}

  /** Returns true when the socket was not subscribed yet. */
  add(channel: string, conn: Connection): boolean {
    let set = this.channels.get(channel);
    if (!set) {
      set = new Set();
      this.channels.set(channel, set);
      if (channel.startsWith('#')) this.internal += 1;
    }
    if (set.has(conn)) return false;
    set.add(conn);
    (conn.channels ??= new Set()).add(channel);
    return true;
  }

  /** Returns true when the socket was subscribed. */
  remove(channel: string, conn: Connection): boolean {
    const set = this.channels.get(channel);
    conn.channels?.delete(channel);
    if (!set?.delete(conn)) return false;
    if (set.size === 0) {
      this.channels.delete(channel);
      if (channel.startsWith('#')) this.internal -= 1;
    }
    return true;
  }

  count(channel: string): number {
    return this.channels.get(channel)?.size ?? 0;
  }

  subscribers(channel: string): ReadonlySet<Connection> | undefined {
    return this.channels.get(channel);
  }

  /** Channels clients subscribed to (the usage figures). */
  get channelCount(): number {
    return this.channels.size - this.internal;
  }

  names(): IterableIterator<string> {
    return this.channels.keys();
  }

  /** Fan-outs not fully written yet. */
  get pendingFanouts(): number {
    return this.backlog.length;
  }

  /**
   * Sends one frame to every local subscriber but `exceptSocketId`. The event is serialised once and framed
   * once; the same websocket frame buffer is written to every socket.
   */
  deliver(channel: string, frame: string | Buffer, exceptSocketId?: string, seq?: number): void {
    const set = this.channels.get(channel);
    if (!set || set.size === 0) return;
    const bytes = typeof frame === 'string' ? Buffer.from(frame) : frame;
    const wire = textFrame(bytes);
    if (this.backlog.length === 0 && set.size <= this.batchSize) {
      for (const conn of set) if (conn.id !== exceptSocketId && (seq === undefined || conn.replay === null || !conn.replayed(channel, seq))) write(conn, wire, bytes);
      return;
    }
    this.backlog.push({ targets: [...set], next: 0, wire, bytes, exceptSocketId, channel, seq });
    if (!this.draining) {
      this.draining = true;
      setImmediate(this.drain);
    }
  }

  /** Writes up to one batch of pending fan-outs, oldest first, then yields to the event loop. */
  private readonly drain = (): void => {
    try {
      let budget = this.batchSize;
      while (budget > 0 && this.backlog.length > 0) {
        const job = this.backlog[0];
        const end = Math.min(job.targets.length, job.next + budget);
        budget -= end - job.next;
        for (; job.next < end; job.next++) {
          const conn = job.targets[job.next];
          if (conn.id !== job.exceptSocketId && (job.seq === undefined || conn.replay === null || !conn.replayed(job.channel, job.seq))) write(conn, job.wire, job.bytes);
        }
        if (job.next >= job.targets.length) this.backlog.shift();
      }
    } catch {
      this.backlog.shift(); // a job that breaks the loop is dropped, not retried forever
    }
    if (this.backlog.length > 0) setImmediate(this.drain);
    else this.draining = false;
  };
}

/** One socket's failure (a destroyed stream, a ws internal) is that socket's problem: it is cut, the fan-out goes on. */
function write(conn: Connection, wire: Buffer, bytes: Buffer): void {
  try {
    conn.sendPrebuilt(wire, bytes);
  } catch {
    conn.closed = true;
    try {
      conn.ws.terminate();
    } catch {
      /* already gone */
    }
  }
}

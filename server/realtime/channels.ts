/** The channels of this node and the local sockets subscribed to each; fan-out serialises once. */
import type { Connection } from './connection';
import { textFrame } from './ws-frame';

export class LocalChannels {
  private readonly channels = new Map<string, Set<Connection>>();

  /** Returns true when the socket was not subscribed yet. */
  add(channel: string, conn: Connection): boolean {
    let set = this.channels.get(channel);
    if (!set) {
      set = new Set();
      this.channels.set(channel, set);
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
    if (!set || !set.delete(conn)) return false;
    if (set.size === 0) this.channels.delete(channel);
    return true;
  }

  count(channel: string): number {
    return this.channels.get(channel)?.size ?? 0;
  }

  subscribers(channel: string): ReadonlySet<Connection> | undefined {
    return this.channels.get(channel);
  }

  names(): IterableIterator<string> {
    return this.channels.keys();
  }

  /**
   * Sends one frame to every local subscriber but `exceptSocketId`. The event is serialised once and framed
   * once; the same websocket frame buffer is written to every socket.
   */
  deliver(channel: string, frame: string | Buffer, exceptSocketId?: string): number {
    const set = this.channels.get(channel);
    if (!set || set.size === 0) return 0;
    const bytes = typeof frame === 'string' ? Buffer.from(frame) : frame;
    const wire = textFrame(bytes);
    let sent = 0;
    for (const conn of set) {
      if (conn.id === exceptSocketId) continue;
      conn.sendPrebuilt(wire, bytes);
      sent += 1;
    }
    return sent;
  }
}

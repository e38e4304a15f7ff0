/**
 * State shared by all nodes: cross-node delivery, presence membership, channel and connection counts, and
 * the cache-channel payloads. `MemoryScaling` is the single-node engine; `RedisScaling` the scale-out one.
 */
import type { LocalChannels } from './local-channels';
import type { PresenceMember } from './connection';
import { MemoryPresence } from './presence';
import type { ReplayLog, ReplayWindow } from './replay';

/**
 * A message for the other nodes: an event frame for a channel (with `p`, its replay position: the frame
 * is delivered with it), or a user's connections to end.
 */
export type BusMessage = { t: 'event'; c: string; f: string; x?: string; p?: string } | { t: 'terminate'; u: string };

/** What the bus carried, checked field by field: anything else (another writer, a bug, junk) is dropped. */
export function toBusMessage(value: unknown): BusMessage | null {
  if (!value || typeof value !== 'object') return null;
  const m = value as Record<string, unknown>;
  if (m.t === 'event' && typeof m.c === 'string' && typeof m.f === 'string' && (m.x === undefined || typeof m.x === 'string') && (m.p === undefined || typeof m.p === 'string')) {
    const out: BusMessage = { t: 'event', c: m.c, f: m.f };
    if (m.x !== undefined) out.x = m.x;
    if (m.p !== undefined) out.p = m.p;
    return out;
  }
  if (m.t === 'terminate' && typeof m.u === 'string') return { t: 'terminate', u: m.u };
  return null;
}

/** One presence registration of a local socket. */
export interface LocalMember {
  channel: string;
  socketId: string;
  member: PresenceMember;
}

/** This node's own truth, which shared state is rebuilt from after an outage of the scaling backend. */
export interface LocalState {
  connections: number;
  /** channel → local subscriptions (client subscriptions only, not the server-managed user channels). */
  subscriptions: Map<string, number>;
  presence: LocalMember[];
}

export interface ScalingHooks {
  /** A message published by another node. */
  onMessage(m: BusMessage): void;
  /** A member was removed (a dead node's, or one of ours that left while Redis was away) and it was that user's last connection. */
  onMemberGone(channel: string, member: PresenceMember): void;
  /** A local member announced gone by the node that reaped this one (it was alive after all) is registered again. */
  onMemberBack(m: LocalMember): void;
  /** Channels that became occupied / vacated over all nodes outside a subscribe or unsubscribe (a reaped node, a rebuild). */
  onOccupancy(occupied: string[], vacated: string[]): void;
  /** This node's share of the shared store was rebuilt after an outage (or a reaping). */
  onRebuilt?(): void;
  localState(): LocalState;
  /** Whether a local socket is joined to a presence channel right now. */
  isLocalMember(channel: string, socketId: string): boolean;
}

/** The shared backend (Redis) cannot be reached: callers answer the client instead of waiting. */
export class ScalingUnavailable extends Error {
  constructor(reason = 'The realtime scaling backend is unavailable.') {
    super(reason);
    this.name = 'ScalingUnavailable';
  }
}

/** The replay logs kept in the shared backend, so every node replays every node's events (ADR 0035). */
export interface SharedReplay {
  /**
   * Logs an event (`frame` null: a gap marker) and, unless a gap, publishes it with its position to every node,
   * this one included, in log order (the caller does not deliver it). Rejects with ScalingUnavailable.
   */
  append(channel: string, frame: string | null, exceptSocketId: string | undefined, window: ReplayWindow): Promise<void>;
  read(channel: string): Promise<ReplayLog>;
  /** The channel's current position (its log is created when it has none). */
  head(channel: string): Promise<string>;
}

export interface Scaling {
  /** False while the shared backend is unreachable; presence then fails fast with ScalingUnavailable. */
  readonly available: boolean;
  /** Set when replay logs live in the shared backend; otherwise each hub keeps them in memory. */
  readonly replay?: SharedReplay;
  start(hooks: ScalingHooks): Promise<void>;
  stop(): Promise<void>;
  /** Sends to the other nodes (the caller delivers locally). */
  publish(m: BusMessage): void;
  /**
   * Registers a presence socket, atomically over all nodes: 'first' when it is the user's first connection on the
   * channel, 'again' when the user was there already, 'full' (nothing registered) when the channel already has
   * maxMembers other users (0 = no limit). Rejects with ScalingUnavailable.
   */
  presenceJoin(channel: string, socketId: string, member: PresenceMember, maxMembers: number): Promise<PresenceJoin>;
  presenceLeave(channel: string, socketId: string): Promise<{ member: PresenceMember; last: boolean } | null>;
  presenceMembers(channel: string): Promise<PresenceMember[]>;
  userCount(channel: string): Promise<number>;
  /**
   * Mirrors a local subscription change so the HTTP API sees every node, and returns the channel's subscription
   * count over all nodes right after it (1 after +1: now occupied; 0 after -1: now vacated), or null when that
   * is unknown. The count is taken synchronously at the call. Never rejects (a miss is repaired on reconnect).
   */
  subscriptionDelta(channel: string, delta: number): Promise<number | null>;
  connectionDelta(delta: number): void;
  /** Counts a new connection when fewer than `limit` are open over all nodes; false (nothing counted) otherwise. Rejects with ScalingUnavailable. */
  reserveConnection(limit: number): Promise<boolean>;
  /** channel → subscription count over all nodes (occupied channels only). */
  channelCounts(): Promise<Map<string, number>>;
  subscriptionCount(channel: string): Promise<number>;
  connectionCount(): Promise<number>;
  setCache(channel: string, frame: string): Promise<void>;
  /** Counts a hit in a fixed window over all nodes (the HTTP API rate limit); absent on a single node. */
  countInWindow?(name: string, window: number): Promise<number>;
  getCache(channel: string): Promise<string | null>;
}

export type PresenceJoin = 'first' | 'again' | 'full';

/** Pusher keeps a cache channel's last event for 30 minutes. */
export const CACHE_TTL_MS = 30 * 60 * 1000;

export class MemoryScaling implements Scaling {
  readonly available = true;
  private readonly presence = new MemoryPresence();
  private readonly cache = new Map<string, { frame: string; expires: number }>();
  private connections = 0;

  constructor(private readonly local: LocalChannels) {}

  async start(): Promise<void> {}
  async stop(): Promise<void> {}
  publish(): void {}

  async presenceJoin(channel: string, socketId: string, member: PresenceMember, maxMembers: number): Promise<PresenceJoin> {
    return this.presence.join(channel, socketId, member, maxMembers);
  }
  async presenceLeave(channel: string, socketId: string) {
    return this.presence.leave(channel, socketId);
  }
  async presenceMembers(channel: string): Promise<PresenceMember[]> {
    return this.presence.members(channel);
  }
  async userCount(channel: string): Promise<number> {
    return this.presence.userCount(channel);
  }
  /** This node is all there is: its own count (taken before the first await, so at the call). */
  async subscriptionDelta(channel: string): Promise<number> {
    return this.local.count(channel);
  }
  connectionDelta(delta: number): void {
    this.connections += delta;
  }
  async reserveConnection(limit: number): Promise<boolean> {
    if (this.connections >= limit) return false;
    this.connections += 1;
    return true;
  }
  async channelCounts(): Promise<Map<string, number>> {
    const out = new Map<string, number>();
    // Client channels only: the user channels and the watchers' channels (`#…`) are the server's own.
    for (const name of this.local.names()) if (!name.startsWith('#')) out.set(name, this.local.count(name));
    return out;
  }
  async subscriptionCount(channel: string): Promise<number> {
    return this.local.count(channel);
  }
  async connectionCount(): Promise<number> {
    return this.connections;
  }
  async setCache(channel: string, frame: string): Promise<void> {
    const now = Date.now();
    if (this.cache.size >= 10_000) for (const [k, v] of this.cache) if (v.expires < now) this.cache.delete(k);
    this.cache.set(channel, { frame, expires: now + CACHE_TTL_MS });
  }
  async getCache(channel: string): Promise<string | null> {
    const hit = this.cache.get(channel);
    if (!hit) return null;
    if (hit.expires < Date.now()) {
      this.cache.delete(channel);
      return null;
    }
    return hit.frame;
  }
}

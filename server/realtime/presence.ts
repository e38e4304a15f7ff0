/** Presence channel data: parsing channel_data, the subscription payload, and the in-memory member store. */
import type { PresenceMember } from './connection';

export function userKey(userId: string | number): string {
  return String(userId);
}

/** channel_data must be a JSON object with a `user_id` (string or number); user_info is optional. */
export function parseChannelData(channelData: unknown): PresenceMember | null {
  if (typeof channelData !== 'string') return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(channelData);
  } catch {
    return null;
  }
  if (!parsed || typeof parsed !== 'object') return null;
  const { user_id, user_info } = parsed as Record<string, unknown>;
  if ((typeof user_id !== 'string' || user_id === '') && typeof user_id !== 'number') return null;
  return { user_id, user_info: user_info ?? null };
}

/** `{"presence":{"count","ids","hash"}}` with one entry per user (not per socket). */
export function presenceData(members: PresenceMember[]): { presence: { count: number; ids: (string | number)[]; hash: Record<string, unknown> } } {
  const hash: Record<string, unknown> = {};
  const ids: (string | number)[] = [];
  for (const m of members) {
    const k = userKey(m.user_id);
    if (k in hash) continue;
    hash[k] = m.user_info ?? null;
    ids.push(m.user_id);
  }
  return { presence: { count: ids.length, ids, hash } };
}

interface UserEntry {
  member: PresenceMember;
  sockets: Set<string>;
}

/** Single-node presence: per channel, each user with the sockets it joined from. */
export class MemoryPresence {
  private readonly channels = new Map<string, { users: Map<string, UserEntry>; sockets: Map<string, string> }>();

  /** 'first' for the user's first socket on the channel; 'full' (nothing joined) past maxMembers users (0 = no limit). */
  join(channel: string, socketId: string, member: PresenceMember, maxMembers = 0): 'first' | 'again' | 'full' {
    const key = userKey(member.user_id);
    const existing = this.channels.get(channel);
    if (maxMembers > 0 && existing && !existing.users.has(key) && existing.users.size >= maxMembers) return 'full';
    let ch = existing;
    if (!ch) {
      ch = { users: new Map(), sockets: new Map() };
      this.channels.set(channel, ch);
    }
    if (ch.sockets.has(socketId)) return 'again';
    ch.sockets.set(socketId, key);
    const entry = ch.users.get(key);
    if (entry) {
      entry.sockets.add(socketId);
      entry.member = member;
      return 'again';
    }
    ch.users.set(key, { member, sockets: new Set([socketId]) });
    return 'first';
  }

  /** Returns the member and whether this was the user's last socket; null when the socket had not joined. */
  leave(channel: string, socketId: string): { member: PresenceMember; last: boolean } | null {
    const ch = this.channels.get(channel);
    const key = ch?.sockets.get(socketId);
    if (!ch || key === undefined) return null;
    ch.sockets.delete(socketId);
    const entry = ch.users.get(key);
    if (!entry) return null;
    entry.sockets.delete(socketId);
    const last = entry.sockets.size === 0;
    if (last) ch.users.delete(key);
    if (ch.sockets.size === 0) this.channels.delete(channel);
    return { member: entry.member, last };
  }

  members(channel: string): PresenceMember[] {
    const ch = this.channels.get(channel);
    return ch ? [...ch.users.values()].map((e) => e.member) : [];
  }

  userCount(channel: string): number {
    return this.channels.get(channel)?.users.size ?? 0;
  }
}

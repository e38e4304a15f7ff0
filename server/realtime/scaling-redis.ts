/**
 * Scale-out through Redis. Every node publishes event frames on one pub/sub channel and delivers what the
 * others publish. Presence lives in Redis hashes keyed by `node|socket`, so membership and member_added /
 * member_removed are decided over all nodes. Each node refreshes a heartbeat key; a node whose key expired is
 * dead, and the first survivor to take its reap lock removes its members (broadcasting member_removed) and
 * its counts. Channel and connection counts for the HTTP API are per-node hashes summed over live nodes.
 *
 * Redis outages (ADR 0009): commands never queue or hang (no offline queue, a command timeout). While Redis is
 * away the node keeps serving its own sockets; presence fails fast with ScalingUnavailable, cross-node events
 * are dropped (counted), and count updates are skipped. When both connections are ready again, ioredis
 * resubscribes the bus and the node rebuilds its own share of Redis (counts, presence registrations,
 * heartbeat) from its local state: idempotent, so a short blip and a restart that lost every key both heal.
 */
import { randomBytes } from 'node:crypto';
import type { Redis } from 'ioredis';
import { lazyPackage } from '../lib/lazy-package';

// Only a realtime server scaled out through Redis loads the client (issue #24: not at every start).
const redisPackage = lazyPackage<typeof import('ioredis')>('ioredis');
import type { PresenceMember } from './connection';
import { describeError, guard, logSafely } from './guard';
import type { RealtimeLogger } from './options';
import { userKey } from './presence';
import { formatPosition, newEpoch, type ReplayEntry, type ReplayLog, type ReplayWindow } from './replay';
import { CACHE_TTL_MS, ScalingUnavailable, toBusMessage, type BusMessage, type LocalMember, type PresenceJoin, type Scaling, type ScalingHooks, type SharedReplay } from './scaling';
import type { RealtimeStats } from './stats';

// KEYS: conns-of-channel, users-of-channel, counts-of-channel, channels-of-node
// ARGV: node|socket, user key, member json, channel, most users (0 = no limit)
// Returns 1 for the user's first socket, -1 when this socket had joined, -2 when the channel is full, else > 1.
const JOIN = `
if redis.call('HEXISTS', KEYS[1], ARGV[1]) == 1 then return -1 end
local max = tonumber(ARGV[5])
if max > 0 and redis.call('HEXISTS', KEYS[2], ARGV[2]) == 0 and redis.call('HLEN', KEYS[2]) >= max then return -2 end
redis.call('HSET', KEYS[1], ARGV[1], ARGV[2])
redis.call('HSET', KEYS[2], ARGV[2], ARGV[3])
redis.call('SADD', KEYS[4], ARGV[4])
return redis.call('HINCRBY', KEYS[3], ARGV[2], 1)`;

// KEYS: conns-of-channel, users-of-channel, counts-of-channel; ARGV: node|socket
const LEAVE = `
local u = redis.call('HGET', KEYS[1], ARGV[1])
if not u then return nil end
redis.call('HDEL', KEYS[1], ARGV[1])
local m = redis.call('HGET', KEYS[2], u)
local c = redis.call('HINCRBY', KEYS[3], u, -1)
if c <= 0 then
  redis.call('HDEL', KEYS[3], u)
  redis.call('HDEL', KEYS[2], u)
end
return {u, tostring(c), m or ''}`;

// Subscription counts: per node (subs:{node}, for the HTTP API over live nodes) and over all nodes (occ), changed
// together so the node whose change takes a channel from 0 to 1 or 1 to 0 is the one that knows it.
// A node never takes away more than it counted (its count may be missing after an outage, until the rebuild).
// KEYS: subs-of-node, occ; ARGV: channel, delta. Returns the count over all nodes after the change, -1 when nothing changed.
const SUBS_DELTA = `
local d = tonumber(ARGV[2])
local n = (tonumber(redis.call('HGET', KEYS[1], ARGV[1])) or 0) + d
if n < 0 then d = d - n; n = 0 end
if d == 0 then return -1 end
if n == 0 then redis.call('HDEL', KEYS[1], ARGV[1]) else redis.call('HSET', KEYS[1], ARGV[1], n) end
local t = redis.call('HINCRBY', KEYS[2], ARGV[1], d)
if t <= 0 then redis.call('HDEL', KEYS[2], ARGV[1]) end
return t`;

// Sets a node's counts to absolute values (rebuild) or to nothing (node gone), moving occ by the difference.
// KEYS: subs-of-node, occ; ARGV: channel1, count1, channel2, count2, … Returns {occupied channels, vacated channels}.
const SUBS_SET = `
local old = redis.call('HGETALL', KEYS[1])
local want = {}
for i = 1, #ARGV, 2 do want[ARGV[i]] = tonumber(ARGV[i + 1]) end
local had = {}
for i = 1, #old, 2 do had[old[i]] = tonumber(old[i + 1]) end
for ch, _ in pairs(want) do if had[ch] == nil then had[ch] = 0 end end
local occupied, vacated = {}, {}
redis.call('DEL', KEYS[1])
for ch, before in pairs(had) do
  local now = want[ch] or 0
  if now > 0 then redis.call('HSET', KEYS[1], ch, now) end
  local diff = now - before
  if diff ~= 0 then
    local t = redis.call('HINCRBY', KEYS[2], ch, diff)
    if t <= 0 then redis.call('HDEL', KEYS[2], ch) end
    if t > 0 and t - diff <= 0 then table.insert(occupied, ch) end
    if t <= 0 and t - diff > 0 then table.insert(vacated, ch) end
  end
end
return {occupied, vacated}`;

// The connection quota over all nodes: admits (and counts on this node) while the sum over nodes is below the limit.
// KEYS: conns; ARGV: node, limit. Returns 1 when admitted.
// Counts one hit in a fixed window (the key names the window); the key outlives its window a little, then goes.
// KEYS: window key; ARGV: ttl ms. Returns the hits so far.
const WINDOW_HIT = `
local n = redis.call('INCR', KEYS[1])
if n == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return n`;

const RESERVE = `
local total = 0
for _, v in ipairs(redis.call('HVALS', KEYS[1])) do total = total + (tonumber(v) or 0) end
if total >= tonumber(ARGV[2]) then return 0 end
redis.call('HINCRBY', KEYS[1], ARGV[1], 1)
return 1`;

// The replay log of a channel (ADR 0035): a meta hash {e: epoch, n: last seq} and a stream of entries {s: seq,
// f: frame with its position, '' for a gap}, trimmed by count (MAXLEN) and age (MINID, Redis's clock). The
// event is published in the same script, so every node hears events in seq order.
// KEYS: meta, stream, bus; ARGV: new epoch, frame ('' = gap), bus message JSON (without p; '' = gap),
// max events, max age ms, ttl ms. Returns the seq.
const REPLAY_APPEND = `
local e = redis.call('HGET', KEYS[1], 'e')
if not e then
  e = ARGV[1]
  redis.call('HSET', KEYS[1], 'e', e)
end
local n = redis.call('HINCRBY', KEYS[1], 'n', 1)
local pos = e .. ':' .. n
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local frame = ''
if ARGV[2] ~= '' then frame = string.sub(ARGV[2], 1, -2) .. ',"position":"' .. pos .. '"}' end
redis.call('XADD', KEYS[2], 'MAXLEN', '=', ARGV[4], '*', 's', n, 'f', frame)
redis.call('XTRIM', KEYS[2], 'MINID', tostring(now - tonumber(ARGV[5])))
redis.call('PEXPIRE', KEYS[1], ARGV[6])
redis.call('PEXPIRE', KEYS[2], ARGV[6])
if ARGV[3] ~= '' then redis.call('PUBLISH', KEYS[3], string.sub(ARGV[3], 1, -2) .. ',"p":"' .. pos .. '"}') end
return n`;

// KEYS: meta; ARGV: new epoch, ttl ms. Returns {epoch, last seq}.
const REPLAY_HEAD = `
local e = redis.call('HGET', KEYS[1], 'e')
if not e then
  e = ARGV[1]
  redis.call('HSET', KEYS[1], 'e', e)
end
redis.call('PEXPIRE', KEYS[1], ARGV[2])
return {e, tostring(redis.call('HGET', KEYS[1], 'n') or 0)}`;

/** A quiet channel's log keeps its position this long (then a resume from it fails and the app reloads). */
const REPLAY_TTL_MS = 24 * 60 * 60 * 1000;

export interface RedisScalingOptions {
  url: string;
  prefix: string;
  heartbeatIntervalMs: number;
  nodeTimeoutMs: number;
  commandTimeoutMs: number;
  logger: RealtimeLogger;
  stats: RealtimeStats;
}

/** Presence registrations re-sent per pipeline when rebuilding after an outage. */
const RESYNC_BATCH = 500;
/** How long a reaped node can come back and still learn that its members were announced gone. */
const REAPED_MARKER_MS = 60 * 60 * 1000;

function parseMember(json: string): PresenceMember | null {
  try {
    const m = JSON.parse(json) as Partial<PresenceMember> | null;
    if (!m || (typeof m.user_id !== 'string' && typeof m.user_id !== 'number')) return null;
    return { user_id: m.user_id, user_info: m.user_info ?? null };
  } catch {
    return null;
  }
}

export class RedisScaling implements Scaling {
  readonly nodeId = randomBytes(8).toString('hex');
  private readonly cmd: Redis;
  private readonly sub: Redis;
  private hooks: ScalingHooks | null = null;
  private timer: NodeJS.Timeout | null = null;
  private beating: Promise<void> | null = null;
  private started = false;
  private stopping = false;
  /** Last reported state, so an outage is logged once, not once per reconnect attempt. */
  private up = false;
  /** Shared state may have missed updates from this node: rebuild it before the next heartbeat. */
  private dirty = false;
  private dropped = 0;
  /** Set after the first heartbeat: from then on, finding this node missing from the node set means it was removed while alive. */
  private registered = false;

  constructor(private readonly o: RedisScalingOptions) {
    const { Redis } = redisPackage();
    this.cmd = new Redis(o.url, { lazyConnect: true, maxRetriesPerRequest: 1, enableOfflineQueue: false, commandTimeout: o.commandTimeoutMs });
    this.sub = new Redis(o.url, { lazyConnect: true, maxRetriesPerRequest: 1 });
    for (const c of [this.cmd, this.sub]) {
      c.on(
        'error',
        guard(o.logger, 'redis error handler', (e: Error) => {
          if (this.up || !this.started) logSafely(o.logger, 'error', 'realtime redis error', e.message);
        }),
      );
      c.on(
        'close',
        guard(o.logger, 'redis close handler', () => this.lost()),
      );
      c.on(
        'ready',
        guard(o.logger, 'redis ready handler', () => this.regained()),
      );
    }
    this.sub.on(
      'message',
      guard(o.logger, 'redis message handler', (_channel: string, raw: string) => this.receive(raw)),
    );
  }

  get available(): boolean {
    return this.started && !this.stopping && this.cmd.status === 'ready' && this.sub.status === 'ready';
  }

  private k(...parts: string[]): string {
    return [this.o.prefix, ...parts].join(':');
  }

  /** One round trip to Redis, counted and timed for the metrics. */
  private rt<T>(op: Promise<T>): Promise<T> {
    const started = performance.now();
    return op.then(
      (v) => {
        this.o.stats.redisRoundTrip(started, true);
        return v;
      },
      (e: unknown) => {
        this.o.stats.redisRoundTrip(started, false);
        throw e;
      },
    );
  }

  async start(hooks: ScalingHooks): Promise<void> {
    this.hooks = hooks;
    try {
      await Promise.all([this.cmd.connect(), this.sub.connect()]);
      await this.sub.subscribe(this.k('bus'));
      // Counts a previous run under the same id left behind are gone (ids are random, so this is a fresh slate).
      await this.rt(this.cmd.multi().hset(this.k('conns'), this.nodeId, 0).del(this.k('subs', this.nodeId)).exec());
    } catch (e) {
      this.cmd.disconnect();
      this.sub.disconnect();
      throw e;
    }
    this.started = true;
    this.up = true;
    await this.tick();
    this.timer = setInterval(
      guard(this.o.logger, 'redis heartbeat timer', () => this.tick()),
      this.o.heartbeatIntervalMs,
    );
    this.timer.unref();
  }

  async stop(): Promise<void> {
    const wasAvailable = this.available;
    this.stopping = true; // from here no reconnect starts a new heartbeat or rebuild
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.beating;
    try {
      if (wasAvailable) await this.forgetNode(this.nodeId);
    } catch (e) {
      logSafely(this.o.logger, 'warn', 'realtime could not unregister this node from redis', describeError(e));
    } finally {
      this.sub.disconnect();
      await this.cmd.quit().catch(() => this.cmd.disconnect());
    }
  }

  private lost(): void {
    if (!this.started || this.stopping) return;
    this.dirty = true;
    if (!this.up) return;
    this.up = false;
    logSafely(this.o.logger, 'error', 'realtime lost redis: serving local sockets only, presence unavailable until it returns');
  }

  private regained(): void {
    if (!this.started || this.stopping || !this.available || this.up) return;
    this.up = true;
    this.dirty = true;
    logSafely(this.o.logger, 'warn', `realtime redis is back (${this.dropped} events were not relayed meanwhile): rebuilding this node's state`);
    this.dropped = 0;
    void this.tick();
  }

  /** One heartbeat at a time: rebuild this node's shared state when it may be stale, then beat and reap. */
  private tick(): Promise<void> {
    if (!this.beating) {
      this.beating = this.heartbeat()
        .catch((e: unknown) => logSafely(this.o.logger, 'error', 'realtime heartbeat failed', describeError(e)))
        .finally(() => (this.beating = null));
    }
    return this.beating;
  }

  private receive(raw: string): void {
    let parsed: unknown;
    try {
      parsed = JSON.parse(raw);
    } catch {
      return;
    }
    // Our own logged events come back too: every node delivers them in log order, this one included.
    const own = parsed as { n?: unknown; p?: unknown } | null;
    if (own?.n === this.nodeId && own.p === undefined) return;
    const m = toBusMessage(parsed);
    if (m) this.hooks?.onMessage(m);
  }

  publish(m: BusMessage): void {
    if (!this.available) {
      this.dropped += 1;
      return;
    }
    this.rt(this.cmd.publish(this.k('bus'), JSON.stringify({ ...m, n: this.nodeId }))).catch((e: Error) => {
      this.dropped += 1;
      logSafely(this.o.logger, 'error', 'realtime publish failed', e.message);
    });
  }

  private async heartbeat(): Promise<void> {
    if (!this.available) return;
    const beat = await this.rt(this.cmd.multi().set(this.k('hb', this.nodeId), Date.now(), 'PX', this.o.nodeTimeoutMs).sadd(this.k('nodes'), this.nodeId).exec());
    // Re-added: another node reaped this one (a stall or partition longer than nodeTimeoutMs), or Redis lost its keys.
    if (beat?.[1]?.[1] === 1 && this.registered) this.dirty = true;
    this.registered = true;
    if (this.dirty) await this.resync();
    await this.reapDeadNodes();
  }

  /**
   * Rebuilds this node's part of Redis from local state: absolute counts, registrations of sockets that left
   * while Redis was away removed (member_removed when it was the user's last), current ones registered again.
   * The count snapshot is taken and queued in one synchronous step, so deltas queued after it apply after it.
   * When another node had reaped this one, it told everyone these members left: they are announced again.
   */
  private async resync(): Promise<void> {
    const hooks = this.hooks;
    if (!hooks) return;
    this.dirty = false;
    try {
      const marks = await this.rt(this.cmd.multi().exists(this.k('reaped', this.nodeId)).exists(this.k('reap', this.nodeId)).exec());
      const wasReaped = marks?.[0]?.[1] === 1;
      if (!wasReaped && marks?.[1]?.[1] === 1) {
        this.dirty = true; // another node is removing this one right now: rebuild once it is done
        return;
      }
      const state = hooks.localState();
      const conns = this.rt(this.cmd.hset(this.k('conns'), this.nodeId, state.connections));
      const subs = this.setSubscriptions(this.nodeId, [...state.subscriptions].flat().map(String));
      await conns;
      const { occupied, vacated } = await subs;
      hooks.onOccupancy(occupied, vacated);
      const channels = new Set(await this.rt(this.cmd.smembers(this.k('nchan', this.nodeId))));
      for (const m of state.presence) channels.add(m.channel);
      const mine = `${this.nodeId}|`;
      for (const channel of channels) {
        for (const field of await this.rt(this.cmd.hkeys(this.k('pc', channel)))) {
          if (!field.startsWith(mine) || hooks.isLocalMember(channel, field.slice(mine.length))) continue;
          const gone = await this.leaveField(channel, field);
          if (gone?.last) hooks.onMemberGone(channel, gone.member);
        }
      }
      for (let i = 0; i < state.presence.length; i += RESYNC_BATCH) {
        const members = state.presence.slice(i, i + RESYNC_BATCH).filter((m) => hooks.isLocalMember(m.channel, m.socketId));
        const batch = this.cmd.pipeline();
        for (const m of members) batch.eval(JOIN, 4, ...this.joinArgs(m, 0));
        const joined = (await this.rt(batch.exec())) ?? [];
        if (wasReaped)
          members.forEach((m, j) => {
            if (Number(joined[j]?.[1]) === 1) hooks.onMemberBack(m);
          });
      }
      // Alive again: a later real death must be reapable at once, and must not be announced twice.
      if (wasReaped) await this.rt(this.cmd.del(this.k('reaped', this.nodeId), this.k('reap', this.nodeId)));
      hooks.onRebuilt?.();
    } catch (e) {
      this.dirty = true;
      throw e;
    }
  }

  private async liveNodes(): Promise<string[]> {
    const nodes = await this.rt(this.cmd.smembers(this.k('nodes')));
    if (nodes.length === 0) return [];
    const beats = await this.rt(this.cmd.mget(...nodes.map((n) => this.k('hb', n))));
    return nodes.filter((_, i) => beats[i] !== null);
  }

  private async reapDeadNodes(): Promise<void> {
    const nodes = await this.rt(this.cmd.smembers(this.k('nodes')));
    const live = new Set(await this.liveNodes());
    for (const node of nodes) {
      if (node === this.nodeId || live.has(node)) continue;
      const locked = await this.rt(this.cmd.set(this.k('reap', node), this.nodeId, 'PX', 30_000, 'NX'));
      if (locked !== 'OK') continue;
      // It may have beaten since `live` was read (a node back from a stall): then it is not dead after all.
      if ((await this.rt(this.cmd.exists(this.k('hb', node)))) === 1) {
        await this.rt(this.cmd.del(this.k('reap', node)));
        continue;
      }
      logSafely(this.o.logger, 'warn', 'realtime node died, removing its members', node);
      await this.forgetNode(node);
    }
  }

  /** Removes a node's presence members (reporting users who left for good), counts and registration. */
  private async forgetNode(node: string): Promise<void> {
    const channels = await this.rt(this.cmd.smembers(this.k('nchan', node)));
    for (const channel of channels) {
      const fields = await this.rt(this.cmd.hkeys(this.k('pc', channel)));
      for (const field of fields) {
        if (!field.startsWith(`${node}|`)) continue;
        const gone = await this.leaveField(channel, field);
        if (gone?.last && node !== this.nodeId) this.hooks?.onMemberGone(channel, gone.member);
      }
    }
    // Its subscriptions leave the counts over all nodes; channels only it served are vacated (announced by this node).
    const { vacated } = await this.setSubscriptions(node, []);
    if (vacated.length) this.hooks?.onOccupancy([], vacated);
    const done = this.cmd.multi().del(this.k('nchan', node), this.k('hb', node)).hdel(this.k('conns'), node).srem(this.k('nodes'), node);
    // Last, so a node reaped while alive (stalled, cut off) that finds it knows the reaping is over, and re-announces.
    if (node !== this.nodeId) done.set(this.k('reaped', node), '1', 'PX', REAPED_MARKER_MS);
    await this.rt(done.exec());
  }

  private presenceKeys(channel: string): [string, string, string] {
    return [this.k('pc', channel), this.k('pu', channel), this.k('pn', channel)];
  }

  private joinArgs(m: LocalMember, maxMembers: number): string[] {
    return [...this.presenceKeys(m.channel), this.k('nchan', this.nodeId), `${this.nodeId}|${m.socketId}`, userKey(m.member.user_id), JSON.stringify(m.member), m.channel, String(maxMembers)];
  }

  /** SUBS_SET for one node: `flat` is channel, count, channel, count, … (empty: the node holds nothing). */
  private async setSubscriptions(node: string, flat: string[]): Promise<{ occupied: string[]; vacated: string[] }> {
    const [occupied, vacated] = (await this.rt(this.cmd.eval(SUBS_SET, 2, this.k('subs', node), this.k('occ'), ...flat))) as [string[], string[]];
    return { occupied: occupied ?? [], vacated: vacated ?? [] };
  }

  /** Runs a command for a caller that must answer a client: fails fast while Redis is away, and marks state stale on failure. */
  private async call<T>(run: () => Promise<T>): Promise<T> {
    if (!this.available) throw new ScalingUnavailable();
    try {
      return await run();
    } catch (e) {
      this.dirty = true;
      throw new ScalingUnavailable(`Redis command failed: ${(e as Error).message}`);
    }
  }

  async presenceJoin(channel: string, socketId: string, member: PresenceMember, maxMembers: number): Promise<PresenceJoin> {
    const count = Number(await this.call(() => this.cmd.eval(JOIN, 4, ...this.joinArgs({ channel, socketId, member }, maxMembers))));
    return count === 1 ? 'first' : count === -2 ? 'full' : 'again';
  }

  private async leaveField(channel: string, field: string): Promise<{ member: PresenceMember; last: boolean } | null> {
    const res = (await this.rt(this.cmd.eval(LEAVE, 3, ...this.presenceKeys(channel), field))) as [string, string, string] | null;
    if (!res) return null;
    const [uid, count, json] = res;
    return { member: (json && parseMember(json)) || { user_id: uid, user_info: null }, last: Number(count) <= 0 };
  }

  presenceLeave(channel: string, socketId: string) {
    return this.call(() => this.leaveField(channel, `${this.nodeId}|${socketId}`));
  }

  async presenceMembers(channel: string): Promise<PresenceMember[]> {
    const values = await this.call(() => this.rt(this.cmd.hvals(this.k('pu', channel))));
    return values.map(parseMember).filter((m): m is PresenceMember => m !== null);
  }

  userCount(channel: string): Promise<number> {
    return this.call(() => this.rt(this.cmd.hlen(this.k('pu', channel))));
  }

  async subscriptionDelta(channel: string, delta: number): Promise<number | null> {
    if (!this.available) {
      this.dirty = true;
      return null;
    }
    try {
      const total = Number(await this.rt(this.cmd.eval(SUBS_DELTA, 2, this.k('subs', this.nodeId), this.k('occ'), channel, delta)));
      return total < 0 ? null : total;
    } catch {
      this.dirty = true;
      return null;
    }
  }

  connectionDelta(delta: number): void {
    if (!this.available) {
      this.dirty = true;
      return;
    }
    this.rt(this.cmd.hincrby(this.k('conns'), this.nodeId, delta)).catch(() => (this.dirty = true));
  }

  async reserveConnection(limit: number): Promise<boolean> {
    return Number(await this.call(() => this.rt(this.cmd.eval(RESERVE, 1, this.k('conns'), this.nodeId, limit)))) === 1;
  }

  channelCounts(): Promise<Map<string, number>> {
    return this.call(async () => {
      const out = new Map<string, number>();
      for (const node of await this.liveNodes()) {
        const counts = await this.rt(this.cmd.hgetall(this.k('subs', node)));
        for (const [channel, n] of Object.entries(counts)) out.set(channel, (out.get(channel) ?? 0) + Number(n));
      }
      for (const [channel, n] of out) if (!(n > 0)) out.delete(channel);
      return out;
    });
  }

  subscriptionCount(channel: string): Promise<number> {
    return this.call(async () => {
      let total = 0;
      for (const node of await this.liveNodes()) total += Number((await this.rt(this.cmd.hget(this.k('subs', node), channel))) ?? 0) || 0;
      return total;
    });
  }

  connectionCount(): Promise<number> {
    return this.call(async () => {
      const live = new Set(await this.liveNodes());
      const counts = await this.rt(this.cmd.hgetall(this.k('conns')));
      let total = 0;
      for (const [node, n] of Object.entries(counts)) if (live.has(node)) total += Number(n) || 0;
      return total;
    });
  }

  /** One hit in the fixed window `window` of the counter `name`, over all nodes; the hits so far. Rejects with ScalingUnavailable. */
  async countInWindow(name: string, window: number): Promise<number> {
    return Number(await this.call(() => this.rt(this.cmd.eval(WINDOW_HIT, 1, this.k('rl', name, String(window)), 5000))));
  }
  readonly replay: SharedReplay = {
    append: async (channel: string, frame: string | null, exceptSocketId: string | undefined, window: ReplayWindow): Promise<void> => {
      const bus = frame === null ? '' : JSON.stringify(exceptSocketId ? { t: 'event', c: channel, f: frame, x: exceptSocketId, n: this.nodeId } : { t: 'event', c: channel, f: frame, n: this.nodeId });
      const keys = [this.k('rpm', channel), this.k('rp', channel), this.k('bus')];
      const args = [newEpoch(), frame ?? '', bus, window.maxEvents, Math.round(window.maxAgeSeconds * 1000), REPLAY_TTL_MS];
      await this.call(() => this.rt(this.cmd.eval(REPLAY_APPEND, 3, ...keys, ...args)));
    },
    read: async (channel: string): Promise<ReplayLog> => {
      const res = await this.call(() => this.rt(this.cmd.multi().hmget(this.k('rpm', channel), 'e', 'n').xrange(this.k('rp', channel), '-', '+').exec()));
      const [meta, range] = [res?.[0]?.[1] as [string | null, string | null] | undefined, res?.[1]?.[1] as [string, string[]][] | undefined];
      const entries: ReplayEntry[] = [];
      for (const [id, fields] of range ?? []) {
        const f: Record<string, string> = {};
        for (let i = 0; i + 1 < fields.length; i += 2) f[fields[i]] = fields[i + 1];
        entries.push({ seq: Number(f.s), at: Number(id.split('-')[0]), frame: f.f ? f.f : null });
      }
      return { epoch: meta?.[0] ?? '', head: Number(meta?.[1] ?? 0), entries };
    },
    head: async (channel: string): Promise<string> => {
      const [epoch, seq] = (await this.call(() => this.rt(this.cmd.eval(REPLAY_HEAD, 1, this.k('rpm', channel), newEpoch(), REPLAY_TTL_MS)))) as [string, string];
      return formatPosition(epoch, Number(seq));
    },
  };

  async setCache(channel: string, frame: string): Promise<void> {
    await this.call(() => this.rt(this.cmd.set(this.k('cache', channel), frame, 'PX', CACHE_TTL_MS)));
  }

  getCache(channel: string): Promise<string | null> {
    return this.call(() => this.rt(this.cmd.get(this.k('cache', channel))));
  }
}

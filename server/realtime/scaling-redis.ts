/**
 * Scale-out through Redis. Every node publishes event frames on one pub/sub channel and delivers what the
 * others publish. Presence lives in Redis hashes keyed by `node|socket`, so membership and member_added /
 * member_removed are decided over all nodes. Each node refreshes a heartbeat key; a node whose key expired is
 * dead, and the first survivor to take its reap lock removes its members (broadcasting member_removed) and
 * its counts. Channel and connection counts for the HTTP API are per-node hashes summed over live nodes.
 */
import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import type { PresenceMember } from './connection';
import { guard } from './guard';
import type { RealtimeLogger } from './options';
import { userKey } from './presence';
import { CACHE_TTL_MS, toBusMessage, type BusMessage, type Scaling, type ScalingHooks } from './scaling';

// KEYS: conns-of-channel, users-of-channel, counts-of-channel, channels-of-node
// ARGV: node|socket, user key, member json, channel
const JOIN = `
if redis.call('HSETNX', KEYS[1], ARGV[1], ARGV[2]) == 0 then return -1 end
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

export interface RedisScalingOptions {
  url: string;
  prefix: string;
  heartbeatIntervalMs: number;
  nodeTimeoutMs: number;
  logger: RealtimeLogger;
}

export class RedisScaling implements Scaling {
  readonly nodeId = randomBytes(8).toString('hex');
  private readonly cmd: Redis;
  private readonly sub: Redis;
  private hooks: ScalingHooks | null = null;
  private timer: NodeJS.Timeout | null = null;
  private beating: Promise<void> | null = null;

  constructor(private readonly o: RedisScalingOptions) {
    this.cmd = new Redis(o.url, { lazyConnect: true, maxRetriesPerRequest: 3 });
    this.sub = new Redis(o.url, { lazyConnect: true });
    for (const c of [this.cmd, this.sub]) c.on('error', (e: Error) => o.logger.error('realtime redis error', e.message));
  }

  private k(...parts: string[]): string {
    return [this.o.prefix, ...parts].join(':');
  }

  async start(hooks: ScalingHooks): Promise<void> {
    this.hooks = hooks;
    await Promise.all([this.cmd.connect(), this.sub.connect()]);
    this.sub.on('message', guard(this.o.logger, 'redis message handler', (_channel: string, raw: string) => this.receive(raw)));
    await this.sub.subscribe(this.k('bus'));
    await this.cmd.multi().hset(this.k('conns'), this.nodeId, 0).del(this.k('subs', this.nodeId)).exec();
    await this.heartbeat();
    this.timer = setInterval(
      guard(this.o.logger, 'redis heartbeat timer', () => {
        if (!this.beating) this.beating = this.heartbeat().finally(() => (this.beating = null));
      }),
      this.o.heartbeatIntervalMs,
    );
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.beating;
    try {
      await this.forgetNode(this.nodeId);
    } finally {
      this.sub.disconnect();
      await this.cmd.quit().catch(() => this.cmd.disconnect());
    }
  }

  private receive(raw: string): void {
    let parsed: unknown;
    try {
      parsed = JSON.parse(raw);
    } catch {
      return;
    }
    if ((parsed as { n?: unknown } | null)?.n === this.nodeId) return;
    const m = toBusMessage(parsed);
    if (m) this.hooks?.onMessage(m);
  }

  publish(m: BusMessage): void {
    this.cmd.publish(this.k('bus'), JSON.stringify({ ...m, n: this.nodeId })).catch((e: Error) => this.o.logger.error('realtime publish failed', e.message));
  }

  private async heartbeat(): Promise<void> {
    try {
      await this.cmd.multi().set(this.k('hb', this.nodeId), Date.now(), 'PX', this.o.nodeTimeoutMs).sadd(this.k('nodes'), this.nodeId).exec();
      await this.reapDeadNodes();
    } catch (e) {
      this.o.logger.error('realtime heartbeat failed', (e as Error).message);
    }
  }

  private async liveNodes(): Promise<string[]> {
    const nodes = await this.cmd.smembers(this.k('nodes'));
    if (nodes.length === 0) return [];
    const beats = await this.cmd.mget(...nodes.map((n) => this.k('hb', n)));
    return nodes.filter((_, i) => beats[i] !== null);
  }

  private async reapDeadNodes(): Promise<void> {
    const nodes = await this.cmd.smembers(this.k('nodes'));
    const live = new Set(await this.liveNodes());
    for (const node of nodes) {
      if (node === this.nodeId || live.has(node)) continue;
      const locked = await this.cmd.set(this.k('reap', node), this.nodeId, 'PX', 30_000, 'NX');
      if (locked !== 'OK') continue;
      this.o.logger.warn('realtime node died, removing its members', node);
      await this.forgetNode(node);
    }
  }

  /** Removes a node's presence members (reporting users who left for good), counts and registration. */
  private async forgetNode(node: string): Promise<void> {
    const channels = await this.cmd.smembers(this.k('nchan', node));
    for (const channel of channels) {
      const fields = await this.cmd.hkeys(this.k('pc', channel));
      for (const field of fields) {
        if (!field.startsWith(`${node}|`)) continue;
        const gone = await this.leaveField(channel, field);
        if (gone?.last && node !== this.nodeId) this.hooks?.onMemberGone(channel, gone.member);
      }
    }
    await this.cmd
      .multi()
      .del(this.k('nchan', node), this.k('subs', node), this.k('hb', node))
      .hdel(this.k('conns'), node)
      .srem(this.k('nodes'), node)
      .exec();
  }

  private presenceKeys(channel: string): [string, string, string] {
    return [this.k('pc', channel), this.k('pu', channel), this.k('pn', channel)];
  }

  async presenceJoin(channel: string, socketId: string, member: PresenceMember): Promise<boolean> {
    const count = await this.cmd.eval(
      JOIN,
      4,
      ...this.presenceKeys(channel),
      this.k('nchan', this.nodeId),
      `${this.nodeId}|${socketId}`,
      userKey(member.user_id),
      JSON.stringify(member),
      channel,
    );
    return Number(count) === 1;
  }

  private async leaveField(channel: string, field: string): Promise<{ member: PresenceMember; last: boolean } | null> {
    const res = (await this.cmd.eval(LEAVE, 3, ...this.presenceKeys(channel), field)) as [string, string, string] | null;
    if (!res) return null;
    const [uid, count, json] = res;
    let member: PresenceMember = { user_id: uid, user_info: null };
    try {
      if (json) member = JSON.parse(json) as PresenceMember;
    } catch {
      /* keep the id-only member */
    }
    return { member, last: Number(count) <= 0 };
  }

  presenceLeave(channel: string, socketId: string) {
    return this.leaveField(channel, `${this.nodeId}|${socketId}`);
  }

  async presenceMembers(channel: string): Promise<PresenceMember[]> {
    const values = await this.cmd.hvals(this.k('pu', channel));
    return values.map((v) => JSON.parse(v) as PresenceMember);
  }

  async userCount(channel: string): Promise<number> {
    return this.cmd.hlen(this.k('pu', channel));
  }

  async subscriptionDelta(channel: string, delta: number): Promise<void> {
    const key = this.k('subs', this.nodeId);
    const n = await this.cmd.hincrby(key, channel, delta);
    if (n <= 0) await this.cmd.hdel(key, channel);
  }

  connectionDelta(delta: number): void {
    this.cmd.hincrby(this.k('conns'), this.nodeId, delta).catch((e: Error) => this.o.logger.error('realtime count failed', e.message));
  }

  async channelCounts(): Promise<Map<string, number>> {
    const out = new Map<string, number>();
    for (const node of await this.liveNodes()) {
      const counts = await this.cmd.hgetall(this.k('subs', node));
      for (const [channel, n] of Object.entries(counts)) out.set(channel, (out.get(channel) ?? 0) + Number(n));
    }
    for (const [channel, n] of out) if (n <= 0) out.delete(channel);
    return out;
  }

  async subscriptionCount(channel: string): Promise<number> {
    let total = 0;
    for (const node of await this.liveNodes()) total += Number((await this.cmd.hget(this.k('subs', node), channel)) ?? 0);
    return total;
  }

  async connectionCount(): Promise<number> {
    const live = new Set(await this.liveNodes());
    const counts = await this.cmd.hgetall(this.k('conns'));
    let total = 0;
    for (const [node, n] of Object.entries(counts)) if (live.has(node)) total += Number(n);
    return total;
  }

  async setCache(channel: string, frame: string): Promise<void> {
    await this.cmd.set(this.k('cache', channel), frame, 'PX', CACHE_TTL_MS);
  }

  getCache(channel: string): Promise<string | null> {
    return this.cmd.get(this.k('cache', channel));
  }
}

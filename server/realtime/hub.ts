/**
 * The node's state and the operations on it: connections, local channels, sign-in, subscribe /
 * unsubscribe (with presence), broadcast (local fan-out + other nodes), cache channels, user termination.
 */
import { LocalChannels } from './local-channels';
import type { Connection, PresenceMember, ReplayMark, ReplayTrack } from './connection';
import type { ResolvedOptions } from './options';
import { parseChannelData, presenceData, userKey } from './presence';
import { ErrorCode, SERVER_TO_USER_PREFIX, encodeEvent, isCache, isPresence, isServerToUser, isValidChannelName, needsAuth, payloadBytes } from './protocol';
import { MemoryReplay, formatPosition, parsePosition, replayable, withPosition, type ReplayLog } from './replay';
import { ScalingUnavailable, type BusMessage, type LocalMember, type LocalState, type Scaling } from './scaling';
import { verifyChannelAuth } from './signature';
import { RealtimeStats } from './stats';
import type { WebhookSender } from './webhooks';
import { SubscriptionCounts } from './subscription-count';
import { ONLINE, Watchlist } from './watchlist';

export class Hub {
  readonly connections = new Map<string, Connection>();
  readonly local: LocalChannels;
  /** Open connections per client address (for maxConnectionsPerIp). */
  private readonly perIp = new Map<string, number>();
  private readonly pending = new Set<Promise<unknown>>();
  scaling!: Scaling;
  readonly stats = new RealtimeStats();
  /** Null when no webhook URL is configured. */
  webhooks: WebhookSender | null = null;
  readonly watchlist = new Watchlist(this);
  /** Null unless the app counts subscriptions for its clients. */
  readonly subscriptionCounts: SubscriptionCounts | null;
  /** Replay logs of this node when they are not shared (no Redis); null when the app has no replay window. */
  private readonly memoryReplay: MemoryReplay | null;
  /** Per channel with local subscribers: the logged events this node delivered (replay window only). */
  private readonly tracks = new Map<string, ReplayTrack>();
  /** Channels whose events went out unlogged (the shared log was unreachable): a gap is logged before the next. */
  private readonly gaps = new Set<string>();

  constructor(readonly opts: ResolvedOptions) {
    this.local = new LocalChannels(opts.fanoutBatchSize);
    this.memoryReplay = opts.replay ? new MemoryReplay(opts.replay) : null;
    this.subscriptionCounts = opts.subscriptionCount ? new SubscriptionCounts(this) : null;
  }

  /** Keeps async work visible so stop() can wait for it; errors are logged, never thrown. */
  track<T>(p: Promise<T>): void {
    const guarded = p.catch((e: unknown) => this.opts.logger.error('realtime task failed', e instanceof Error ? e.message : e));
    this.pending.add(guarded);
    void guarded.finally(() => this.pending.delete(guarded));
  }

  async settle(): Promise<void> {
    while (this.pending.size) await Promise.all([...this.pending]);
  }

  /**
   * An app event (the HTTP API's): with a replay window it is logged first and goes out with its position
   * (through the shared log when there is one: every node, this one too, delivers it in log order).
   */
  broadcast(channel: string, frame: string, exceptSocketId?: string): void {
    const window = this.opts.replay;
    if (!window || !replayable(channel)) return this.relay(channel, frame, exceptSocketId);
    const shared = this.scaling.replay;
    if (!shared) {
      const position = (this.memoryReplay as MemoryReplay).append(channel, frame);
      return this.deliverLogged(channel, withPosition(frame, position), position, exceptSocketId);
    }
    const gap = this.gaps.has(channel);
    this.gaps.delete(channel);
    const logged = (gap ? shared.append(channel, null, undefined, window) : Promise.resolve()).then(() => shared.append(channel, frame, exceptSocketId, window));
    this.track(
      logged.catch((e: unknown) => {
        if (!(e instanceof ScalingUnavailable)) throw e;
        // The log is unreachable: the event still reaches this node's sockets, and a resume across it will fail.
        this.gaps.add(channel);
        this.relay(channel, frame, exceptSocketId);
      }),
    );
  }

  /** Back from an outage of the shared log: a gap is logged in each channel whose events went out unlogged meanwhile. */
  logGaps(): void {
    const shared = this.scaling.replay;
    const window = this.opts.replay;
    if (!shared || !window) return;
    for (const channel of this.gaps) {
      this.gaps.delete(channel);
      this.track(
        shared.append(channel, null, undefined, window).catch((e: unknown) => {
          if (!(e instanceof ScalingUnavailable)) throw e;
          this.gaps.add(channel);
        }),
      );
    }
  }

  /** Delivers on this node and tells the other nodes, outside any replay log (presence and client events). */
  relay(channel: string, frame: string, exceptSocketId?: string): void {
    this.local.deliver(channel, frame, exceptSocketId);
    this.scaling.publish(exceptSocketId ? { t: 'event', c: channel, f: frame, x: exceptSocketId } : { t: 'event', c: channel, f: frame });
  }

  onBusMessage(m: BusMessage): void {
    if (m.t === 'event') {
      if (m.p !== undefined) this.deliverLogged(m.c, withPosition(m.f, m.p), m.p, m.x);
      else this.local.deliver(m.c, m.f, m.x);
    } else if (m.t === 'terminate') this.terminateLocalUser(m.u);
  }

  /** A logged event, in log order: remembered as delivered on this node, skipped for sockets a resume already sent it to. */
  private deliverLogged(channel: string, frame: string, position: string, exceptSocketId?: string): void {
    const p = parsePosition(position);
    if (!p) return this.local.deliver(channel, frame, exceptSocketId);
    const track = this.tracks.get(channel);
    if (track) {
      if (track.epoch !== p.epoch) {
        track.epoch = p.epoch;
        track.first = p.seq;
      } else track.first ??= p.seq;
      track.last = p.seq;
    }
    this.local.deliver(channel, frame, exceptSocketId, p.seq);
  }

  /** Notes where a socket joins a channel's log: what the node delivered before it, it did not get live. */
  private joinLog(conn: Connection, channel: string): void {
    let track = this.tracks.get(channel);
    if (!track) {
      track = { epoch: null, first: null, last: null };
      this.tracks.set(channel, track);
    }
    (conn.replay ??= new Map()).set(channel, { track, mark: track.last, epoch: track.epoch, floor: 0, resume: 'none' });
  }

  private leaveLog(conn: Connection, channel: string): void {
    conn.replay?.delete(channel);
    if (this.local.count(channel) === 0) this.tracks.delete(channel);
  }

  /** The position up to which this socket is not sent events live: a fresh client's starting point. */
  private async joinPosition(channel: string, m: ReplayMark): Promise<string> {
    if (m.mark !== null && m.epoch !== null) return formatPosition(m.epoch, m.mark);
    const { track } = m;
    if (track.first !== null && track.epoch !== null) return formatPosition(track.epoch, track.first - 1);
    return this.scaling.replay ? this.scaling.replay.head(channel) : (this.memoryReplay as MemoryReplay).head(channel);
  }

  private async sendResumeInfo(conn: Connection, channel: string): Promise<void> {
    const m = conn.replay?.get(channel);
    if (!m) return;
    let position: string;
    try {
      position = await this.joinPosition(channel, m);
    } catch (e) {
      if (e instanceof ScalingUnavailable) return; // no starting point: the client re-fetches after its next reconnect
      throw e;
    }
    if (!conn.closed && conn.replay?.get(channel) === m) conn.send(encodeEvent('pusher_internal:resume_info', { position }, channel));
  }

  /**
   * pusher:resume { channel, since }: the events of the channel after `since` that this socket did not get
   * live, in order, each once, then `pusher:resumed`; `pusher:resume_failed` when some are no longer in the
   * window (or the log started over), so the client reloads. Only for a channel the socket is subscribed to
   * (so authorized to): anything else answers pusher:error and sends nothing of the channel.
   */
  resume(conn: Connection, data: Record<string, unknown> | null): void {
    const channel = data?.channel;
    if (!isValidChannelName(channel, this.opts.maxChannelNameLength)) return conn.sendError(ErrorCode.Unauthorized, 'pusher:resume needs a valid channel');
    const fail = (reason: string) => conn.send(encodeEvent('pusher:resume_failed', { reason }, channel));
    if (!this.opts.replay || !replayable(channel)) return fail('disabled');
    const m = conn.replay?.get(channel);
    if (!conn.isSubscribed(channel) || !m) return conn.sendError(ErrorCode.Unauthorized, 'Subscribe to the channel before resuming it', channel);
    const since = parsePosition(data?.since);
    if (!since) return conn.sendError(ErrorCode.Unauthorized, 'pusher:resume needs `since`, a position the server sent', channel);
    if (m.resume !== 'none') return conn.sendError(ErrorCode.Unauthorized, 'This subscription was resumed already', channel);
    m.resume = 'running';
    const read: Promise<ReplayLog> = this.scaling.replay ? this.scaling.replay.read(channel) : Promise.resolve((this.memoryReplay as MemoryReplay).read(channel));
    this.track(
      read.then(
        (log) => {
          if (conn.closed || conn.replay?.get(channel) !== m) return;
          m.resume = 'done';
          const result = this.replayFrom(log, since, m);
          if (typeof result === 'string') return fail(result);
          for (const frame of result.frames) conn.send(frame);
          m.floor = Math.max(m.floor, result.upTo);
          conn.send(encodeEvent('pusher:resumed', { position: formatPosition(log.epoch, result.upTo), replayed: result.frames.length }, channel));
        },
        (e: unknown) => {
          m.resume = 'done';
          if (!(e instanceof ScalingUnavailable)) throw e;
          if (!conn.closed) fail('unavailable');
        },
      ),
    );
  }

  /** The frames after `since` up to what the socket gets live, or why they cannot all be sent. */
  private replayFrom(log: ReplayLog, since: { epoch: string; seq: number }, m: ReplayMark): { frames: string[]; upTo: number } | string {
    if (!log.epoch || since.epoch !== log.epoch || since.seq > log.head) return 'expired';
    // Events from `liveFrom` on reach the socket live (or already did); in-flight ones at most log.head (skipped by the floor).
    const { track } = m;
    const liveFrom = m.mark !== null && m.epoch === log.epoch ? m.mark + 1 : track.first !== null && track.epoch === log.epoch ? track.first : log.head + 1;
    const upTo = Math.min(log.head, liveFrom - 1);
    if (since.seq >= upTo) return { frames: [], upTo: Math.max(upTo, since.seq) };
    const oldest = Date.now() - (this.opts.replay?.maxAgeSeconds ?? 0) * 1000;
    const frames: string[] = [];
    let next = since.seq + 1;
    for (const entry of log.entries) {
      if (entry.seq < next) continue;
      if (entry.seq > upTo) break;
      if (entry.seq !== next || entry.frame === null || entry.at < oldest) return 'expired';
      frames.push(entry.frame);
      next += 1;
    }
    return next === upTo + 1 ? { frames, upTo } : 'expired';
  }

  memberRemovedFrame(channel: string, member: PresenceMember): string {
    return encodeEvent('pusher_internal:member_removed', { user_id: member.user_id }, channel);
  }

  /** pusher:subscribe. Auth failures answer `pusher:subscription_error` (what pusher-js/Echo surface) and Reverb's `pusher:error` 4009. */
  subscribe(conn: Connection, data: Record<string, unknown>): void {
    const channel = data.channel;
    const maxName = this.opts.maxChannelNameLength;
    if (typeof channel === 'string' && channel.length > maxName && isValidChannelName(channel, Infinity)) {
      // soketi's answer: subscription_error LimitReached with status 4009 (and Pusher's pusher:error 4009).
      const error = `Channel name is too long: at most ${maxName} characters.`;
      conn.send(encodeEvent('pusher:subscription_error', { type: 'LimitReached', error, status: ErrorCode.Unauthorized }, channel));
      conn.sendError(ErrorCode.Unauthorized, error, channel);
      return;
    }
    if (!isValidChannelName(channel, maxName)) {
      conn.sendError(ErrorCode.Unauthorized, 'Invalid channel name');
      return;
    }
    if (isServerToUser(channel)) {
      if (conn.userId !== null && channel === SERVER_TO_USER_PREFIX + conn.userId) {
        conn.send(encodeEvent('pusher_internal:subscription_succeeded', {}, channel));
      } else this.authFailed(conn, channel);
      return;
    }
    const limit = this.opts.maxSubscriptionsPerConnection;
    if (limit > 0 && !conn.isSubscribed(channel) && conn.subscriptionCount() >= limit) return this.overQuota(conn, channel, limit);
    const { key, secret } = this.opts;
    const presence = isPresence(channel);
    const channelData = presence ? data.channel_data : undefined;
    if (needsAuth(channel)) {
      if (presence && typeof channelData !== 'string') return this.authFailed(conn, channel);
      if (!verifyChannelAuth(key, secret, conn.id, channel, data.auth, channelData as string | undefined)) return this.authFailed(conn, channel);
    }
    let member: PresenceMember | null = null;
    if (presence) {
      member = parseChannelData(channelData);
      if (!member) return this.authFailed(conn, channel, 'channel_data must be JSON with a user_id');
      const maxKb = this.opts.presenceMaxMemberSizeKb;
      if (payloadBytes(member.user_info) > maxKb * 1024) return this.presenceLimit(conn, channel, `Presence member info is too large: at most ${maxKb} KB.`);
      if (!this.scaling.available) return this.presenceUnavailable(conn, channel);
    }
    const added = this.local.add(channel, conn);
    if (added && this.opts.replay && replayable(channel)) this.joinLog(conn, channel);
    if (member) (conn.presence ??= new Map()).set(channel, member);
    this.track(this.afterSubscribe(conn, channel, added, member));
  }

  private async afterSubscribe(conn: Connection, channel: string, added: boolean, member: PresenceMember | null): Promise<void> {
    let answered = false;
    try {
      // Both go out now, in this order, so a close that follows can only be counted and leave after them.
      const [total, joined] = await Promise.all([
        added ? this.scaling.subscriptionDelta(channel, 1) : null,
        member && added ? this.scaling.presenceJoin(channel, conn.id, member, this.opts.presenceMaxMembers) : null,
      ]);
      if (total === 1) this.webhooks?.channelOccupied(channel);
      if (joined === 'full') {
        if (conn.isSubscribed(channel)) this.unsubscribe(conn, channel);
        if (!conn.closed) this.presenceLimit(conn, channel, `Presence channel is full: at most ${this.opts.presenceMaxMembers} members.`);
        return;
      }
      const first = joined === 'first';
      if (member && first) this.webhooks?.memberAdded(channel, member.user_id);
      let members: PresenceMember[] = [];
      if (member) members = await this.scaling.presenceMembers(channel);
      if (conn.closed || !conn.isSubscribed(channel)) return;
      conn.send(encodeEvent('pusher_internal:subscription_succeeded', member ? presenceData(members) : {}, channel));
      answered = true;
      if (added) this.subscriptionCounts?.changed(channel);
      if (added && this.opts.replay && replayable(channel)) await this.sendResumeInfo(conn, channel);
      if (member && first) this.relay(channel, encodeEvent('pusher_internal:member_added', member, channel), conn.id);
      if (isCache(channel)) {
        const cached = await this.scaling.getCache(channel).catch((e: unknown) => {
          if (e instanceof ScalingUnavailable) return null;
          throw e;
        });
        if (cached) conn.send(cached);
        else {
          conn.send(encodeEvent('pusher:cache_miss', undefined, channel));
          this.webhooks?.cacheMiss(channel);
        }
      }
    } catch (e) {
      // Whatever failed, the client gets an answer instead of waiting forever; what was done is undone
      // (a Redis registration that did go through is removed now, or by the rebuild on reconnect).
      if (!answered) {
        if (conn.isSubscribed(channel)) this.unsubscribe(conn, channel);
        if (!conn.closed) this.subscriptionFailed(conn, channel, e instanceof ScalingUnavailable);
      }
      if (!(e instanceof ScalingUnavailable)) throw e; // a bug: track() logs it
    }
  }

  /** Presence limits (member info size, members per channel): soketi's LimitReached with Pusher's 4100, and pusher:error 4100. */
  private presenceLimit(conn: Connection, channel: string, error: string): void {
    conn.send(encodeEvent('pusher:subscription_error', { type: 'LimitReached', error, status: ErrorCode.OverCapacity }, channel));
    conn.sendError(ErrorCode.OverCapacity, error, channel);
  }

  private authFailed(conn: Connection, channel: string, error = 'Connection is unauthorized'): void {
    conn.send(encodeEvent('pusher:subscription_error', { type: 'AuthError', error, status: 401 }, channel));
    conn.sendError(ErrorCode.Unauthorized, 'Connection is unauthorized');
  }

  /** soketi's answer to a limit: subscription_error `LimitReached` with status 4301, and pusher:error 4301 (the socket stays open). */
  private overQuota(conn: Connection, channel: string, limit: number): void {
    const error = `Subscription limit reached: at most ${limit} channels per connection`;
    conn.send(encodeEvent('pusher:subscription_error', { type: 'LimitReached', error, status: ErrorCode.LimitReached }, channel));
    conn.sendError(ErrorCode.LimitReached, error);
  }

  /** Presence needs the shared member list; without Redis it is refused at once (soketi's ServerError, 4302) instead of hanging. */
  private presenceUnavailable(conn: Connection, channel: string): void {
    this.subscriptionFailed(conn, channel, true);
  }

  private subscriptionFailed(conn: Connection, channel: string, storeUnavailable: boolean): void {
    const error = storeUnavailable ? 'Presence is unavailable for now: the realtime server lost its shared store. Try again shortly.' : 'A server error has occurred.';
    conn.send(encodeEvent('pusher:subscription_error', { type: 'ServerError', error, status: ErrorCode.ServerError }, channel));
  }

  unsubscribe(conn: Connection, channel: string): void {
    // `#…` channels (the user channel, the watchers' ones) are managed by the server for signed-in sockets.
    if (channel.startsWith('#')) return;
    if (!this.local.remove(channel, conn)) return;
    if (conn.replay) this.leaveLog(conn, channel);
    const member = conn.presence?.get(channel);
    conn.presence?.delete(channel);
    this.track(this.afterUnsubscribe(conn, channel, member));
  }

  private async afterUnsubscribe(conn: Connection, channel: string, member: PresenceMember | undefined): Promise<void> {
    // Issued together: the leave reaches Redis before any later read (an API query for the member list).
    const counted = this.scaling.subscriptionDelta(channel, -1);
    const leaving = member ? this.scaling.presenceLeave(channel, conn.id) : null;
    leaving?.catch(() => undefined); // handled below, after the count
    const total = await counted;
    try {
      const left = await leaving;
      if (left?.last) {
        this.webhooks?.memberRemoved(channel, left.member.user_id);
        this.relay(channel, this.memberRemovedFrame(channel, left.member), conn.id);
      }
    } catch (e) {
      if (!(e instanceof ScalingUnavailable) || !member) throw e;
      // Other nodes cannot be told now; this node's sockets are told at once, Redis (and the webhook) on reconnect.
      if (!this.hasLocalUser(channel, member, conn)) this.local.deliver(channel, this.memberRemovedFrame(channel, member), conn.id);
    }
    if (total === 0) this.webhooks?.channelVacated(channel);
    else this.subscriptionCounts?.changed(channel);
  }

  private hasLocalUser(channel: string, member: PresenceMember, except: Connection): boolean {
    const key = userKey(member.user_id);
    for (const c of this.local.subscribers(channel) ?? []) {
      const m = c !== except ? c.presence?.get(channel) : undefined;
      if (m && userKey(m.user_id) === key) return true;
    }
    return false;
  }

  /**
   * The node that reaped this one announced this member gone; announce it again. Local sockets get it too:
   * after a stall (not a partition) they heard the removal as well, and a repeated member_added is harmless
   * (pusher-js keeps one entry per user id).
   */
  memberBack(m: LocalMember): void {
    if (m.channel === ONLINE) return this.watchlist.online(String(m.member.user_id));
    this.webhooks?.memberAdded(m.channel, m.member.user_id);
    this.relay(m.channel, encodeEvent('pusher_internal:member_added', m.member, m.channel), m.socketId);
  }

  /** A member removed by the shared store's decision (a dead node's, or one of ours that left during an outage). */
  memberGone(channel: string, member: PresenceMember): void {
    if (channel === ONLINE) return this.watchlist.offline(String(member.user_id));
    this.webhooks?.memberRemoved(channel, member.user_id);
    this.relay(channel, this.memberRemovedFrame(channel, member));
  }

  /** Occupancy changes the shared store decided outside a subscribe / unsubscribe (a reaped node, a rebuild). */
  occupancyChanged(occupied: string[], vacated: string[]): void {
    for (const channel of occupied) this.webhooks?.channelOccupied(channel);
    for (const channel of vacated) this.webhooks?.channelVacated(channel);
  }

  /** Admits a connection under a quota over all nodes; without the shared store, this node decides alone. */
  async reserveConnection(limit: number): Promise<boolean> {
    try {
      return await this.scaling.reserveConnection(limit);
    } catch (e) {
      if (!(e instanceof ScalingUnavailable)) throw e;
      return this.connections.size < limit;
    }
  }

  /** What this node holds, for rebuilding its share of the scaling backend after an outage. */
  localState(): LocalState {
    const subscriptions = new Map<string, number>();
    for (const name of this.local.names()) if (!isServerToUser(name) && !name.startsWith('#')) subscriptions.set(name, this.local.count(name));
    const presence: LocalState['presence'] = [];
    for (const conn of this.connections.values()) {
      if (conn.presence) for (const [channel, member] of conn.presence) presence.push({ channel, socketId: conn.id, member });
    }
    return { connections: this.connections.size, subscriptions, presence };
  }

  isLocalMember(channel: string, socketId: string): boolean {
    return this.connections.get(socketId)?.presence?.has(channel) ?? false;
  }

  signIn(conn: Connection, userId: string, watchlist: string[] = []): void {
    conn.userId = userId;
    // The server-to-user channel is subscribed by the server, never by the client itself.
    this.local.add(SERVER_TO_USER_PREFIX + userId, conn);
    this.watchlist.signedIn(conn, userId, watchlist);
  }

  connectionsFrom(ip: string): number {
    return this.perIp.get(ip) ?? 0;
  }

  /** `counted`: reserveConnection already counted it in the shared store. */
  opened(conn: Connection, counted = false): void {
    this.connections.set(conn.id, conn);
    this.perIp.set(conn.ip, this.connectionsFrom(conn.ip) + 1);
    this.stats.connectionsOpened += 1;
    if (!counted) this.scaling.connectionDelta(1);
  }

  /** Cleanup after the websocket closed, whatever the reason. */
  closed(conn: Connection): void {
    conn.closed = true;
    if (!this.connections.delete(conn.id)) return;
    const fromIp = this.connectionsFrom(conn.ip) - 1;
    if (fromIp > 0) this.perIp.set(conn.ip, fromIp);
    else this.perIp.delete(conn.ip);
    this.stats.connectionsClosed += 1;
    this.scaling.connectionDelta(-1);
    if (conn.userId !== null) this.local.remove(SERVER_TO_USER_PREFIX + conn.userId, conn);
    this.watchlist.closed(conn);
    // A `#…` channel still held (none should be) is only dropped here: unsubscribe() leaves those to the server.
    for (const channel of [...(conn.channels ?? [])]) {
      if (channel.startsWith('#')) this.local.remove(channel, conn);
      else this.unsubscribe(conn, channel);
    }
  }

  /** Ends every connection of a user: signed in as it, or present as it on a presence channel. */
  terminateUser(userId: string): void {
    this.terminateLocalUser(userId);
    this.scaling.publish({ t: 'terminate', u: userId });
  }

  private terminateLocalUser(userId: string): void {
    for (const conn of this.connections.values()) {
      let match = conn.userId === userId;
      if (!match && conn.presence) for (const m of conn.presence.values()) if (String(m.user_id) === userId) match = true;
      if (match) conn.reject(ErrorCode.Unauthorized, 'Connection terminated by the server');
    }
  }
}

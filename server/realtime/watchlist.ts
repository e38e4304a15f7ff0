/**
 * Pusher's user watchlists: a socket that signs in with `watchlist: [user ids]` in its user_data is
 * told, as `pusher_internal:watchlist_events` (pusher-js: `pusher.user.watchlist.bind('online' | 'offline')`),
 * which of those users are online now, then each time one comes online (their first signed-in
 * connection anywhere) or goes offline (their last one closes, or the node holding it dies).
 *
 * "Online anywhere" is kept as presence on an internal channel (ONLINE): the shared store's atomic
 * first join / last leave, its reaping of dead nodes and its rebuild after an outage all apply.
 * Watchers wait on a node-local channel per watched user; the online/offline frame is broadcast
 * there, so it reaches watchers on every node.
 */
import type { Connection, PresenceMember } from './connection';
import type { LocalChannels } from './local-channels';
import { encodeEvent } from './protocol';
import { ScalingUnavailable, type Scaling } from './scaling';

/** Not a valid client channel name (`#`), so no client can subscribe to it or query it. */
export const ONLINE = '#online';
const watching = (userId: string) => `#watch:${userId}`;
/** Pusher's limit on a watchlist's length. */
export const MAX_WATCHLIST = 100;

const watchlistFrame = (name: 'online' | 'offline', userIds: string[]) => encodeEvent('pusher_internal:watchlist_events', { events: [{ name, user_ids: userIds }] });

/** The watchlist of a user_data object: up to 100 user ids (strings or numbers); anything else is ignored. */
export function parseWatchlist(userData: Record<string, unknown>): string[] {
  const list = userData.watchlist;
  if (!Array.isArray(list)) return [];
  const ids = list.filter((id) => (typeof id === 'string' && id !== '' && id.length <= 200) || Number.isFinite(id)).map(String);
  return [...new Set(ids)].slice(0, MAX_WATCHLIST);
}

/** What the watchlist needs of its app's hub (an interface, so the hub and the watchlist do not import each other). */
export interface WatchlistHost {
  readonly local: Pick<LocalChannels, 'add' | 'remove'>;
  readonly scaling: Pick<Scaling, 'presenceJoin' | 'presenceLeave' | 'presenceMembers'>;
  relay(channel: string, frame: string): void;
  track(work: Promise<unknown>): void;
}

export class Watchlist {
  constructor(private readonly hub: WatchlistHost) {}

  /** After pusher:signin_success: follow the watchlist, say who is online, and count this user online. */
  signedIn(conn: Connection, userId: string, watchlist: string[]): void {
    conn.watchlist = watchlist;
    for (const id of watchlist) this.hub.local.add(watching(id), conn);
    this.hub.track(this.afterSignIn(conn, userId, watchlist));
  }

  private async afterSignIn(conn: Connection, userId: string, watchlist: string[]): Promise<void> {
    const member: PresenceMember = { user_id: userId, user_info: null };
    try {
      // Registered locally first: a rebuild after an outage, or a close right now, sees it.
      (conn.presence ??= new Map()).set(ONLINE, member);
      const joined = await this.hub.scaling.presenceJoin(ONLINE, conn.id, member, 0);
      if (joined === 'first') this.hub.relay(watching(userId), watchlistFrame('online', [userId]));
      if (watchlist.length === 0 || conn.closed) return;
      const online = new Set((await this.hub.scaling.presenceMembers(ONLINE)).map((m) => String(m.user_id)));
      const ids = watchlist.filter((id) => online.has(id));
      if (ids.length > 0 && !conn.closed) conn.send(watchlistFrame('online', ids));
    } catch (e) {
      if (!(e instanceof ScalingUnavailable)) throw e; // the rebuild on reconnect registers it
    }
  }

  /** The socket closed: stop watching, and the user goes offline if it was their last connection. */
  closed(conn: Connection): void {
    for (const id of conn.watchlist ?? []) this.hub.local.remove(watching(id), conn);
    const member = conn.presence?.get(ONLINE);
    if (!member) return;
    conn.presence?.delete(ONLINE);
    this.hub.track(
      this.hub.scaling.presenceLeave(ONLINE, conn.id).then(
        (left) => {
          if (left?.last) this.offline(String(left.member.user_id));
        },
        (e: unknown) => {
          if (!(e instanceof ScalingUnavailable)) throw e;
        },
      ),
    );
  }

  /** The shared store removed a user's last connection (a dead node's): they are offline. */
  offline(userId: string): void {
    this.hub.relay(watching(userId), watchlistFrame('offline', [userId]));
  }

  /** A connection announced gone by the node that reaped this one is back: online again. */
  online(userId: string): void {
    this.hub.relay(watching(userId), watchlistFrame('online', [userId]));
  }
}

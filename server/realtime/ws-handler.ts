/** Handles one text frame from a client: pusher:* events, sign-in and client events. */
import type { Connection } from './connection';
import type { Hub } from './hub';
import { ErrorCode, INVALID_MESSAGE, MESSAGE_TOO_BIG, PONG_FRAME, dataObject, encodeEvent, isPresence, isPrivate, parseClientFrame, payloadBytes, type PusherMessage } from './protocol';
import { verifyUserAuth } from './signature';
import { parseWatchlist } from './watchlist';

/**
 * `oversized`: the frame is over maxMessageSize. A client event is still read, so its sender gets a 4301 that says
 * what is too large; any other frame is closed with 1009 like Reverb does.
 */
export function handleFrame(hub: Hub, conn: Connection, raw: string, oversized = false): void {
  const msg = parseClientFrame(raw);
  const isClientEvent = msg?.event.startsWith('client-');
  if (oversized && !isClientEvent) return conn.close(MESSAGE_TOO_BIG.code, MESSAGE_TOO_BIG.message);
  // Junk counts too: a flood of frames that are not Pusher messages is limited like any other.
  if (overRateLimit(hub, conn, msg?.event ?? '')) return;
  if (!msg) {
    conn.sendError(INVALID_MESSAGE.code, INVALID_MESSAGE.message);
    return;
  }
  if (isClientEvent) return clientEvent(hub, conn, msg);
  switch (msg.event) {
    case 'pusher:ping':
      conn.send(PONG_FRAME);
      return;
    case 'pusher:pong':
      return; // touch() already ran for every frame
    case 'pusher:subscribe': {
      const data = dataObject(msg.data);
      if (!data) return conn.sendError(INVALID_MESSAGE.code, INVALID_MESSAGE.message);
      return hub.subscribe(conn, data);
    }
    case 'pusher:unsubscribe': {
      const data = dataObject(msg.data);
      if (!data || typeof data.channel !== 'string') return conn.sendError(INVALID_MESSAGE.code, INVALID_MESSAGE.message);
      return hub.unsubscribe(conn, data.channel);
    }
    case 'pusher:resume':
      return hub.resume(conn, dataObject(msg.data));
    case 'pusher:signin':
      return signIn(hub, conn, dataObject(msg.data));
    default:
      conn.sendError(INVALID_MESSAGE.code, INVALID_MESSAGE.message);
  }
}

/**
 * Reverb's rate limit (rate_limiting, off by default): every message a client sends counts, but
 * its heartbeats; over the limit it gets pusher:error 4005, and is closed with 4005 when the app
 * terminates on limit.
 */
function overRateLimit(hub: Hub, conn: Connection, event: string): boolean {
  const limit = hub.opts.rateLimiting;
  if (!limit.enabled || event === 'pusher:ping' || event === 'pusher:pong') return false;
  if (conn.allowMessage(limit.maxAttempts, limit.decaySeconds)) return false;
  if (limit.terminateOnLimit) conn.reject(ErrorCode.RateLimited, 'Rate limit exceeded');
  else conn.sendError(ErrorCode.RateLimited, 'Rate limit exceeded');
  return true;
}

/** pusher:signin → pusher:signin_success, or pusher:error 4009 and close (Pusher's answer to a bad sign-in). */
function signIn(hub: Hub, conn: Connection, data: Record<string, unknown> | null): void {
  const { key, secret } = hub.opts;
  const userData = data?.user_data;
  let id: string | null = null;
  let watchlist: string[] = [];
  if (typeof userData === 'string' && verifyUserAuth(key, secret, conn.id, data?.auth, userData)) {
    try {
      const parsed = JSON.parse(userData) as Record<string, unknown>;
      if ((typeof parsed.id === 'string' && parsed.id !== '') || typeof parsed.id === 'number') id = String(parsed.id);
      if (parsed && typeof parsed === 'object') watchlist = parseWatchlist(parsed);
    } catch {
      id = null;
    }
  }
  if (id === null || (conn.userId !== null && conn.userId !== id)) {
    conn.reject(ErrorCode.Unauthorized, 'Invalid signin: bad signature or user_data without an id');
    return;
  }
  // A second sign-in as the same user (allowed) keeps the first one's watchlist.
  if (conn.userId === id) return void conn.send(encodeEvent('pusher:signin_success', { user_data: userData }));
  conn.send(encodeEvent('pusher:signin_success', { user_data: userData }));
  hub.signIn(conn, id, watchlist);
}

/**
 * client-* events: only when the app accepts them (from channel members, Reverb's default, or from
 * any connection), on private/presence channels, within the name / size / rate limits (each refusal
 * a pusher:error saying which), never echoed to the sender.
 */
function clientEvent(hub: Hub, conn: Connection, msg: PusherMessage): void {
  const channel = msg.channel;
  const { clientEvents, maxEventNameLength, maxMessageSize, clientEventsPerSecond } = hub.opts;
  if (clientEvents === 'none') {
    conn.sendError(ErrorCode.LimitReached, 'Client events are not enabled for this app.', channel);
    return;
  }
  if (typeof channel !== 'string' || !(isPrivate(channel) || isPresence(channel))) {
    conn.sendError(ErrorCode.Unauthorized, 'Client events are only supported on private and presence channels', channel);
    return;
  }
  if (clientEvents === 'members' && !conn.isSubscribed(channel)) {
    conn.sendError(ErrorCode.Unauthorized, 'The client is not a member of the specified channel.', channel);
    return;
  }
  if (msg.event.length > maxEventNameLength) {
    conn.sendError(ErrorCode.LimitReached, `Event name is too long: at most ${maxEventNameLength} characters.`, channel);
    return;
  }
  if (payloadBytes(msg.data) > maxMessageSize) {
    conn.sendError(ErrorCode.LimitReached, `Event data is too large: at most ${maxMessageSize} bytes.`, channel);
    return;
  }
  if (!conn.allowClientEvent(clientEventsPerSecond)) {
    conn.sendError(ErrorCode.ClientEventRateLimit, 'Client event rejected due to rate limit', channel);
    return;
  }
  const frame: Record<string, unknown> = { event: msg.event, channel, data: msg.data ?? null };
  const member = conn.presence?.get(channel);
  if (member) frame.user_id = member.user_id;
  // Whispers are not logged for replay (typing indicators and the like: ADR 0035).
  hub.relay(channel, JSON.stringify(frame), conn.id);
  hub.webhooks?.clientEvent(channel, msg.event, msg.data, conn.id, member?.user_id);
}

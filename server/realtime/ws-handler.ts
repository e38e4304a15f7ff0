/** Handles one text frame from a client: pusher:* events, sign-in and client events. */
import type { Connection } from './connection';
import type { Hub } from './hub';
import {
  ErrorCode,
  INVALID_MESSAGE,
  PONG_FRAME,
  dataObject,
  encodeEvent,
  isPresence,
  isPrivate,
  parseClientFrame,
  type PusherMessage,
} from './protocol';
import { verifyUserAuth } from './signature';

export function handleFrame(hub: Hub, conn: Connection, raw: string): void {
  const msg = parseClientFrame(raw);
  if (!msg) {
    conn.sendError(INVALID_MESSAGE.code, INVALID_MESSAGE.message);
    return;
  }
  if (msg.event.startsWith('client-')) return clientEvent(hub, conn, msg);
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
    case 'pusher:signin':
      return signIn(hub, conn, dataObject(msg.data));
    default:
      conn.sendError(INVALID_MESSAGE.code, INVALID_MESSAGE.message);
  }
}

/** pusher:signin → pusher:signin_success, or pusher:error 4009 and close (Pusher's answer to a bad sign-in). */
function signIn(hub: Hub, conn: Connection, data: Record<string, unknown> | null): void {
  const { key, secret } = hub.opts;
  const userData = data?.user_data;
  let id: string | null = null;
  if (typeof userData === 'string' && verifyUserAuth(key, secret, conn.id, data?.auth, userData)) {
    try {
      const parsed = JSON.parse(userData) as Record<string, unknown>;
      if ((typeof parsed.id === 'string' && parsed.id !== '') || typeof parsed.id === 'number') id = String(parsed.id);
    } catch {
      id = null;
    }
  }
  if (id === null || (conn.userId !== null && conn.userId !== id)) {
    conn.reject(ErrorCode.Unauthorized, 'Invalid signin: bad signature or user_data without an id');
    return;
  }
  hub.signIn(conn, id);
  conn.send(encodeEvent('pusher:signin_success', { user_data: userData }));
}

/** client-* events: private/presence channels only, subscribed sockets only, rate-limited, never echoed. */
function clientEvent(hub: Hub, conn: Connection, msg: PusherMessage): void {
  const channel = msg.channel;
  if (typeof channel !== 'string' || !(isPrivate(channel) || isPresence(channel))) {
    conn.sendError(ErrorCode.Unauthorized, 'Client events are only supported on private and presence channels', channel);
    return;
  }
  if (!conn.isSubscribed(channel)) {
    conn.sendError(ErrorCode.Unauthorized, 'The client is not a member of the specified channel.', channel);
    return;
  }
  if (!conn.allowClientEvent(hub.opts.clientEventsPerSecond)) {
    conn.sendError(ErrorCode.ClientEventRateLimit, 'Client event rejected due to rate limit', channel);
    return;
  }
  const frame: Record<string, unknown> = { event: msg.event, channel, data: msg.data ?? null };
  const member = conn.presence?.get(channel);
  if (member) frame.user_id = member.user_id;
  hub.broadcast(channel, JSON.stringify(frame), conn.id);
}

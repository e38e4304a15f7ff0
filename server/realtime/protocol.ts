/** Pusher protocol 7 constants, frame encoding and channel naming rules. */

export const ErrorCode = {
  /** 4000-4099: do not reconnect unchanged. */
  AppNotFound: 4001,
  /** Pusher's "application disabled": the app exists but is deactivated. */
  AppDisabled: 4003,
  OverQuota: 4004,
  /** Reverb's message rate limit (rate_limiting); closed with it when terminate_on_limit is on. */
  RateLimited: 4005,
  UnsupportedProtocol: 4007,
  NoProtocol: 4008,
  Unauthorized: 4009,
  /** 4100-4199: reconnect after a backoff; Pusher's "over capacity", used by soketi for presence limits. */
  OverCapacity: 4100,
  /** 4200-4299: reconnect at once. */
  ReconnectNow: 4200,
  PongTimeout: 4201,
  /** 4300-4399: other errors; the connection stays open. */
  ClientEventRateLimit: 4301,
  /** soketi's code for a limit reached (subscriptions per connection; client events too large, misnamed or switched off); Pusher's rate-limit number. */
  LimitReached: 4301,
  /** soketi's "a server error has occurred" (here: presence while the shared store is unreachable). */
  ServerError: 4302,
} as const;

/** Reverb's generic answer to frames it cannot handle (connection stays open). */
export const INVALID_MESSAGE = { code: 4200, message: 'Invalid message format' } as const;
/** Reverb closes oversized frames with 1009 and this reason. */
export const MESSAGE_TOO_BIG = { code: 1009, message: 'Maximum message size exceeded' } as const;

export const SUPPORTED_PROTOCOLS = new Set([5, 6, 7]);

export interface PusherMessage {
  event: string;
  channel?: string;
  data?: unknown;
}

/** `{"event":…,"data":"<json string>","channel":…}`; data is double-encoded like Pusher/Reverb do. */
export function encodeEvent(event: string, data?: unknown, channel?: string): string {
  const frame: Record<string, unknown> = { event };
  if (data !== undefined) frame.data = typeof data === 'string' ? data : JSON.stringify(data);
  if (channel !== undefined) frame.channel = channel;
  return JSON.stringify(frame);
}

export function errorFrame(code: number | null, message: string, channel?: string): string {
  return encodeEvent('pusher:error', { code, message }, channel);
}

export const PING_FRAME = Buffer.from(encodeEvent('pusher:ping'));
export const PONG_FRAME = Buffer.from(encodeEvent('pusher:pong'));

/** Parses one client frame; null when it is not a JSON object with a string `event`. */
export function parseClientFrame(raw: string): PusherMessage | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return null;
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return null;
  const m = parsed as Record<string, unknown>;
  if (typeof m.event !== 'string' || m.event === '') return null;
  if (m.channel !== undefined && typeof m.channel !== 'string') return null;
  return { event: m.event, channel: m.channel as string | undefined, data: m.data };
}

/** `data` may arrive as an object or as a JSON string; returns an object or null. */
export function dataObject(data: unknown): Record<string, unknown> | null {
  let value = data;
  if (typeof value === 'string') {
    try {
      value = JSON.parse(value);
    } catch {
      return null;
    }
  }
  return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
}

export const SERVER_TO_USER_PREFIX = '#server-to-user-';
const NAME_RE = /^[A-Za-z0-9_\-=@,.;]+$/;

export function isPresence(channel: string): boolean {
  return channel.startsWith('presence-');
}
export function isPrivate(channel: string): boolean {
  return channel.startsWith('private-');
}
export function isEncrypted(channel: string): boolean {
  return channel.startsWith('private-encrypted-');
}
export function needsAuth(channel: string): boolean {
  return isPrivate(channel) || isPresence(channel);
}
/** `cache-`, `private-cache-`, `private-encrypted-cache-`, `presence-cache-`. */
export function isCache(channel: string): boolean {
  return /^(private-encrypted-|private-|presence-)?cache-/.test(channel);
}
export function isServerToUser(channel: string): boolean {
  return channel.startsWith(SERVER_TO_USER_PREFIX);
}

/** Valid channel names: Pusher's character set, at most maxLength (200) chars, or `#server-to-user-{id}`. */
export function isValidChannelName(channel: unknown, maxLength = 200): channel is string {
  if (typeof channel !== 'string' || channel.length === 0 || channel.length > maxLength) return false;
  const rest = isServerToUser(channel) ? channel.slice(SERVER_TO_USER_PREFIX.length) : channel;
  return NAME_RE.test(rest);
}

/** UTF-8 bytes of a value as it travels: a string as is, anything else as JSON. */
export function payloadBytes(value: unknown): number {
  if (typeof value === 'string') return Buffer.byteLength(value);
  return value === undefined ? 0 : Buffer.byteLength(JSON.stringify(value) ?? '');
}

export const SOCKET_ID_RE = /^\d+\.\d+$/;

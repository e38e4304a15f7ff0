/** HMAC-SHA256 signatures of the Pusher protocol: channel auth, user sign-in and the HTTP API. */
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

export function hmacHex(secret: string, text: string): string {
  return createHmac('sha256', secret).update(text, 'utf8').digest('hex');
}

export function md5Hex(body: Buffer | string): string {
  return createHash('md5').update(body).digest('hex');
}

/** Constant-time comparison of two strings (false at once when lengths differ). */
export function safeEqual(a: string, b: string): boolean {
  const ab = Buffer.from(a, 'utf8');
  const bb = Buffer.from(b, 'utf8');
  return ab.length === bb.length && timingSafeEqual(ab, bb);
}

/** Checks `key:signature` where signature = HMAC(secret, text); the key part must be the app key. */
function verifyToken(key: string, secret: string, auth: unknown, text: string): boolean {
  if (typeof auth !== 'string') return false;
  const colon = auth.indexOf(':');
  if (colon < 0) return false;
  const givenKey = auth.slice(0, colon);
  const givenSig = auth.slice(colon + 1);
  return safeEqual(givenKey, key) && safeEqual(givenSig, hmacHex(secret, text));
}

/** private-: HMAC over `socket_id:channel`; presence-: over `socket_id:channel:channel_data`. */
export function verifyChannelAuth(key: string, secret: string, socketId: string, channel: string, auth: unknown, channelData?: string): boolean {
  const text = channelData === undefined ? `${socketId}:${channel}` : `${socketId}:${channel}:${channelData}`;
  return verifyToken(key, secret, auth, text);
}

/** pusher:signin: HMAC over `socket_id::user::user_data`. */
export function verifyUserAuth(key: string, secret: string, socketId: string, auth: unknown, userData: string): boolean {
  return verifyToken(key, secret, auth, `${socketId}::user::${userData}`);
}

export type ApiAuthResult = { ok: true } | { ok: false; reason: string };

/**
 * Pusher HTTP API request signature: HMAC over `METHOD\nPATH\nsorted query` where the query holds every
 * parameter but auth_signature, with body_md5 recomputed from the actual body when there is one.
 */
export function verifyApiSignature(opts: { key: string; secret: string; maxSkewSeconds?: number; now?: number }, method: string, path: string, query: URLSearchParams, body: Buffer): ApiAuthResult {
  const signature = query.get('auth_signature');
  if (!signature) return { ok: false, reason: 'Missing auth_signature.' };
  if (query.get('auth_key') !== opts.key) return { ok: false, reason: 'Unknown auth_key.' };
  if (query.get('auth_version') !== '1.0') return { ok: false, reason: 'Unsupported auth_version.' };
  const ts = Number(query.get('auth_timestamp'));
  const now = (opts.now ?? Date.now()) / 1000;
  if (!Number.isFinite(ts) || Math.abs(now - ts) > (opts.maxSkewSeconds ?? 600)) {
    return { ok: false, reason: 'Timestamp expired: given timestamp is more than 600 seconds from the server time.' };
  }
  const params = new Map<string, string>();
  for (const [k, v] of query) {
    const lower = k.toLowerCase();
    if (lower === 'auth_signature' || lower === 'body_md5') continue;
    params.set(lower, v);
  }
  if (body.length > 0) {
    const md5 = md5Hex(body);
    const given = query.get('body_md5');
    if (given !== null && !safeEqual(given, md5)) return { ok: false, reason: 'body_md5 does not match the body.' };
    params.set('body_md5', md5);
  }
  const sorted = [...params.keys()].sort().map((k) => `${k}=${params.get(k)}`);
  const expected = hmacHex(opts.secret, `${method.toUpperCase()}\n${path}\n${sorted.join('&')}`);
  return safeEqual(signature, expected) ? { ok: true } : { ok: false, reason: 'Authentication signature invalid.' };
}

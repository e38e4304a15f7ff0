/**
 * The request target (`req.url`) of the HTTP API and the websocket handshake, split and decoded without
 * ever throwing: `new URL()` throws on targets like `//[`, and `decodeURIComponent` on bad escapes such as
 * `%E0%A4%A`. Every path and query part of the realtime server is read through here.
 */

/** decodeURIComponent, or null when the escapes are malformed. */
export function safeDecode(part: string): string | null {
  try {
    return decodeURIComponent(part);
  } catch {
    return null;
  }
}

export interface RequestTarget {
  /** The path exactly as sent (still percent-encoded): what Pusher API signatures are computed over. */
  path: string;
  /** Non-empty path segments, still encoded. */
  segments: string[];
  /** URLSearchParams decodes leniently (bad escapes stay as they are), so reading it never throws. */
  query: URLSearchParams;
}

const ABSOLUTE_FORM = /^[a-z][a-z0-9+.-]*:\/\/[^/?#]*/i;

/** Origin-form (`/path?query`) or absolute-form (`http://host/path?query`) targets; null for anything else. */
export function parseTarget(url: string | undefined): RequestTarget | null {
  if (!url) return null;
  let rest = url;
  if (!rest.startsWith('/')) {
    const origin = ABSOLUTE_FORM.exec(rest);
    if (!origin) return null;
    rest = rest.slice(origin[0].length) || '/';
    if (!rest.startsWith('/') && !rest.startsWith('?')) return null;
    if (rest.startsWith('?')) rest = `/${rest}`;
  }
  const q = rest.indexOf('?');
  const path = q < 0 ? rest : rest.slice(0, q);
  const query = new URLSearchParams(q < 0 ? '' : rest.slice(q + 1));
  return { path, segments: path.split('/').filter(Boolean), query };
}

const CONTROL = /[\u0000-\u001f\u007f]/;
/** Any base will do for resolving a bare path: only the path part of the result is used. */
const PATH_BASE = 'http://local.invalid';

/**
 * The path of this app a user-supplied location points to (a Referer, a remembered "intended"
 * URL), or null. This is the one gate every redirect to such a location goes through, so "back"
 * can never leave the site:
 * - an absolute URL must have the origin of `appUrl` (never the request's Host header);
 *   without `appUrl`, only bare paths are accepted;
 * - the path must start with exactly one `/`, after the URL parser has resolved dot segments
 *   (`/a/../..//evil.example` resolves to `//evil.example`), and contain no `\` (browsers read
 *   `/\evil.example` as `//evil.example`) and no control characters (the parser drops tabs and
 *   newlines silently, which would hide either trick).
 */
export function localPath(location: string | null | undefined, appUrl?: string): string | null {
  if (!location || location.length > 4096 || CONTROL.test(location) || location.includes('\\')) return null;
  let url: URL;
  try {
    if (location.startsWith('/')) {
      if (location.startsWith('//')) return null;
      url = new URL(location, PATH_BASE);
      if (url.origin !== PATH_BASE) return null;
    } else {
      if (!appUrl) return null;
      url = new URL(location);
      if (url.origin !== new URL(appUrl).origin) return null;
    }
  } catch {
    return null;
  }
  const path = url.pathname + url.search + url.hash;
  return path.startsWith('/') && !path.startsWith('//') && !path.includes('\\') ? path : null;
}

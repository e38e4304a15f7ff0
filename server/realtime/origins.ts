/** Which browser origins an app admits: its websocket handshakes (allowed_origins) and its HTTP API (CORS). */

/** Reverb's rule: '*' allows all; otherwise the Origin's host must match a pattern (`*` wildcards); no Origin fails. */
export function originAllowed(allowed: string[], origin: string | undefined): boolean {
  if (allowed.includes('*')) return true;
  if (!origin) return false;
  let host: string;
  try {
    host = new URL(origin).hostname;
  } catch {
    return false;
  }
  return allowed.some((pattern) => {
    let p = pattern;
    if (p.includes('://')) {
      try {
        p = new URL(p).hostname;
      } catch {
        return false;
      }
    }
    const re = new RegExp(
      `^${p
        .split('*')
        .map((s) => s.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
        .join('.*')}$`,
      'i',
    );
    return re.test(host);
  });
}

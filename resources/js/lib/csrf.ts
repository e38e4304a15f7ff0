/** The current CSRF token: the XSRF-TOKEN cookie the server refreshes on every response. */
export function xsrfToken(): string | null {
  const match = document.cookie.match(/(?:^|;\s*)XSRF-TOKEN=([^;]*)/);
  return match ? decodeURIComponent(match[1]) : null;
}

/**
 * Keeps `<meta name="csrf-token">` current. The HTML shell is served once; signing in or out
 * rotates the session (and its token) through Inertia visits that never reload that shell.
 */
export function syncCsrfMeta(): void {
  const token = xsrfToken();
  const meta = document.querySelector<HTMLMetaElement>('meta[name="csrf-token"]');
  if (token && meta && meta.content !== token) meta.content = token;
}

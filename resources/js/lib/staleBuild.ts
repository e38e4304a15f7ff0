/**
 * After a deploy an open tab still asks for the old build's chunk names, which are gone (the
 * server answers 404). Vite then fires `vite:preloadError`: load the page again, once, so the
 * tab picks up the new build instead of showing a broken screen. The time of that load is kept
 * in sessionStorage: if the chunk is missing again within a minute, the build itself is broken
 * and reloading would only loop, so the error is left to surface.
 */
export const STALE_BUILD_KEY = 'boardly:stale-build-reload';
export const STALE_BUILD_WINDOW_MS = 60_000;

export interface StaleBuildDeps {
  /** null when the browser refuses storage: without the guard we never reload. */
  storage: Pick<Storage, 'getItem' | 'setItem'> | null;
  now: () => number;
  /** Loads the page anew (the page being visited, else the current one). */
  load: () => void;
}

/** Returns true when it reloaded (the caller then swallows the error). */
export function reloadOnceForNewBuild({ storage, now, load }: StaleBuildDeps): boolean {
  if (!storage) return false;
  try {
    const last = Number(storage.getItem(STALE_BUILD_KEY) ?? 0);
    if (now() - last < STALE_BUILD_WINDOW_MS) return false;
    storage.setItem(STALE_BUILD_KEY, String(now()));
  } catch {
    return false;
  }
  load();
  return true;
}

/** sessionStorage, or null where reading it throws (some privacy modes, sandboxed frames). */
export function sessionStorageOrNull(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

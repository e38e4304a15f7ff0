import { createHash } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';

/**
 * The asset version is the hash of Vite's build manifest: any rebuilt asset changes it, so
 * open tabs reload once to pick up the new build. Re-read only when the file changes.
 */
export function manifestVersion(manifestPath: string): () => string {
  let cachedMtime = -1;
  let cached = '';
  let checkedAt = 0;
  return () => {
    const now = Date.now();
    if (now - checkedAt < 1000) return cached;
    checkedAt = now;
    let mtime: number;
    try {
      mtime = statSync(manifestPath).mtimeMs;
    } catch {
      cached = '';
      cachedMtime = -1;
      return cached;
    }
    if (mtime !== cachedMtime) {
      cached = createHash('sha256').update(readFileSync(manifestPath)).digest('hex').slice(0, 32);
      cachedMtime = mtime;
    }
    return cached;
  };
}

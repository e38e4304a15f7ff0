import { execFileSync } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { SERVER_RENDERER_ENTRY } from '../../shared/server-rendering';

function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : statSync(full).mtimeMs);
  }
  return newest;
}

const mtime = (file: string) => {
  try {
    return statSync(file).mtimeMs;
  } catch {
    return 0;
  }
};

/**
 * Runs `npm run build` (the client, then the server's renderer) when either is missing or a source
 * file is newer than it.
 */
export function buildIfNeeded(root: string, manifest: string): void {
  const built = Math.min(mtime(manifest), mtime(path.join(root, SERVER_RENDERER_ENTRY)));
  const sources = Math.max(newestMtime(path.join(root, 'resources')), newestMtime(path.join(root, 'lang')), newestMtime(path.join(root, 'shared')), mtime(path.join(root, 'vite.config.ts')));
  if (built >= sources) return;
  console.log(built ? 'Client sources changed: rebuilding…' : 'Building the client (first start)…');
  const vite = path.join(root, 'node_modules/vite/bin/vite.js');
  for (const args of [['build'], ['build', '--ssr']]) execFileSync(process.execPath, [vite, ...args, '--logLevel', 'warn'], { cwd: root, stdio: 'inherit' });
}

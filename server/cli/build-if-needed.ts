import { execFileSync } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';

function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : statSync(full).mtimeMs);
  }
  return newest;
}

/** Runs `vite build` when there is no build or a source file is newer than it. */
export function buildIfNeeded(root: string, manifest: string): void {
  let built = 0;
  try {
    built = statSync(manifest).mtimeMs;
  } catch {
    built = 0;
  }
  const sources = Math.max(newestMtime(path.join(root, 'resources')), statSync(path.join(root, 'vite.config.ts')).mtimeMs);
  if (built >= sources) return;
  console.log(built ? 'Client sources changed: rebuilding…' : 'Building the client (first start)…');
  execFileSync(process.execPath, [path.join(root, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'], {
    cwd: root,
    stdio: 'inherit',
  });
}

import { existsSync } from 'node:fs';
import path from 'node:path';

/**
 * Reads `.env` from the directory the command runs in (as Node's `--env-file` would), when there
 * is one. A variable already set in the real environment wins over the file (Node's rule).
 * Called by each entry point before it reads its configuration.
 */
export function loadEnvFile(file = path.resolve('.env')): void {
  if (existsSync(file)) process.loadEnvFile(file);
}

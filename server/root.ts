import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The project folder: the nearest one with a package.json, from server/ or from the bundle `npm start` runs. */
export const ROOT = findRoot(path.dirname(fileURLToPath(import.meta.url)));

function findRoot(dir: string): string {
  return existsSync(path.join(dir, 'package.json')) || path.dirname(dir) === dir ? dir : findRoot(path.dirname(dir));
}

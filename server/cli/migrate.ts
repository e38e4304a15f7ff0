import path from 'node:path';
import { loadConfig } from '../config';
import { ROOT } from '../bootstrap';
import { createDatabase } from '../db/connection';
import { migrateToLatest } from '../db/migrate';
import { loadEnvFile } from '../lib/env-file';

loadEnvFile();
const config = loadConfig();
const handle = createDatabase({
  url: config.DATABASE_URL || undefined,
  pgliteDir: config.PGLITE_DIR === 'memory' ? 'memory' : path.resolve(ROOT, config.PGLITE_DIR),
});
const applied = await migrateToLatest(handle.db);
console.log(applied.length ? `Migrated: ${applied.join(', ')}` : 'Nothing to migrate.');
await handle.close();

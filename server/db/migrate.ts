import { Migrator, type Kysely } from 'kysely';
import { executedMigrationNames } from './migration-state-repository';
import { migrations } from './migrations';

/**
 * `schema`: where the migration tables live when the database is used through a search_path.
 * When every migration has run (every start but the first after an upgrade) this costs one
 * query; otherwise Kysely's migrator runs, with its lock, as before.
 */
export async function migrateToLatest(db: Kysely<any>, schema?: string): Promise<string[]> {
  const executed = await executedMigrationNames(db, schema);
  if (executed && Object.keys(migrations).every((name) => executed.has(name))) return [];
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations }, ...(schema ? { migrationTableSchema: schema } : {}) });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}

import { sql, type Kysely } from 'kysely';

/**
 * The names of the migrations already run, in one query; null when the bookkeeping table is not
 * there yet (a new database) or cannot be read: the full migrator then decides.
 */
export async function executedMigrationNames(db: Kysely<any>, schema?: string): Promise<Set<string> | null> {
  try {
    const { rows } = await sql<{ name: string }>`select name from ${sql.table(schema ? `${schema}.kysely_migration` : 'kysely_migration')}`.execute(db);
    return new Set(rows.map((r) => r.name));
  } catch {
    return null;
  }
}

import { sql, type Kysely } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new one.
// CSV imports of board users run in the background: their state (mapping, progress, counts) is
// kept here so the page can be left and revisited, and a restarted server can carry on. The
// uploaded file is kept with the import until it has run; rows that failed are kept for download.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('board_user_imports')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('organization_id', 'integer', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('filename', 'varchar(255)', (c) => c.notNull())
    .addColumn('encoding', 'varchar(16)', (c) => c.notNull())
    .addColumn('delimiter', 'varchar(1)', (c) => c.notNull())
    .addColumn('headers', 'jsonb', (c) => c.notNull())
    .addColumn('mapping', 'jsonb', (c) => c.notNull())
    .addColumn('duplicates', 'varchar(8)', (c) => c.notNull().defaultTo('skip').check(sql`duplicates in ('skip','update')`))
    .addColumn('status', 'varchar(16)', (c) => c.notNull().defaultTo('pending').check(sql`status in ('pending','queued','running','completed','stopped','failed')`))
    .addColumn('total_rows', 'integer', (c) => c.notNull())
    .addColumn('processed_rows', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('updated_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('skipped_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('failed_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('message', 'text')
    .addColumn('file', 'bytea')
    .addColumn('finished_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create index board_user_imports_org_index on board_user_imports (organization_id, created_at desc)`.execute(db);

  await db.schema
    .createTable('board_user_import_failures')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('import_id', 'integer', (c) => c.notNull().references('board_user_imports.id').onDelete('cascade'))
    .addColumn('line', 'integer', (c) => c.notNull())
    .addColumn('cells', 'jsonb', (c) => c.notNull())
    .addColumn('error', 'text', (c) => c.notNull())
    .execute();
  await sql`create index board_user_import_failures_import_index on board_user_import_failures (import_id, line)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('board_user_import_failures').execute();
  await db.schema.dropTable('board_user_imports').execute();
}

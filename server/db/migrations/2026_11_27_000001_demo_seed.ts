import { sql, type Kysely } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new one.
// The demo seed's sign-ins (issue #24 item 8): its random password is kept with the database it
// belongs to, so every start can print it again; password_hash tells which demo accounts still use it.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('demo_seed')
    .addColumn('id', 'integer', (c) => c.primaryKey().check(sql`id = 1`))
    .addColumn('password', 'text', (c) => c.notNull())
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('organization_name', 'varchar(255)', (c) => c.notNull())
    .addColumn('organization_slug', 'varchar(255)', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('demo_seed').execute();
}

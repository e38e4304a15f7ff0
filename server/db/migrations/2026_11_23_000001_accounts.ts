import { sql, type Kysely } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new one.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('users')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('name', 'varchar(255)', (c) => c.notNull())
    .addColumn('email', 'varchar(255)', (c) => c.notNull())
    .addColumn('email_verified_at', 'timestamptz')
    .addColumn('password', 'text', (c) => c.notNull())
    .addColumn('is_platform_admin', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('locale', 'varchar(35)', (c) => c.notNull().defaultTo('en-US'))
    .addColumn('timezone', 'varchar(64)', (c) => c.notNull().defaultTo('UTC'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create unique index users_email_lower_unique on users (lower(email))`.execute(db);

  await db.schema
    .createTable('sessions')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('cascade'))
    .addColumn('data', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('ip', 'varchar(45)')
    .addColumn('user_agent', 'text')
    .addColumn('last_activity', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('sessions_user_id_index').on('sessions').column('user_id').execute();
  await db.schema.createIndex('sessions_last_activity_index').on('sessions').column('last_activity').execute();

  await db.schema
    .createTable('remember_tokens')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('selector', 'varchar(32)', (c) => c.notNull().unique())
    .addColumn('token_hash', 'varchar(64)', (c) => c.notNull())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('password_reset_tokens')
    .addColumn('email', 'varchar(255)', (c) => c.primaryKey())
    .addColumn('token_hash', 'varchar(64)', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['password_reset_tokens', 'remember_tokens', 'sessions', 'users']) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}

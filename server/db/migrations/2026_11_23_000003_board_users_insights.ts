import { sql, type Kysely } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new one.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('board_users')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('organization_id', 'integer', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('first_name', 'varchar(100)', (c) => c.notNull())
    .addColumn('last_name', 'varchar(100)', (c) => c.notNull())
    .addColumn('email', 'varchar(255)')
    .addColumn('phone', 'varchar(50)')
    .addColumn('position', 'varchar(100)')
    .addColumn('board_name', 'varchar(200)')
    .addColumn('status', 'varchar(16)', (c) => c.notNull().defaultTo('active').check(sql`status in ('active','inactive')`))
    .addColumn('tags', sql`text[]`, (c) => c.notNull().defaultTo(sql`'{}'::text[]`))
    .addColumn('notes', 'text')
    .addColumn('joined_on', 'date')
    .addColumn('deleted_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create unique index board_users_org_email_unique on board_users (organization_id, lower(email)) where email is not null`.execute(db);
  await sql`create index board_users_org_name_index on board_users (organization_id, last_name, first_name)`.execute(db);

  await db.schema
    .createTable('insights')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('organization_id', 'integer', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('author_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('title', 'varchar(200)', (c) => c.notNull())
    .addColumn('summary', 'varchar(500)')
    .addColumn('body', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('category', 'varchar(16)', (c) => c.notNull().check(sql`category in ('governance','strategy','finance','risk','people','other')`))
    .addColumn('status', 'varchar(16)', (c) => c.notNull().defaultTo('draft').check(sql`status in ('draft','published','archived')`))
    .addColumn('published_at', 'timestamptz')
    .addColumn('share_token', 'varchar(64)', (c) => c.unique())
    .addColumn('shared_at', 'timestamptz')
    .addColumn('view_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('deleted_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create index insights_org_created_index on insights (organization_id, created_at desc)`.execute(db);
  await sql`create index insights_org_published_index on insights (organization_id, published_at)`.execute(db);

  await db.schema
    .createTable('board_user_insight')
    .addColumn('insight_id', 'integer', (c) => c.notNull().references('insights.id').onDelete('cascade'))
    .addColumn('board_user_id', 'integer', (c) => c.notNull().references('board_users.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('board_user_insight_pk', ['insight_id', 'board_user_id'])
    .execute();
  await db.schema.createIndex('board_user_insight_board_user_index').on('board_user_insight').column('board_user_id').execute();

  await db.schema
    .createTable('insight_views')
    .addColumn('insight_id', 'integer', (c) => c.notNull().references('insights.id').onDelete('cascade'))
    .addColumn('visitor_hash', 'varchar(64)', (c) => c.notNull())
    .addColumn('viewed_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('insight_views_pk', ['insight_id', 'visitor_hash'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const t of ['insight_views', 'board_user_insight', 'insights', 'board_users']) {
    await db.schema.dropTable(t).ifExists().execute();
  }
}

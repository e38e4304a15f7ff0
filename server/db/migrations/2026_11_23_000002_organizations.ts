import { sql, type Kysely } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new one.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('organizations')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('name', 'varchar(255)', (c) => c.notNull())
    .addColumn('slug', 'varchar(50)', (c) => c.notNull().unique())
    .addColumn('description', 'text')
    .addColumn('website', 'varchar(255)')
    .addColumn('public_page_enabled', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('deleted_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('memberships')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('organization_id', 'integer', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('role', 'varchar(16)', (c) => c.notNull().check(sql`role in ('owner','admin','editor','viewer')`))
    .addColumn('last_active_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('memberships_organization_user_unique', ['organization_id', 'user_id'])
    .execute();
  await db.schema.createIndex('memberships_user_id_index').on('memberships').column('user_id').execute();

  await db.schema
    .createTable('invitations')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('organization_id', 'integer', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('email', 'varchar(255)', (c) => c.notNull())
    .addColumn('role', 'varchar(16)', (c) => c.notNull().check(sql`role in ('owner','admin','editor','viewer')`))
    .addColumn('token_hash', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('invited_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('accepted_at', 'timestamptz')
    .addColumn('revoked_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('invitations_organization_id_index').on('invitations').column('organization_id').execute();

  await db.schema
    .createTable('activity_logs')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('organization_id', 'integer', (c) => c.references('organizations.id').onDelete('cascade'))
    .addColumn('causer_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('event', 'varchar(40)', (c) => c.notNull())
    .addColumn('subject_type', 'varchar(40)')
    .addColumn('subject_id', 'integer')
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('properties', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('ip', 'varchar(45)')
    .addColumn('user_agent', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create index activity_logs_org_created_index on activity_logs (organization_id, created_at desc, id desc)`.execute(db);
  await sql`create index activity_logs_causer_created_index on activity_logs (causer_id, created_at desc, id desc)`.execute(db);

  await db.schema
    .createTable('subscriptions')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('organization_id', 'integer', (c) => c.notNull().unique().references('organizations.id').onDelete('cascade'))
    .addColumn('plan', 'varchar(16)', (c) => c.notNull().check(sql`plan in ('free','team','business')`))
    .addColumn('status', 'varchar(16)', (c) => c.notNull().check(sql`status in ('trialing','active','past_due','canceled','ended')`))
    .addColumn('provider', 'varchar(32)', (c) => c.notNull().defaultTo('manual'))
    .addColumn('trial_ends_at', 'timestamptz')
    .addColumn('current_period_start', 'timestamptz')
    .addColumn('current_period_end', 'timestamptz')
    .addColumn('canceled_at', 'timestamptz')
    .addColumn('ends_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('subscription_events')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('subscription_id', 'integer', (c) => c.notNull().references('subscriptions.id').onDelete('cascade'))
    .addColumn('organization_id', 'integer', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('event', 'varchar(32)', (c) => c.notNull())
    .addColumn('from_plan', 'varchar(16)')
    .addColumn('to_plan', 'varchar(16)')
    .addColumn('from_status', 'varchar(16)')
    .addColumn('to_status', 'varchar(16)')
    .addColumn('amount_cents', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('currency', 'varchar(3)', (c) => c.notNull().defaultTo('USD'))
    .addColumn('actor_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create index subscription_events_org_created_index on subscription_events (organization_id, created_at desc, id desc)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const t of ['subscription_events', 'subscriptions', 'activity_logs', 'invitations', 'memberships', 'organizations']) {
    await db.schema.dropTable(t).ifExists().execute();
  }
}

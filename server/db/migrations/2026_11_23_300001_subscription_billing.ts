import { sql, type Kysely } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new one.
// Subscriptions issue: the billing provider's reference for each recorded charge, and an index
// for the scheduler, which looks subscriptions up by status and due date every minute.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('subscription_events').addColumn('reference', 'varchar(100)').execute();
  await sql`create index subscriptions_status_index on subscriptions (status)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index if exists subscriptions_status_index`.execute(db);
  await db.schema.alterTable('subscription_events').dropColumn('reference').execute();
}

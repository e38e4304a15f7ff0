import { sql, type Kysely } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new one.
// Board members serve terms: when the current one started and when it ends (open-ended: null).
// The dashboard lists the terms ending soon, per organisation: an index on the end date.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('board_users').addColumn('term_started_on', 'date').addColumn('term_ends_on', 'date').execute();
  await sql`create index board_users_term_ends_on_index on board_users (organization_id, term_ends_on) where deleted_at is null and term_ends_on is not null`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index if exists board_users_term_ends_on_index`.execute(db);
  await db.schema.alterTable('board_users').dropColumn('term_started_on').dropColumn('term_ends_on').execute();
}

import { sql, type Kysely } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new one.
// Realtime issue: the retention command deletes the oldest entries of every organisation in
// batches; without an index on the time alone each batch would scan and sort the whole table.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create index activity_logs_created_index on activity_logs (created_at, id)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index if exists activity_logs_created_index`.execute(db);
}

import type { Kysely } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new one.
// The activity log named its subjects "Board user #34": the subject's name as it was when the
// entry was written is kept with it, so the log still says who or what after a rename or delete.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('activity_logs').addColumn('subject_label', 'varchar(255)').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('activity_logs').dropColumn('subject_label').execute();
}

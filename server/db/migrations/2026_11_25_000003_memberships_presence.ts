import type { Kysely } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new one.
// Online state from the realtime server's member_added / member_removed webhooks: online_since
// while a member has the organisation open, presence_changed_at orders late (retried) deliveries.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('memberships').addColumn('online_since', 'timestamptz').addColumn('presence_changed_at', 'timestamptz').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('memberships').dropColumn('online_since').dropColumn('presence_changed_at').execute();
}

import type { Kysely } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new one.
// Sign-in, reset and verification-resend throttles shared by every web node on PostgreSQL, in
// the layout rate-limiter-flexible's RateLimiterPostgres reads and writes (expire: epoch ms).
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('throttles')
    .addColumn('key', 'varchar(255)', (c) => c.primaryKey())
    .addColumn('points', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('expire', 'bigint')
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('throttles').execute();
}

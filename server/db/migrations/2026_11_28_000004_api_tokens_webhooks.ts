import { sql, type Kysely } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new one.
// Open to other software (issue #28):
// - api_tokens: organisation-owned bearer tokens (SHA-256 of the secret only), with abilities.
// - webhook_endpoints: where an organisation wants its events sent, with a signing secret (sealed
//   under APP_KEY, as the two-factor secrets are) and the previous one while a rotation settles.
// - webhook_deliveries: one message to one endpoint (at least once, in order per endpoint), and
//   webhook_attempts: each try of it (the delivery log, kept 30 days).
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('api_tokens')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('organization_id', 'integer', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    .addColumn('token_hash', 'varchar(64)', (c) => c.notNull().unique())
    // The first characters after the prefix, to tell tokens apart in lists (never enough to use).
    .addColumn('hint', 'varchar(16)', (c) => c.notNull())
    .addColumn('abilities', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('expires_at', 'timestamptz')
    .addColumn('last_used_at', 'timestamptz')
    .addColumn('last_used_ip', 'varchar(64)')
    // Who made it, and their name as it was: the token outlives the maker's membership.
    .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_by_name', 'varchar(255)')
    .addColumn('revoked_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('api_tokens_organization_index').on('api_tokens').column('organization_id').execute();
  // A write through the API names its token as the causer (there is no user acting).
  await db.schema
    .alterTable('activity_logs')
    .addColumn('causer_token_id', 'integer', (c) => c.references('api_tokens.id').onDelete('set null'))
    .execute();

  await db.schema
    .createTable('webhook_endpoints')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('organization_id', 'integer', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('url', 'varchar(2000)', (c) => c.notNull())
    .addColumn('description', 'varchar(255)')
    .addColumn('events', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('secret', 'text', (c) => c.notNull())
    .addColumn('previous_secret', 'text')
    .addColumn('previous_secret_expires_at', 'timestamptz')
    .addColumn('enabled', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('disabled_reason', 'varchar(20)')
    // When deliveries began to fail without a success since (three days of it disables the endpoint).
    .addColumn('failing_since', 'timestamptz')
    .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('webhook_endpoints_organization_index').on('webhook_endpoints').column('organization_id').execute();

  await db.schema
    .createTable('webhook_deliveries')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('endpoint_id', 'integer', (c) => c.notNull().references('webhook_endpoints.id').onDelete('cascade'))
    .addColumn('organization_id', 'integer', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    // Standard Webhooks' webhook-id: the same on every retry, so receivers can deduplicate.
    .addColumn('message_id', 'varchar(40)', (c) => c.notNull().unique())
    .addColumn('event_type', 'varchar(100)', (c) => c.notNull())
    .addColumn('payload', 'jsonb', (c) => c.notNull())
    .addColumn('status', 'varchar(12)', (c) => c.notNull().defaultTo('pending').check(sql`status in ('pending', 'succeeded', 'failed')`))
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('completed_at', 'timestamptz')
    .execute();
  await sql`create index webhook_deliveries_due_index on webhook_deliveries (endpoint_id, id) where status = 'pending'`.execute(db);
  await db.schema.createIndex('webhook_deliveries_created_index').on('webhook_deliveries').column('created_at').execute();

  await db.schema
    .createTable('webhook_attempts')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('delivery_id', 'bigint', (c) => c.notNull().references('webhook_deliveries.id').onDelete('cascade'))
    .addColumn('attempted_at', 'timestamptz', (c) => c.notNull())
    .addColumn('response_status', 'integer')
    .addColumn('duration_ms', 'integer', (c) => c.notNull())
    .addColumn('error', 'varchar(500)')
    .addColumn('response_excerpt', 'varchar(1000)')
    .execute();
  await db.schema.createIndex('webhook_attempts_delivery_index').on('webhook_attempts').column('delivery_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('activity_logs').dropColumn('causer_token_id').execute();
  for (const table of ['webhook_attempts', 'webhook_deliveries', 'webhook_endpoints', 'api_tokens']) await db.schema.dropTable(table).execute();
}

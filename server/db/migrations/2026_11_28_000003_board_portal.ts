import { sql, type Kysely } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new one.
// The board portal (issue #27): board members sign in without a password and read the insights
// written for them.
// - portal_members: one identity per e-mail address, across every organisation whose board it serves.
// - board_user_portal_access: which board-user records that identity may act as (granted by staff).
// - portal_login_links: single-use sign-in links (hashed), bound to the browser that asked for one.
// - portal_passkeys: WebAuthn credentials of portal members (staff passkeys stay in `passkeys`).
// - insight_receipts: read and acknowledged, per insight and board-user record.
// - portal_notifications: what a board member is to be told about (sent at once or in the digest).
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('portal_members')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    // Stored lower-cased: the one identity per address.
    .addColumn('email', 'varchar(255)', (c) => c.notNull().unique())
    .addColumn('locale', 'varchar(10)', (c) => c.notNull().defaultTo('en-US'))
    .addColumn('delivery', 'varchar(10)', (c) => c.notNull().defaultTo('instant').check(sql`delivery in ('instant', 'daily', 'off')`))
    .addColumn('last_signed_in_at', 'timestamptz')
    .addColumn('digest_sent_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('board_user_portal_access')
    .addColumn('board_user_id', 'integer', (c) => c.primaryKey().references('board_users.id').onDelete('cascade'))
    .addColumn('organization_id', 'integer', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('portal_member_id', 'integer', (c) => c.notNull().references('portal_members.id').onDelete('cascade'))
    .addColumn('granted_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('granted_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('activated_at', 'timestamptz')
    .addColumn('last_seen_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('board_user_portal_access_member_index').on('board_user_portal_access').column('portal_member_id').execute();
  await db.schema.createIndex('board_user_portal_access_organization_index').on('board_user_portal_access').column('organization_id').execute();

  await db.schema
    .createTable('portal_login_links')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('portal_member_id', 'integer', (c) => c.notNull().references('portal_members.id').onDelete('cascade'))
    // The organisation whose sign-in page asked (or whose staff invited): where the member lands.
    .addColumn('organization_id', 'integer', (c) => c.references('organizations.id').onDelete('cascade'))
    .addColumn('token_hash', 'varchar(64)', (c) => c.notNull().unique())
    // SHA-256 of a random value in a cookie of the browser that asked; null for an invitation.
    .addColumn('browser_hash', 'varchar(64)')
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('used_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('portal_login_links_member_index').on('portal_login_links').column('portal_member_id').execute();

  await db.schema
    .createTable('portal_passkeys')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('portal_member_id', 'integer', (c) => c.notNull().references('portal_members.id').onDelete('cascade'))
    .addColumn('name', 'varchar(255)', (c) => c.notNull())
    .addColumn('credential_id', 'text', (c) => c.notNull().unique())
    .addColumn('public_key', 'text', (c) => c.notNull())
    .addColumn('counter', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('transports', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('last_used_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('portal_passkeys_member_index').on('portal_passkeys').column('portal_member_id').execute();

  await db.schema
    .createTable('insight_receipts')
    .addColumn('insight_id', 'integer', (c) => c.notNull().references('insights.id').onDelete('cascade'))
    .addColumn('board_user_id', 'integer', (c) => c.notNull().references('board_users.id').onDelete('cascade'))
    .addColumn('organization_id', 'integer', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('read_at', 'timestamptz', (c) => c.notNull())
    .addColumn('acknowledged_at', 'timestamptz')
    .addPrimaryKeyConstraint('insight_receipts_pkey', ['insight_id', 'board_user_id'])
    .execute();

  await db.schema
    .createTable('portal_notifications')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('portal_member_id', 'integer', (c) => c.notNull().references('portal_members.id').onDelete('cascade'))
    .addColumn('board_user_id', 'integer', (c) => c.notNull().references('board_users.id').onDelete('cascade'))
    .addColumn('insight_id', 'integer', (c) => c.notNull().references('insights.id').onDelete('cascade'))
    .addColumn('organization_id', 'integer', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('sent_at', 'timestamptz')
    // Told once per insight and record, however often it is published or linked again.
    .addUniqueConstraint('portal_notifications_once', ['board_user_id', 'insight_id'])
    .execute();
  await sql`create index portal_notifications_pending_index on portal_notifications (portal_member_id) where sent_at is null`.execute(db);

  await db.schema
    .alterTable('organizations')
    .addColumn('named_read_receipts', 'boolean', (c) => c.notNull().defaultTo(false))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('organizations').dropColumn('named_read_receipts').execute();
  for (const table of ['portal_notifications', 'insight_receipts', 'portal_passkeys', 'portal_login_links', 'board_user_portal_access', 'portal_members']) {
    await db.schema.dropTable(table).execute();
  }
}

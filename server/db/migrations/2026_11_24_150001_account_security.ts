import { sql, type Kysely } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new one.
// Account security (issue #15): TOTP two-factor sign-in with single-use recovery codes, passkeys
// (WebAuthn credentials), the devices a user has signed in from, and the organisation setting
// that requires two-factor sign-in of its members.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('two_factor_credentials')
    .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    // AES-256-GCM under a key derived from APP_KEY: iv.tag.ciphertext, base64url.
    .addColumn('secret', 'text', (c) => c.notNull())
    .addColumn('confirmed_at', 'timestamptz')
    // The last 30-second step a code was accepted for: a code is never accepted twice.
    .addColumn('last_used_step', 'integer')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('two_factor_recovery_codes')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('code_hash', 'varchar(64)', (c) => c.notNull())
    .addColumn('used_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('two_factor_recovery_codes_user_id_index').on('two_factor_recovery_codes').column('user_id').execute();

  await db.schema
    .createTable('passkeys')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('name', 'varchar(255)', (c) => c.notNull())
    .addColumn('credential_id', 'text', (c) => c.notNull().unique())
    .addColumn('public_key', 'text', (c) => c.notNull())
    .addColumn('counter', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('transports', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('last_used_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('passkeys_user_id_index').on('passkeys').column('user_id').execute();

  await db.schema
    .createTable('known_devices')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('device_hash', 'varchar(64)', (c) => c.notNull())
    .addColumn('first_seen_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('last_seen_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('known_devices_user_device_unique', ['user_id', 'device_hash'])
    .execute();

  await db.schema
    .alterTable('organizations')
    .addColumn('require_two_factor', 'boolean', (c) => c.notNull().defaultTo(false))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('organizations').dropColumn('require_two_factor').execute();
  for (const table of ['known_devices', 'passkeys', 'two_factor_recovery_codes', 'two_factor_credentials']) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}

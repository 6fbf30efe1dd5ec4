import { sql, type Kysely } from 'kysely';

/** Passkeys (issue 4): the WebAuthn credentials a member signs in with. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('passkeys')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('credential_id', 'text', (c) => c.notNull())
    .addColumn('public_key', 'bytea', (c) => c.notNull())
    // WebAuthn's signature counter is an unsigned 32-bit number: bigint holds all of it.
    .addColumn('counter', 'bigint', (c) => c.notNull().defaultTo(0).check(sql`counter >= 0`))
    .addColumn('transports', sql`text[]`, (c) => c.notNull().defaultTo(sql`'{}'::text[]`))
    .addColumn('device_type', 'text', (c) => c.notNull().check(sql`device_type in ('singleDevice', 'multiDevice')`))
    .addColumn('backed_up', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('last_used_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('passkeys_credential_id_key').on('passkeys').column('credential_id').unique().execute();
  await db.schema.createIndex('passkeys_by_user_idx').on('passkeys').columns(['user_id', 'created_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('passkeys').execute();
}

import { sql, type Kysely } from 'kysely';

/** Members, magic links, sessions and the audit trail (sign-in, issue 3). */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('users')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('email', 'text', (c) => c.notNull().check(sql`email = lower(email)`))
    .addColumn('email_verified', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('password_hash', 'text')
    .addColumn('preferred_auth_method', 'text', (c) => c.check(sql`preferred_auth_method in ('PASSWORD', 'PASSKEY', 'SOCIAL')`))
    .addColumn('first_name', 'text')
    .addColumn('last_name', 'text')
    .addColumn('phone_number', 'text')
    .addColumn('country', 'text')
    .addColumn('language', 'text', (c) => c.notNull().defaultTo('en'))
    .addColumn('birth_year', 'integer', (c) => c.check(sql`birth_year between 1900 and 2200`))
    .addColumn('marketing_opt_in', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('weekly_digest_opt_in', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('preferences', 'jsonb', (c) => c.notNull().defaultTo(sql`'{"theme":"system","emailNotifications":true,"pushNotifications":false}'::jsonb`))
    .addColumn('roles', sql`text[]`, (c) => c.notNull().defaultTo(sql`'{MEMBER}'::text[]`))
    .addColumn('is_active', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('hubspot_contact_id', 'text')
    .addColumn('last_login_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('users_email_key').on('users').column('email').unique().execute();

  await db.schema
    .createTable('magic_links')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('token_hash', 'text', (c) => c.notNull())
    .addColumn('redirect_path', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('used_at', 'timestamptz')
    .addColumn('replaced_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('magic_links_token_hash_key').on('magic_links').column('token_hash').unique().execute();
  await db.schema.createIndex('magic_links_open_by_email_idx').on('magic_links').column('email').where(sql<boolean>`used_at is null and replaced_at is null`).execute();

  await db.schema
    .createTable('sessions')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('method', 'text', (c) => c.notNull().check(sql`method in ('MAGIC_LINK', 'PASSWORD', 'PASSKEY', 'SOCIAL')`))
    .addColumn('ip', 'text', (c) => c.notNull())
    .addColumn('user_agent', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('last_used_at', 'timestamptz', (c) => c.notNull())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('revoked_at', 'timestamptz')
    .addColumn('revoked_reason', 'text')
    .execute();
  await db.schema.createIndex('sessions_live_by_user_idx').on('sessions').columns(['user_id', 'last_used_at']).where(sql.ref('revoked_at'), 'is', null).execute();

  await db.schema
    .createTable('audit_events')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('outcome', 'text', (c) => c.notNull().check(sql`outcome in ('success', 'failure')`))
    .addColumn('method', 'text')
    .addColumn('user_id', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('email', 'text')
    .addColumn('session_id', 'uuid')
    .addColumn('ip', 'text', (c) => c.notNull())
    .addColumn('user_agent', 'text')
    .addColumn('detail', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('audit_events_by_user_idx').on('audit_events').columns(['user_id', 'at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['audit_events', 'sessions', 'magic_links', 'users']) await db.schema.dropTable(table).execute();
}

import { sql, type Kysely } from 'kysely';

/** Social sign-in (issue 4): provider accounts linked to members, one member per (provider, subject). */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('social_accounts')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('provider', 'text', (c) => c.notNull())
    // The provider's `sub`: case-sensitive, at most 255 ASCII characters (OpenID Connect Core §2).
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.check(sql`email = lower(email)`))
    .addColumn('email_verified', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('last_used_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('social_accounts_provider_subject_key').on('social_accounts').columns(['provider', 'subject']).unique().execute();
  await db.schema.createIndex('social_accounts_by_user_idx').on('social_accounts').columns(['user_id', 'created_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('social_accounts').execute();
}

import { sql, type Kysely } from 'kysely';

/**
 * The outbox: anything another system must learn about (CRM, notification mail, tracking) is
 * written here in the same transaction as the change, and delivered by a worker idempotently.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('outbox')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('payload', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('available_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('delivered_at', 'timestamptz')
    .addColumn('last_error', 'text')
    .execute();
  await db.schema.createIndex('outbox_pending_idx').on('outbox').columns(['available_at', 'id']).where(sql.ref('delivered_at'), 'is', null).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('outbox').execute();
}

import { sql, type Kysely } from 'kysely';

/**
 * The outbox's delivery state (workers/README.md): each row's type version and key, a status
 * (pending, delivered, failed: parked after OUTBOX_MAX_ATTEMPTS for operators), the failed
 * attempts, the last error and the next attempt time (`available_at` before, now also the lease a
 * relay's claim takes). `processed_events` is the consumers' record of the events they handled,
 * so a second delivery of an event does nothing.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('outbox').renameColumn('available_at', 'next_attempt_at').execute();
  await db.schema
    .alterTable('outbox')
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('key', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('pending').check(sql`status in ('pending', 'delivered', 'failed')`))
    .addColumn('failed_at', 'timestamptz')
    .execute();
  await sql`update outbox set status = 'delivered' where delivered_at is not null`.execute(db);
  await db.schema.dropIndex('outbox_pending_idx').execute();
  await db.schema.createIndex('outbox_due_idx').on('outbox').columns(['next_attempt_at', 'id']).where(sql.ref('status'), '=', sql.lit('pending')).execute();
  await db.schema.createIndex('outbox_failed_idx').on('outbox').column('id').where(sql.ref('status'), '=', sql.lit('failed')).execute();
  await db.schema.createIndex('outbox_delivered_idx').on('outbox').column('delivered_at').where(sql.ref('status'), '=', sql.lit('delivered')).execute();

  await db.schema
    .createTable('processed_events')
    .addColumn('consumer', 'text', (c) => c.notNull())
    .addColumn('event_id', 'bigint', (c) => c.notNull())
    .addColumn('processed_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('processed_events_pkey', ['consumer', 'event_id'])
    .execute();
  await db.schema.createIndex('processed_events_processed_at_idx').on('processed_events').column('processed_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('processed_events').execute();
  await db.schema.dropIndex('outbox_delivered_idx').execute();
  await db.schema.dropIndex('outbox_failed_idx').execute();
  await db.schema.dropIndex('outbox_due_idx').execute();
  await db.schema.alterTable('outbox').dropColumn('failed_at').dropColumn('status').dropColumn('key').dropColumn('version').execute();
  await db.schema.alterTable('outbox').renameColumn('next_attempt_at', 'available_at').execute();
  await db.schema.createIndex('outbox_pending_idx').on('outbox').columns(['available_at', 'id']).where(sql.ref('delivered_at'), 'is', null).execute();
}

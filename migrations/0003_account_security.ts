import type { Kysely } from 'kysely';

/** Re-authentication for sensitive actions (issue 4): when a session last proved who it is. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('sessions').addColumn('reauthenticated_at', 'timestamptz').execute();
  // A member may turn sign-in by e-mailed link off once another way in exists.
  await db.schema.alterTable('users').addColumn('magic_link_enabled', 'boolean', (c) => c.notNull().defaultTo(true)).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').dropColumn('magic_link_enabled').execute();
  await db.schema.alterTable('sessions').dropColumn('reauthenticated_at').execute();
}

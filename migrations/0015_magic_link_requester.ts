import type { Kysely } from 'kysely';

/**
 * Who asked for each magic link (issue 11 §5): the client's network, an IPv4 address or an IPv6
 * /64. A newer link voids only the older links of the same requester, and a request from another
 * requester within the pacing interval sends no mail (domain/auth/README.md "Magic links"). Links
 * stored before this have none: no request voids them, and they end when they expire. The index
 * answers "the address's latest link since" (pacing) without the partial index of open links,
 * which used and voided links leave.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('magic_links').addColumn('requester', 'text').execute();
  await db.schema.createIndex('magic_links_by_email_created_idx').on('magic_links').columns(['email', 'created_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('magic_links_by_email_created_idx').execute();
  await db.schema.alterTable('magic_links').dropColumn('requester').execute();
}

/**
 * Magic links in PostgreSQL (table `magic_links`). A link is consumed by one conditional update,
 * so two verifies racing on the same token cannot both succeed. Addresses are stored lower-case.
 */
import { sql, type Kysely, type Selectable } from 'kysely';
import type { ConsumeResult, MagicLinkRecord, MagicLinkRepository } from '../../../application/ports/magic-links';
import type { Database, MagicLinksTable } from '../schema';
import { isUuid } from '../uuid';


const toRecord = (row: Selectable<MagicLinksTable>): MagicLinkRecord => ({
  id: row.id,
  email: row.email,
  tokenHash: row.token_hash,
  redirectPath: row.redirect_path,
  requester: row.requester,
  createdAt: row.created_at,
  expiresAt: row.expires_at,
  usedAt: row.used_at,
  replacedAt: row.replaced_at,
});

/** Why a link that exists cannot be used; used wins over replaced, replaced over expired. */
function refusalOf(link: Pick<MagicLinkRecord, 'usedAt' | 'replacedAt' | 'expiresAt'>, now: Date): Exclude<ConsumeResult['status'], 'consumed'> {
  if (link.usedAt) return 'used';
  if (link.replacedAt) return 'replaced';
  if (link.expiresAt.getTime() <= now.getTime()) return 'expired';
  // Usable again by now: only a link removed and re-created between the two statements gets here.
  return 'unknown';
}

export function postgresMagicLinks(db: Kysely<Database>): MagicLinkRepository {
  return {
    async create(link) {
      await db
        .insertInto('magic_links')
        .values({
          id: link.id,
          email: link.email.toLowerCase(),
          token_hash: link.tokenHash,
          redirect_path: link.redirectPath,
          requester: link.requester,
          created_at: link.createdAt,
          expires_at: link.expiresAt,
        })
        .execute();
    },

    async consume(tokenHash, now) {
      const consumed = await db
        .updateTable('magic_links')
        .set({ used_at: now })
        .where('token_hash', '=', tokenHash)
        .where('used_at', 'is', null)
        .where('replaced_at', 'is', null)
        .where('expires_at', '>', now)
        .returningAll()
        .executeTakeFirst();
      if (consumed) return { status: 'consumed', link: toRecord(consumed) };
      const row = await db.selectFrom('magic_links').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst();
      return { status: row ? refusalOf(toRecord(row), now) : 'unknown' };
    },

    async replaceOthers(email, requester, keepId, now) {
      let query = db
        .updateTable('magic_links')
        .set({ replaced_at: now })
        .where('email', '=', email.toLowerCase())
        .where('requester', '=', requester)
        .where('used_at', 'is', null)
        .where('replaced_at', 'is', null);
      if (isUuid(keepId)) query = query.where('id', '<>', keepId);
      const result = await query.executeTakeFirst();
      return Number(result.numUpdatedRows);
    },

    async recentLinks(email, since) {
      // One statement: the latest row, with the count of every matching row beside it.
      const row = await db
        .selectFrom('magic_links')
        .select(['requester', 'created_at', sql<string | number>`count(*) over ()`.as('count')])
        .where('email', '=', email.toLowerCase())
        .where('created_at', '>', since)
        .orderBy('created_at', 'desc')
        .limit(1)
        .executeTakeFirst();
      return row ? { count: Number(row.count), latest: { requester: row.requester, createdAt: row.created_at } } : { count: 0, latest: null };
    },

    async remove(id) {
      if (!isUuid(id)) return;
      await db.deleteFrom('magic_links').where('id', '=', id).execute();
    },
  };
}

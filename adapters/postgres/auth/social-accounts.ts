/**
 * Linked provider accounts in PostgreSQL (table `social_accounts`, migrations/0005_social_accounts.ts).
 * The memory twin is adapters/memory/auth/social-accounts.ts; tests/contract/social-accounts.test.ts
 * holds both to one contract.
 */
import type { Kysely, Selectable } from 'kysely';
import type { SocialAccountRepository } from '../../../application/ports/social-accounts';
import type { SocialAccount } from '../../../domain/auth/social';
import type { Database, SocialAccountsTable } from '../schema';
import { isUuid } from '../uuid';

const toAccount = (row: Selectable<SocialAccountsTable>): SocialAccount => ({
  id: row.id,
  userId: row.user_id,
  provider: row.provider,
  subject: row.subject,
  email: row.email,
  emailVerified: row.email_verified,
  createdAt: row.created_at,
  lastUsedAt: row.last_used_at,
});

export function postgresSocialAccounts(db: Kysely<Database>): SocialAccountRepository {
  const bySubject = async (provider: string, subject: string) => {
    const row = await db.selectFrom('social_accounts').selectAll().where('provider', '=', provider).where('subject', '=', subject).executeTakeFirst();
    return row ? toAccount(row) : null;
  };

  return {
    bySubject,

    async listForUser(userId) {
      if (!isUuid(userId)) return [];
      const rows = await db.selectFrom('social_accounts').selectAll().where('user_id', '=', userId).orderBy('created_at', 'asc').orderBy('id', 'asc').execute();
      return rows.map(toAccount);
    },

    async countForUser(userId) {
      if (!isUuid(userId)) return 0;
      const row = await db.selectFrom('social_accounts').select((eb) => eb.fn.countAll<number>().as('count')).where('user_id', '=', userId).executeTakeFirstOrThrow();
      return Number(row.count);
    },

    async link(account) {
      // A concurrent link of the same provider account waits on the unique index and then does
      // nothing; the select that follows sees the winner's row. The loop covers that row being
      // removed between the two statements.
      for (let attempt = 0; attempt < 3; attempt++) {
        const inserted = await db
          .insertInto('social_accounts')
          .values({
            id: account.id,
            user_id: account.userId,
            provider: account.provider,
            subject: account.subject,
            email: account.email?.toLowerCase() ?? null,
            email_verified: account.emailVerified,
            created_at: account.createdAt,
            last_used_at: account.lastUsedAt,
          })
          .onConflict((oc) => oc.columns(['provider', 'subject']).doNothing())
          .returningAll()
          .executeTakeFirst();
        if (inserted) return { account: toAccount(inserted), created: true };
        const existing = await bySubject(account.provider, account.subject);
        if (existing) return { account: existing, created: false };
      }
      throw new Error('link: the provider account was linked and unlinked again three times');
    },

    async recordUse(id, use) {
      if (!isUuid(id)) return null;
      const row = await db
        .updateTable('social_accounts')
        .set({ email: use.email?.toLowerCase() ?? null, email_verified: use.emailVerified, last_used_at: use.at })
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirst();
      return row ? toAccount(row) : null;
    },

    async removeAllForUser(userId) {
      if (!isUuid(userId)) return 0;
      const result = await db.deleteFrom('social_accounts').where('user_id', '=', userId).executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}

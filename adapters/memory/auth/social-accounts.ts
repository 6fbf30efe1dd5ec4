/**
 * The in-process SocialAccountRepository, behaving as adapters/postgres/auth/social-accounts.ts does
 * (tests/contract/social-accounts.test.ts). Each method checks and writes without awaiting in
 * between, so a link is as atomic here as the insert on the unique index is in PostgreSQL. It
 * hands out copies, never its own records.
 */
import type { SocialAccountRepository } from '../../../application/ports/social-accounts';
import type { SocialAccount } from '../../../domain/auth/social';
import { mapSnapshot } from '../snapshot';
import type { MemoryTwin } from '../unit-of-work';

const copy = (account: SocialAccount): SocialAccount => structuredClone(account);
const keyOf = (provider: string, subject: string) => JSON.stringify([provider, subject]);

/** Oldest link first; the id breaks ties, as PostgreSQL orders uuids. */
const byLinkTime = (a: SocialAccount, b: SocialAccount) => a.createdAt.getTime() - b.createdAt.getTime() || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

export function memorySocialAccounts(): SocialAccountRepository & MemoryTwin {
  const accounts = new Map<string, SocialAccount>();
  const idBySubject = new Map<string, string>();

  const ofUser = (userId: string) => [...accounts.values()].filter((a) => a.userId === userId);

  return {
    async bySubject(provider, subject) {
      const id = idBySubject.get(keyOf(provider, subject));
      const account = id === undefined ? undefined : accounts.get(id);
      return account ? copy(account) : null;
    },

    async listForUser(userId) {
      return ofUser(userId).sort(byLinkTime).map(copy);
    },

    async countForUser(userId) {
      return ofUser(userId).length;
    },

    async link(input) {
      const key = keyOf(input.provider, input.subject);
      const existingId = idBySubject.get(key);
      const existing = existingId === undefined ? undefined : accounts.get(existingId);
      if (existing) return { account: copy(existing), created: false };
      // The same refusal as the table's primary key.
      if (accounts.has(input.id)) throw new Error(`social account ${input.id} already exists`);
      const account = copy({ ...input, email: input.email?.toLowerCase() ?? null });
      accounts.set(account.id, account);
      idBySubject.set(key, account.id);
      return { account: copy(account), created: true };
    },

    async recordUse(id, use) {
      const account = accounts.get(id);
      if (!account) return null;
      account.email = use.email?.toLowerCase() ?? null;
      account.emailVerified = use.emailVerified;
      account.lastUsedAt = new Date(use.at);
      return copy(account);
    },

    async removeAllForUser(userId) {
      const mine = ofUser(userId);
      for (const account of mine) {
        accounts.delete(account.id);
        idBySubject.delete(keyOf(account.provider, account.subject));
      }
      return mine.length;
    },

    // For a memory unit of work: a use is recorded in place, so the snapshot copies each link.
    snapshot: () => mapSnapshot([accounts, copy], [idBySubject]),
  };
}

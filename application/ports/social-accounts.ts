/**
 * Linked provider accounts: PostgreSQL (adapters/postgres/auth/social-accounts.ts) and its memory twin,
 * held to one contract by tests/contract/social-accounts.test.ts.
 */
import type { SocialAccount } from '../../domain/auth/social';

export interface SocialAccountUse {
  /** What the provider reported this time (the stored snapshot follows it). */
  email: string | null;
  emailVerified: boolean;
  at: Date;
}

export interface SocialAccountRepository {
  bySubject(provider: string, subject: string): Promise<SocialAccount | null>;
  /** The member's linked accounts, oldest link first. */
  listForUser(userId: string): Promise<SocialAccount[]>;
  countForUser(userId: string): Promise<number>;
  /**
   * Links a provider account to a member. When that (provider, subject) is linked already (to
   * anyone, two callbacks racing included) nothing is written and the existing link is answered
   * with `created: false`, so the caller can see whose it is.
   */
  link(account: SocialAccount): Promise<{ account: SocialAccount; created: boolean }>;
  /** Records a sign-in or re-link: last use and the provider's current e-mail; null when the link is gone. */
  recordUse(id: string, use: SocialAccountUse): Promise<SocialAccount | null>;
  /** Unlinks every provider account of the member (removing the SOCIAL method). */
  removeAllForUser(userId: string): Promise<number>;
}

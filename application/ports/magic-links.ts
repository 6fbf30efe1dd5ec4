import type { RecentLinks } from '../../domain/auth/magic-link-pacing';

export interface MagicLinkRecord {
  id: string;
  email: string;
  tokenHash: string;
  redirectPath: string | null;
  /**
   * Who asked for the link: the client's network (an IPv4 address or an IPv6 /64). A newer link
   * voids only the older links the same requester asked for (domain/auth/README.md "Magic links").
   * Null for links stored before requesters were recorded.
   */
  requester: string | null;
  createdAt: Date;
  expiresAt: Date;
  usedAt: Date | null;
  replacedAt: Date | null;
}

export type ConsumeResult =
  | { status: 'consumed'; link: MagicLinkRecord }
  | { status: 'used' | 'expired' | 'replaced' | 'unknown' };

export interface MagicLinkRepository {
  create(link: Omit<MagicLinkRecord, 'usedAt' | 'replacedAt'>): Promise<void>;
  /**
   * Atomically marks the link used when it is unused, not replaced and not expired at `now`;
   * otherwise answers why it cannot be used. Two concurrent consumes: exactly one is 'consumed'.
   */
  consume(tokenHash: string, now: Date): Promise<ConsumeResult>;
  /**
   * Marks every other unused link of the address that the same requester asked for replaced (a
   * newer one is about to be stored and sent); links other requesters asked for stay as they are.
   */
  replaceOthers(email: string, requester: string, keepId: string, now: Date): Promise<number>;
  /** How many links were stored for the address after `since`, whatever their state, and the latest of them. */
  recentLinks(email: string, since: Date): Promise<RecentLinks>;
  /** Removes a link whose mail could not be sent, so it is never usable. */
  remove(id: string): Promise<void>;
}

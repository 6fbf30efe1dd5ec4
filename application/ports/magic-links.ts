export interface MagicLinkRecord {
  id: string;
  email: string;
  tokenHash: string;
  redirectPath: string | null;
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
  /** Marks every other unused link of the address replaced (a newer one is about to be stored and sent). */
  replaceOthers(email: string, keepId: string, now: Date): Promise<number>;
  /** Removes a link whose mail could not be sent, so it is never usable. */
  remove(id: string): Promise<void>;
}

/** Password hashing and the common-password list, behind ports so use cases stay pure. */
export interface PasswordVerification {
  ok: boolean;
  /** The stored hash uses other parameters than today's: store a fresh hash now that the password is known. */
  needsRehash: boolean;
}

export interface PasswordHasher {
  hash(password: string): Promise<string>;
  verify(stored: string, password: string): Promise<PasswordVerification>;
  /** The same work as a real verify, for addresses without a password (no timing oracle). */
  verifyDummy(password: string): Promise<void>;
}

export interface CommonPasswords {
  /** True when the password is among the 10,000 most common ones (case-insensitively). */
  isCommon(password: string): boolean;
}

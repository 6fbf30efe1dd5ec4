/** Randomness and one-way hashing for tokens, kept behind a port so rules stay testable. */
export interface Secrets {
  /** An opaque URL-safe token with at least 256 bits of randomness. */
  token(): string;
  /** A stable one-way digest of a token (what is stored and looked up). */
  hash(token: string): string;
  uuid(): string;
}

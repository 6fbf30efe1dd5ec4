/**
 * Attempt counters per limit and key. Each limit counts one kind of key (application/auth/rate-limits.ts):
 * `magic-link` an address as asked for by one network, `password` an address, and the others the
 * client's network.
 */
export type RateLimitedAction = 'magic-link' | 'magic-link-ip' | 'password' | 'password-ip' | 'passkey' | 'check-email';

export interface RateLimitState {
  /** Attempts left in the current window. */
  remaining: number;
  /** When the window ends and the allowance is whole again. */
  resetsAt: Date;
}

export interface RateLimitDecision extends RateLimitState {
  allowed: boolean;
  /** Seconds to wait before another attempt can succeed (0 when allowed). */
  retryAfterSeconds: number;
}

export interface RateLimiter {
  /** Counts one attempt (or `points`) and answers whether it is within the allowance. */
  consume(action: RateLimitedAction, key: string, points?: number): Promise<RateLimitDecision>;
  /** The allowance without counting anything. */
  peek(action: RateLimitedAction, key: string): Promise<RateLimitState>;
  /** Gives back attempts counted earlier in the window (a password attempt that turned out right). */
  refund(action: RateLimitedAction, key: string, points?: number): Promise<void>;
  /** Forgets the attempts of a key (after a successful sign-in, for example). */
  reset(action: RateLimitedAction, key: string): Promise<void>;
}

import { tooManyAttemptsMessage } from '../../domain/auth/schemas';
import { rateLimited } from '../../domain/shared/errors';
import type { RateLimitedAction, RateLimiter, RateLimitState } from '../ports/rate-limiter';

export const ipKey = (ip: string) => `ip:${ip}`;
export const emailKey = (email: string) => `email:${email.toLowerCase()}`;
/** A signed-in member's own allowance (setting a password), apart from their address' sign-in guesses. */
export const memberKey = (userId: string) => `member:${userId}`;

/** Counts one attempt against each key in turn; the first refusal answers 429 with Retry-After. */
export async function spendAttempt(limiter: RateLimiter, action: RateLimitedAction, keys: string[]): Promise<void> {
  for (const key of keys) {
    const decision = await limiter.consume(action, key);
    if (!decision.allowed) throw rateLimited(tooManyAttemptsMessage(decision.retryAfterSeconds), decision.retryAfterSeconds);
  }
}

/** Gives one attempt back on each key: the attempt turned out to be the member's own, right one. */
export async function refundAttempt(limiter: RateLimiter, action: RateLimitedAction, keys: string[]): Promise<void> {
  for (const key of keys) await limiter.refund(action, key);
}

/** The tightest of several allowances: fewest remaining, and the latest reset among the exhausted. */
export async function allowanceOf(limiter: RateLimiter, action: RateLimitedAction, keys: string[], now: Date): Promise<RateLimitState> {
  const states = await Promise.all(keys.map((k) => limiter.peek(action, k)));
  const remaining = Math.min(...states.map((s) => s.remaining));
  const relevant = remaining === 0 ? states.filter((s) => s.remaining === 0) : states;
  const resetsAt = new Date(Math.max(now.getTime(), ...relevant.map((s) => s.resetsAt.getTime())));
  return { remaining, resetsAt };
}

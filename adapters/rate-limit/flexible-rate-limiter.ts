/**
 * The RateLimiter port on rate-limiter-flexible: Redis counters when REDIS_URL is set (shared by
 * every API process), in-process counters otherwise. Fixed windows per action, from config.
 */
import type { Redis } from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import type { RateLimitDecision, RateLimitedAction, RateLimiter, RateLimitState } from '../../application/ports/rate-limiter';

export type RateLimits = Record<RateLimitedAction, { points: number; windowSeconds: number }>;

export function createRateLimiter(limits: RateLimits, redis?: Redis): RateLimiter {
  const limiters = new Map<RateLimitedAction, { limiter: RateLimiterAbstract; points: number }>();
  for (const [action, { points, windowSeconds }] of Object.entries(limits) as [RateLimitedAction, RateLimits[RateLimitedAction]][]) {
    const options = { keyPrefix: `rl:${action}`, points, duration: windowSeconds };
    limiters.set(action, { points, limiter: redis ? new RateLimiterRedis({ ...options, storeClient: redis }) : new RateLimiterMemory(options) });
  }
  const of = (action: RateLimitedAction) => {
    const entry = limiters.get(action);
    if (!entry) throw new Error(`No rate limit configured for ${action}`);
    return entry;
  };
  const stateOf = (res: RateLimiterRes | null, points: number): RateLimitState => ({
    remaining: res ? Math.max(0, points - res.consumedPoints) : points,
    resetsAt: new Date(Date.now() + (res ? Math.max(0, res.msBeforeNext) : 0)),
  });

  return {
    async consume(action, key, points = 1): Promise<RateLimitDecision> {
      const { limiter, points: allowance } = of(action);
      try {
        const res = await limiter.consume(key, points);
        return { allowed: true, retryAfterSeconds: 0, ...stateOf(res, allowance) };
      } catch (rejection) {
        if (!(rejection instanceof RateLimiterRes)) throw rejection;
        return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(rejection.msBeforeNext / 1000)), ...stateOf(rejection, allowance) };
      }
    },
    async peek(action, key) {
      const { limiter, points } = of(action);
      return stateOf(await limiter.get(key), points);
    },
    async reset(action, key) {
      await of(action).limiter.delete(key);
    },
  };
}

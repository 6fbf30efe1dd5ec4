/**
 * The RateLimiter port on rate-limiter-flexible: Redis counters when REDIS_URL is set (shared by
 * every API process), in-process counters otherwise. Fixed windows per action, from config.
 *
 * Time: the library runs its windows on its own time (Redis key expiry, or Date.now() and timers
 * in process) and takes no clock, so a window cannot be ended by moving the product clock. What it
 * answers is relative (`msBeforeNext`), so `resetsAt` is placed on the injected clock: the same
 * time line as every other instant the product answers, and as `allowanceOf`'s floor.
 */
import type { Redis } from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { AppError } from '../../domain/shared/errors';
import type { Clock } from '../../application/ports/clock';
import type { RateLimitDecision, RateLimitedAction, RateLimiter, RateLimitState } from '../../application/ports/rate-limiter';

export type RateLimits = Record<RateLimitedAction, { points: number; windowSeconds: number }>;

const systemClock: Clock = { now: () => new Date() };

/** What a caller may retry after when the counters cannot be reached: about one reconnect of the Redis client. */
const UNAVAILABLE_RETRY_AFTER_SECONDS = 5;

/**
 * The counters' store failed (Redis down, not answering in time, refusing): 503, not a 500 and
 * never a request let through uncounted. Programming errors (unknown action) are not this.
 */
function unavailable(cause: unknown): AppError {
  return new AppError('upstream_unavailable', 'UPSTREAM_UNAVAILABLE', 'The service is temporarily unavailable. Please try again in a moment.', {
    cause,
    retryAfterSeconds: UNAVAILABLE_RETRY_AFTER_SECONDS,
  });
}

/** Runs a call on the counters' store, its failures as upstream_unavailable. */
async function onStore<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof RateLimiterRes) throw error;
    throw unavailable(error);
  }
}

export function createRateLimiter(limits: RateLimits, redis?: Redis, clock: Clock = systemClock): RateLimiter {
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
    resetsAt: new Date(clock.now().getTime() + (res ? Math.max(0, res.msBeforeNext) : 0)),
  });

  return {
    async consume(action, key, points = 1): Promise<RateLimitDecision> {
      const { limiter, points: allowance } = of(action);
      try {
        const res = await onStore(() => limiter.consume(key, points));
        return { allowed: true, retryAfterSeconds: 0, ...stateOf(res, allowance) };
      } catch (rejection) {
        if (!(rejection instanceof RateLimiterRes)) throw rejection;
        return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(rejection.msBeforeNext / 1000)), ...stateOf(rejection, allowance) };
      }
    },
    async peek(action, key) {
      const { limiter, points } = of(action);
      return stateOf(await onStore(() => limiter.get(key)), points);
    },
    async refund(action, key, points = 1) {
      const { limiter } = of(action);
      // Never more than is counted: the library would give a key with nothing counted (its window
      // just ended) a negative count, that is attempts beyond the allowance in its next window.
      const counted = (await onStore(() => limiter.get(key)))?.consumedPoints ?? 0;
      const back = Math.min(points, counted);
      if (back > 0) await onStore(() => limiter.reward(key, back));
    },
    async reset(action, key) {
      await onStore(() => of(action).limiter.delete(key));
    },
  };
}

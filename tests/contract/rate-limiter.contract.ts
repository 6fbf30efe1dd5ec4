/**
 * The RateLimiter contract, written once and run against every adapter (in-process counters and
 * Redis), so the embedded default counts attempts as production does. Windows are fixed: the first
 * attempt of a key opens a window of `windowSeconds`; within it at most `points` are allowed.
 */
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { RateLimitedAction, RateLimiter } from '../../application/ports/rate-limiter';

export type Limits = Record<RateLimitedAction, { points: number; windowSeconds: number }>;

export interface RateLimiterHarness {
  /** A limiter with these allowances, and a second handle on the same counters (for Redis, over another connection). */
  make(limits: Limits): { limiter: RateLimiter; peer: RateLimiter };
  close(): Promise<void>;
}

const limitsWith = (overrides: Partial<Limits> = {}): Limits => ({
  'magic-link': { points: 3, windowSeconds: 60 },
  'magic-link-ip': { points: 3, windowSeconds: 60 },
  password: { points: 5, windowSeconds: 60 },
  'password-ip': { points: 5, windowSeconds: 60 },
  passkey: { points: 20, windowSeconds: 60 },
  'check-email': { points: 20, windowSeconds: 60 },
  ...overrides,
});

/** Every test counts under keys of its own, so runs that share a Redis never meet. */
const aKey = () => `client-${randomUUID()}`;

/** `at` lies within [from, to], give or take the rounding to whole seconds some stores apply. */
function expectBetween(at: Date, from: number, to: number) {
  expect(at.getTime()).toBeGreaterThanOrEqual(from - 1000);
  expect(at.getTime()).toBeLessThanOrEqual(to + 1000);
}

export function rateLimiterContract(name: string, setup: () => Promise<RateLimiterHarness>) {
  describe(`RateLimiter [${name}]`, () => {
    let h: RateLimiterHarness;
    beforeEach(async () => {
      h = await setup();
    });
    afterEach(async () => {
      await h.close();
    });

    it('allows the allowance, counting down, then refuses with a retry-after inside the window', async () => {
      const { limiter } = h.make(limitsWith());
      const key = aKey();
      const start = Date.now();
      const decisions = [];
      for (let i = 0; i < 3; i++) decisions.push(await limiter.consume('magic-link', key));
      expect(decisions.map((d) => [d.allowed, d.remaining, d.retryAfterSeconds])).toEqual([
        [true, 2, 0],
        [true, 1, 0],
        [true, 0, 0],
      ]);
      for (const d of decisions) expectBetween(d.resetsAt, start + 60_000, Date.now() + 60_000);

      const refused = await limiter.consume('magic-link', key);
      expect(refused.allowed).toBe(false);
      expect(refused.remaining).toBe(0);
      expect(refused.retryAfterSeconds).toBeGreaterThanOrEqual(59);
      expect(refused.retryAfterSeconds).toBeLessThanOrEqual(60);
      // The wait it names ends when the window does.
      expectBetween(refused.resetsAt, start + 60_000, Date.now() + 60_000);
      expect(Math.abs(refused.resetsAt.getTime() - (Date.now() + refused.retryAfterSeconds * 1000))).toBeLessThanOrEqual(1500);
      // Refused attempts do not open a new window: still refused, with the same end.
      const again = await limiter.consume('magic-link', key);
      expect(again.allowed).toBe(false);
      expect(Math.abs(again.resetsAt.getTime() - refused.resetsAt.getTime())).toBeLessThanOrEqual(1000);
    });

    it('counts several points at once', async () => {
      const { limiter } = h.make(limitsWith());
      const key = aKey();
      expect(await limiter.consume('password', key, 3)).toMatchObject({ allowed: true, remaining: 2 });
      expect(await limiter.consume('password', key, 3)).toMatchObject({ allowed: false, remaining: 0 });
    });

    it('keeps keys and actions apart', async () => {
      const { limiter } = h.make(limitsWith());
      const exhausted = aKey();
      for (let i = 0; i < 3; i++) await limiter.consume('magic-link', exhausted);
      expect((await limiter.consume('magic-link', exhausted)).allowed).toBe(false);
      expect(await limiter.consume('magic-link', aKey())).toMatchObject({ allowed: true, remaining: 2 });
      expect(await limiter.consume('password', exhausted)).toMatchObject({ allowed: true, remaining: 4 });
    });

    it('peek tells the allowance without counting anything', async () => {
      const { limiter } = h.make(limitsWith());
      const key = aKey();
      const before = Date.now();
      const untouched = await limiter.peek('magic-link', key);
      expect(untouched.remaining).toBe(3);
      // Nothing counted yet: the allowance is whole now.
      expectBetween(untouched.resetsAt, before, Date.now());

      const first = await limiter.consume('magic-link', key);
      for (let i = 0; i < 5; i++) {
        const state = await limiter.peek('magic-link', key);
        expect(state.remaining).toBe(2);
        expect(Math.abs(state.resetsAt.getTime() - first.resetsAt.getTime())).toBeLessThanOrEqual(1000);
      }
      expect(await limiter.consume('magic-link', key)).toMatchObject({ allowed: true, remaining: 1 });
    });

    it('makes the allowance whole again when the window ends', async () => {
      const { limiter } = h.make(limitsWith({ 'magic-link': { points: 2, windowSeconds: 1 } }));
      const key = aKey();
      await limiter.consume('magic-link', key);
      await limiter.consume('magic-link', key);
      const refused = await limiter.consume('magic-link', key);
      expect(refused.allowed).toBe(false);
      expect(refused.retryAfterSeconds).toBe(1);
      await sleep(Math.max(0, refused.resetsAt.getTime() - Date.now()) + 150);
      expect((await limiter.peek('magic-link', key)).remaining).toBe(2);
      expect(await limiter.consume('magic-link', key)).toMatchObject({ allowed: true, remaining: 1 });
    });

    it('reset forgets the attempts of one key only', async () => {
      const { limiter } = h.make(limitsWith());
      const key = aKey();
      const other = aKey();
      for (let i = 0; i < 4; i++) {
        await limiter.consume('magic-link', key);
        await limiter.consume('magic-link', other);
      }
      await limiter.reset('magic-link', key);
      expect((await limiter.peek('magic-link', key)).remaining).toBe(3);
      expect(await limiter.consume('magic-link', key)).toMatchObject({ allowed: true, remaining: 2 });
      expect((await limiter.consume('magic-link', other)).allowed).toBe(false);
      // Resetting a key that has nothing counted is no error.
      await limiter.reset('magic-link', aKey());
    });

    it('refund gives back attempts counted in the window, for that key only', async () => {
      const { limiter, peer } = h.make(limitsWith());
      const key = aKey();
      const other = aKey();
      await limiter.consume('magic-link', key);
      await limiter.consume('magic-link', key);
      await limiter.consume('magic-link', other);
      await peer.refund('magic-link', key);
      expect((await limiter.peek('magic-link', key)).remaining).toBe(2);
      expect((await limiter.peek('magic-link', other)).remaining).toBe(2);
      await limiter.refund('magic-link', key, 1);
      expect((await limiter.peek('magic-link', key)).remaining).toBe(3);
      // What was given back can be used again, and no more than the allowance.
      for (let i = 0; i < 3; i++) expect((await limiter.consume('magic-link', key)).allowed).toBe(true);
      expect((await limiter.consume('magic-link', key)).allowed).toBe(false);
    });

    it('refund never lifts the allowance above whole', async () => {
      const { limiter } = h.make(limitsWith());
      const untouched = aKey();
      await limiter.refund('magic-link', untouched, 2);
      expect((await limiter.peek('magic-link', untouched)).remaining).toBe(3);
      const used = aKey();
      await limiter.consume('magic-link', used);
      await limiter.refund('magic-link', used, 5);
      expect((await limiter.peek('magic-link', used)).remaining).toBe(3);
      for (const key of [untouched, used]) {
        const decisions = [];
        for (let i = 0; i < 4; i++) decisions.push((await limiter.consume('magic-link', key)).allowed);
        expect(decisions).toEqual([true, true, true, false]);
      }
    });

    it('allows exactly the allowance of many concurrent attempts, across handles', async () => {
      const { limiter, peer } = h.make(limitsWith());
      const key = aKey();
      const attempts = Array.from({ length: 20 }, (_, i) => (i % 2 ? peer : limiter).consume('password', key));
      const decisions = await Promise.all(attempts);
      expect(decisions.filter((d) => d.allowed)).toHaveLength(5);
      expect(decisions.filter((d) => d.allowed).map((d) => d.remaining).sort()).toEqual([0, 1, 2, 3, 4]);
      expect((await peer.peek('password', key)).remaining).toBe(0);
    });

    it('property: of n attempts costing c against an allowance of p, the first min(n, floor(p / c)) pass, counting down', async () => {
      await fc.assert(
        fc.asyncProperty(fc.integer({ min: 1, max: 8 }), fc.integer({ min: 0, max: 12 }), fc.integer({ min: 1, max: 3 }), async (points, attempts, cost) => {
          const { limiter } = h.make(limitsWith({ passkey: { points, windowSeconds: 60 } }));
          const key = aKey();
          const decisions = [];
          for (let i = 0; i < attempts; i++) decisions.push(await limiter.consume('passkey', key, cost));
          const passing = Math.min(attempts, Math.floor(points / cost));
          expect(decisions.map((d) => d.allowed)).toEqual(Array.from({ length: attempts }, (_, i) => i < passing));
          expect(decisions.slice(0, passing).map((d) => d.remaining)).toEqual(Array.from({ length: passing }, (_, i) => points - (i + 1) * cost));
          for (const refused of decisions.slice(passing)) expect(refused).toMatchObject({ allowed: false, remaining: 0 });
          expect((await limiter.peek('passkey', key)).remaining).toBe(Math.max(0, points - attempts * cost));
        }),
        { numRuns: 30 },
      );
    });
  });
}

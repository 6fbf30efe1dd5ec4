/** The retry waits (retryDelayMs) and the in-process queue's cron reading (nextCronTime). */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { nextCronTime } from '../../adapters/queue/cron';
import { checkSchedule, retryDelayMs } from '../../application/ports/job-queue';

describe('retryDelayMs', () => {
  it('doubles the base after each failure, plus up to the jitter of it', () => {
    expect([1, 2, 3, 4].map((attempt) => retryDelayMs(attempt, 1000, 0.2, () => 0))).toEqual([1000, 2000, 4000, 8000]);
    expect([1, 2, 3].map((attempt) => retryDelayMs(attempt, 1000, 0.2, () => 1))).toEqual([1200, 2400, 4800]);
  });

  it('never waits less than the backoff nor more than the jitter allows', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 12 }), fc.integer({ min: 0, max: 60_000 }), fc.double({ min: 0, max: 1, noNaN: true }), (attempt, base, jitter) => {
        const wait = retryDelayMs(attempt, base, jitter);
        const floor = base * 2 ** (attempt - 1);
        return wait >= Math.round(floor) && wait <= Math.round(floor * (1 + jitter));
      }),
    );
  });
});

describe('nextCronTime (UTC)', () => {
  const at = (iso: string) => new Date(iso);
  it.each([
    ['*/15 * * * *', '2030-01-01T10:07:30Z', '2030-01-01T10:15:00.000Z'],
    ['0 3 * * *', '2030-01-01T03:00:00Z', '2030-01-02T03:00:00.000Z'],
    ['30 2 1 * *', '2030-01-15T00:00:00Z', '2030-02-01T02:30:00.000Z'],
    ['0 9 * * 1-5', '2030-01-05T12:00:00Z', '2030-01-07T09:00:00.000Z'],
    ['0 0 29 2 *', '2030-03-01T00:00:00Z', '2032-02-29T00:00:00.000Z'],
    ['0 12 13 * 5', '2030-01-01T00:00:00Z', '2030-01-04T12:00:00.000Z'],
    ['5,10 0 * * 7', '2030-01-05T23:59:00Z', '2030-01-06T00:05:00.000Z'],
  ])('%s after %s is %s', (pattern, after, next) => {
    expect(nextCronTime(pattern, at(after)).toISOString()).toBe(next);
  });

  it('refuses patterns it cannot read', () => {
    expect(() => nextCronTime('61 * * * *', new Date())).toThrow(/out of range/);
    expect(() => checkSchedule({ cron: '* * * *' })).toThrow(/5 fields/);
    expect(() => checkSchedule({ cron: '0 3 * * *' })).not.toThrow();
    expect(() => checkSchedule({ every: 999 })).toThrow(/every/);
  });
});

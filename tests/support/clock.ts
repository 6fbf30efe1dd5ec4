import type { Clock } from '../../application/ports/clock';

/** A clock the test moves by hand. */
export function testClock(start = new Date()): Clock & { advance(ms: number): void; set(d: Date): void } {
  let current = start.getTime();
  return {
    now: () => new Date(current),
    advance: (ms) => {
      current += ms;
    },
    set: (d) => {
      current = d.getTime();
    },
  };
}

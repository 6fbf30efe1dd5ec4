/** Saving progress while reading or watching: the throttle, flushing on leave, and time counted only while present. */
import { describe, expect, it } from 'vitest';
import { createActiveTime } from '../../../web/src/lib/progress/active-time';
import { createThrottledSaver, type SaverTimers, type SendMode } from '../../../web/src/lib/progress/throttled-saver';

/** A hand-driven clock: `advance` runs what falls due, in order. */
function manualTimers() {
  let now = 0;
  let seq = 0;
  const due = new Map<number, { at: number; run: () => void }>();
  const timers: SaverTimers = {
    now: () => now,
    setTimeout: (run, ms) => {
      const id = ++seq;
      due.set(id, { at: now + ms, run });
      return id;
    },
    clearTimeout: (id) => void due.delete(id as number),
  };
  async function advance(ms: number) {
    const end = now + ms;
    for (;;) {
      const next = [...due.entries()].sort((a, b) => a[1].at - b[1].at)[0];
      if (!next || next[1].at > end) break;
      due.delete(next[0]);
      now = next[1].at;
      next[1].run();
      await flushPromises();
    }
    now = end;
    await flushPromises();
  }
  return { timers, advance, pending: () => due.size };
}

const flushPromises = async () => {
  for (let i = 0; i < 5; i++) await Promise.resolve();
};

function recordingSaver(intervalMs = 4000, fail = () => false) {
  const clock = manualTimers();
  const sent: { snapshot: number; mode: SendMode; at: number }[] = [];
  const saver = createThrottledSaver<number>({
    intervalMs,
    timers: clock.timers,
    send: async (snapshot, mode) => {
      sent.push({ snapshot, mode, at: clock.timers.now() });
      if (fail()) throw new Error('offline');
    },
  });
  return { saver, sent, clock };
}

describe('the throttled saver', () => {
  it('sends the first position at once, then at most one per interval, always the latest', async () => {
    const { saver, sent, clock } = recordingSaver();
    saver.update(1);
    await flushPromises();
    expect(sent.map((s) => s.snapshot)).toEqual([1]);
    // A burst of scroll events within the interval: one save at its end, of the last position.
    for (const p of [2, 3, 4, 5]) {
      saver.update(p);
      await clock.advance(500);
    }
    expect(sent.map((s) => s.snapshot)).toEqual([1]);
    await clock.advance(2000);
    expect(sent.map((s) => [s.snapshot, s.at])).toEqual([
      [1, 0],
      [5, 4000],
    ]);
    // Nothing new: nothing sent, nothing scheduled.
    await clock.advance(10_000);
    expect(sent).toHaveLength(2);
    expect(clock.pending()).toBe(0);
  });

  it('does not send a position equal to the last one sent', async () => {
    const { saver, sent, clock } = recordingSaver();
    saver.update(7);
    await clock.advance(5000);
    saver.update(7);
    await clock.advance(5000);
    saver.flush();
    await flushPromises();
    expect(sent.map((s) => s.snapshot)).toEqual([7]);
    expect(saver.pending()).toBeUndefined();
  });

  it('sends what is pending at once when the member leaves, without waiting for the interval', async () => {
    const { saver, sent, clock } = recordingSaver();
    saver.update(1);
    await clock.advance(1000);
    saver.update(9);
    expect(saver.pending()).toBe(9);
    saver.flush('leaving');
    expect(sent.map((s) => [s.snapshot, s.mode])).toEqual([
      [1, 'normal'],
      [9, 'leaving'],
    ]);
    // The scheduled save was cancelled: it does not go out again.
    await clock.advance(10_000);
    expect(sent).toHaveLength(2);
  });

  it('sends the same position again when forced (time spent to report on leaving)', async () => {
    const { saver, sent } = recordingSaver();
    saver.update(3);
    await flushPromises();
    saver.flush('leaving', true);
    expect(sent.map((s) => [s.snapshot, s.mode])).toEqual([
      [3, 'normal'],
      [3, 'leaving'],
    ]);
  });

  it('keeps one save in flight: a position taken meanwhile goes out after it', async () => {
    const clock = manualTimers();
    const sent: number[] = [];
    let release!: () => void;
    const saver = createThrottledSaver<number>({
      intervalMs: 1000,
      timers: clock.timers,
      send: (snapshot) => {
        sent.push(snapshot);
        return sent.length === 1 ? new Promise<void>((r) => (release = r)) : undefined;
      },
    });
    saver.update(1);
    await flushPromises();
    saver.update(2);
    await clock.advance(3000);
    saver.flush();
    expect(sent).toEqual([1]);
    release();
    await clock.advance(0);
    expect(sent).toEqual([1, 2]);
  });

  it('tries a failed save again with the next one', async () => {
    let failing = true;
    const { saver, sent, clock } = recordingSaver(1000, () => failing);
    saver.update(4);
    await flushPromises();
    failing = false;
    await clock.advance(1000);
    expect(sent.map((s) => s.snapshot)).toEqual([4, 4]);
  });

  it('sends nothing after it is disposed', async () => {
    const { saver, sent, clock } = recordingSaver();
    saver.update(1);
    await flushPromises();
    saver.update(2);
    saver.dispose();
    saver.update(3);
    saver.flush('leaving');
    await clock.advance(10_000);
    expect(sent.map((s) => s.snapshot)).toEqual([1]);
  });
});

describe('time spent', () => {
  it('counts only while running, in whole seconds, keeping the remainder for the next take', () => {
    let now = 0;
    const time = createActiveTime(() => now);
    now = 5000;
    expect(time.take()).toBe(0); // not started
    time.start();
    now = 7500;
    expect(time.peek()).toBe(2);
    expect(time.take()).toBe(2);
    now = 8000;
    expect(time.take()).toBe(1); // 0.5 s kept from before + 0.5 s
    time.stop();
    now = 60_000;
    expect(time.take()).toBe(0); // hidden: not counted
    time.start();
    time.start(); // starting twice counts once
    now = 63_000;
    expect(time.running()).toBe(true);
    expect(time.take()).toBe(3);
  });
});

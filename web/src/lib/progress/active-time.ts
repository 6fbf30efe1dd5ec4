/**
 * Time spent, counted only while the member is actually there (the page visible, the video
 * playing). The server adds each write's `timeSpent` to the total, so every write takes the whole
 * seconds counted since the last one and keeps the remainder for the next.
 */
export interface ActiveTime {
  start(): void;
  stop(): void;
  /** Whole seconds counted since the last take. */
  take(): number;
  /** Whole seconds a take would answer now, without taking them. */
  peek(): number;
  running(): boolean;
}

export function createActiveTime(now: () => number = () => Date.now()): ActiveTime {
  let since: number | null = null;
  let counted = 0;

  const settle = () => {
    if (since === null) return;
    const at = now();
    counted += Math.max(0, at - since);
    since = at;
  };

  return {
    start() {
      if (since === null) since = now();
    },
    stop() {
      settle();
      since = null;
    },
    take() {
      settle();
      const seconds = Math.floor(counted / 1000);
      counted -= seconds * 1000;
      return seconds;
    },
    peek() {
      settle();
      return Math.floor(counted / 1000);
    },
    running: () => since !== null,
  };
}

/**
 * Saving progress while the member reads or watches, without a request per scroll event: the
 * latest snapshot is kept, and sent at most once per interval (the first at once, then the latest
 * at the end of each interval). `flush` sends what is pending now (pause, leaving the page); a
 * snapshot equal to the last one sent is not sent again. One request at a time: a snapshot taken
 * while a save is under way goes out after it, so the server always ends with the latest.
 */
export interface SaverTimers {
  now(): number;
  setTimeout(run: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

const browserTimers: SaverTimers = {
  now: () => Date.now(),
  setTimeout: (run, ms) => globalThis.setTimeout(run, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>),
};

export type SendMode = 'normal' | 'leaving';

export interface ThrottledSaverOptions<T> {
  intervalMs: number;
  /** Sends one snapshot; 'leaving' means the page is going away (the request must outlive it). */
  send(snapshot: T, mode: SendMode): Promise<unknown> | void;
  /** Two snapshots that save the same thing (default: same JSON). */
  same?(a: T, b: T): boolean;
  timers?: SaverTimers;
}

export interface ThrottledSaver<T> {
  /** The member moved: remember where, and send when the interval allows. */
  update(snapshot: T): void;
  /** Send what is pending now; `force` sends the latest even if it was sent already (time spent to report). */
  flush(mode?: SendMode, force?: boolean): void;
  /** Stop: pending work is dropped unless flushed first. */
  dispose(): void;
  /** The snapshot not yet sent, if any. */
  pending(): T | undefined;
}

const sameJson = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

export function createThrottledSaver<T>({ intervalMs, send, same = sameJson, timers = browserTimers }: ThrottledSaverOptions<T>): ThrottledSaver<T> {
  let latest: T | undefined;
  let lastSent: T | undefined;
  let lastSentAt = Number.NEGATIVE_INFINITY;
  let timer: unknown;
  let inFlight = false;
  let disposed = false;

  const hasNews = () => latest !== undefined && (lastSent === undefined || !same(latest, lastSent));

  const clearTimer = () => {
    if (timer !== undefined) timers.clearTimeout(timer);
    timer = undefined;
  };

  function sendNow(mode: SendMode, force = false) {
    clearTimer();
    if (latest === undefined || (!force && !hasNews())) return;
    const snapshot = latest as T;
    lastSent = snapshot;
    lastSentAt = timers.now();
    if (mode === 'leaving') {
      void send(snapshot, mode);
      return;
    }
    inFlight = true;
    const done = () => {
      inFlight = false;
      if (!disposed) schedule();
    };
    Promise.resolve()
      .then(() => send(snapshot, mode))
      .then(done, () => {
        // Not saved: let the next attempt send it again.
        if (lastSent === snapshot) lastSent = undefined;
        done();
      });
  }

  function schedule() {
    if (disposed || inFlight || timer !== undefined || !hasNews()) return;
    const wait = lastSentAt + intervalMs - timers.now();
    if (wait <= 0) sendNow('normal');
    else timer = timers.setTimeout(() => {
      timer = undefined;
      schedule();
    }, wait);
  }

  return {
    update(snapshot) {
      if (disposed) return;
      latest = snapshot;
      schedule();
    },
    flush(mode = 'normal', force = false) {
      if (disposed) return;
      if (mode === 'normal' && inFlight) return; // the save under way is followed by the latest one
      sendNow(mode, force);
    },
    dispose() {
      disposed = true;
      clearTimer();
    },
    pending: () => (hasNews() ? latest : undefined),
  };
}

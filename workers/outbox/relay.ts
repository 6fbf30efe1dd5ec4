/**
 * The outbox relay: claims due rows (FOR UPDATE SKIP LOCKED, each leased for `leaseMs`) and queues
 * one job per consumer under the id `outbox:<event id>`, which de-duplicates while the job is
 * queued or running: a row is queued once however often relays run. It wakes at once when a
 * transaction in this process commits a row (OutboxSignal) or another process's does (LISTEN/
 * NOTIFY, workers/runtime.ts), when a retry this process scheduled falls due, and at least every
 * `pollMs` (a retry scheduled by another process waits up to that much past its time).
 *
 * The claim also reads which consumers have processed each row, and a claimed batch goes to each
 * consumer's queue in one `enqueueMany`, each job carrying its row as claimed: the delivery starts
 * the handler without reading the row again. The next claim does not wait for the batch to be
 * queued (up to MAX_BATCHES_IN_FLIGHT batches at once). Write-to-handler is therefore the commit,
 * the NOTIFY, one claim, one enqueue and the queue's hand-over to a worker.
 *
 * A row whose job was lost (Redis flushed, an in-process queue's process gone) has no outcome when
 * its lease runs out, so a relay claims and queues it again. A row of a type this release does not
 * know counts a failed attempt (a newer release may know it); one nobody consumes is delivered.
 */
import type { Clock } from '../../application/ports/clock';
import type { EnqueuedJob, JobQueue } from '../../application/ports/job-queue';
import { eventName, type ClaimedOutboxRecord, type EventRegistry, type OutboxSignal, type OutboxStore } from '../../application/ports/outbox';
import type { JobEntry } from '../jobs/define';
import { outboxJobData, outboxJobId, recordOutboxFailure, type OutboxRetrySettings } from './delivery';

/** Claimed batches being queued at once; one more claim waits for the oldest. */
const MAX_BATCHES_IN_FLIGHT = 4;
/** A timer that fires at most this much before its time is set again for the rest. */
const EARLY_TIMER_SLACK_MS = 100;

export interface OutboxRelayDeps {
  store: OutboxStore;
  queue: JobQueue;
  events: EventRegistry;
  clock: Clock;
  signal: OutboxSignal;
  consumers: ReadonlyMap<string, readonly JobEntry[]>;
  settings: OutboxRetrySettings & { leaseMs: number; pollMs: number; batchSize: number };
  log?: (level: 'warn' | 'error', fields: Record<string, unknown>, message: string) => void;
}

export interface OutboxRelay {
  /** Claims now (coalesced with a pass under way). */
  wake(): void;
  /** Claims no later than this (a retry falls due then). */
  wakeAt(at: Date): void;
  /** Stops claiming and waits for the pass under way and the batches it is queueing. */
  stop(): Promise<void>;
}

export function startOutboxRelay(deps: OutboxRelayDeps): OutboxRelay {
  let stopped = false;
  let running: Promise<void> | undefined;
  let again = false;
  let timer: NodeJS.Timeout | undefined;
  let timerAt = Number.POSITIVE_INFINITY;
  /** The earliest retry asked for while a pass ran. */
  let soonest = Number.POSITIVE_INFINITY;

  const clockNow = () => deps.clock.now().getTime();

  /** Times are the relay's clock's (the clock the rows' next attempt times are written with). */
  function sleepUntil(at: number) {
    clearTimeout(timer);
    timerAt = at;
    timer = setTimeout(() => onTimer(0), Math.max(0, at - clockNow()));
  }

  /**
   * A timer may fire a little before the relay's clock reaches its time (libuv's clock is not
   * Date's, and the clock may be another's): a retry's claim made then finds its row not yet due,
   * and the row would wait for the poll. So a short rest is waited out (a few times at most, so a
   * clock that does not move cannot hold the relay).
   */
  function onTimer(rearmed: number) {
    const left = timerAt - clockNow();
    if (left > 0 && left <= EARLY_TIMER_SLACK_MS && rearmed < 3) timer = setTimeout(() => onTimer(rearmed + 1), left);
    else wake();
  }

  /** Every consumer's name, for the claim to say which have processed each row. */
  const consumerNames = [...new Set([...deps.consumers.values()].flat().map((consumer) => consumer.name))];
  /** Batches being handed to the queue while the next claim runs. */
  const handing = new Set<Promise<void>>();

  /** Queues each row's consumers that have not processed it (one enqueueMany per consumer queue), carrying the row as claimed. */
  async function relayBatch(rows: ClaimedOutboxRecord[]) {
    const jobs = new Map<string, EnqueuedJob[]>();
    const settled: Promise<unknown>[] = [];
    for (const row of rows) {
      const name = eventName(row.type, row.version);
      if (!deps.events.has(row.type, row.version)) {
        settled.push(recordOutboxFailure(deps, row, `No event ${name} is registered in this release`));
        continue;
      }
      const waiting = (deps.consumers.get(name) ?? []).filter((consumer) => !row.processedBy.includes(consumer.name));
      // Nobody consumes it, or every consumer has processed it (a delivery whose outcome was not recorded).
      if (waiting.length === 0) {
        settled.push(deps.store.markDelivered(row.id, deps.clock.now()));
        continue;
      }
      for (const consumer of waiting) {
        const list = jobs.get(consumer.queueName) ?? [];
        list.push({ payload: outboxJobData(row), options: { jobId: outboxJobId(row.id), attempts: 1, dedupe: 'while-queued' } });
        jobs.set(consumer.queueName, list);
      }
    }
    for (const [queueName, list] of jobs) settled.push(deps.queue.enqueueMany(queueName, list));
    for (const outcome of await Promise.allSettled(settled)) {
      // The rows keep their lease and are queued again when it runs out.
      if (outcome.status === 'rejected') deps.log?.('warn', { err: outcome.reason }, 'outbox relay could not queue an event; it comes round again after its lease');
    }
  }

  async function pass() {
    for (;;) {
      const rows = await deps.store.claim({ now: deps.clock.now(), limit: deps.settings.batchSize, leaseMs: deps.settings.leaseMs, consumers: consumerNames });
      if (rows.length > 0) {
        // Handed to the queue while the next claim runs: a commit during this batch's enqueue waits for one claim, not both.
        const batch: Promise<void> = relayBatch(rows)
          .catch((error: unknown) => deps.log?.('warn', { err: error }, 'outbox relay could not queue a batch; its rows come round again after their lease'))
          .finally(() => handing.delete(batch));
        handing.add(batch);
        if (handing.size >= MAX_BATCHES_IN_FLIGHT) await Promise.race(handing);
      }
      if (rows.length < deps.settings.batchSize || stopped) return;
    }
  }

  function wake() {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    clearTimeout(timer);
    timerAt = Number.POSITIVE_INFINITY;
    running = (async () => {
      try {
        do {
          again = false;
          await pass();
        } while (again && !stopped);
      } catch (error) {
        deps.log?.('warn', { err: error }, 'outbox relay failed; will retry');
      } finally {
        running = undefined;
        // A commit or a retry in this process wakes it sooner; rows of other processes' retries wait at most the poll.
        const at = again ? clockNow() : Math.min(clockNow() + deps.settings.pollMs, soonest);
        if (soonest <= at) soonest = Number.POSITIVE_INFINITY;
        if (!stopped) sleepUntil(at);
      }
    })();
  }

  function wakeAt(at: Date) {
    if (stopped) return;
    if (running) soonest = Math.min(soonest, at.getTime());
    else if (at.getTime() < timerAt) sleepUntil(at.getTime());
  }

  const unsubscribe = deps.signal.subscribe(wake);
  wake();

  return {
    wake,
    wakeAt,
    async stop() {
      stopped = true;
      unsubscribe();
      clearTimeout(timer);
      await running;
      await Promise.all(handing);
    },
  };
}

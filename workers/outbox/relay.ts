/**
 * The outbox relay: claims due rows (FOR UPDATE SKIP LOCKED, each leased for `leaseMs`) and queues
 * one job per consumer under the id `outbox:<event id>`, which de-duplicates while the job is
 * queued or running: a row is queued once however often relays run. It wakes at once when a
 * transaction in this process commits a row (OutboxSignal) or another process's does (LISTEN/
 * NOTIFY, workers/runtime.ts), when a retry this process scheduled falls due, and at least every
 * `pollMs` (a retry scheduled by another process waits up to that much past its time).
 *
 * A row whose job was lost (Redis flushed, an in-process queue's process gone) has no outcome when
 * its lease runs out, so a relay claims and queues it again. A row of a type this release does not
 * know counts a failed attempt (a newer release may know it); one nobody consumes is delivered.
 */
import type { Clock } from '../../application/ports/clock';
import type { JobQueue } from '../../application/ports/job-queue';
import { eventName, type EventRegistry, type OutboxSignal, type OutboxStore } from '../../application/ports/outbox';
import type { JobEntry } from '../jobs/define';
import { outboxJobId, recordOutboxFailure, type OutboxRetrySettings } from './delivery';

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
  /** Stops claiming and waits for the pass under way. */
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

  function sleepUntil(at: number) {
    clearTimeout(timer);
    timerAt = at;
    timer = setTimeout(wake, Math.max(0, at - Date.now()));
  }

  async function relayRow(row: Awaited<ReturnType<OutboxStore['claim']>>[number]) {
    const name = eventName(row.type, row.version);
    if (!deps.events.has(row.type, row.version)) {
      await recordOutboxFailure(deps, row, `No event ${name} is registered in this release`);
      return;
    }
    const consumers = deps.consumers.get(name) ?? [];
    if (consumers.length === 0) {
      await deps.store.markDelivered(row.id, deps.clock.now());
      return;
    }
    await Promise.all(
      consumers.map((consumer) => deps.queue.enqueue(consumer.queueName, { eventId: row.id }, { jobId: outboxJobId(row.id), attempts: 1, dedupe: 'while-queued' })),
    );
  }

  async function pass() {
    for (;;) {
      const rows = await deps.store.claim({ now: deps.clock.now(), limit: deps.settings.batchSize, leaseMs: deps.settings.leaseMs });
      const outcomes = await Promise.allSettled(rows.map(relayRow));
      for (const outcome of outcomes) {
        // The row keeps its lease and is queued again when it runs out.
        if (outcome.status === 'rejected') deps.log?.('warn', { err: outcome.reason }, 'outbox relay could not queue an event; it comes round again after its lease');
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
        const at = again ? Date.now() : Math.min(Date.now() + deps.settings.pollMs, soonest);
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
    },
  };
}

/**
 * Runs the jobs (workers/jobs/index.ts) and the outbox relay: used by `npm start` (in the API
 * process) and `npm run start:worker`. `runJobs` takes the parts it needs, so tests and the
 * benchmark run their own job lists on the same code; `startWorkers` takes them from the
 * composition root. Stopping takes no new jobs and lets running ones finish within the grace.
 */
import type { Services } from '../adapters/compose';
import { listenForOutbox, type OutboxListener } from '../adapters/postgres/outbox';
import type { Clock } from '../application/ports/clock';
import { PermanentJobError, type JobQueue } from '../application/ports/job-queue';
import type { EventRegistry, OutboxSignal, OutboxStore, ProcessedEvents } from '../application/ports/outbox';
import type { JobEntry } from './jobs/define';
import { opsJobDeps } from './jobs/deps';
import { productJobs } from './jobs/index';
import { consumersByEvent, deliverToConsumer, DEFAULT_OUTBOX_RETRY, outboxJob, type OutboxDeliveryDeps, type OutboxJob } from './outbox/delivery';
import { startOutboxRelay, type OutboxRelay } from './outbox/relay';

export interface RunningWorkers {
  /** Resolves once every repeating job is scheduled. */
  ready: Promise<void>;
  stop(): Promise<void>;
}

type Log = (level: 'info' | 'warn' | 'error', fields: Record<string, unknown>, message: string) => void;

export interface WorkerParts {
  queue: JobQueue;
  clock: Clock;
  events: EventRegistry;
  outbox: OutboxStore;
  processedEvents: ProcessedEvents;
  signal: OutboxSignal;
  /** A PostgreSQL URL: its LISTEN/NOTIFY wakes the relay when another process commits an event. */
  listenUrl?: string;
  settings: {
    maxAttempts: number;
    leaseMs: number;
    pollMs: number;
    /** How long running jobs may take to finish when the workers stop. */
    graceMs: number;
    batchSize?: number;
    backoffMs?: number;
    maxBackoffMs?: number;
  };
  log: Log;
}

const outboxJobOf = (payload: unknown): OutboxJob => {
  const parsed = outboxJob.safeParse(payload);
  if (!parsed.success) throw new PermanentJobError(`An outbox delivery job needs { eventId, row? }, not ${JSON.stringify(payload)}`);
  return parsed.data;
};

export function runJobs(parts: WorkerParts, jobs: readonly JobEntry[]): RunningWorkers {
  const { queue, settings } = parts;
  const retry = { maxAttempts: settings.maxAttempts, backoffMs: settings.backoffMs ?? DEFAULT_OUTBOX_RETRY.backoffMs, maxBackoffMs: settings.maxBackoffMs ?? DEFAULT_OUTBOX_RETRY.maxBackoffMs };
  const consumers = consumersByEvent(jobs);
  const delivery: OutboxDeliveryDeps = {
    store: parts.outbox,
    events: parts.events,
    clock: parts.clock,
    consumers,
    settings: retry,
    log: parts.log,
    rescheduled: (at) => relay.wakeAt(at),
  };

  for (const entry of jobs) {
    if (entry.consumes) {
      if (!parts.events.has(...splitEventName(entry.consumes))) throw new Error(`The job ${entry.name} consumes ${entry.consumes}, which is not registered`);
      queue.process(entry.queueName, (payload, meta) => deliverToConsumer(delivery, entry, outboxJobOf(payload), meta.jobId, meta.attempt), { concurrency: entry.concurrency });
    } else {
      queue.process(entry.queueName, (payload, meta) => entry.run(payload, meta), { concurrency: entry.concurrency });
    }
  }
  const ready = Promise.all(
    jobs
      .filter((entry) => entry.schedule)
      .map((entry) => queue.schedule(entry.queueName, entry.schedule!, { attempts: entry.retry.attempts, backoffMs: entry.retry.backoffMs, jitter: entry.retry.jitter })),
  ).then(() => undefined);
  ready.catch((error: unknown) => parts.log('error', { err: error }, 'a repeating job could not be scheduled'));

  const relay: OutboxRelay = startOutboxRelay({
    store: parts.outbox,
    queue,
    events: parts.events,
    clock: parts.clock,
    signal: parts.signal,
    consumers,
    settings: { ...retry, leaseMs: settings.leaseMs, pollMs: settings.pollMs, batchSize: settings.batchSize ?? 100 },
    log: parts.log,
  });
  const listener: OutboxListener | undefined = parts.listenUrl
    ? listenForOutbox(parts.listenUrl, () => parts.signal.notify(), (error) => parts.log('warn', { err: error.message }, 'outbox LISTEN connection lost; reconnecting'))
    : undefined;

  let stopping: Promise<void> | undefined;
  return {
    ready,
    stop() {
      stopping ??= (async () => {
        await relay.stop();
        await listener?.close();
        await queue.close({ graceMs: settings.graceMs });
      })();
      return stopping;
    },
  };
}

function splitEventName(name: string): [string, number] {
  const at = name.lastIndexOf('@');
  return [name.slice(0, at), Number(name.slice(at + 1))];
}

/** The product's jobs on the composition root's queue and outbox. */
export function startWorkers(services: Services, options: { jobs?: (parts: WorkerParts) => JobEntry[] } = {}): RunningWorkers {
  const { config, logger } = services;
  const log: Log = (level, fields, message) => logger[level](fields, message);
  const parts: WorkerParts = {
    queue: services.queue,
    clock: services.clock,
    events: services.outbox.events,
    outbox: services.outbox.store,
    processedEvents: services.outbox.processedEvents,
    signal: services.outbox.signal,
    ...(config.database.kind === 'postgres' ? { listenUrl: config.database.url } : {}),
    settings: { ...config.outbox, graceMs: config.shutdownGraceMs },
    log,
  };
  const ops = opsJobDeps({ clock: services.clock, outbox: services.outbox.store, processedEvents: services.outbox.processedEvents, log: (fields, message) => logger.info(fields, message) });
  return runJobs(parts, [...productJobs({ ops }), ...(options.jobs?.(parts) ?? [])]);
}

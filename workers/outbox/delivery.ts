/**
 * Delivering one outbox event to one of its consumers (a job defined with `on`), as the job the
 * relay queued under the id `outbox:<event id>`, carrying the row as claimed. The row is the record, not the queue: the job
 * runs once (no queue retries), a failure is counted on the row with its error and next attempt
 * time, and after `maxAttempts` the row is parked as failed for operators. A consumer that has
 * processed the event is not run again; the row is marked delivered once every consumer of its
 * type has.
 */
import { z } from 'zod';
import type { Clock } from '../../application/ports/clock';
import { PermanentJobError, retryDelayMs } from '../../application/ports/job-queue';
import { EventRejected, eventName, type EventRegistry, type OutboxRecord, type OutboxStore } from '../../application/ports/outbox';
import type { JobEntry } from '../jobs/define';

export interface OutboxDeliveryDeps {
  store: OutboxStore;
  events: EventRegistry;
  clock: Clock;
  /** Consumers by `type@version`. */
  consumers: ReadonlyMap<string, readonly JobEntry[]>;
  settings: OutboxRetrySettings;
  log?: (level: 'warn' | 'error', fields: Record<string, unknown>, message: string) => void;
  /** Told when a row's next attempt was scheduled, so a relay sleeping longer wakes for it. */
  rescheduled?: (at: Date) => void;
}

export interface OutboxRetrySettings {
  /** Failed attempts after which a row is parked as failed. */
  maxAttempts: number;
  /** The wait before the second attempt, doubled after each failure (plus up to 20% at random). */
  backoffMs: number;
  /** No wait is longer than this. */
  maxBackoffMs: number;
}

export const DEFAULT_OUTBOX_RETRY: OutboxRetrySettings = { maxAttempts: 10, backoffMs: 1_000, maxBackoffMs: 60 * 60 * 1_000 };

export const outboxJobId = (eventId: number) => `outbox:${eventId}`;

/**
 * What a delivery job carries: the row's id and the row as the relay claimed it (its payload is
 * checked against the event's schema again before the handler runs). The rows' contents never
 * change after the write, so the job needs no read before the handler: the claim already said
 * which consumers had processed it. A job with the id alone (queued by an earlier release) reads
 * the row with its consumer's processed mark first.
 */
export const outboxJob = z.object({
  eventId: z.number().int().positive(),
  row: z
    .object({
      type: z.string(),
      version: z.number().int(),
      key: z.string(),
      payload: z.unknown(),
      createdAt: z.iso.datetime(),
      attempts: z.number().int().nonnegative(),
    })
    .optional(),
});
export type OutboxJob = z.infer<typeof outboxJob>;

export const outboxJobData = (row: OutboxRecord): OutboxJob => ({
  eventId: row.id,
  row: { type: row.type, version: row.version, key: row.key, payload: row.payload, createdAt: row.createdAt.toISOString(), attempts: row.attempts },
});

export function consumersByEvent(entries: readonly JobEntry[]): Map<string, JobEntry[]> {
  const consumers = new Map<string, JobEntry[]>();
  for (const entry of entries) {
    if (!entry.consumes) continue;
    consumers.set(entry.consumes, [...(consumers.get(entry.consumes) ?? []), entry]);
  }
  return consumers;
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** Counts a failed attempt on the row: retried after a backoff, or parked when retrying cannot help or attempts are used up. */
/** What a delivery knows of its row. */
type DeliveredRow = Pick<OutboxRecord, 'id' | 'type' | 'version' | 'key' | 'payload' | 'createdAt' | 'attempts'>;

export async function recordOutboxFailure(deps: Pick<OutboxDeliveryDeps, 'store' | 'clock' | 'settings' | 'log' | 'rescheduled'>, row: Pick<OutboxRecord, 'id' | 'type' | 'version' | 'attempts'>, error: string, permanent = false) {
  const now = deps.clock.now();
  const attempts = row.attempts + 1;
  const park = permanent || attempts >= deps.settings.maxAttempts;
  const wait = Math.min(retryDelayMs(attempts, deps.settings.backoffMs, 0.2), deps.settings.maxBackoffMs);
  const retryAt = new Date(now.getTime() + wait);
  await deps.store.recordFailure(row.id, { error, now, retryAt: park ? null : retryAt });
  if (!park) deps.rescheduled?.(retryAt);
  deps.log?.(park ? 'error' : 'warn', { eventId: row.id, type: row.type, version: row.version, attempts, err: error }, park ? 'outbox event parked as failed' : 'outbox event delivery failed; will retry');
}

export async function deliverToConsumer(deps: OutboxDeliveryDeps, consumer: JobEntry, job: OutboxJob, jobId: string, attempt: number): Promise<void> {
  let row: DeliveredRow;
  let processed = false;
  if (job.row) row = { ...job.row, id: job.eventId, createdAt: new Date(job.row.createdAt) };
  else {
    const found = await deps.store.forConsumer(job.eventId, consumer.name);
    if (!found || found.record.status !== 'pending') return;
    row = found.record;
    processed = found.processed;
  }
  if (!processed) {
    try {
      const { payload } = deps.events.check(row);
      await consumer.run(payload, { jobId, attempt, event: { id: row.id, type: row.type, version: row.version, key: row.key, createdAt: row.createdAt } });
    } catch (error) {
      // A payload its schema refuses will not get better by waiting; an unknown type may be known to a newer release.
      const permanent = error instanceof PermanentJobError || (error instanceof EventRejected && error.reason === 'invalid_payload');
      await recordOutboxFailure(deps, row, `${consumer.name}: ${messageOf(error)}`, permanent);
      return;
    }
  }
  const others = (deps.consumers.get(eventName(row.type, row.version)) ?? []).filter((other) => other !== consumer).map((other) => other.name);
  await deps.store.completeForConsumer(row.id, consumer.name, others, deps.clock.now());
}

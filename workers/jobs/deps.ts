/**
 * The deps each module's jobs receive, built by one small function per module from the
 * composition root's parts: a job sees its module's ports, never Services.
 */
import type { Clock } from '../../application/ports/clock';
import type { OutboxStore, ProcessedEvents } from '../../application/ports/outbox';

export interface OpsJobDeps {
  clock: Clock;
  outbox: OutboxStore;
  processedEvents: ProcessedEvents;
  /** Delivered rows and processed marks older than this are pruned. */
  retention: { deliveredMs: number; processedMs: number };
  log(fields: Record<string, unknown>, message: string): void;
}

export interface JobDeps {
  ops: OpsJobDeps;
}

const DAY = 24 * 60 * 60 * 1000;

export function opsJobDeps(parts: { clock: Clock; outbox: OutboxStore; processedEvents: ProcessedEvents; log: OpsJobDeps['log'] }): OpsJobDeps {
  // Processed marks outlive their rows: a row is only ever redelivered while it exists.
  return { ...parts, retention: { deliveredMs: 7 * DAY, processedMs: 30 * DAY } };
}

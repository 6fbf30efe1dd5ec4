/**
 * Delivers the outbox: rows written in the same transaction as a change are handed to the job
 * queue (job id `outbox:<id>`, so a row is queued once however often the relay runs) and marked
 * delivered only when their handler has succeeded. A row whose job was lost (a crash of the
 * in-process queue) comes round again when its lease runs out: nothing is lost, and handlers are
 * idempotent, so nothing acts twice.
 */
import { sql } from 'kysely';
import type { Services } from '../adapters/compose';

export type OutboxHandler = (payload: Record<string, unknown>, services: Services) => Promise<void>;
export const OUTBOX_JOB = 'outbox.deliver';
const LEASE_SECONDS = 300;

interface OutboxJob {
  id: number;
  type: string;
  payload: Record<string, unknown>;
}

export function registerOutboxDelivery(services: Services, handlers: Record<string, OutboxHandler>) {
  services.queue.process(OUTBOX_JOB, async (raw) => {
    const job = raw as OutboxJob;
    const handler = handlers[job.type];
    if (!handler) throw new Error(`No handler for outbox event ${job.type}`);
    await handler(job.payload, services);
    await services.database.db.updateTable('outbox').set({ status: 'delivered', delivered_at: services.clock.now(), last_error: null }).where('id', '=', job.id).execute();
  });
}

/** Hands due rows to the queue; answers how many it handed over. */
export async function relayOutbox(services: Services, batchSize = 100): Promise<number> {
  const { db } = services.database;
  const now = services.clock.now();
  const due = await db.transaction().execute(async (tx) => {
    const rows = await tx
      .selectFrom('outbox')
      .select(['id', 'type', 'payload'])
      .where('status', '=', 'pending')
      .where('next_attempt_at', '<=', now)
      .orderBy('id')
      .limit(batchSize)
      .forUpdate()
      .skipLocked()
      .execute();
    if (rows.length > 0) {
      await tx
        .updateTable('outbox')
        .set({ next_attempt_at: new Date(now.getTime() + LEASE_SECONDS * 1000), attempts: sql`attempts + 1` })
        .where('id', 'in', rows.map((r) => r.id))
        .execute();
    }
    return rows;
  });
  for (const row of due) {
    await services.queue.enqueue(OUTBOX_JOB, { id: row.id, type: row.type, payload: row.payload } satisfies OutboxJob, { jobId: `outbox-${row.id}-${now.getTime()}` });
  }
  return due.length;
}

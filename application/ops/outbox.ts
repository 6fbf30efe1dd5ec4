/**
 * What operators do with the outbox (workers/README.md): list events by status (the failed ones
 * above all: parked after OUTBOX_MAX_ATTEMPTS), put a failed one back for delivery once its cause
 * is fixed, and send a ping through the whole path. All need `ops.manage` (ADMIN).
 */
import { requirePermission, type Actor } from '../../domain/auth/actor';
import type { OutboxListInput } from '../../domain/ops/schemas';
import { conflict, notFound } from '../../domain/shared/errors';
import { outboxPing } from '../events';
import type { Clock } from '../ports/clock';
import { event, type OutboxRecord, type OutboxSignal, type OutboxStore } from '../ports/outbox';
import type { UnitOfWork } from '../ports/unit-of-work';

export interface OpsDeps {
  clock: Clock;
  outbox: OutboxStore;
  /** Wakes this process's relay after a retry (other processes hear the store's NOTIFY). */
  signal: OutboxSignal;
  /** The operations module writes no tables of its own: only the outbox. */
  uow: UnitOfWork<object>;
}

export async function listOutboxEvents(d: Pick<OpsDeps, 'outbox'>, actor: Actor | null, input: OutboxListInput): Promise<{ events: OutboxRecord[]; total: number; nextBefore: number | null }> {
  requirePermission(actor, 'ops.manage');
  const [events, total] = await Promise.all([
    d.outbox.list({ status: input.status, limit: input.limit, ...(input.before === undefined ? {} : { beforeId: input.before }) }),
    d.outbox.count(input.status),
  ]);
  return { events, total, nextBefore: events.length === input.limit ? events[events.length - 1]!.id : null };
}

export async function retryOutboxEvent(d: Pick<OpsDeps, 'outbox' | 'clock' | 'signal'>, actor: Actor | null, id: number): Promise<OutboxRecord> {
  requirePermission(actor, 'ops.manage');
  if (!(await d.outbox.retry(id, d.clock.now()))) {
    const row = await d.outbox.byId(id);
    if (!row) throw notFound('Outbox event');
    throw conflict(`Only a failed event can be retried; this one is ${row.status}`, 'OUTBOX_EVENT_NOT_FAILED');
  }
  d.signal.notify();
  return (await d.outbox.byId(id))!;
}

export async function pingOutbox(d: Pick<OpsDeps, 'uow'>, actor: Actor | null, note: string): Promise<{ eventId: number }> {
  const a = requirePermission(actor, 'ops.manage');
  const { id } = await d.uow.run((tx) => tx.outbox.add(event(outboxPing, a.userId, { note })));
  return { eventId: id };
}

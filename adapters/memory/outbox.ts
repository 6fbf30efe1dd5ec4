/**
 * The outbox in memory, the twin of adapters/postgres/outbox.ts (tests/contract/outbox.test.ts):
 * the writer, the relay's and operators' store, and the processed-event marks, each a MemoryTwin
 * so a memory unit of work can roll them back. JavaScript runs one claim at a time, which is what
 * FOR UPDATE SKIP LOCKED gives the PostgreSQL store. Also the in-process OutboxSignal.
 */
import type { Clock } from '../../application/ports/clock';
import type { EventRegistry, OutboxRecord, OutboxSignal, OutboxStore, OutboxWriter, ProcessedEvents } from '../../application/ports/outbox';
import type { MemoryTwin } from './unit-of-work';

export interface MemoryOutbox {
  writer: OutboxWriter;
  store: OutboxStore;
  processedEvents: ProcessedEvents;
  /** The outbox rows and the processed marks, for a memory unit of work. */
  twins: MemoryTwin[];
}

const copy = (record: OutboxRecord): OutboxRecord => structuredClone(record);
const clip = (text: string) => (text.length > 2000 ? `${text.slice(0, 1997)}...` : text);

export function memoryOutbox(options: { events: EventRegistry; clock?: Clock }): MemoryOutbox {
  const now = () => options.clock?.now() ?? new Date();
  let rows = new Map<number, OutboxRecord>();
  let lastId = 0;
  let processed = new Map<string, Date>();
  const mark = (consumer: string, eventId: number) => `${eventId}\u0000${consumer}`;

  const pending = (id: number) => {
    const row = rows.get(id);
    return row?.status === 'pending' ? row : undefined;
  };

  const writer: OutboxWriter = {
    async add(event) {
      const checked = options.events.check(event);
      const at = now();
      const id = ++lastId;
      rows.set(id, {
        id,
        type: checked.type,
        version: checked.version,
        key: checked.key,
        payload: structuredClone(checked.payload ?? null),
        status: 'pending',
        attempts: 0,
        lastError: null,
        nextAttemptAt: at,
        createdAt: at,
        deliveredAt: null,
        failedAt: null,
      });
      return { id };
    },
  };

  const store: OutboxStore = {
    async claim({ now: at, limit, leaseMs, consumers = [] }) {
      const due = [...rows.values()]
        .filter((row) => row.status === 'pending' && row.nextAttemptAt.getTime() <= at.getTime())
        .sort((a, b) => a.nextAttemptAt.getTime() - b.nextAttemptAt.getTime() || a.id - b.id)
        .slice(0, limit);
      for (const row of due) row.nextAttemptAt = new Date(at.getTime() + leaseMs);
      return due
        .map((row) => ({ ...copy(row), processedBy: [...new Set(consumers)].filter((consumer) => processed.has(mark(consumer, row.id))).sort() }))
        .sort((a, b) => a.id - b.id);
    },
    async byId(id) {
      const row = rows.get(id);
      return row ? copy(row) : null;
    },
    async forConsumer(id, consumer) {
      const row = rows.get(id);
      return row ? { record: copy(row), processed: processed.has(mark(consumer, id)) } : null;
    },
    async completeForConsumer(id, consumer, others, at) {
      const key = mark(consumer, id);
      if (!processed.has(key)) processed.set(key, new Date(at));
      const row = pending(id);
      if (!row || !others.every((other) => processed.has(mark(other, id)))) return false;
      Object.assign(row, { status: 'delivered', deliveredAt: new Date(at), lastError: null });
      return true;
    },
    async markDelivered(id, at) {
      const row = pending(id);
      if (!row) return false;
      Object.assign(row, { status: 'delivered', deliveredAt: new Date(at), lastError: null });
      return true;
    },
    async recordFailure(id, { error, now: at, retryAt }) {
      const row = pending(id);
      if (!row) return null;
      row.attempts += 1;
      row.lastError = clip(error);
      if (retryAt) row.nextAttemptAt = new Date(retryAt);
      else Object.assign(row, { status: 'failed', failedAt: new Date(at) });
      return copy(row);
    },
    async list({ status, limit, beforeId }) {
      return [...rows.values()]
        .filter((row) => row.status === status && (beforeId === undefined || row.id < beforeId))
        .sort((a, b) => b.id - a.id)
        .slice(0, limit)
        .map(copy);
    },
    async count(status) {
      let count = 0;
      for (const row of rows.values()) if (row.status === status) count++;
      return count;
    },
    async retry(id, at) {
      const row = rows.get(id);
      if (row?.status !== 'failed') return false;
      Object.assign(row, { status: 'pending', attempts: 0, failedAt: null, nextAttemptAt: new Date(at) });
      return true;
    },
    async pruneDelivered(before) {
      let count = 0;
      for (const [id, row] of rows) {
        if (row.status === 'delivered' && row.deliveredAt && row.deliveredAt < before) {
          rows.delete(id);
          count++;
        }
      }
      return count;
    },
  };

  const processedEvents: ProcessedEvents = {
    async markProcessed(consumer, eventId, at) {
      const key = mark(consumer, eventId);
      if (processed.has(key)) return false;
      processed.set(key, new Date(at));
      return true;
    },
    async has(consumer, eventId) {
      return processed.has(mark(consumer, eventId));
    },
    async prune(before) {
      let count = 0;
      for (const [key, at] of processed) {
        if (at < before) {
          processed.delete(key);
          count++;
        }
      }
      return count;
    },
  };

  const twins: MemoryTwin[] = [
    {
      snapshot() {
        const saved = new Map([...rows].map(([id, row]) => [id, copy(row)]));
        const savedLastId = lastId;
        return () => {
          rows = saved;
          // Ids are not handed out again after a rollback, as a PostgreSQL sequence does not.
          lastId = Math.max(lastId, savedLastId);
        };
      },
    },
    {
      snapshot() {
        const saved = new Map(processed);
        return () => {
          processed = saved;
        };
      },
    },
  ];

  return { writer, store, processedEvents, twins };
}

export function inProcessOutboxSignal(): OutboxSignal {
  const listeners = new Set<() => void>();
  return {
    notify() {
      for (const listener of listeners) listener();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

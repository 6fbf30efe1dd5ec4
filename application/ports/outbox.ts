/**
 * The outbox (workers/README.md): anything another system must learn about (CRM, notification
 * mail, shipment tracking) is written with `tx.outbox.add(event)` in the same transaction as the
 * change it reports, and delivered afterwards, at least once, to the typed jobs that handle its
 * type. Handlers are idempotent by event id (ProcessedEvents), so in effect each runs once.
 *
 * An event is `{ type, version, key, payload }`: `type@version` names a schema in the event
 * registry, checked when the event is written and again when it is delivered; `key` names what
 * the event is about (an order id, a member id), for operators and for handlers that keep order.
 */
import type { z } from 'zod';

export interface EventDefinition<P = unknown> {
  /** `module.thing.happened`: letters, digits, `.`, `_` and `-`. */
  type: string;
  /** Bumped when the payload changes shape; old versions stay registered while rows of them may exist. */
  version: number;
  payload: z.ZodType<P>;
}

export const EVENT_TYPE_PATTERN = /^[a-z][a-z0-9_-]*(\.[a-z0-9_-]+)+$/;

export function defineEvent<P>(definition: EventDefinition<P>): EventDefinition<P> {
  if (!EVENT_TYPE_PATTERN.test(definition.type)) throw new Error(`An event type must match ${EVENT_TYPE_PATTERN}, not ${JSON.stringify(definition.type)}`);
  if (!Number.isSafeInteger(definition.version) || definition.version < 1) throw new Error(`An event version is a whole number from 1, not ${definition.version}`);
  return definition;
}

export interface OutboxEvent<P = unknown> {
  type: string;
  version: number;
  key: string;
  payload: P;
}

/** The event as a definition types it: `event(orderShipped, key, payload)` checks the payload at compile time too. */
export const event = <P>(definition: EventDefinition<P>, key: string, payload: P): OutboxEvent<P> => ({ type: definition.type, version: definition.version, key, payload });

export const eventName = (type: string, version: number) => `${type}@${version}`;

/** An event that cannot be written or delivered as it is: an unknown type@version or a payload its schema refuses. */
export class EventRejected extends Error {
  constructor(
    message: string,
    readonly reason: 'unknown_event' | 'invalid_payload',
  ) {
    super(message);
    this.name = 'EventRejected';
  }
}

export interface EventRegistry {
  definitions(): readonly EventDefinition[];
  has(type: string, version: number): boolean;
  /** The event with its payload as the schema outputs it; throws EventRejected. */
  check(event: OutboxEvent): OutboxEvent;
}

export function eventRegistry(definitions: readonly EventDefinition[]): EventRegistry {
  const byName = new Map<string, EventDefinition>();
  for (const definition of definitions) {
    const name = eventName(definition.type, definition.version);
    if (byName.has(name)) throw new Error(`The event ${name} is registered twice`);
    byName.set(name, definition);
  }
  return {
    definitions: () => [...byName.values()],
    has: (type, version) => byName.has(eventName(type, version)),
    check(event) {
      const name = eventName(event.type, event.version);
      const definition = byName.get(name);
      if (!definition) throw new EventRejected(`No event ${name} is registered`, 'unknown_event');
      if (typeof event.key !== 'string' || event.key.length === 0 || event.key.length > 200) {
        throw new EventRejected(`The event ${name} needs a key of 1 to 200 characters`, 'invalid_payload');
      }
      const parsed = definition.payload.safeParse(event.payload);
      if (!parsed.success) {
        const issues = parsed.error.issues.map((issue) => `${issue.path.join('.') || '(payload)'}: ${issue.message}`).join('; ');
        throw new EventRejected(`The payload of ${name} is invalid: ${issues}`, 'invalid_payload');
      }
      return { ...event, payload: parsed.data };
    },
  };
}

/** What a unit of work's `tx.outbox` offers: the row is written in the transaction, or not at all. */
export interface OutboxWriter {
  /** Checks the event against the registry (throws EventRejected) and writes it; answers its id. */
  add(event: OutboxEvent): Promise<{ id: number }>;
}

export type OutboxStatus = 'pending' | 'delivered' | 'failed';
export const OUTBOX_STATUSES = ['pending', 'delivered', 'failed'] as const satisfies readonly OutboxStatus[];

export interface OutboxRecord {
  id: number;
  type: string;
  version: number;
  key: string;
  payload: unknown;
  status: OutboxStatus;
  /** Delivery attempts that ended in an error. */
  attempts: number;
  lastError: string | null;
  /** Pending: when the relay may hand it to the queue (again); a claim moves it a lease ahead. */
  nextAttemptAt: Date;
  createdAt: Date;
  deliveredAt: Date | null;
  failedAt: Date | null;
}

export interface OutboxFailure {
  error: string;
  now: Date;
  /** The next try; null parks the row as failed (for operators to look at and retry). */
  retryAt: Date | null;
}

/** A claimed row, with which of the claim's `consumers` have processed it already (read in the same statement). */
export interface ClaimedOutboxRecord extends OutboxRecord {
  processedBy: string[];
}

/** The relay's and the operators' side of the outbox. */
export interface OutboxStore {
  /**
   * Takes up to `limit` pending rows that are due and moves each `leaseMs` ahead, in one statement,
   * so two relays never take the same row (FOR UPDATE SKIP LOCKED in PostgreSQL). A row whose
   * delivery has no outcome when its lease runs out is taken again. Each row says which of
   * `consumers` (none when not given) have processed it, so the relay queues only the others.
   */
  claim(input: { now: Date; limit: number; leaseMs: number; consumers?: readonly string[] }): Promise<ClaimedOutboxRecord[]>;
  byId(id: number): Promise<OutboxRecord | null>;
  /** The row and whether the consumer has processed it already, in one read (a delivery's first step). */
  forConsumer(id: number, consumer: string): Promise<{ record: OutboxRecord; processed: boolean } | null>;
  /** Pending -> delivered; false when the row was not pending. */
  markDelivered(id: number, now: Date): Promise<boolean>;
  /**
   * Marks the event processed by the consumer and, when every one of `others` has processed it
   * too, the row delivered, in one step; answers whether the row is now delivered.
   */
  completeForConsumer(id: number, consumer: string, others: readonly string[], now: Date): Promise<boolean>;
  /** Counts a failed attempt on a pending row and schedules the next, or parks it; answers the row after. */
  recordFailure(id: number, failure: OutboxFailure): Promise<OutboxRecord | null>;
  /** Rows in a status, newest first, a page at a time (`beforeId` is the last id of the previous page). */
  list(input: { status: OutboxStatus; limit: number; beforeId?: number }): Promise<OutboxRecord[]>;
  count(status: OutboxStatus): Promise<number>;
  /** Failed -> pending, due now, with its attempts reset; false when the row was not failed. */
  retry(id: number, now: Date): Promise<boolean>;
  /** Deletes delivered rows delivered before the instant; answers how many. */
  pruneDelivered(before: Date): Promise<number>;
}

/**
 * The consumer side's record of what it has handled: a handler that writes its effect in a unit
 * of work marks the event there too (`tx.processedEvents.markProcessed`), so the effect and the
 * mark commit together and a second delivery finds the mark and does nothing.
 */
export interface ProcessedEvents {
  /** True when this consumer had not processed the event yet (and now has). */
  markProcessed(consumer: string, eventId: number, now: Date): Promise<boolean>;
  has(consumer: string, eventId: number): Promise<boolean>;
  /** Forgets marks older than the instant (their rows are long delivered and pruned); answers how many. */
  prune(before: Date): Promise<number>;
}

/** Tells a relay in this process that rows were committed, so it claims them at once. */
export interface OutboxSignal {
  notify(): void;
  subscribe(listener: () => void): () => void;
}

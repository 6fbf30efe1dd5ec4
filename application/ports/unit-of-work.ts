/**
 * Writes that span tables go through a unit of work: `run` hands the work a `tx` whose
 * repositories write in one transaction, with `tx.outbox` to add events in the same transaction
 * and `tx.processedEvents` for handlers that must act once per event. Either everything the work
 * wrote is kept, or (it threw) nothing is: domain rows and outbox rows alike.
 *
 * Each module declares the repositories its use cases write through (its TxPorts) and gets a
 * `UnitOfWork<TxPorts>` from the composition root: PostgreSQL (one Kysely transaction, on `pg` and
 * PGlite) or the memory twin (all or nothing too). tests/contract/unit-of-work.test.ts holds both.
 *
 * - Inside `run`, use only `tx`: a repository of the module's plain deps writes outside the
 *   transaction (and on PGlite, which has one connection, waits for it to end: a deadlock).
 * - A `run` inside a `run` of the same unit of work joins it: its writes are undone on its own
 *   throw (a savepoint) and kept or undone with the outer one otherwise.
 * - Concurrent runs that touch the same row serialise (row locks in PostgreSQL, one run at a time
 *   in the memory twin and on PGlite); a repository method that reads then writes locks what it
 *   read (SELECT ... FOR UPDATE), so no update is lost.
 */
import type { OutboxWriter, ProcessedEvents } from './outbox';

export interface TxBase {
  outbox: OutboxWriter;
  processedEvents: ProcessedEvents;
}

export type Tx<TxPorts> = TxPorts & TxBase;

export interface UnitOfWork<TxPorts> {
  /** Runs the work in one transaction; answers what the work answers, or rethrows what it threw after undoing its writes. */
  run<T>(work: (tx: Tx<TxPorts>) => Promise<T>): Promise<T>;
}

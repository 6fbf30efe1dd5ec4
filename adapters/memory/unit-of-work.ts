/**
 * The unit of work in memory, the twin of adapters/postgres/unit-of-work.ts for unit tests and
 * tests/contract/unit-of-work.test.ts: all or nothing too. Before a run, every twin the work may
 * write is asked for a snapshot; a throw restores them all, so the stores are as they were. Runs
 * take turns (one at a time per unit of work), the memory form of PostgreSQL's row locks, so a
 * read-then-write in one run never loses another's update; a run inside a run joins it, with its
 * own snapshot undone on its own throw (a savepoint).
 *
 * What the twins cannot give: isolation from writes made outside any run while a run is open
 * (a plain repository call): a rollback restores the snapshot and undoes those too. In PostgreSQL
 * they would survive. Use cases write through `tx` only, so the difference does not arise there.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { OutboxSignal, OutboxWriter, ProcessedEvents } from '../../application/ports/outbox';
import type { Tx, UnitOfWork } from '../../application/ports/unit-of-work';

/** A stateful memory twin that can be rolled back: `snapshot()` answers the function that restores it. */
export interface MemoryTwin {
  snapshot(): () => void;
}

export interface MemoryUnitOfWorkOptions {
  /** Every twin a run may write, the outbox's and the processed events' included. */
  twins: readonly MemoryTwin[];
  outbox: OutboxWriter;
  processedEvents: ProcessedEvents;
  /** Told after a run that added outbox rows. */
  signal?: OutboxSignal;
}

export function memoryUnitOfWork<TxPorts extends object>(ports: TxPorts, options: MemoryUnitOfWorkOptions): UnitOfWork<TxPorts> {
  const inRun = new AsyncLocalStorage<{ eventsAdded: boolean }>();
  let turn: Promise<unknown> = Promise.resolve();

  const tx: Tx<TxPorts> = {
    ...ports,
    outbox: {
      async add(event) {
        const added = await options.outbox.add(event);
        const run = inRun.getStore();
        if (run) run.eventsAdded = true;
        return added;
      },
    },
    processedEvents: options.processedEvents,
  };

  async function allOrNothing<T>(work: (tx: Tx<TxPorts>) => Promise<T>): Promise<T> {
    const restores = options.twins.map((twin) => twin.snapshot());
    try {
      return await work(tx);
    } catch (error) {
      for (const restore of restores.reverse()) restore();
      throw error;
    }
  }

  return {
    async run(work) {
      if (inRun.getStore()) return allOrNothing(work);
      const previous = turn;
      let release!: () => void;
      turn = new Promise<void>((resolve) => (release = resolve));
      await previous;
      const state = { eventsAdded: false };
      try {
        const result = await inRun.run(state, () => allOrNothing(work));
        if (state.eventsAdded) options.signal?.notify();
        return result;
      } finally {
        release();
      }
    },
  };
}

/**
 * The unit of work on PostgreSQL (application/ports/unit-of-work.ts): one Kysely transaction, on
 * `pg` and on PGlite alike, with each repository built on the transaction and the outbox written
 * in it. A run inside a run on the same database joins the open transaction through a savepoint
 * (AsyncLocalStorage finds it), whichever module's unit of work the inner run belongs to: a new
 * transaction there would wait on the outer one's row locks, or, on PGlite's single connection,
 * on the outer transaction itself, for ever.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { sql, type Kysely } from 'kysely';
import type { EventRegistry, OutboxSignal } from '../../application/ports/outbox';
import type { Tx, UnitOfWork } from '../../application/ports/unit-of-work';
import { postgresOutboxWriter, postgresProcessedEvents } from './outbox';
import type { Database } from './schema';

interface OpenTransaction {
  trx: Kysely<Database>;
  savepoints: number;
  /** Each unit of work's tx on this transaction, built once. */
  txs: Map<object, unknown>;
  eventsAdded: boolean;
}

const openTransactions = new WeakMap<Kysely<Database>, AsyncLocalStorage<OpenTransaction>>();

function storageOf(db: Kysely<Database>): AsyncLocalStorage<OpenTransaction> {
  let storage = openTransactions.get(db);
  if (!storage) {
    storage = new AsyncLocalStorage<OpenTransaction>();
    openTransactions.set(db, storage);
  }
  return storage;
}

export interface PostgresUnitOfWorkOptions {
  events: EventRegistry;
  /** NOTIFY other processes' relays at commit (PostgreSQL); PGlite serves one process, where `signal` does. */
  notify: boolean;
  /** Told after a commit that added outbox rows, for a relay in this process. */
  signal?: OutboxSignal;
}

export function postgresUnitOfWork<TxPorts extends object>(
  db: Kysely<Database>,
  build: (trx: Kysely<Database>) => TxPorts,
  options: PostgresUnitOfWorkOptions,
): UnitOfWork<TxPorts> {
  const storage = storageOf(db);
  const identity = {};

  function txOn(open: OpenTransaction): Tx<TxPorts> {
    const built = open.txs.get(identity) as Tx<TxPorts> | undefined;
    if (built) return built;
    const writer = postgresOutboxWriter(open.trx, options.events, { notify: options.notify });
    const tx: Tx<TxPorts> = {
      ...build(open.trx),
      outbox: {
        async add(event) {
          const added = await writer.add(event);
          open.eventsAdded = true;
          return added;
        },
      },
      processedEvents: postgresProcessedEvents(open.trx),
    };
    open.txs.set(identity, tx);
    return tx;
  }

  return {
    async run(work) {
      const outer = storage.getStore();
      if (outer) {
        const savepoint = sql.raw(`uow_${++outer.savepoints}`);
        await sql`savepoint ${savepoint}`.execute(outer.trx);
        try {
          const result = await work(txOn(outer));
          await sql`release savepoint ${savepoint}`.execute(outer.trx);
          return result;
        } catch (error) {
          await sql`rollback to savepoint ${savepoint}`.execute(outer.trx);
          throw error;
        }
      }
      const open: OpenTransaction = { trx: db, savepoints: 0, txs: new Map(), eventsAdded: false };
      const result = await db.transaction().execute((trx) => {
        open.trx = trx;
        return storage.run(open, () => work(txOn(open)));
      });
      if (open.eventsAdded) options.signal?.notify();
      return result;
    },
  };
}

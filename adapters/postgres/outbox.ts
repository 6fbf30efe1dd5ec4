/**
 * The outbox in PostgreSQL (tables `outbox` and `processed_events`, migrations/0001 and 0013):
 * the writer a unit of work puts on its transaction, the relay's and operators' store, and the
 * consumers' processed-event marks. The memory twin is adapters/memory/outbox.ts;
 * tests/contract/outbox.test.ts holds both to one contract.
 */
import { sql, type Kysely, type Selectable } from 'kysely';
import pg from 'pg';
import type { EventRegistry, OutboxRecord, OutboxStore, OutboxWriter, ProcessedEvents } from '../../application/ports/outbox';
import type { Database, OutboxTable } from './schema';

/** The channel a committed outbox row is announced on (NOTIFY is sent at commit, and only then). */
export const OUTBOX_CHANNEL = 'outbox_added';

const toRecord = (row: Selectable<OutboxTable>): OutboxRecord => ({
  id: row.id,
  type: row.type,
  version: row.version,
  key: row.key,
  payload: row.payload,
  status: row.status,
  attempts: row.attempts,
  lastError: row.last_error,
  nextAttemptAt: row.next_attempt_at,
  createdAt: row.created_at,
  deliveredAt: row.delivered_at,
  failedAt: row.failed_at,
});

/** Errors are kept for operators, not as a dump: the first 2,000 characters. */
const clip = (text: string) => (text.length > 2000 ? `${text.slice(0, 1997)}...` : text);

/**
 * Writes on the transaction it is given. The row and its NOTIFY go in one statement; PostgreSQL
 * delivers the notification when (and only if) the transaction commits.
 */
export function postgresOutboxWriter(trx: Kysely<Database>, events: EventRegistry, options: { notify: boolean }): OutboxWriter {
  return {
    async add(event) {
      const checked = events.check(event);
      const payload = JSON.stringify(checked.payload ?? null);
      const { rows } = await sql<{ id: number }>`
        with added as (
          insert into outbox (type, version, key, payload) values (${checked.type}, ${checked.version}, ${checked.key}, ${payload}::jsonb) returning id
        )
        select id${options.notify ? sql`, pg_notify(${OUTBOX_CHANNEL}, '')` : sql``} from added`.execute(trx);
      return { id: rows[0]!.id };
    },
  };
}

export function postgresOutboxStore(db: Kysely<Database>): OutboxStore {
  const pending = (id: number) => db.updateTable('outbox').where('id', '=', id).where('status', '=', 'pending');
  return {
    async claim({ now, limit, leaseMs, consumers = [] }) {
      const until = new Date(now.getTime() + leaseMs);
      // Rows carry microseconds (now() at their insert), the clock milliseconds: a row is due within
      // the millisecond it reads as, so a claim right after a commit takes it.
      const dueBefore = new Date(now.getTime() + 1);
      // The marks are looked up by (consumer, event_id), the primary key, for the consumers named.
      const { rows } = await sql<Selectable<OutboxTable> & { processed_by: string[] }>`
        update outbox set next_attempt_at = ${until}
        where id in (
          select id from outbox where status = 'pending' and next_attempt_at < ${dueBefore}
          order by next_attempt_at, id limit ${limit} for update skip locked
        )
        returning *, ${
          consumers.length > 0
            ? sql`array(select consumer from processed_events where consumer = any(${[...consumers]}::text[]) and event_id = outbox.id order by consumer collate "C")`
            : sql`'{}'::text[]`
        } as processed_by`.execute(db);
      return rows.map(({ processed_by, ...row }) => ({ ...toRecord(row), processedBy: processed_by })).sort((a, b) => a.id - b.id);
    },

    async byId(id) {
      if (!Number.isSafeInteger(id)) return null;
      const row = await db.selectFrom('outbox').selectAll().where('id', '=', id).executeTakeFirst();
      return row ? toRecord(row) : null;
    },

    async forConsumer(id, consumer) {
      if (!Number.isSafeInteger(id)) return null;
      const row = await db
        .selectFrom('outbox')
        .selectAll()
        .select((eb) => eb.exists(eb.selectFrom('processed_events').select('event_id').where('consumer', '=', consumer).whereRef('event_id', '=', 'outbox.id')).as('processed'))
        .where('id', '=', id)
        .executeTakeFirst();
      if (!row) return null;
      const { processed, ...record } = row;
      return { record: toRecord(record), processed: Boolean(processed) };
    },

    async completeForConsumer(id, consumer, others, now) {
      // The mark inserted by the CTE is not visible to the same statement's reads: `others` leaves this consumer out.
      const { rows } = await sql<{ id: number }>`
        with marked as (
          insert into processed_events (consumer, event_id, processed_at) values (${consumer}, ${id}, ${now})
          on conflict (consumer, event_id) do nothing
        )
        update outbox set status = 'delivered', delivered_at = ${now}, last_error = null
        where id = ${id} and status = 'pending'
          and (select count(*) from processed_events where event_id = ${id} and consumer = any(${[...others]}::text[])) = ${others.length}
        returning id`.execute(db);
      return rows.length > 0;
    },

    async markDelivered(id, now) {
      const result = await pending(id).set({ status: 'delivered', delivered_at: now, last_error: null }).executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },

    async recordFailure(id, { error, now, retryAt }) {
      const row = await pending(id)
        .set((eb) => ({
          attempts: eb('attempts', '+', 1),
          last_error: clip(error),
          ...(retryAt ? { next_attempt_at: retryAt } : { status: 'failed' as const, failed_at: now }),
        }))
        .returningAll()
        .executeTakeFirst();
      return row ? toRecord(row) : null;
    },

    async list({ status, limit, beforeId }) {
      let query = db.selectFrom('outbox').selectAll().where('status', '=', status);
      if (beforeId !== undefined) query = query.where('id', '<', beforeId);
      const rows = await query.orderBy('id', 'desc').limit(limit).execute();
      return rows.map(toRecord);
    },

    async count(status) {
      const { count } = await db.selectFrom('outbox').select((eb) => eb.fn.countAll<number>().as('count')).where('status', '=', status).executeTakeFirstOrThrow();
      return Number(count);
    },

    async retry(id, now) {
      if (!Number.isSafeInteger(id)) return false;
      const result = await db
        .updateTable('outbox')
        .set({ status: 'pending', attempts: 0, failed_at: null, next_attempt_at: now })
        .where('id', '=', id)
        .where('status', '=', 'failed')
        .executeTakeFirst();
      if (result.numUpdatedRows === 0n) return false;
      await sql`select pg_notify(${OUTBOX_CHANNEL}, '')`.execute(db);
      return true;
    },

    async pruneDelivered(before) {
      const result = await db.deleteFrom('outbox').where('status', '=', 'delivered').where('delivered_at', '<', before).executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}

export function postgresProcessedEvents(db: Kysely<Database>): ProcessedEvents {
  return {
    async markProcessed(consumer, eventId, now) {
      const row = await db
        .insertInto('processed_events')
        .values({ consumer, event_id: eventId, processed_at: now })
        .onConflict((oc) => oc.columns(['consumer', 'event_id']).doNothing())
        .returning('event_id')
        .executeTakeFirst();
      return row !== undefined;
    },
    async has(consumer, eventId) {
      const row = await db.selectFrom('processed_events').select('event_id').where('consumer', '=', consumer).where('event_id', '=', eventId).executeTakeFirst();
      return row !== undefined;
    },
    async prune(before) {
      const result = await db.deleteFrom('processed_events').where('processed_at', '<', before).executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}

export interface OutboxListener {
  close(): Promise<void>;
}

/**
 * LISTENs on its own connection (a pool's connections come and go) and calls `onAdded` for every
 * committed row, whichever process wrote it. A lost connection is opened again after a second;
 * rows committed meanwhile are found by the relay's poll, so nothing waits longer than that.
 */
export function listenForOutbox(url: string, onAdded: () => void, onError: (error: Error) => void = () => undefined): OutboxListener {
  let client: pg.Client | undefined;
  let closed = false;
  let retry: NodeJS.Timeout | undefined;

  const open = async () => {
    if (closed) return;
    const next = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000 });
    const reopen = (error: Error) => {
      onError(error);
      next.removeAllListeners();
      next.end().catch(() => undefined);
      if (client === next) client = undefined;
      if (!closed) retry = setTimeout(() => void open(), 1000);
    };
    next.on('error', reopen);
    next.on('end', () => {
      if (!closed && client === next) reopen(new Error('the LISTEN connection ended'));
    });
    next.on('notification', (message) => {
      if (message.channel === OUTBOX_CHANNEL) onAdded();
    });
    try {
      await next.connect();
      await next.query(`listen ${OUTBOX_CHANNEL}`);
      client = next;
      if (closed) await next.end();
      // Rows may have been committed while no one listened.
      else onAdded();
    } catch (error) {
      reopen(error as Error);
    }
  };
  void open();
  return {
    async close() {
      closed = true;
      clearTimeout(retry);
      const current = client;
      client = undefined;
      current?.removeAllListeners();
      await current?.end().catch(() => undefined);
    },
  };
}

/**
 * The outbox's contract (application/ports/outbox.ts: OutboxWriter, OutboxStore, ProcessedEvents),
 * written once and run against the memory twin, embedded PGlite and, when TEST_DATABASE_URL is
 * set, PostgreSQL: what a claim takes and leases, two claims at once never taking one row, the
 * delivered / failed / retried states, pruning, and (PostgreSQL) the NOTIFY a commit sends.
 * The relay and the jobs on top are held to it end to end in tests/api/outbox.test.ts.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { memoryOutbox } from '../../adapters/memory/outbox';
import { createDatabase, type DatabaseHandle } from '../../adapters/postgres/database';
import { listenForOutbox, postgresOutboxStore, postgresOutboxWriter, postgresProcessedEvents } from '../../adapters/postgres/outbox';
import { defineEvent, event, eventRegistry, type OutboxRecord, type OutboxStore, type OutboxWriter, type ProcessedEvents } from '../../application/ports/outbox';
import { createPostgresTestDatabase, databaseTargets } from '../support/database';
import { postgresUrlForTests } from '../support/infra';

const orderPlaced = defineEvent({ type: 'test.order.placed', version: 1, payload: z.object({ orderId: z.string(), total: z.number().int().nonnegative() }) });
const events = eventRegistry([orderPlaced]);

interface Outbox {
  writer: OutboxWriter;
  store: OutboxStore;
  processed: ProcessedEvents;
}

interface Backend {
  fresh(): Promise<Outbox>;
  close(): Promise<void>;
}

const backends: { name: string; open(): Promise<Backend> }[] = [
  {
    name: 'memory',
    open: async () => ({
      fresh: async () => {
        const outbox = memoryOutbox({ events });
        return { writer: outbox.writer, store: outbox.store, processed: outbox.processedEvents };
      },
      close: async () => undefined,
    }),
  },
  ...(await databaseTargets()).map((target) => ({
    name: target.name,
    async open(): Promise<Backend> {
      const { handle, drop } = await target.make();
      await handle.migrate();
      return {
        async fresh() {
          await sql`delete from outbox`.execute(handle.db);
          await sql`delete from processed_events`.execute(handle.db);
          return { writer: postgresOutboxWriter(handle.db, events, { notify: false }), store: postgresOutboxStore(handle.db), processed: postgresProcessedEvents(handle.db) };
        },
        close: drop,
      };
    },
  })),
];

const LEASE = 60_000;
const later = (ms: number) => new Date(Date.now() + ms);
const ids = (rows: OutboxRecord[]) => rows.map((row) => row.id);

for (const backend of backends) {
  describe(`Outbox [${backend.name}]`, () => {
    let b: Backend;
    let o: Outbox;
    beforeAll(async () => {
      b = await backend.open();
    });
    afterAll(async () => {
      await b.close();
    });
    beforeEach(async () => {
      o = await b.fresh();
    });

    const add = async (n: number) => (await o.writer.add(event(orderPlaced, `order-${n}`, { orderId: `o-${n}`, total: n }))).id;

    it('writes an event checked by its schema, pending and due at once', async () => {
      const before = Date.now();
      const id = await add(7);
      const row = await o.store.byId(id);
      expect(row).toEqual<OutboxRecord>({
        id,
        type: 'test.order.placed',
        version: 1,
        key: 'order-7',
        payload: { orderId: 'o-7', total: 7 },
        status: 'pending',
        attempts: 0,
        lastError: null,
        nextAttemptAt: expect.any(Date) as unknown as Date,
        createdAt: expect.any(Date) as unknown as Date,
        deliveredAt: null,
        failedAt: null,
      });
      expect(row!.createdAt.getTime()).toBeGreaterThanOrEqual(before - 1000);
      expect(row!.nextAttemptAt.getTime()).toBeLessThanOrEqual(Date.now());
      await expect(o.writer.add({ type: 'test.order.placed', version: 1, key: 'k', payload: { orderId: 'o', total: -1 } })).rejects.toThrow(/total: /);
      await expect(o.writer.add({ type: 'test.order.placed', version: 1, key: '', payload: { orderId: 'o', total: 1 } })).rejects.toThrow(/key/);
      expect(await o.store.count('pending')).toBe(1);
      expect(await o.store.byId(id + 1000)).toBeNull();
    });

    it('claims due rows oldest first, up to the limit, and leases them so no claim takes them again before the lease ends', async () => {
      const added = [await add(1), await add(2), await add(3)];
      const now = later(10);
      const first = await o.store.claim({ now, limit: 2, leaseMs: LEASE });
      expect(ids(first)).toEqual(added.slice(0, 2));
      const second = await o.store.claim({ now, limit: 10, leaseMs: LEASE });
      expect(ids(second)).toEqual([added[2]]);
      expect(await o.store.claim({ now, limit: 10, leaseMs: LEASE })).toEqual([]);
      expect((await o.store.byId(added[0]!))!.nextAttemptAt.getTime()).toBe(now.getTime() + LEASE);
      // The lease runs out with no outcome (the job was lost): the rows come round again.
      expect(ids(await o.store.claim({ now: new Date(now.getTime() + LEASE), limit: 10, leaseMs: LEASE }))).toEqual(added);
    });

    it('claims a row at the instant it reads as due, to the millisecond (a claim made right after the commit)', async () => {
      const id = await add(1);
      const { nextAttemptAt } = (await o.store.byId(id))!;
      expect(ids(await o.store.claim({ now: new Date(nextAttemptAt.getTime() - 1), limit: 10, leaseMs: LEASE }))).toEqual([]);
      expect(ids(await o.store.claim({ now: nextAttemptAt, limit: 10, leaseMs: LEASE }))).toEqual([id]);
    });

    it('says with each claimed row which of the consumers named have processed it already', async () => {
      const [one, two] = [await add(1), await add(2)];
      await o.processed.markProcessed('mail.notify', one, new Date());
      await o.processed.markProcessed('crm.sync', one, new Date());
      await o.processed.markProcessed('audit.log', one, new Date());
      await o.processed.markProcessed('crm.sync', two + 1000, new Date());
      const claimed = await o.store.claim({ now: later(10), limit: 10, leaseMs: LEASE, consumers: ['mail.notify', 'crm.sync', 'crm.sync-v2'] });
      expect(claimed.map((row) => [row.id, row.processedBy])).toEqual([
        [one, ['crm.sync', 'mail.notify']],
        [two, []],
      ]);
      expect(claimed[0]).toMatchObject({ type: 'test.order.placed', key: 'order-1', payload: { orderId: 'o-1', total: 1 }, status: 'pending', attempts: 0 });
      const unnamed = await o.store.claim({ now: later(LEASE * 2), limit: 10, leaseMs: LEASE });
      expect(unnamed.map((row) => row.processedBy)).toEqual([[], []]);
    });

    it('never gives one row to two claims made at once', async () => {
      const added: number[] = [];
      for (let n = 0; n < 150; n++) added.push(await add(n));
      const now = later(10);
      const claimUntilEmpty = async () => {
        const taken: number[] = [];
        for (;;) {
          const rows = await o.store.claim({ now, limit: 7, leaseMs: LEASE });
          if (rows.length === 0) return taken;
          taken.push(...ids(rows));
        }
      };
      const [one, two, three] = await Promise.all([claimUntilEmpty(), claimUntilEmpty(), claimUntilEmpty()]);
      const all = [...one, ...two, ...three];
      expect(all).toHaveLength(150);
      expect(new Set(all)).toEqual(new Set(added));
    });

    it('marks a pending row delivered once, and claims it no more', async () => {
      const id = await add(1);
      const now = later(5);
      expect(await o.store.markDelivered(id, now)).toBe(true);
      expect(await o.store.markDelivered(id, now)).toBe(false);
      expect(await o.store.byId(id)).toMatchObject({ status: 'delivered', deliveredAt: now, lastError: null });
      expect(await o.store.claim({ now: later(LEASE * 2), limit: 10, leaseMs: LEASE })).toEqual([]);
      expect(await o.store.count('delivered')).toBe(1);
    });

    it('reads a row with its consumer\'s processed mark, and completes it once every consumer has processed it', async () => {
      const id = await add(1);
      expect(await o.store.forConsumer(id, 'crm.sync')).toEqual({ record: await o.store.byId(id), processed: false });
      expect(await o.store.forConsumer(id + 1000, 'crm.sync')).toBeNull();
      const now = later(5);
      expect(await o.store.completeForConsumer(id, 'crm.sync', ['mail.notify'], now)).toBe(false);
      expect(await o.store.forConsumer(id, 'crm.sync')).toMatchObject({ processed: true, record: { status: 'pending' } });
      expect(await o.processed.has('crm.sync', id)).toBe(true);
      expect(await o.store.completeForConsumer(id, 'mail.notify', ['crm.sync'], now)).toBe(true);
      expect(await o.store.byId(id)).toMatchObject({ status: 'delivered', deliveredAt: now });
      expect(await o.store.completeForConsumer(id, 'mail.notify', ['crm.sync'], now)).toBe(false);
      const single = await add(2);
      expect(await o.store.completeForConsumer(single, 'crm.sync', [], now)).toBe(true);
    });

    it('counts a failed attempt with its error and next attempt time, then parks the row as failed', async () => {
      const id = await add(1);
      const retryAt = later(30_000);
      expect(await o.store.recordFailure(id, { error: 'CRM answered 503', now: new Date(), retryAt })).toMatchObject({ status: 'pending', attempts: 1, lastError: 'CRM answered 503', nextAttemptAt: retryAt });
      expect(await o.store.claim({ now: later(10), limit: 10, leaseMs: LEASE })).toEqual([]);
      expect(ids(await o.store.claim({ now: new Date(retryAt.getTime() + 1), limit: 10, leaseMs: LEASE }))).toEqual([id]);
      const parkedAt = later(40_000);
      const parked = await o.store.recordFailure(id, { error: 'x'.repeat(5000), now: parkedAt, retryAt: null });
      expect(parked).toMatchObject({ status: 'failed', attempts: 2, failedAt: parkedAt });
      expect(parked!.lastError!.length).toBeLessThanOrEqual(2000);
      expect(await o.store.recordFailure(id, { error: 'again', now: parkedAt, retryAt: null })).toBeNull();
      expect(await o.store.markDelivered(id, parkedAt)).toBe(false);
      expect(await o.store.claim({ now: later(LEASE * 10), limit: 10, leaseMs: LEASE })).toEqual([]);
    });

    it('lists failed rows for operators, newest first, a page at a time, and retries one', async () => {
      const failed: number[] = [];
      for (let n = 0; n < 5; n++) {
        const id = await add(n);
        failed.push(id);
        await o.store.recordFailure(id, { error: `failure ${n}`, now: new Date(), retryAt: null });
      }
      const pendingId = await add(99);
      expect(await o.store.count('failed')).toBe(5);
      const page1 = await o.store.list({ status: 'failed', limit: 3 });
      expect(ids(page1)).toEqual([failed[4], failed[3], failed[2]]);
      const page2 = await o.store.list({ status: 'failed', limit: 3, beforeId: page1[2]!.id });
      expect(ids(page2)).toEqual([failed[1], failed[0]]);
      expect(ids(await o.store.list({ status: 'pending', limit: 10 }))).toEqual([pendingId]);

      const now = later(1000);
      expect(await o.store.retry(failed[0]!, now)).toBe(true);
      expect(await o.store.retry(failed[0]!, now)).toBe(false);
      expect(await o.store.retry(pendingId, now)).toBe(false);
      expect(await o.store.byId(failed[0]!)).toMatchObject({ status: 'pending', attempts: 0, failedAt: null, nextAttemptAt: now, lastError: 'failure 0' });
      expect(ids(await o.store.claim({ now, limit: 10, leaseMs: LEASE }))).toEqual([failed[0], pendingId]);
    });

    it('prunes delivered rows delivered before an instant, and nothing else', async () => {
      const old = await add(1);
      const recent = await add(2);
      const open = await add(3);
      await o.store.markDelivered(old, new Date('2030-01-01T00:00:00Z'));
      await o.store.markDelivered(recent, new Date('2030-02-01T00:00:00Z'));
      expect(await o.store.pruneDelivered(new Date('2030-01-15T00:00:00Z'))).toBe(1);
      expect(await o.store.byId(old)).toBeNull();
      expect(await o.store.byId(recent)).not.toBeNull();
      expect(await o.store.byId(open)).not.toBeNull();
    });

    it('marks an event processed once per consumer, and prunes old marks', async () => {
      const t = new Date('2030-01-01T00:00:00Z');
      expect(await o.processed.markProcessed('crm.sync', 41, t)).toBe(true);
      expect(await o.processed.markProcessed('crm.sync', 41, t)).toBe(false);
      expect(await o.processed.markProcessed('mail.notify', 41, t)).toBe(true);
      expect(await o.processed.markProcessed('crm.sync', 42, new Date('2030-03-01T00:00:00Z'))).toBe(true);
      expect(await o.processed.has('crm.sync', 41)).toBe(true);
      expect(await o.processed.has('crm.sync', 43)).toBe(false);
      expect(await o.processed.prune(new Date('2030-02-01T00:00:00Z'))).toBe(2);
      expect(await o.processed.has('crm.sync', 41)).toBe(false);
      expect(await o.processed.has('crm.sync', 42)).toBe(true);
    });
  });
}

const serverUrl = await postgresUrlForTests();
if (serverUrl) {
  describe('Outbox NOTIFY [postgresql]', () => {
    let handle: DatabaseHandle;
    let drop: () => Promise<void>;
    let url = '';
    beforeAll(async () => {
      const test = await createPostgresTestDatabase(serverUrl);
      url = test.url!;
      handle = createDatabase(test.target);
      await handle.migrate();
      drop = async () => {
        await handle.close();
        await test.drop();
      };
    });
    afterAll(async () => {
      await drop();
    });

    it('tells a listener in another connection when, and only when, a transaction that added a row commits', async () => {
      let heard = 0;
      const listener = listenForOutbox(url, () => heard++);
      try {
        await until(() => heard >= 1); // the listener's first call: rows may have been added while no one listened
        const before = heard;
        await expect(
          handle.db.transaction().execute(async (trx) => {
            await postgresOutboxWriter(trx, events, { notify: true }).add(event(orderPlaced, 'rolled-back', { orderId: 'o', total: 1 }));
            throw new Error('abort');
          }),
        ).rejects.toThrow('abort');
        await handle.db.transaction().execute(async (trx) => {
          await postgresOutboxWriter(trx, events, { notify: true }).add(event(orderPlaced, 'committed', { orderId: 'o', total: 1 }));
          await sleep(200);
          expect(heard).toBe(before);
        });
        await until(() => heard === before + 1);
        await sleep(200);
        expect(heard).toBe(before + 1);
      } finally {
        await listener.close();
      }
    });
  });
}

async function until(check: () => boolean, ms = 5000) {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await sleep(10);
  }
}

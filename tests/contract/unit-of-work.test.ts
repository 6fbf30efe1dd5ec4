/**
 * The UnitOfWork contract (application/ports/unit-of-work.ts), written once and run against the
 * memory twin, embedded PGlite and, when TEST_DATABASE_URL is set, PostgreSQL: a commit keeps the
 * domain rows and the outbox row, a throw undoes both, concurrent runs on one row lose no update,
 * a run inside a run joins it, and the work's answer comes back.
 *
 * The example repositories are the sign-in module's members (UserRepository) and, for the
 * read-then-write race, a counter repository written here: its increment reads, yields, then
 * writes, which loses updates unless the unit of work serialises (SELECT ... FOR UPDATE in
 * PostgreSQL, one run at a time in memory and on PGlite's single connection).
 */
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { inProcessOutboxSignal, memoryOutbox } from '../../adapters/memory/outbox';
import { memoryUnitOfWork, type MemoryTwin } from '../../adapters/memory/unit-of-work';
import { memoryUsers } from '../../adapters/memory/auth/users';
import { postgresOutboxStore } from '../../adapters/postgres/outbox';
import type { Database } from '../../adapters/postgres/schema';
import { postgresUnitOfWork } from '../../adapters/postgres/unit-of-work';
import { postgresUsers } from '../../adapters/postgres/auth/users';
import { defineEvent, event, eventRegistry, EventRejected, type OutboxStore } from '../../application/ports/outbox';
import type { UnitOfWork } from '../../application/ports/unit-of-work';
import type { UserRepository } from '../../application/ports/users';
import { databaseTargets } from '../support/database';

interface Counters {
  /** Reads the value, yields (as a slow statement would), writes it plus one; answers the new value. */
  increment(name: string): Promise<number>;
  value(name: string): Promise<number>;
}

interface TxPorts {
  users: UserRepository;
  counters: Counters;
}

interface Backend {
  uow: UnitOfWork<TxPorts>;
  users: UserRepository;
  counters: Counters;
  outbox: OutboxStore;
  /** How many times a relay in this process was told of committed rows. */
  signalled(): number;
  close(): Promise<void>;
}

const memberRegistered = defineEvent({ type: 'test.member.registered', version: 1, payload: z.object({ userId: z.uuid(), email: z.email() }) });
const events = eventRegistry([memberRegistered]);
const T0 = new Date('2030-01-02T03:04:05.678Z');

function memoryCounters(): Counters & MemoryTwin {
  let values = new Map<string, number>();
  return {
    async increment(name) {
      const current = values.get(name) ?? 0;
      await sleep(5);
      values.set(name, current + 1);
      return current + 1;
    },
    async value(name) {
      return values.get(name) ?? 0;
    },
    snapshot() {
      const saved = new Map(values);
      return () => {
        values = saved;
      };
    },
  };
}

function postgresCounters(db: Kysely<Database>): Counters {
  return {
    async increment(name) {
      await sql`insert into uow_counters (name, value) values (${name}, 0) on conflict (name) do nothing`.execute(db);
      const { rows } = await sql<{ value: number }>`select value from uow_counters where name = ${name} for update`.execute(db);
      await sleep(5);
      const next = rows[0]!.value + 1;
      await sql`update uow_counters set value = ${next} where name = ${name}`.execute(db);
      return next;
    },
    async value(name) {
      const { rows } = await sql<{ value: number }>`select value from uow_counters where name = ${name}`.execute(db);
      return rows[0]?.value ?? 0;
    },
  };
}

const backends: { name: string; open(): Promise<Backend> }[] = [
  {
    name: 'memory',
    async open() {
      const users = memoryUsers();
      const counters = memoryCounters();
      const outbox = memoryOutbox({ events });
      const signal = inProcessOutboxSignal();
      let signals = 0;
      signal.subscribe(() => signals++);
      const uow = memoryUnitOfWork<TxPorts>(
        { users, counters },
        { twins: [users, counters, ...outbox.twins], outbox: outbox.writer, processedEvents: outbox.processedEvents, signal },
      );
      return { uow, users, counters, outbox: outbox.store, signalled: () => signals, close: async () => undefined };
    },
  },
  ...(await databaseTargets()).map((target) => ({
    name: target.name,
    async open(): Promise<Backend> {
      const { handle, drop } = await target.make();
      await handle.migrate();
      await sql`create table uow_counters (name text primary key, value integer not null)`.execute(handle.db);
      const signal = inProcessOutboxSignal();
      let signals = 0;
      signal.subscribe(() => signals++);
      const uow = postgresUnitOfWork<TxPorts>(handle.db, (trx) => ({ users: postgresUsers(trx), counters: postgresCounters(trx) }), {
        events,
        notify: handle.kind === 'postgres',
        signal,
      });
      return { uow, users: postgresUsers(handle.db), counters: postgresCounters(handle.db), outbox: postgresOutboxStore(handle.db), signalled: () => signals, close: drop };
    },
  })),
];

const uniqueEmail = () => `member.${randomUUID().slice(0, 8)}@example.test`;

for (const backend of backends) {
  describe(`UnitOfWork [${backend.name}]`, () => {
    let b: Backend;
    beforeAll(async () => {
      b = await backend.open();
    });
    afterAll(async () => {
      await b.close();
    });

    const pendingFor = async (key: string) => (await b.outbox.list({ status: 'pending', limit: 1000 })).filter((row) => row.key === key);

    it('keeps the domain rows and the outbox row of a run that returns, and answers what the work answered', async () => {
      const email = uniqueEmail();
      const signalsBefore = b.signalled();
      const answer = await b.uow.run(async (tx) => {
        const { user } = await tx.users.createOrGet({ email, emailVerified: true, roles: ['MEMBER'] }, T0);
        const { id } = await tx.outbox.add(event(memberRegistered, user.id, { userId: user.id, email }));
        return { userId: user.id, eventId: id };
      });
      expect(await b.users.byId(answer.userId)).toMatchObject({ email });
      const rows = await pendingFor(answer.userId);
      expect(rows).toEqual([
        expect.objectContaining({ id: answer.eventId, type: 'test.member.registered', version: 1, key: answer.userId, payload: { userId: answer.userId, email }, status: 'pending', attempts: 0 }),
      ]);
      expect(b.signalled()).toBe(signalsBefore + 1);
    });

    it('undoes the domain rows and the outbox row of a run that throws, and rethrows its error', async () => {
      const email = uniqueEmail();
      let userId = '';
      const failure = new Error('the work changed its mind');
      const signalsBefore = b.signalled();
      await expect(
        b.uow.run(async (tx) => {
          const { user } = await tx.users.createOrGet({ email, emailVerified: true, roles: ['MEMBER'] }, T0);
          userId = user.id;
          await tx.users.update(user.id, { firstName: 'Ada' }, T0);
          await tx.outbox.add(event(memberRegistered, user.id, { userId: user.id, email }));
          await tx.counters.increment(`rollback-${email}`);
          throw failure;
        }),
      ).rejects.toBe(failure);
      expect(userId).not.toBe('');
      expect(await b.users.byEmail(email)).toBeNull();
      expect(await b.users.byId(userId)).toBeNull();
      expect(await pendingFor(userId)).toEqual([]);
      expect(await b.counters.value(`rollback-${email}`)).toBe(0);
      expect(b.signalled()).toBe(signalsBefore);
    });

    it('undoes an update of an existing row when the run throws', async () => {
      const email = uniqueEmail();
      const { user } = await b.users.createOrGet({ email, emailVerified: false, roles: ['MEMBER'] }, T0);
      await expect(
        b.uow.run(async (tx) => {
          await tx.users.update(user.id, { firstName: 'Changed', emailVerified: true }, new Date(T0.getTime() + 1000));
          throw new Error('abort');
        }),
      ).rejects.toThrow('abort');
      expect(await b.users.byId(user.id)).toEqual(user);
    });

    it('refuses an event of an unknown type or with a bad payload, and the run writes nothing', async () => {
      const email = uniqueEmail();
      await expect(
        b.uow.run(async (tx) => {
          await tx.users.createOrGet({ email, emailVerified: true, roles: ['MEMBER'] }, T0);
          await tx.outbox.add({ type: 'test.member.unheard-of', version: 1, key: email, payload: {} });
        }),
      ).rejects.toThrow(new EventRejected('No event test.member.unheard-of@1 is registered', 'unknown_event'));
      expect(await b.users.byEmail(email)).toBeNull();

      await expect(
        b.uow.run(async (tx) => {
          await tx.users.createOrGet({ email, emailVerified: true, roles: ['MEMBER'] }, T0);
          await tx.outbox.add({ type: 'test.member.registered', version: 1, key: email, payload: { userId: 'not-a-uuid', email } });
        }),
      ).rejects.toThrow(/^The payload of test\.member\.registered@1 is invalid: userId: /);
      await expect(b.uow.run((tx) => tx.outbox.add({ type: 'test.member.registered', version: 2, key: email, payload: {} }))).rejects.toThrow(EventRejected);
      expect(await b.users.byEmail(email)).toBeNull();
      expect(await pendingFor(email)).toEqual([]);
    });

    it('serialises concurrent runs that read then write one row: no update is lost', async () => {
      const name = `race-${randomUUID()}`;
      const runs = await Promise.all(Array.from({ length: 8 }, () => b.uow.run((tx) => tx.counters.increment(name))));
      expect(await b.counters.value(name)).toBe(8);
      expect(runs.sort((x, y) => x - y)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    });

    it('keeps a committed run while a concurrent one rolls back', async () => {
      const name = `mixed-${randomUUID()}`;
      const results = await Promise.allSettled([
        b.uow.run(async (tx) => {
          await tx.counters.increment(name);
          throw new Error('this one fails');
        }),
        b.uow.run((tx) => tx.counters.increment(name)),
        b.uow.run((tx) => tx.counters.increment(name)),
      ]);
      expect(results.map((r) => r.status)).toEqual(['rejected', 'fulfilled', 'fulfilled']);
      expect(await b.counters.value(name)).toBe(2);
    });

    it('joins a run inside a run: the inner throw undoes only its own writes', async () => {
      const kept = uniqueEmail();
      const undone = uniqueEmail();
      await b.uow.run(async (tx) => {
        await tx.users.createOrGet({ email: kept, emailVerified: true, roles: ['MEMBER'] }, T0);
        await expect(
          b.uow.run(async (inner) => {
            const { user } = await inner.users.createOrGet({ email: undone, emailVerified: true, roles: ['MEMBER'] }, T0);
            await inner.outbox.add(event(memberRegistered, user.id, { userId: user.id, email: undone }));
            throw new Error('inner');
          }),
        ).rejects.toThrow('inner');
        const again = await b.uow.run(async (inner) => (await inner.users.byEmail(kept))?.email);
        expect(again).toBe(kept);
      });
      expect(await b.users.byEmail(kept)).not.toBeNull();
      expect(await b.users.byEmail(undone)).toBeNull();
    });

    it('undoes an inner run that succeeded when the outer run throws', async () => {
      const email = uniqueEmail();
      await expect(
        b.uow.run(async () => {
          await b.uow.run((inner) => inner.users.createOrGet({ email, emailVerified: true, roles: ['MEMBER'] }, T0));
          throw new Error('outer');
        }),
      ).rejects.toThrow('outer');
      expect(await b.users.byEmail(email)).toBeNull();
    });

    it('marks an event processed once per consumer, and undoes the mark with its run', async () => {
      const eventId = 900_000 + Math.floor(Math.random() * 100_000);
      await expect(
        b.uow.run(async (tx) => {
          expect(await tx.processedEvents.markProcessed('test.consumer', eventId, T0)).toBe(true);
          throw new Error('the effect failed');
        }),
      ).rejects.toThrow('the effect failed');
      expect(await b.uow.run((tx) => tx.processedEvents.has('test.consumer', eventId))).toBe(false);
      expect(await b.uow.run((tx) => tx.processedEvents.markProcessed('test.consumer', eventId, T0))).toBe(true);
      expect(await b.uow.run((tx) => tx.processedEvents.markProcessed('test.consumer', eventId, T0))).toBe(false);
      expect(await b.uow.run((tx) => tx.processedEvents.markProcessed('test.other-consumer', eventId, T0))).toBe(true);
    });
  });
}

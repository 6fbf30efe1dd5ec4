/**
 * The outbox end to end on a real server: events written in units of work reach their typed jobs
 * (woken by the commit: the relay's poll here is 30 s, so nothing below waits for it), once in
 * effect; failures are counted on the row and parked after OUTBOX_MAX_ATTEMPTS for operators
 * (GET /api/admin/outbox, retry); two relays at once deliver each event once; and, on Redis,
 * 1,000 events survive the queue's data being flushed in the middle of delivery.
 */
import { randomUUID } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { inProcessOutboxSignal } from '../../adapters/memory/outbox';
import type { Database } from '../../adapters/postgres/schema';
import { createBullMqQueue } from '../../adapters/queue/bullmq-queue';
import { createInProcessQueue } from '../../adapters/queue/in-process-queue';
import { defineEvent, event } from '../../application/ports/outbox';
import type { UnitOfWork } from '../../application/ports/unit-of-work';
import { defineJob, withDeps, type JobEntry } from '../../workers/jobs/define';
import { runJobs, startWorkers, type RunningWorkers, type WorkerParts } from '../../workers/runtime';
import { ApiClient } from '../support/client';
import { redisUrlForTests } from '../support/infra';
import { signedIn } from '../support/members';
import { startTestServer, type TestServer } from '../support/server';

const noteAdded = defineEvent({ type: 'test.note.added', version: 1, payload: z.object({ note: z.string() }) });
const noteFlaky = defineEvent({ type: 'test.note.flaky', version: 1, payload: z.object({ note: z.string(), failures: z.number().int() }) });
const testEvents = [noteAdded, noteFlaky];

interface Effects {
  record(eventId: number, consumer: string, note: string): Promise<void>;
}
const effectsOn = (db: Kysely<Database>): Effects => ({
  async record(eventId, consumer, note) {
    await sql`insert into test_effects (event_id, consumer, note) values (${eventId}, ${consumer}, ${note})`.execute(db);
  },
});
type EffectDeps = { uow: UnitOfWork<{ effects: Effects }> };

/** The effect is not idempotent by itself (a row per run): the processed mark in the same transaction makes it happen once. */
async function recordOnce(deps: EffectDeps, consumer: string, eventId: number, note: string) {
  await deps.uow.run(async (tx) => {
    if (!(await tx.processedEvents.markProcessed(consumer, eventId, new Date()))) return;
    await tx.effects.record(eventId, consumer, note);
  });
}

const recordNote = defineJob({
  name: 'test.note.record',
  version: 1,
  payload: noteAdded.payload,
  on: noteAdded,
  concurrency: 10,
  async handler(deps: EffectDeps, payload, ctx) {
    await recordOnce(deps, 'test.note.record', ctx.event!.id, payload.note);
  },
});

const failuresSoFar = new Map<number, number>();
/** Fails `failures` times per event, then records it; `failures` >= 100 means "until the test says otherwise". */
let flakyFixed = false;
const recordFlaky = defineJob({
  name: 'test.note.flaky-record',
  version: 1,
  payload: noteFlaky.payload,
  on: noteFlaky,
  async handler(deps: EffectDeps, payload, ctx) {
    const id = ctx.event!.id;
    const failed = failuresSoFar.get(id) ?? 0;
    if (failed < payload.failures && !(payload.failures >= 100 && flakyFixed)) {
      failuresSoFar.set(id, failed + 1);
      throw new Error(`the CRM answered 503 (failure ${failed + 1})`);
    }
    await recordOnce(deps, 'test.note.flaky-record', id, payload.note);
  },
});

const testJobs = (deps: EffectDeps): JobEntry[] => [withDeps(recordNote, deps), withDeps(recordFlaky, deps)];

async function until(check: () => Promise<boolean>, ms = 15_000) {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 50));
  }
}

async function startOutboxServer(env: Record<string, string>) {
  const server = await startTestServer({ OUTBOX_POLL_MS: '30000', ...env }, { events: testEvents });
  await sql`create table test_effects (event_id bigint not null, consumer text not null, note text not null)`.execute(server.services.database.db);
  const deps: EffectDeps = { uow: server.services.unitOfWork((trx) => ({ effects: effectsOn(trx) })) };
  return { server, deps };
}

describe('the outbox on a server', () => {
  let server: TestServer;
  let deps: EffectDeps;
  let workers: RunningWorkers;
  beforeAll(async () => {
    ({ server, deps } = await startOutboxServer({ OUTBOX_MAX_ATTEMPTS: '3' }));
    workers = startWorkers(server.services, { jobs: () => testJobs(deps) });
    await workers.ready;
  });
  afterAll(async () => {
    await workers.stop();
    await server.close();
  });

  const db = () => server.services.database.db;
  const rowOf = (id: number) => db().selectFrom('outbox').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const effectsOf = async (id: number) => (await sql<{ consumer: string; note: string }>`select consumer, note from test_effects where event_id = ${id}`.execute(db())).rows;
  const writeFlaky = (key: string, payload: z.infer<typeof noteFlaky.payload>) => deps.uow.run((tx) => tx.outbox.add(event(noteFlaky, key, payload)));

  it('delivers an event written in a unit of work to its typed job once, woken by the commit, and marks it delivered', async () => {
    const { id } = await deps.uow.run(async (tx) => tx.outbox.add(event(noteAdded, 'note-1', { note: 'hello' })));
    await until(async () => (await rowOf(id)).status === 'delivered');
    expect(await effectsOf(id)).toEqual([{ consumer: 'test.note.record', note: 'hello' }]);
    expect(await rowOf(id)).toMatchObject({ status: 'delivered', attempts: 0, last_error: null, key: 'note-1', version: 1 });
  });

  it('counts failed attempts with the last error on the row, and delivers once the consumer succeeds', async () => {
    const { id } = await writeFlaky('flaky-1', { note: 'eventually', failures: 2 });
    await until(async () => (await rowOf(id)).attempts === 1);
    const between = await rowOf(id);
    expect(between).toMatchObject({ status: 'pending', last_error: 'test.note.flaky-record: the CRM answered 503 (failure 1)' });
    expect(between.next_attempt_at.getTime()).toBeGreaterThan(Date.now() - 1000);
    await until(async () => (await rowOf(id)).status === 'delivered');
    expect(await rowOf(id)).toMatchObject({ attempts: 2, last_error: null });
    expect(await effectsOf(id)).toEqual([{ consumer: 'test.note.flaky-record', note: 'eventually' }]);
  });

  it('parks an event after OUTBOX_MAX_ATTEMPTS, lists it for operators, and delivers it when retried', async () => {
    const { id } = await writeFlaky('flaky-2', { note: 'stubborn', failures: 100 });
    await until(async () => (await rowOf(id)).status === 'failed');
    expect(await rowOf(id)).toMatchObject({ attempts: 3, last_error: 'test.note.flaky-record: the CRM answered 503 (failure 3)' });
    expect(failuresSoFar.get(id)).toBe(3);

    const admin = await signedIn(server, ['ADMIN']);
    const listed = await admin.get('/api/admin/outbox?status=failed&limit=10');
    expect(listed.status).toBe(200);
    expect(listed.json).toMatchObject({ success: true, total: 1, nextBefore: null });
    expect(listed.json.events).toEqual([
      expect.objectContaining({ id, type: 'test.note.flaky', version: 1, key: 'flaky-2', status: 'failed', attempts: 3, payload: { note: 'stubborn', failures: 100 }, failedAt: expect.any(String) }),
    ]);
    expect((await admin.get('/api/admin/outbox')).json.events.map((e: { id: number }) => e.id)).toEqual([id]);

    const member = await signedIn(server);
    expect((await member.get('/api/admin/outbox')).status).toBe(403);
    expect((await member.post(`/api/admin/outbox/${id}/retry`, {})).status).toBe(403);
    expect((await new ApiClient(server.url).get('/api/admin/outbox')).status).toBe(401);
    const bad = await admin.get('/api/admin/outbox?status=lost');
    expect(bad.status).toBe(400);
    expect(bad.json).toMatchObject({ success: false, code: 'VALIDATION_ERROR', message: 'Status must be one of pending, delivered, failed' });

    flakyFixed = true;
    const retried = await admin.post(`/api/admin/outbox/${id}/retry`, {});
    expect(retried.status).toBe(200);
    expect(retried.json.event).toMatchObject({ id, status: 'pending', attempts: 0 });
    await until(async () => (await rowOf(id)).status === 'delivered');
    expect(await effectsOf(id)).toEqual([{ consumer: 'test.note.flaky-record', note: 'stubborn' }]);
    const again = await admin.post(`/api/admin/outbox/${id}/retry`, {});
    expect(again.status).toBe(409);
    expect(again.json.code).toBe('OUTBOX_EVENT_NOT_FAILED');
    expect((await admin.post('/api/admin/outbox/999999999/retry', {})).status).toBe(404);
  });

  it('parks at once an event whose payload its schema refuses at delivery, with the schema\'s message', async () => {
    const { id } = await db().insertInto('outbox').values({ type: 'test.note.added', version: 1, key: 'bad', payload: JSON.stringify({ note: 42 }) }).returning('id').executeTakeFirstOrThrow();
    server.services.outbox.signal.notify();
    await until(async () => (await rowOf(id)).status === 'failed');
    const row = await rowOf(id);
    expect(row.attempts).toBe(1);
    expect(row.last_error).toMatch(/^test\.note\.record: The payload of test\.note\.added@1 is invalid: note: /);
    expect(await effectsOf(id)).toEqual([]);
  });

  it('keeps an event of a type this release does not know pending, an attempt counted, for a later release to deliver', async () => {
    const { id } = await db().insertInto('outbox').values({ type: 'test.unknown', payload: JSON.stringify({ note: 'later' }) }).returning('id').executeTakeFirstOrThrow();
    server.services.outbox.signal.notify();
    await until(async () => (await rowOf(id)).attempts > 0);
    await new Promise((r) => setTimeout(r, 300));
    const row = await rowOf(id);
    expect(row.delivered_at).toBeNull();
    expect(row.status).toBe('pending');
    expect(row.last_error).toBe('No event test.unknown@1 is registered in this release');
    expect(row.next_attempt_at.getTime()).toBeGreaterThan(Date.now());
  });

  it('delivers an operator\'s ping through the product\'s own consumer', async () => {
    const admin = await signedIn(server, ['ADMIN']);
    const ping = await admin.post('/api/admin/outbox/ping', { note: 'canary' });
    expect(ping.status).toBe(202);
    const id = ping.json.eventId as number;
    await until(async () => (await rowOf(id)).status === 'delivered');
    expect(await server.services.outbox.processedEvents.has('ops.outbox.ping-answer', id)).toBe(true);
  });

  it('delivers each event once in effect when two relays claim at once', async () => {
    // A second worker on the same database with its own queue and no wake-up from commits: it finds rows by polling, often.
    const second = runJobs(
      {
        queue: createInProcessQueue({ onFailure: () => undefined }),
        clock: server.services.clock,
        events: server.services.outbox.events,
        outbox: server.services.outbox.store,
        processedEvents: server.services.outbox.processedEvents,
        signal: inProcessOutboxSignal(),
        settings: { maxAttempts: 3, leaseMs: 60_000, pollMs: 20, graceMs: 5000, batchSize: 7 },
        log: () => undefined,
      } satisfies WorkerParts,
      testJobs(deps),
    );
    try {
      const ids: number[] = [];
      for (let batch = 0; batch < 20; batch++) {
        const added = await deps.uow.run(async (tx) => {
          const out: number[] = [];
          for (let n = 0; n < 10; n++) out.push((await tx.outbox.add(event(noteAdded, `pair-${batch}`, { note: `${batch}.${n}` }))).id);
          return out;
        });
        ids.push(...added);
      }
      await until(async () => {
        const { rows } = await sql<{ n: number }>`select count(*)::int as n from outbox where id = any(${ids}) and status = 'delivered'`.execute(db());
        return rows[0]!.n === ids.length;
      }, 30_000);
      const { rows } = await sql<{ event_id: number; runs: number }>`select event_id, count(*)::int as runs from test_effects where event_id = any(${ids}) group by event_id`.execute(db());
      expect(rows).toHaveLength(200);
      expect(rows.every((row) => row.runs === 1)).toBe(true);
    } finally {
      await second.stop();
    }
  });
});

const redisUrl = await redisUrlForTests();
if (redisUrl) {
  describe('the outbox through BullMQ when the queue\'s Redis data is lost mid-delivery', () => {
    let server: TestServer;
    let deps: EffectDeps;
    let workers: RunningWorkers;
    const prefix = `test-outbox:${randomUUID()}`;
    beforeAll(async () => {
      ({ server, deps } = await startOutboxServer({}));
    });
    afterAll(async () => {
      await workers?.stop();
      await deleteKeys(redisUrl, prefix);
      await server.close();
    });

    it('handles 1,000 events in effect once each, the lost jobs queued again after their lease', async () => {
      let handled = 0;
      const counting = defineJob({
        name: 'test.note.count',
        version: 1,
        payload: noteAdded.payload,
        on: noteAdded,
        concurrency: 20,
        async handler(d: EffectDeps, payload, ctx) {
          await recordOnce(d, 'test.note.count', ctx.event!.id, payload.note);
          handled++;
        },
      });
      workers = runJobs(
        {
          queue: createBullMqQueue({ redisUrl, prefix, onFailure: () => undefined, onError: () => undefined }),
          clock: server.services.clock,
          events: server.services.outbox.events,
          outbox: server.services.outbox.store,
          processedEvents: server.services.outbox.processedEvents,
          signal: server.services.outbox.signal,
          settings: { maxAttempts: 10, leaseMs: 2_000, pollMs: 500, graceMs: 5000 },
          log: () => undefined,
        },
        [withDeps(counting, deps)],
      );
      const writing = (async () => {
        for (let batch = 0; batch < 100; batch++) {
          await deps.uow.run(async (tx) => {
            for (let n = 0; n < 10; n++) await tx.outbox.add(event(noteAdded, `bulk-${batch}`, { note: `${batch}.${n}` }));
          });
        }
      })();
      await until(async () => handled >= 200, 60_000);
      const flushed = await deleteKeys(redisUrl, prefix);
      expect(flushed).toBeGreaterThan(0);
      await writing;
      const db = server.services.database.db;
      await until(async () => (await sql<{ n: number }>`select count(*)::int as n from outbox where status = 'delivered'`.execute(db)).rows[0]!.n === 1000, 120_000);
      const { rows } = await sql<{ events: number; runs: number }>`select count(distinct event_id)::int as events, count(*)::int as runs from test_effects`.execute(db);
      expect(rows[0]).toEqual({ events: 1000, runs: 1000 });
      const pending = await sql<{ n: number }>`select count(*)::int as n from outbox where status <> 'delivered'`.execute(db);
      expect(pending.rows[0]!.n).toBe(0);
    }, 180_000);
  });
}

/**
 * Deletes this test's BullMQ keys only (other suites share the Redis), at one instant, as a Redis
 * that lost its data would: one Lua script, which Redis runs atomically. (Deleting by SCAN and DEL
 * while BullMQ works leaves the jobs written between two steps half there, which no real loss does.)
 * Answers how many keys went.
 */
async function deleteKeys(url: string, prefix: string): Promise<number> {
  const redis = new Redis(url);
  try {
    const script = "local keys = redis.call('KEYS', ARGV[1]) for i = 1, #keys, 5000 do redis.call('DEL', unpack(keys, i, math.min(i + 4999, #keys))) end return #keys";
    return Number(await redis.eval(script, 0, `${prefix}:*`));
  } finally {
    await redis.quit();
  }
}

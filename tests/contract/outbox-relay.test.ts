/**
 * The outbox relay and delivery (workers/outbox/relay.ts, delivery.ts) on the memory outbox, with
 * the in-process queue and BullMQ (Redis): a claimed batch goes to each consumer's queue in one
 * enqueueMany, only to the consumers that have not processed each event, each job carrying its
 * row; the relay keeps claiming while a batch is still being queued; a retry is claimed when it
 * falls due on the relay's clock; and a job queued with the event id alone (by an earlier
 * release) still reads its row and delivers it. The end-to-end
 * guarantees on PostgreSQL are in tests/api/outbox.test.ts.
 */
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { Redis } from 'ioredis';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { inProcessOutboxSignal, memoryOutbox, type MemoryOutbox } from '../../adapters/memory/outbox';
import { createBullMqQueue } from '../../adapters/queue/bullmq-queue';
import { createInProcessQueue } from '../../adapters/queue/in-process-queue';
import type { EnqueuedJob, JobQueue } from '../../application/ports/job-queue';
import { defineEvent, event, eventRegistry } from '../../application/ports/outbox';
import { defineJob, queueNameOf, withDeps, type DeliveredEvent } from '../../workers/jobs/define';
import { outboxJobId } from '../../workers/outbox/delivery';
import { runJobs, type RunningWorkers } from '../../workers/runtime';
import { redisUrlForTests } from '../support/infra';

const parcelSent = defineEvent({ type: 'test.parcel.sent', version: 1, payload: z.object({ parcel: z.string() }) });
const events = eventRegistry([parcelSent]);

interface Seen {
  runs: { consumer: string; parcel: string; event: DeliveredEvent }[];
}
const consumer = (name: string) =>
  defineJob({
    name,
    version: 1,
    payload: parcelSent.payload,
    on: parcelSent,
    concurrency: 5,
    async handler(deps: Seen, payload, ctx) {
      deps.runs.push({ consumer: name, parcel: payload.parcel, event: ctx.event! });
    },
  });
const tracking = consumer('test.parcel.track');
const mailing = consumer('test.parcel.mail');

const redisUrl = await redisUrlForTests();
const prefix = `test-relay:${randomUUID()}`;
const backends: { name: string; queue(): JobQueue }[] = [
  { name: 'in-process', queue: () => createInProcessQueue({ onFailure: () => undefined }) },
  ...(redisUrl ? [{ name: 'bullmq', queue: () => createBullMqQueue({ redisUrl, prefix: `${prefix}:${randomUUID().slice(0, 8)}`, onFailure: () => undefined }) }] : []),
];

async function waitFor(condition: () => boolean | Promise<boolean>, ms = 10_000) {
  const deadline = Date.now() + ms;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error('timed out');
    await sleep(20);
  }
}

/** A queue that records each enqueueMany and holds those with a job id `hold` names until released. */
function recording(queue: JobQueue, hold?: string) {
  const calls: { name: string; jobIds: (string | undefined)[] }[] = [];
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  const wrapped: JobQueue = {
    ...queue,
    enqueue: (name, payload, options) => queue.enqueue(name, payload, options),
    process: (name, handler, options) => queue.process(name, handler, options),
    schedule: (name, schedule, options) => queue.schedule(name, schedule, options),
    close: (options) => queue.close(options),
    async enqueueMany(name: string, jobs: readonly EnqueuedJob[]) {
      calls.push({ name, jobIds: jobs.map((job) => job.options?.jobId) });
      if (hold !== undefined && jobs.some((job) => job.options?.jobId === hold)) await held;
      await queue.enqueueMany(name, jobs);
    },
  };
  return { queue: wrapped, calls, release };
}

for (const backend of backends) {
  describe(`outbox relay [${backend.name}]`, () => {
    let workers: RunningWorkers | undefined;
    afterEach(async () => {
      await workers?.stop();
      workers = undefined;
      if (redisUrl && backend.name === 'bullmq') await deleteKeys(redisUrl, prefix);
    });

    function start(queue: JobQueue, outbox: MemoryOutbox, seen: Seen, signal = inProcessOutboxSignal()) {
      workers = runJobs(
        {
          queue,
          clock: { now: () => new Date() },
          events,
          outbox: outbox.store,
          processedEvents: outbox.processedEvents,
          signal,
          settings: { maxAttempts: 3, leaseMs: 60_000, pollMs: 60_000, graceMs: 5000 },
          log: () => undefined,
        },
        [withDeps(tracking, seen), withDeps(mailing, seen)],
      );
      return signal;
    }
    const add = async (outbox: MemoryOutbox, parcel: string) => (await outbox.writer.add(event(parcelSent, parcel, { parcel }))).id;
    const statusOf = async (outbox: MemoryOutbox, id: number) => (await outbox.store.byId(id))!.status;

    it('queues a claimed batch in one enqueueMany per consumer, only to the consumers that have not processed each event, and delivers every row', async () => {
      const outbox = memoryOutbox({ events });
      const ids = [await add(outbox, 'p-1'), await add(outbox, 'p-2'), await add(outbox, 'p-3')];
      // p-1 was handled by the tracking consumer before (a delivery whose outcome was not recorded); p-3 by both.
      await outbox.processedEvents.markProcessed('test.parcel.track', ids[0]!, new Date());
      await outbox.processedEvents.markProcessed('test.parcel.track', ids[2]!, new Date());
      await outbox.processedEvents.markProcessed('test.parcel.mail', ids[2]!, new Date());
      const seen: Seen = { runs: [] };
      const { queue, calls } = recording(backend.queue());
      start(queue, outbox, seen);
      await waitFor(async () => (await Promise.all(ids.map((id) => statusOf(outbox, id)))).every((status) => status === 'delivered'));
      await sleep(200);
      expect(seen.runs.map((run) => `${run.consumer} ${run.parcel}`).sort()).toEqual(['test.parcel.mail p-1', 'test.parcel.mail p-2', 'test.parcel.track p-2']);
      expect(calls.sort((a, b) => a.name.localeCompare(b.name))).toEqual([
        { name: queueNameOf(mailing), jobIds: [outboxJobId(ids[0]!), outboxJobId(ids[1]!)] },
        { name: queueNameOf(tracking), jobIds: [outboxJobId(ids[1]!)] },
      ]);
      const run = seen.runs.find((r) => r.parcel === 'p-2')!;
      expect(run.event).toEqual({ id: ids[1], type: 'test.parcel.sent', version: 1, key: 'p-2', createdAt: (await outbox.store.byId(ids[1]!))!.createdAt });
    });

    it('claims and queues a new event while an earlier batch is still being queued', async () => {
      const outbox = memoryOutbox({ events });
      const first = await add(outbox, 'slow');
      const seen: Seen = { runs: [] };
      const { queue, calls, release } = recording(backend.queue(), outboxJobId(first));
      try {
        const signal = start(queue, outbox, seen);
        await waitFor(() => calls.length === 2);
        const second = await add(outbox, 'quick');
        signal.notify();
        await waitFor(async () => (await statusOf(outbox, second)) === 'delivered');
        expect(seen.runs.map((run) => `${run.consumer} ${run.parcel}`).sort()).toEqual(['test.parcel.mail quick', 'test.parcel.track quick']);
      } finally {
        release();
      }
      await waitFor(async () => (await statusOf(outbox, first)) === 'delivered');
      expect(seen.runs.filter((run) => run.parcel === 'slow')).toHaveLength(2);
    });

    it('claims a retry when it falls due on the relay\'s clock, though that clock is not the timers\' (here it runs behind them)', async () => {
      // The relay's clock runs 30 ms behind the timers' (any clock but Date's may; libuv's is up to 1 ms off Date's).
      const clock = { now: () => new Date(Date.now() - 30) };
      const outbox = memoryOutbox({ events, clock });
      const seen: Seen = { runs: [] };
      let failures = 0;
      const flaky = defineJob({
        name: 'test.parcel.flaky-carrier',
        version: 1,
        payload: parcelSent.payload,
        on: parcelSent,
        async handler(deps: Seen, payload, ctx) {
          if (failures++ === 0) throw new Error('carrier timeout');
          deps.runs.push({ consumer: 'flaky', parcel: payload.parcel, event: ctx.event! });
        },
      });
      const signal = inProcessOutboxSignal();
      workers = runJobs(
        {
          queue: backend.queue(),
          clock,
          events,
          outbox: outbox.store,
          processedEvents: outbox.processedEvents,
          signal,
          // The poll would find the retry only after a minute.
          settings: { maxAttempts: 3, leaseMs: 60_000, pollMs: 60_000, graceMs: 5000, backoffMs: 100 },
          log: () => undefined,
        },
        [withDeps(flaky, seen)],
      );
      const id = (await outbox.writer.add(event(parcelSent, 'retried', { parcel: 'retried' }))).id;
      signal.notify();
      await waitFor(async () => (await statusOf(outbox, id)) === 'delivered', 5000);
      expect(failures).toBe(2);
      expect(seen.runs.map((run) => run.parcel)).toEqual(['retried']);
      expect(await outbox.store.byId(id)).toMatchObject({ attempts: 1, lastError: null });
    });

    it('delivers a job queued with the event id alone (an earlier release\'s), reading its row first', async () => {
      const outbox = memoryOutbox({ events });
      const id = await add(outbox, 'legacy');
      // Claimed by an earlier release's relay: leased, so this relay leaves it to the job below.
      expect(await outbox.store.claim({ now: new Date(), limit: 10, leaseMs: 60_000 })).toHaveLength(1);
      const seen: Seen = { runs: [] };
      const queue = backend.queue();
      start(queue, outbox, seen);
      await queue.enqueue(queueNameOf(tracking), { eventId: id }, { jobId: outboxJobId(id), attempts: 1, dedupe: 'while-queued' });
      await queue.enqueue(queueNameOf(mailing), { eventId: id }, { jobId: outboxJobId(id), attempts: 1, dedupe: 'while-queued' });
      await waitFor(async () => (await statusOf(outbox, id)) === 'delivered');
      expect(seen.runs.map((run) => `${run.consumer} ${run.parcel} ${run.event.key}`).sort()).toEqual(['test.parcel.mail legacy legacy', 'test.parcel.track legacy legacy']);
      // A late one for a delivered row does nothing.
      await queue.enqueue(queueNameOf(tracking), { eventId: id }, { jobId: `${outboxJobId(id)}-late`, attempts: 1 });
      await sleep(300);
      expect(seen.runs).toHaveLength(2);
    });
  });
}

async function deleteKeys(url: string, keyPrefix: string) {
  const redis = new Redis(url);
  let cursor = '0';
  do {
    const [next, keys] = await redis.scan(cursor, 'MATCH', `${keyPrefix}:*`, 'COUNT', 1000);
    if (keys.length > 0) await redis.del(...keys);
    cursor = next;
  } while (cursor !== '0');
  await redis.quit();
}

/**
 * A worker process for tests/api/jobs-process.test.ts: the real runtime (runJobs) and shutdown
 * (stopOnSignals) of main/worker.ts, with one slow test job on BullMQ, so a test can SIGTERM or
 * kill -9 it while jobs run. Each job writes `started` and `done` marks (its id and this pid)
 * to Redis lists under JOB_PREFIX, what the test reads. Prints "ready" when it takes jobs.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { Redis } from 'ioredis';
import { z } from 'zod';
import { inProcessOutboxSignal, memoryOutbox } from '../../adapters/memory/outbox';
import { createBullMqQueue } from '../../adapters/queue/bullmq-queue';
import { eventRegistry } from '../../application/ports/outbox';
import { defineJob, withDeps } from '../../workers/jobs/define';
import { runJobs } from '../../workers/runtime';
import { stopOnSignals } from '../../workers/shutdown';

const env = process.env;
const redisUrl = env.REDIS_URL!;
const prefix = env.JOB_PREFIX!;
const marks = new Redis(redisUrl);

export const slowWork = defineJob({
  name: 'test.slow.work',
  version: 1,
  payload: z.object({ n: z.number() }),
  concurrency: Number(env.JOB_CONCURRENCY ?? 3),
  retry: { attempts: 1 },
  async handler(deps: { marks: Redis; ms: number }, payload, ctx) {
    await deps.marks.rpush(`${prefix}:marks:started`, `${ctx.jobId} ${process.pid}`);
    await sleep(deps.ms);
    await deps.marks.rpush(`${prefix}:marks:done`, `${ctx.jobId} ${process.pid} ${payload.n}`);
  },
});

const queue = createBullMqQueue({
  redisUrl,
  prefix,
  lockDurationMs: Number(env.LOCK_MS ?? 30_000),
  stalledIntervalMs: Number(env.STALLED_MS ?? 30_000),
  onFailure: (failure) => console.error(`job failed: ${failure.jobId} ${String(failure.error)}`),
});
const outbox = memoryOutbox({ events: eventRegistry([]) });
const graceMs = Number(env.SHUTDOWN_GRACE_MS ?? 10_000);
const workers = runJobs(
  {
    queue,
    clock: { now: () => new Date() },
    events: eventRegistry([]),
    outbox: outbox.store,
    processedEvents: outbox.processedEvents,
    signal: inProcessOutboxSignal(),
    settings: { maxAttempts: 3, leaseMs: 60_000, pollMs: 60_000, graceMs },
    log: (level, fields, message) => console.error(`${level} ${message} ${JSON.stringify(fields)}`),
  },
  [withDeps(slowWork, { marks, ms: Number(env.JOB_MS ?? 1500) })],
);
await workers.ready;
stopOnSignals(
  async () => {
    await workers.stop();
    await marks.quit();
  },
  { graceMs, log: (message) => console.error(message) },
);
console.log('ready');

/**
 * The jobs benchmark (bench/README.md, `BENCH_PARTS=jobs`):
 *
 * 1. Outbox latency: events written in units of work at a steady rate (100 per second), each
 *    timed from just before its transaction to the start of its consumer's handler: commit, the
 *    relay's wake-up, the claim, the queue, the delivery job's reads. On PostgreSQL the relay is
 *    woken only by LISTEN/NOTIFY (its in-process signal is not shared with the writer), the path
 *    a separate worker process takes, and the relay and deliveries use a pool of their own, as
 *    a worker process does; on PGlite by the in-process signal (one process). Each event is also
 *    timed from the end of its commit, the part the relay and the queue add.
 * 2. Queue throughput: no-op jobs, queued beforehand, run by one worker at concurrency 50 on one
 *    Redis (BullMQ), from the first job to the last; and the same on the in-process queue.
 *
 * The writer, the relay and the workers share this process's event loop; the 2 cores are shared
 * with PostgreSQL, Redis and whatever else runs: the figures are noisy.
 */
import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { Redis } from 'ioredis';
import pg from 'pg';
import { z } from 'zod';
import { inProcessOutboxSignal } from '../adapters/memory/outbox';
import { createDatabase, type DatabaseHandle } from '../adapters/postgres/database';
import { postgresOutboxStore, postgresProcessedEvents } from '../adapters/postgres/outbox';
import { postgresUnitOfWork } from '../adapters/postgres/unit-of-work';
import { createBullMqQueue } from '../adapters/queue/bullmq-queue';
import { createInProcessQueue } from '../adapters/queue/in-process-queue';
import type { JobQueue } from '../application/ports/job-queue';
import { defineEvent, event, eventRegistry } from '../application/ports/outbox';
import { defineJob, withDeps } from '../workers/jobs/define';
import { runJobs } from '../workers/runtime';

export interface JobsBenchOptions {
  databaseUrl: string | undefined;
  redisUrl: string | undefined;
  seconds: number;
  /** Events per second written (default 100). */
  rate?: number;
  /** No-op jobs per throughput row (default 20,000). */
  jobs?: number;
  log(line: string): void;
}

const benchPing = defineEvent({ type: 'bench.outbox.ping', version: 1, payload: z.object({ sentAt: z.number() }) });
const percentile = (sorted: number[], p: number) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]! : NaN);
const round = (n: number) => Math.round(n * 10) / 10;

async function adminQuery(serverUrl: string, text: string) {
  const url = new URL(serverUrl);
  url.pathname = '/postgres';
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

async function deleteKeys(redisUrl: string, prefix: string) {
  const redis = new Redis(redisUrl);
  let cursor = '0';
  do {
    const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}:*`, 'COUNT', 1000);
    if (keys.length > 0) await redis.del(...keys);
    cursor = next;
  } while (cursor !== '0');
  await redis.quit();
}

interface LatencyRow {
  database: string;
  queue: string;
  events: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  /** From the end of the writer's commit (as the writer saw it) to the handler. */
  afterCommitP99: number;
}

async function outboxLatency(handle: DatabaseHandle, databaseUrl: string | undefined, queue: JobQueue, queueName: string, o: JobsBenchOptions): Promise<LatencyRow> {
  const events = eventRegistry([benchPing]);
  const writerSignal = inProcessOutboxSignal();
  const uow = postgresUnitOfWork(handle.db, () => ({}), { events, notify: handle.kind === 'postgres', signal: writerSignal });
  const latencies: number[] = [];
  const handledAt = new Map<number, number>();
  const committedAt = new Map<number, number>();
  const consumer = defineJob({
    name: 'bench.outbox.measure',
    version: 1,
    payload: benchPing.payload,
    on: benchPing,
    concurrency: 20,
    async handler(_deps: object, payload, ctx) {
      const at = performance.timeOrigin + performance.now();
      latencies.push(at - payload.sentAt);
      handledAt.set(ctx.event!.id, at);
    },
  });
  // A worker process has its own pool: the writer's transactions do not queue the relay's claims or the deliveries' statements.
  const workerHandle = handle.kind === 'postgres' && databaseUrl ? createDatabase({ kind: 'postgres', url: databaseUrl, poolSize: 10 }) : handle;
  const workerDb = workerHandle.db;
  const workers = runJobs(
    {
      queue,
      clock: { now: () => new Date() },
      events,
      outbox: postgresOutboxStore(workerDb),
      processedEvents: postgresProcessedEvents(workerDb),
      // On PostgreSQL the relay hears commits only through LISTEN/NOTIFY, as a worker process does.
      signal: handle.kind === 'postgres' ? inProcessOutboxSignal() : writerSignal,
      ...(handle.kind === 'postgres' && databaseUrl ? { listenUrl: databaseUrl } : {}),
      settings: { maxAttempts: 10, leaseMs: 60_000, pollMs: 1_000, graceMs: 10_000 },
      log: (level, fields, message) => {
        if (level !== 'info') o.log(`${level}: ${message} ${JSON.stringify(fields)}`);
      },
    },
    [withDeps(consumer, {})],
  );
  await workers.ready;
  await sleep(500);
  const rate = o.rate ?? 100;
  const total = rate * o.seconds;
  const started = performance.now();
  const writes: Promise<unknown>[] = [];
  for (let n = 0; n < total; n++) {
    const due = started + (n * 1000) / rate;
    const wait = due - performance.now();
    if (wait > 0) await sleep(wait);
    const sentAt = performance.timeOrigin + performance.now();
    writes.push(uow.run((tx) => tx.outbox.add(event(benchPing, `bench-${n}`, { sentAt }))).then(({ id }) => committedAt.set(id, performance.timeOrigin + performance.now())));
  }
  await Promise.all(writes);
  const deadline = Date.now() + 30_000;
  while (latencies.length < total && Date.now() < deadline) await sleep(20);
  await workers.stop();
  if (workerHandle !== handle) await workerHandle.close();
  const sorted = [...latencies].sort((a, b) => a - b);
  const sortedAfterCommit = [...handledAt].map(([id, at]) => at - committedAt.get(id)!).sort((a, b) => a - b);
  return {
    database: handle.kind === 'postgres' ? 'PostgreSQL' : 'PGlite',
    queue: queueName,
    events: latencies.length,
    p50: round(percentile(sorted, 50)),
    p95: round(percentile(sorted, 95)),
    p99: round(percentile(sorted, 99)),
    max: round(sorted.at(-1) ?? NaN),
    afterCommitP99: round(percentile(sortedAfterCommit, 99)),
  };
}

async function noOpThroughput(queue: JobQueue, count: number): Promise<{ perSecond: number; enqueuedPerSecond: number }> {
  const enqueueStart = performance.now();
  for (let n = 0; n < count; n += 500) {
    await Promise.all(Array.from({ length: Math.min(500, count - n) }, (_, i) => queue.enqueue('bench.noop', { n: n + i }, { attempts: 1 })));
  }
  const enqueueMs = performance.now() - enqueueStart;
  let done = 0;
  let first = 0;
  let finished!: () => void;
  const all = new Promise<void>((resolve) => (finished = resolve));
  queue.process(
    'bench.noop',
    async () => {
      if (done === 0) first = performance.now();
      if (++done === count) finished();
    },
    { concurrency: 50 },
  );
  await all;
  const ms = performance.now() - first;
  return { perSecond: Math.round((count / ms) * 1000), enqueuedPerSecond: Math.round((count / enqueueMs) * 1000) };
}

export async function jobsBench(o: JobsBenchOptions): Promise<string[]> {
  const prefix = `bench-jobs:${randomBytes(4).toString('hex')}`;
  const latencyRows: LatencyRow[] = [];
  const throughputRows: { queue: string; perSecond: number; enqueuedPerSecond: number }[] = [];
  const jobs = o.jobs ?? 20_000;

  let handle: DatabaseHandle;
  let drop = async () => undefined as void;
  let dbUrl: string | undefined;
  if (o.databaseUrl) {
    const name = `olp_bench_jobs_${randomBytes(4).toString('hex')}`;
    await adminQuery(o.databaseUrl, `create database ${name}`);
    const url = new URL(o.databaseUrl);
    url.pathname = `/${name}`;
    dbUrl = url.toString();
    handle = createDatabase({ kind: 'postgres', url: dbUrl, poolSize: 10 });
    drop = () => adminQuery(o.databaseUrl!, `drop database if exists ${name} with (force)`);
  } else {
    handle = createDatabase({ kind: 'embedded' });
  }
  try {
    await handle.migrate();
    if (o.redisUrl) {
      o.log(`outbox latency: ${o.rate ?? 100} events/s for ${o.seconds} s, BullMQ`);
      const queue = createBullMqQueue({ redisUrl: o.redisUrl, prefix: `${prefix}:latency` });
      latencyRows.push(await outboxLatency(handle, dbUrl, queue, 'BullMQ (Redis)', o));
    }
    o.log(`outbox latency: ${o.rate ?? 100} events/s for ${o.seconds} s, in-process queue`);
    latencyRows.push(await outboxLatency(handle, dbUrl, createInProcessQueue(), 'in-process', o));
  } finally {
    await handle.close();
    await drop();
  }

  if (o.redisUrl) {
    o.log(`no-op jobs: ${jobs} at concurrency 50, BullMQ`);
    const queue = createBullMqQueue({ redisUrl: o.redisUrl, prefix: `${prefix}:noop` });
    try {
      throughputRows.push({ queue: 'BullMQ (one Redis, one worker process)', ...(await noOpThroughput(queue, jobs)) });
    } finally {
      await queue.close();
    }
  }
  o.log(`no-op jobs: ${jobs} at concurrency 50, in-process`);
  const inProcess = createInProcessQueue();
  throughputRows.push({ queue: 'in-process', ...(await noOpThroughput(inProcess, jobs)) });
  await inProcess.close();
  if (o.redisUrl) await deleteKeys(o.redisUrl, prefix);

  const bull = throughputRows.find((row) => row.queue.startsWith('BullMQ'));
  const bullLatency = latencyRows.find((row) => row.queue.startsWith('BullMQ'));
  return [
    `# Jobs benchmark ${new Date().toISOString()}`,
    '',
    `Outbox: ${o.rate ?? 100} events/s for ${o.seconds} s, each timed from just before its transaction to its consumer's handler (the last column from the end of its commit: the relay's and the queue's share). Jobs: ${jobs.toLocaleString('en-US')} no-op jobs queued beforehand, then run by one worker at concurrency 50. One process for writer, relay and workers; 2 cores shared with PostgreSQL, Redis and other work, so the figures are noisy.`,
    '',
    '| outbox row | events handled | p50 ms | p95 ms | p99 ms | max ms | p99 ms after the commit |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: |',
    ...latencyRows.map((r) => `| ${r.database} + ${r.queue} | ${r.events} | ${r.p50} | ${r.p95} | ${r.p99} | ${r.max} | ${r.afterCommitP99} |`),
    '',
    '| queue | no-op jobs/s (concurrency 50) | enqueued/s (500 at a time) |',
    '| --- | ---: | ---: |',
    ...throughputRows.map((r) => `| ${r.queue} | ${r.perSecond} | ${r.enqueuedPerSecond} |`),
    '',
    bullLatency ? `- Outbox write-to-handler p99 on ${bullLatency.database} + BullMQ: **${bullLatency.p99} ms** (aim < 100 ms: ${bullLatency.p99 < 100 ? 'met' : 'NOT met'}).` : '- No Redis: the BullMQ rows were not measured.',
    bull ? `- No-op jobs on one Redis at concurrency 50: **${bull.perSecond} jobs/s** (aim >= 1,000: ${bull.perSecond >= 1000 ? 'met' : 'NOT met'}).` : '',
  ];
}

/**
 * The JobQueue on BullMQ: one BullMQ queue per job name, under the key prefix given. Jobs live in
 * Redis, so any number of API processes enqueue and any number of worker processes run them.
 */
import { Queue, Worker, type Job } from 'bullmq';
import { Redis } from 'ioredis';
import {
  DEFAULT_JOB_BACKOFF_MS,
  JOB_ID_RETENTION_MS,
  checkJobName,
  checkedJob,
  type EnqueueOptions,
  type JobFailure,
  type JobHandler,
  type JobQueue,
  type ProcessOptions,
} from '../../application/ports/job-queue';

export interface BullMqQueueOptions {
  redisUrl: string;
  /** BullMQ's key prefix: every key of these queues starts with `${prefix}:`. */
  prefix: string;
  /** The wait before the first retry; each later retry waits twice the one before. */
  backoffMs?: number;
  /** Told of every failed run; by default final failures are written to stderr. */
  onFailure?: (failure: JobFailure) => void;
  /** Told of connection errors; by default they are written to stderr. */
  onError?: (error: Error) => void;
}

/** Finished jobs, completed or failed, are kept as long as their id de-duplicates, then removed. */
const KEEP_FINISHED = { age: JOB_ID_RETENTION_MS / 1000 };

/**
 * BullMQ refuses custom ids that hold `:` or look like integers, and numbers its own ids: a
 * caller's id is stored percent-encoded behind `k-`, which neither rule nor BullMQ's ids can meet.
 */
const toBullId = (jobId: string) => `k-${encodeURIComponent(jobId)}`;
const fromBullId = (id: string | undefined) => (id?.startsWith('k-') ? decodeURIComponent(id.slice(2)) : (id ?? ''));

export function createBullMqQueue(options: BullMqQueueOptions): JobQueue {
  const { redisUrl, prefix } = options;
  const backoffMs = options.backoffMs ?? DEFAULT_JOB_BACKOFF_MS;
  const onFailure = options.onFailure ?? reportFinalFailure;
  const onError = options.onError ?? ((error: Error) => console.error(`job queue connection error: ${error.message}`));
  // Producers share one connection that gives up on a command after a few reconnects, so an
  // enqueue during an outage fails instead of hanging. Workers block on Redis and need their own
  // connections with no such limit (BullMQ requires maxRetriesPerRequest: null).
  let producer: Redis | undefined;
  const queues = new Map<string, Queue>();
  const workers = new Map<string, Worker>();
  let closed = false;

  function queue(name: string): Queue {
    let found = queues.get(name);
    if (!found) {
      if (!producer) {
        producer = new Redis(redisUrl, { maxRetriesPerRequest: 3 });
        producer.on('error', onError);
      }
      found = new Queue(name, { connection: producer, prefix });
      found.on('error', onError);
      queues.set(name, found);
    }
    return found;
  }

  return {
    async enqueue(name: string, payload: unknown, enqueueOptions?: EnqueueOptions) {
      if (closed) throw new Error('The job queue is closed');
      const { attempts, delayMs, jobId } = checkedJob(name, enqueueOptions);
      // A job with an id already in Redis (waiting, delayed, active, or kept after finishing) is
      // not added again: BullMQ answers the existing job.
      await queue(name).add(name, payload, {
        ...(jobId === undefined ? {} : { jobId: toBullId(jobId) }),
        delay: delayMs,
        attempts,
        backoff: { type: 'exponential', delay: backoffMs },
        removeOnComplete: KEEP_FINISHED,
        removeOnFail: KEEP_FINISHED,
      });
    },

    process(name: string, handler: JobHandler, processOptions: ProcessOptions = {}) {
      checkJobName(name);
      if (closed) throw new Error('The job queue is closed');
      if (workers.has(name)) throw new Error(`Jobs named ${name} already have a handler`);
      const concurrency = processOptions.concurrency ?? 1;
      if (!Number.isSafeInteger(concurrency) || concurrency < 1) throw new Error(`concurrency must be a whole number from 1, not ${concurrency}`);
      const worker = new Worker(
        name,
        async (job: Job) => handler(job.data, { jobId: fromBullId(job.id), attempt: job.attemptsMade + 1 }),
        { connection: { url: redisUrl, maxRetriesPerRequest: null }, prefix, concurrency },
      );
      worker.on('failed', (job, error) => {
        if (!job) return;
        const attempt = job.attemptsMade;
        const willRetry = attempt < (job.opts.attempts ?? 1);
        onFailure({ name, jobId: fromBullId(job.id), attempt, willRetry, error });
      });
      worker.on('error', onError);
      workers.set(name, worker);
    },

    async close() {
      closed = true;
      await Promise.all([...workers.values()].map((worker) => worker.close()));
      await Promise.all([...queues.values()].map((q) => q.close()));
      await producer?.quit().catch(() => producer?.disconnect());
    },
  };
}

function reportFinalFailure(failure: JobFailure) {
  if (!failure.willRetry) console.error(`job ${failure.name} ${failure.jobId} failed after ${failure.attempt} attempts`, failure.error);
}

/**
 * The JobQueue on BullMQ: one BullMQ queue per job name, under the key prefix given. Jobs live in
 * Redis, so any number of API processes enqueue and any number of worker processes run them. A
 * worker that dies mid-job stops renewing the job's lock; another worker's stalled-job check
 * (every `stalledIntervalMs`) finds the lapsed lock and runs the job again.
 */
import { Queue, UnrecoverableError, Worker, type Job, type MinimalJob } from 'bullmq';
import { Redis } from 'ioredis';
import {
  DEFAULT_JOB_BACKOFF_MS,
  DEFAULT_JOB_JITTER,
  JOB_ID_RETENTION_MS,
  PermanentJobError,
  checkJobName,
  checkSchedule,
  checkedJob,
  retryDelayMs,
  type CloseOptions,
  type EnqueueOptions,
  type EnqueuedJob,
  type JobFailure,
  type JobHandler,
  type JobQueue,
  type JobSchedule,
  type ProcessOptions,
  type ScheduleOptions,
} from '../../application/ports/job-queue';

export interface BullMqQueueOptions {
  redisUrl: string;
  /** BullMQ's key prefix: every key of these queues starts with `${prefix}:`. */
  prefix: string;
  /** The wait before the first retry; each later retry waits twice the one before. */
  backoffMs?: number;
  /** How long a running job's lock lasts without renewal (renewed every half of it); BullMQ's default 30 s. */
  lockDurationMs?: number;
  /** How often a worker looks for jobs whose lock lapsed (their worker died); BullMQ's default 30 s. */
  stalledIntervalMs?: number;
  /** Told of every failed run; by default final failures are written to stderr. */
  onFailure?: (failure: JobFailure) => void;
  /** Told of connection errors; by default they are written to stderr. */
  onError?: (error: Error) => void;
}

/** Finished jobs, completed or failed, are kept as long as their id de-duplicates, then removed. */
const KEEP_FINISHED = { age: JOB_ID_RETENTION_MS / 1000 };
/** Our backoff (retryDelayMs): BullMQ's own jitter shortens waits, ours only lengthens them. */
const BACKOFF_TYPE = 'jittered-exponential';

/**
 * BullMQ refuses custom ids that hold `:` or look like integers, and numbers its own ids: a
 * caller's id is stored percent-encoded behind `k-`, which neither rule nor BullMQ's ids can meet
 * (the outbox's `outbox:42` is `k-outbox%3A42` in Redis).
 */
const toBullId = (jobId: string) => `k-${encodeURIComponent(jobId)}`;
const fromBullId = (id: string | undefined) => (id?.startsWith('k-') ? decodeURIComponent(id.slice(2)) : (id ?? ''));

interface BackoffOfJob {
  delay?: number;
  jitter?: number;
}

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
  let closing: Promise<void> | undefined;

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

  const backoff = (delay: number | undefined, jitter: number | undefined) => ({ type: BACKOFF_TYPE, delay: delay ?? backoffMs, jitter: jitter ?? DEFAULT_JOB_JITTER });

  function jobOptions(name: string, enqueueOptions: EnqueueOptions | undefined) {
    const checked = checkedJob(name, enqueueOptions);
    const keep = checked.dedupe === 'retained' ? KEEP_FINISHED : true;
    return {
      ...(checked.jobId === undefined ? {} : { jobId: toBullId(checked.jobId) }),
      delay: checked.delayMs,
      attempts: checked.attempts,
      backoff: backoff(checked.backoffMs, checked.jitter),
      removeOnComplete: keep,
      removeOnFail: keep,
    };
  }

  return {
    async enqueue(name: string, payload: unknown, enqueueOptions?: EnqueueOptions) {
      if (closed) throw new Error('The job queue is closed');
      // A job with an id already in Redis (waiting, delayed, active, or kept after finishing) is
      // not added again: BullMQ answers the existing job.
      const opts = jobOptions(name, enqueueOptions);
      await queue(name).add(name, payload, opts);
    },

    async enqueueMany(name: string, jobs: readonly EnqueuedJob[]) {
      checkJobName(name);
      if (closed) throw new Error('The job queue is closed');
      const bulk = jobs.map((job) => ({ name, data: job.payload, opts: jobOptions(name, job.options) }));
      // One MULTI for all: each job goes through the same script as add, de-duplication included.
      if (bulk.length > 0) await queue(name).addBulk(bulk);
    },

    process(name: string, handler: JobHandler, processOptions: ProcessOptions = {}) {
      checkJobName(name);
      if (closed) throw new Error('The job queue is closed');
      if (workers.has(name)) throw new Error(`Jobs named ${name} already have a handler`);
      const concurrency = processOptions.concurrency ?? 1;
      if (!Number.isSafeInteger(concurrency) || concurrency < 1) throw new Error(`concurrency must be a whole number from 1, not ${concurrency}`);
      const worker = new Worker(
        name,
        async (job: Job) => {
          try {
            await handler(job.data, { jobId: fromBullId(job.id), attempt: job.attemptsMade + 1 });
          } catch (error) {
            if (error instanceof PermanentJobError) throw new PermanentBullError(error);
            throw error;
          }
        },
        {
          connection: { url: redisUrl, maxRetriesPerRequest: null },
          prefix,
          concurrency,
          ...(options.lockDurationMs === undefined ? {} : { lockDuration: options.lockDurationMs }),
          ...(options.stalledIntervalMs === undefined ? {} : { stalledInterval: options.stalledIntervalMs }),
          settings: {
            backoffStrategy: (attemptsMade: number, _type?: string, _error?: Error, job?: MinimalJob) => {
              const given = (job?.opts.backoff ?? {}) as BackoffOfJob;
              return retryDelayMs(attemptsMade, given.delay ?? backoffMs, given.jitter ?? DEFAULT_JOB_JITTER);
            },
          },
        },
      );
      worker.on('failed', (job, error) => {
        if (!job) return;
        const attempt = job.attemptsMade;
        const permanent = error instanceof UnrecoverableError;
        const willRetry = !permanent && attempt < (job.opts.attempts ?? 1);
        onFailure({ name, jobId: fromBullId(job.id), attempt, willRetry, error: error instanceof PermanentBullError ? error.original : error });
      });
      worker.on('error', onError);
      workers.set(name, worker);
    },

    async schedule(name: string, schedule: JobSchedule, scheduleOptions: ScheduleOptions = {}) {
      checkJobName(name);
      checkSchedule(schedule);
      if (closed) throw new Error('The job queue is closed');
      // One scheduler per name in Redis: every process upserts the same one, and BullMQ makes one job per period from it.
      await queue(name).upsertJobScheduler(name, 'every' in schedule ? { every: schedule.every } : { pattern: schedule.cron, tz: 'UTC' }, {
        name,
        data: scheduleOptions.payload ?? {},
        opts: {
          attempts: scheduleOptions.attempts ?? 1,
          backoff: backoff(scheduleOptions.backoffMs, scheduleOptions.jitter),
          removeOnComplete: KEEP_FINISHED,
          removeOnFail: KEEP_FINISHED,
        },
      });
    },

    close(closeOptions: CloseOptions = {}) {
      closing ??= closeAll(closeOptions);
      return closing;
    },
  };

  async function closeAll(closeOptions: CloseOptions) {
    closed = true;
    const stopping = Promise.all([...workers.values()].map((worker) => worker.close()));
    if (closeOptions.graceMs === undefined) await stopping;
    else {
      let grace: NodeJS.Timeout | undefined;
      const done = await Promise.race([stopping.then(() => true), new Promise<false>((resolve) => (grace = setTimeout(() => resolve(false), closeOptions.graceMs)))]);
      clearTimeout(grace);
      // Handlers still running are let go: their locks lapse and another worker runs their jobs again.
      if (!done) await Promise.all([...workers.values()].map((worker) => worker.disconnect().catch(() => undefined)));
    }
    await Promise.all([...queues.values()].map((q) => q.close()));
    await producer?.quit().catch(() => producer?.disconnect());
  }
}

/** BullMQ's UnrecoverableError (no retries) carrying the handler's own error for the report. */
class PermanentBullError extends UnrecoverableError {
  constructor(readonly original: PermanentJobError) {
    super(original.message);
  }
}

function reportFinalFailure(failure: JobFailure) {
  if (!failure.willRetry) console.error(`job ${failure.name} ${failure.jobId} failed after ${failure.attempt} attempts`, failure.error);
}

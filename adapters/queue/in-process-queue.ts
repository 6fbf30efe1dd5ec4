/**
 * The JobQueue inside one process, the embedded default when REDIS_URL is unset. Same rules as
 * the BullMQ queue (tests/contract/job-queue.contract.ts), but nothing survives a restart: jobs
 * waiting or delayed when the process stops are lost, which is why it serves one process only.
 */
import { randomUUID } from 'node:crypto';
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

export interface InProcessQueueOptions {
  /** The wait before the first retry; each later retry waits twice the one before. */
  backoffMs?: number;
  /** Told of every failed run; by default final failures are written to stderr. */
  onFailure?: (failure: JobFailure) => void;
}

interface Job {
  name: string;
  jobId: string;
  payload: unknown;
  attempts: number;
  attemptsMade: number;
}

interface Lane {
  handler: JobHandler | undefined;
  concurrency: number;
  running: number;
  ready: Job[];
}

const reportFinalFailure = (failure: JobFailure) => {
  if (!failure.willRetry) console.error(`job ${failure.name} ${failure.jobId} failed after ${failure.attempt} attempts`, failure.error);
};

export function createInProcessQueue(options: InProcessQueueOptions = {}): JobQueue {
  const backoffMs = options.backoffMs ?? DEFAULT_JOB_BACKOFF_MS;
  const onFailure = options.onFailure ?? reportFinalFailure;
  const lanes = new Map<string, Lane>();
  const timers = new Set<NodeJS.Timeout>();
  /** Ids (name + jobId) of jobs waiting, delayed or running. */
  const live = new Set<string>();
  /** Ids of finished jobs, oldest first, with when they finished: they de-duplicate for JOB_ID_RETENTION_MS. */
  const finished = new Map<string, number>();
  const running = new Set<Promise<void>>();
  let closed = false;

  const identity = (name: string, jobId: string) => `${name}\u0000${jobId}`;

  function lane(name: string): Lane {
    let found = lanes.get(name);
    if (!found) {
      found = { handler: undefined, concurrency: 1, running: 0, ready: [] };
      lanes.set(name, found);
    }
    return found;
  }

  function forgetOldFinished(now: number) {
    for (const [id, at] of finished) {
      if (now - at < JOB_ID_RETENTION_MS) break;
      finished.delete(id);
    }
  }

  function later(ms: number, then: () => void) {
    if (closed) return;
    const timer = setTimeout(() => {
      timers.delete(timer);
      then();
    }, ms);
    timers.add(timer);
  }

  function makeReady(job: Job) {
    if (closed) return;
    lane(job.name).ready.push(job);
    dispatch(job.name);
  }

  function dispatch(name: string) {
    const current = lane(name);
    while (!closed && current.handler && current.running < current.concurrency && current.ready.length > 0) {
      const job = current.ready.shift() as Job;
      current.running++;
      const run = execute(job, current.handler).finally(() => {
        running.delete(run);
        current.running--;
        dispatch(name);
      });
      running.add(run);
    }
  }

  async function execute(job: Job, handler: JobHandler) {
    job.attemptsMade++;
    try {
      await handler(job.payload, { jobId: job.jobId, attempt: job.attemptsMade });
    } catch (error) {
      const willRetry = job.attemptsMade < job.attempts;
      onFailure({ name: job.name, jobId: job.jobId, attempt: job.attemptsMade, willRetry, error });
      if (willRetry) {
        later(backoffMs * 2 ** (job.attemptsMade - 1), () => makeReady(job));
        return;
      }
    }
    const id = identity(job.name, job.jobId);
    live.delete(id);
    finished.set(id, Date.now());
  }

  return {
    async enqueue(name: string, payload: unknown, enqueueOptions?: EnqueueOptions) {
      if (closed) throw new Error('The job queue is closed');
      const { attempts, delayMs, jobId = randomUUID() } = checkedJob(name, enqueueOptions);
      const id = identity(name, jobId);
      forgetOldFinished(Date.now());
      if (live.has(id) || finished.has(id)) return;
      // The handler gets a JSON copy, as it would from Redis: a caller's later change cannot leak in.
      const text: string | undefined = JSON.stringify(payload);
      const copy: unknown = text === undefined ? undefined : JSON.parse(text);
      live.add(id);
      const job: Job = { name, jobId, payload: copy, attempts, attemptsMade: 0 };
      if (delayMs > 0) later(delayMs, () => makeReady(job));
      else makeReady(job);
    },

    process(name: string, handler: JobHandler, processOptions: ProcessOptions = {}) {
      checkJobName(name);
      const concurrency = processOptions.concurrency ?? 1;
      if (!Number.isSafeInteger(concurrency) || concurrency < 1) throw new Error(`concurrency must be a whole number from 1, not ${concurrency}`);
      const current = lane(name);
      if (current.handler) throw new Error(`Jobs named ${name} already have a handler`);
      current.handler = handler;
      current.concurrency = concurrency;
      dispatch(name);
    },

    async close() {
      closed = true;
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      await Promise.allSettled([...running]);
    },
  };
}

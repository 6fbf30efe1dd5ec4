/**
 * The JobQueue inside one process, the embedded default when REDIS_URL is unset. Same rules as
 * the BullMQ queue (tests/contract/job-queue.contract.ts), but nothing survives a restart: jobs
 * waiting or delayed when the process stops are lost, which is why it serves one process only
 * (the outbox's rows are in the database and are queued again after a restart).
 */
import { randomUUID } from 'node:crypto';
import {
  DEFAULT_JOB_BACKOFF_MS,
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
import { nextCronTime } from './cron';

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
  backoffMs: number;
  jitter: number;
  retainId: boolean;
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
  const schedules = new Map<string, NodeJS.Timeout>();
  /** Ids (name + jobId) of jobs waiting, delayed or running. */
  const live = new Set<string>();
  /** Ids of finished jobs, oldest first, with when they finished: they de-duplicate for JOB_ID_RETENTION_MS. */
  const finished = new Map<string, number>();
  const running = new Set<Promise<void>>();
  let closed = false;
  let closing: Promise<void> | undefined;

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
      const willRetry = job.attemptsMade < job.attempts && !(error instanceof PermanentJobError);
      onFailure({ name: job.name, jobId: job.jobId, attempt: job.attemptsMade, willRetry, error });
      if (willRetry) {
        later(retryDelayMs(job.attemptsMade, job.backoffMs, job.jitter), () => makeReady(job));
        return;
      }
    }
    const id = identity(job.name, job.jobId);
    live.delete(id);
    if (job.retainId) finished.set(id, Date.now());
  }

  async function enqueue(name: string, payload: unknown, enqueueOptions?: EnqueueOptions) {
    if (closed) throw new Error('The job queue is closed');
    const checked = checkedJob(name, enqueueOptions);
    const jobId = checked.jobId ?? randomUUID();
    const id = identity(name, jobId);
    forgetOldFinished(Date.now());
    if (live.has(id) || finished.has(id)) return;
    // The handler gets a JSON copy, as it would from Redis: a caller's later change cannot leak in.
    const text: string | undefined = JSON.stringify(payload);
    const copy: unknown = text === undefined ? undefined : JSON.parse(text);
    live.add(id);
    const job: Job = {
      name,
      jobId,
      payload: copy,
      attempts: checked.attempts,
      attemptsMade: 0,
      backoffMs: checked.backoffMs ?? backoffMs,
      jitter: checked.jitter,
      retainId: checked.dedupe === 'retained',
    };
    if (checked.delayMs > 0) later(checked.delayMs, () => makeReady(job));
    else makeReady(job);
  }

  return {
    enqueue,

    async enqueueMany(name: string, jobs: readonly EnqueuedJob[]) {
      checkJobName(name);
      if (closed) throw new Error('The job queue is closed');
      // Checked all first, so a bad one adds none (as BullMQ's MULTI, which the adapter checks first too).
      for (const job of jobs) checkedJob(name, job.options);
      for (const job of jobs) await enqueue(name, job.payload, job.options);
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

    async schedule(name: string, schedule: JobSchedule, scheduleOptions: ScheduleOptions = {}) {
      checkJobName(name);
      checkSchedule(schedule);
      if (closed) throw new Error('The job queue is closed');
      clearTimeout(schedules.get(name));
      // Each period's job has the period's start in its id, so a timer that fires twice for one period queues it once.
      const nextAt = (now: number) => ('every' in schedule ? (Math.floor(now / schedule.every) + 1) * schedule.every : nextCronTime(schedule.cron, new Date(now)).getTime());
      const arm = () => {
        if (closed) return;
        const at = nextAt(Date.now());
        schedules.set(
          name,
          setTimeout(() => {
            void enqueue(name, scheduleOptions.payload ?? {}, {
              jobId: `schedule:${at}`,
              ...(scheduleOptions.attempts === undefined ? {} : { attempts: scheduleOptions.attempts }),
              ...(scheduleOptions.backoffMs === undefined ? {} : { backoffMs: scheduleOptions.backoffMs }),
              ...(scheduleOptions.jitter === undefined ? {} : { jitter: scheduleOptions.jitter }),
            }).catch(() => undefined);
            arm();
          }, Math.max(0, at - Date.now())),
        );
      };
      arm();
    },

    close(closeOptions: CloseOptions = {}) {
      closing ??= closeAll(closeOptions);
      return closing;
    },
  };

  async function closeAll(closeOptions: CloseOptions) {
    closed = true;
    for (const timer of timers) clearTimeout(timer);
    for (const timer of schedules.values()) clearTimeout(timer);
    timers.clear();
    schedules.clear();
    const settled = Promise.allSettled([...running]);
    if (closeOptions.graceMs === undefined) {
      await settled;
      return;
    }
    let grace: NodeJS.Timeout | undefined;
    await Promise.race([settled, new Promise((resolve) => (grace = setTimeout(resolve, closeOptions.graceMs)))]);
    clearTimeout(grace);
  }
}

/**
 * Background jobs (CRM sync, shipment tracking, mail, outbox delivery): BullMQ on Redis in
 * production, an in-process queue when REDIS_URL is unset. Both pass
 * tests/contract/job-queue.contract.ts. Modules do not use this port directly: they define typed
 * jobs (workers/jobs/define.ts) that run on it; workers/README.md states the guarantees.
 *
 * - A payload is JSON: the handler receives its JSON copy, never the caller's object.
 * - A jobId de-duplicates within a job name: while a job with that id is waiting, delayed,
 *   running, or finished less than JOB_ID_RETENTION_MS ago, enqueueing it again does nothing
 *   (`dedupe: 'while-queued'` drops the last part: once finished, the id may be queued again).
 *   Without a jobId every enqueue is a new job. Handlers are still written to be idempotent: a
 *   crash mid-run runs the job again.
 * - A handler that throws is retried with exponential backoff (retryDelayMs: the base delay,
 *   doubled after each failure, plus up to `jitter` of it at random, so retries of many jobs that
 *   failed together spread out) until it has run `attempts` times in all. A PermanentJobError
 *   ends the job at once: retrying cannot help (a payload its schema refuses).
 * - A job whose worker died mid-run (BullMQ: its lock was not renewed) is run again elsewhere.
 */
export interface EnqueueOptions {
  /** De-duplicates within the job name; any non-empty string (adapters encode it for their backend). */
  jobId?: string;
  /** Run no earlier than this many milliseconds from now. */
  delayMs?: number;
  /** Runs in all, the first included; default DEFAULT_JOB_ATTEMPTS. */
  attempts?: number;
  /** The wait before the first retry; default the queue's. */
  backoffMs?: number;
  /** Up to this fraction of each retry's wait is added at random (0 to 1); default DEFAULT_JOB_JITTER. */
  jitter?: number;
  /** How long the jobId de-duplicates: also for JOB_ID_RETENTION_MS after the job finished (default), or only until it finishes. */
  dedupe?: 'retained' | 'while-queued';
}

export interface EnqueuedJob {
  payload: unknown;
  options?: EnqueueOptions;
}

/** A repeating job: every so many milliseconds, or at the times a cron pattern (5 fields, UTC) names. */
export type JobSchedule = { every: number } | { cron: string };

export interface ScheduleOptions {
  payload?: unknown;
  attempts?: number;
  backoffMs?: number;
  jitter?: number;
}

export interface JobMeta {
  jobId: string;
  /** 1 on the first run, 2 on the first retry, ... */
  attempt: number;
}

/** Thrown by a handler, it ends the job as failed at once, whatever attempts are left. */
export class PermanentJobError extends Error {
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = 'PermanentJobError';
  }
}

export type JobHandler = (payload: unknown, meta: JobMeta) => Promise<void>;

export interface ProcessOptions {
  /** Jobs of this name run at once in this process; default 1. */
  concurrency?: number;
}

/** What a queue reports when a run of a job fails (for the logs); the queue itself decides retries. */
export interface JobFailure {
  name: string;
  jobId: string;
  attempt: number;
  /** False when this was the last attempt: the job is given up. */
  willRetry: boolean;
  error: unknown;
}

export interface CloseOptions {
  /** How long running handlers may take to finish; after it the queue lets go of them (BullMQ runs them again elsewhere once their lock lapses). Default: no limit. */
  graceMs?: number;
}

export interface JobQueue {
  /** Adds a job; resolves once it is stored (in Redis for BullMQ). Names match JOB_NAME_PATTERN. */
  enqueue(name: string, payload: unknown, options?: EnqueueOptions): Promise<void>;
  /**
   * Adds several jobs of one name in one go (BullMQ: one round trip to Redis), each as `enqueue`
   * would, de-duplication included; resolves once all are stored. The outbox relay queues a
   * claimed batch so.
   */
  enqueueMany(name: string, jobs: readonly EnqueuedJob[]): Promise<void>;
  /** Starts running jobs of this name with the handler: one handler per name per queue. */
  process(name: string, handler: JobHandler, options?: ProcessOptions): void;
  /**
   * Enqueues a job of this name once per period, however many processes schedule it (the
   * schedule is kept by name: scheduling again replaces it).
   */
  schedule(name: string, schedule: JobSchedule, options?: ScheduleOptions): Promise<void>;
  /** Stops taking jobs, waits (up to the grace) for running handlers to finish, and releases connections and timers. */
  close(options?: CloseOptions): Promise<void>;
}

export const DEFAULT_JOB_ATTEMPTS = 5;
/** The first retry waits this long unless the adapter is told otherwise; each later one twice the one before. */
export const DEFAULT_JOB_BACKOFF_MS = 1_000;
export const DEFAULT_JOB_JITTER = 0.2;

/** The wait before the retry that follows failed run number `attempt` (1, 2, ...): base * 2^(attempt-1), plus up to `jitter` of that at random. */
export function retryDelayMs(attempt: number, backoffMs: number, jitter: number, random: () => number = Math.random): number {
  const base = backoffMs * 2 ** (attempt - 1);
  return Math.round(base + base * jitter * random());
}
/** How long a finished job's id keeps de-duplicating. */
export const JOB_ID_RETENTION_MS = 24 * 60 * 60 * 1_000;
/** Job names: letters, digits, `.`, `_` and `-`, starting with a letter (BullMQ refuses `:` in queue names). */
export const JOB_NAME_PATTERN = /^[A-Za-z][A-Za-z0-9._-]{0,99}$/;

/**
 * The checks both adapters make before accepting a job, so they refuse the same things: a bad
 * name or option is a programming error and throws a plain Error.
 */
export interface CheckedJob {
  attempts: number;
  delayMs: number;
  backoffMs: number | undefined;
  jitter: number;
  dedupe: 'retained' | 'while-queued';
  jobId?: string;
}

export function checkedJob(name: string, options: EnqueueOptions = {}): CheckedJob {
  checkJobName(name);
  const { jobId, delayMs = 0, attempts = DEFAULT_JOB_ATTEMPTS, backoffMs, jitter = DEFAULT_JOB_JITTER, dedupe = 'retained' } = options;
  if (jobId !== undefined && (typeof jobId !== 'string' || jobId.length === 0)) throw new Error('A jobId must be a non-empty string');
  if (!Number.isFinite(delayMs) || delayMs < 0) throw new Error(`delayMs must be a number of milliseconds, not ${delayMs}`);
  if (!Number.isSafeInteger(attempts) || attempts < 1) throw new Error(`attempts must be a whole number from 1, not ${attempts}`);
  if (backoffMs !== undefined && (!Number.isFinite(backoffMs) || backoffMs < 0)) throw new Error(`backoffMs must be a number of milliseconds, not ${backoffMs}`);
  if (!Number.isFinite(jitter) || jitter < 0 || jitter > 1) throw new Error(`jitter must be a fraction from 0 to 1, not ${jitter}`);
  const checked: CheckedJob = { attempts, delayMs, backoffMs, jitter, dedupe };
  if (jobId !== undefined) checked.jobId = jobId;
  return checked;
}

const CRON_FIELD = /^(\*|\d+(-\d+)?)(\/\d+)?(,(\*|\d+(-\d+)?)(\/\d+)?)*$/;

export function checkSchedule(schedule: JobSchedule): void {
  if ('every' in schedule) {
    if (!Number.isSafeInteger(schedule.every) || schedule.every < 1000) throw new Error(`A schedule's every is a whole number of milliseconds from 1000, not ${schedule.every}`);
    return;
  }
  const fields = schedule.cron.trim().split(/\s+/);
  if (fields.length !== 5 || !fields.every((field) => CRON_FIELD.test(field))) throw new Error(`A cron pattern has 5 fields (minute hour day month weekday), not ${JSON.stringify(schedule.cron)}`);
}

export function checkJobName(name: string): void {
  if (!JOB_NAME_PATTERN.test(name)) throw new Error(`A job name must match ${JOB_NAME_PATTERN}, not ${JSON.stringify(name)}`);
}

/**
 * Background jobs (CRM sync, shipment tracking, mail): BullMQ on Redis in production, an
 * in-process queue when REDIS_URL is unset. Both pass tests/contract/job-queue.contract.ts.
 *
 * - A payload is JSON: the handler receives its JSON copy, never the caller's object.
 * - A jobId de-duplicates within a job name: while a job with that id is waiting, delayed,
 *   running, or finished less than JOB_ID_RETENTION_MS ago, enqueueing it again does nothing.
 *   Without a jobId every enqueue is a new job. Handlers are still written to be idempotent: a
 *   crash mid-run in BullMQ runs the job again.
 * - A handler that throws is retried with exponential backoff (the adapter's base delay, doubled
 *   after each failure) until it has run `attempts` times in all (default DEFAULT_JOB_ATTEMPTS).
 */
export interface EnqueueOptions {
  /** De-duplicates within the job name; any non-empty string (adapters encode it for their backend). */
  jobId?: string;
  /** Run no earlier than this many milliseconds from now. */
  delayMs?: number;
  /** Runs in all, the first included; default DEFAULT_JOB_ATTEMPTS. */
  attempts?: number;
}

export interface JobMeta {
  jobId: string;
  /** 1 on the first run, 2 on the first retry, ... */
  attempt: number;
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

export interface JobQueue {
  /** Adds a job; resolves once it is stored (in Redis for BullMQ). Names match JOB_NAME_PATTERN. */
  enqueue(name: string, payload: unknown, options?: EnqueueOptions): Promise<void>;
  /** Starts running jobs of this name with the handler: one handler per name per queue. */
  process(name: string, handler: JobHandler, options?: ProcessOptions): void;
  /** Stops taking jobs, waits for running handlers to finish, and releases connections and timers. */
  close(): Promise<void>;
}

export const DEFAULT_JOB_ATTEMPTS = 5;
/** The first retry waits this long unless the adapter is told otherwise; each later one twice the one before. */
export const DEFAULT_JOB_BACKOFF_MS = 1_000;
/** How long a finished job's id keeps de-duplicating. */
export const JOB_ID_RETENTION_MS = 24 * 60 * 60 * 1_000;
/** Job names: letters, digits, `.`, `_` and `-`, starting with a letter (BullMQ refuses `:` in queue names). */
export const JOB_NAME_PATTERN = /^[A-Za-z][A-Za-z0-9._-]{0,99}$/;

/**
 * The checks both adapters make before accepting a job, so they refuse the same things: a bad
 * name or option is a programming error and throws a plain Error.
 */
export function checkedJob(name: string, options: EnqueueOptions = {}): { attempts: number; delayMs: number; jobId?: string } {
  checkJobName(name);
  const { jobId, delayMs = 0, attempts = DEFAULT_JOB_ATTEMPTS } = options;
  if (jobId !== undefined && (typeof jobId !== 'string' || jobId.length === 0)) throw new Error('A jobId must be a non-empty string');
  if (!Number.isFinite(delayMs) || delayMs < 0) throw new Error(`delayMs must be a number of milliseconds, not ${delayMs}`);
  if (!Number.isSafeInteger(attempts) || attempts < 1) throw new Error(`attempts must be a whole number from 1, not ${attempts}`);
  return jobId === undefined ? { attempts, delayMs } : { attempts, delayMs, jobId };
}

export function checkJobName(name: string): void {
  if (!JOB_NAME_PATTERN.test(name)) throw new Error(`A job name must match ${JOB_NAME_PATTERN}, not ${JSON.stringify(name)}`);
}

/**
 * One shape for every background job (workers/README.md): `defineJob({ name, version, payload,
 * handler, retry, concurrency })`, one file per job in workers/jobs/<module>/, registered in
 * workers/jobs/index.ts. The same definitions run on BullMQ and on the in-process queue.
 *
 * - `payload` is a zod schema: the payload is checked before the handler runs, and one the schema
 *   refuses ends the job failed at once with the schema's message (a PermanentJobError), never a crash.
 * - `handler(deps, payload, ctx)` gets its module's deps (workers/jobs/deps.ts), never Services.
 * - `schedule` makes it a repeating job (`every` milliseconds or a `cron` pattern in UTC), run once
 *   per period however many workers run.
 * - `on` makes it a consumer of an outbox event: the relay hands it each event of that type@version
 *   (its payload is the event's, checked by the event's schema), `ctx.event` says which, and it
 *   must be idempotent by `ctx.event.id` (tx.processedEvents in its unit of work). Its retries
 *   are the outbox row's (OUTBOX_MAX_ATTEMPTS, then parked for operators), not `retry`.
 */
import { z } from 'zod';
import { PermanentJobError, checkJobName, type JobQueue, type JobSchedule } from '../../application/ports/job-queue';
import { eventName, type EventDefinition } from '../../application/ports/outbox';

export interface DeliveredEvent {
  id: number;
  type: string;
  version: number;
  key: string;
  createdAt: Date;
}

export interface JobContext {
  /** The queue's job id: `outbox:<event id>` for an event's consumer. */
  jobId: string;
  /** 1 on the first run, 2 on the first retry, ... */
  attempt: number;
  /** The outbox event being delivered, for a consumer of one. */
  event?: DeliveredEvent;
}

export interface JobRetry {
  /** Runs in all, the first included. */
  attempts: number;
  /** The wait before the first retry, doubled after each failure; default 1 s. */
  backoffMs?: number;
  /** Up to this fraction of each wait is added at random; default 0.2. */
  jitter?: number;
}

export interface JobDefinition<Deps, Payload, Input = Payload> {
  /** `module.thing.verb`, the job's name in logs and (with the version) in the queue. */
  name: string;
  /** Bumped when the payload changes shape: jobs of the old version already queued keep the old definition's queue. */
  version: number;
  payload: z.ZodType<Payload, Input>;
  handler(deps: Deps, payload: Payload, ctx: JobContext): Promise<void>;
  retry?: JobRetry;
  /** Jobs of this definition run at once in one worker process; default 1. */
  concurrency?: number;
  schedule?: JobSchedule;
  on?: EventDefinition<Payload>;
}

export const DEFAULT_JOB_RETRY: Required<JobRetry> = { attempts: 5, backoffMs: 1_000, jitter: 0.2 };

const JOB_DEFINITION_NAME = /^[a-z][a-z0-9_-]*(\.[a-z0-9_-]+)+$/;

export function defineJob<Deps, Payload, Input = Payload>(definition: JobDefinition<Deps, Payload, Input>): JobDefinition<Deps, Payload, Input> {
  if (!JOB_DEFINITION_NAME.test(definition.name)) throw new Error(`A job's name is module.thing.verb in lower case, not ${JSON.stringify(definition.name)}`);
  if (!Number.isSafeInteger(definition.version) || definition.version < 1) throw new Error(`A job's version is a whole number from 1, not ${definition.version}`);
  if (definition.on && definition.schedule) throw new Error(`The job ${definition.name} cannot both repeat and consume an event`);
  if (definition.on && definition.on.payload !== definition.payload) throw new Error(`The job ${definition.name} consumes ${eventName(definition.on.type, definition.on.version)}: its payload schema is the event's`);
  checkJobName(queueNameOf(definition));
  return definition;
}

/** The queue a definition's jobs go to: name and version, so a new version never reads an old payload. */
export const queueNameOf = (definition: { name: string; version: number }) => `${definition.name}.v${definition.version}`;

/** A definition with its module's deps: what the runtime registers. Types end here, so one list holds every module's jobs. */
export interface JobEntry {
  name: string;
  queueName: string;
  retry: Required<JobRetry>;
  concurrency: number;
  schedule: JobSchedule | undefined;
  /** `type@version` of the outbox event it consumes. */
  consumes: string | undefined;
  /** Checks the payload (PermanentJobError with the schema's message when it is refused), then runs the handler. */
  run(payload: unknown, ctx: JobContext): Promise<void>;
}

export function withDeps<Deps, Payload, Input>(definition: JobDefinition<Deps, Payload, Input>, deps: Deps): JobEntry {
  return {
    name: definition.name,
    queueName: queueNameOf(definition),
    retry: { ...DEFAULT_JOB_RETRY, ...definition.retry },
    concurrency: definition.concurrency ?? 1,
    schedule: definition.schedule,
    consumes: definition.on ? eventName(definition.on.type, definition.on.version) : undefined,
    async run(payload, ctx) {
      const parsed = definition.payload.safeParse(payload);
      if (!parsed.success) throw new PermanentJobError(`The payload of ${queueNameOf(definition)} is invalid: ${z.prettifyError(parsed.error)}`);
      await definition.handler(deps, parsed.data, ctx);
    },
  };
}

/**
 * Queues a job of a definition: the payload is checked first (a bad one throws here, at the
 * caller, not later in a worker), and the definition's retry settings go with it.
 */
export async function enqueueJob<Payload, Input>(
  queue: JobQueue,
  definition: JobDefinition<never, Payload, Input>,
  payload: Input,
  options: { jobId?: string; delayMs?: number } = {},
): Promise<void> {
  if (definition.on) throw new Error(`The job ${definition.name} runs on outbox events: write the event in a unit of work instead`);
  const parsed = definition.payload.safeParse(payload);
  if (!parsed.success) throw new Error(`The payload of ${queueNameOf(definition)} is invalid: ${z.prettifyError(parsed.error)}`);
  const retry = { ...DEFAULT_JOB_RETRY, ...definition.retry };
  await queue.enqueue(queueNameOf(definition), parsed.data, { ...options, attempts: retry.attempts, backoffMs: retry.backoffMs, jitter: retry.jitter });
}

/**
 * The JobQueue contract, written once and run against the in-process queue and BullMQ on Redis.
 * Each test uses a fresh queue; times are lower bounds (a job never runs early), with generous
 * ceilings so a busy machine does not fail the suite.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, describe, expect, it } from 'vitest';
import { PermanentJobError, type JobFailure, type JobMeta, type JobQueue } from '../../application/ports/job-queue';

export interface JobQueueHarness {
  queue: JobQueue;
  close(): Promise<void>;
}

export interface JobQueueSettings {
  backoffMs: number;
  onFailure(failure: JobFailure): void;
}

/** Timers and Redis timestamps are whole milliseconds: allow that much early. */
const CLOCK_SLACK_MS = 5;

async function waitFor(condition: () => boolean, timeoutMs = 10_000) {
  const start = Date.now();
  while (!condition()) {
    if (Date.now() - start > timeoutMs) throw new Error(`condition not met within ${timeoutMs} ms`);
    await sleep(10);
  }
}

export function jobQueueContract(name: string, make: (settings: JobQueueSettings) => Promise<JobQueueHarness>) {
  describe(`JobQueue [${name}]`, () => {
    let harness: JobQueueHarness | undefined;
    let failures: JobFailure[];
    afterEach(async () => {
      await harness?.close();
      harness = undefined;
    });

    async function start(backoffMs = 20): Promise<JobQueue> {
      failures = [];
      harness = await make({ backoffMs, onFailure: (failure) => failures.push(failure) });
      return harness.queue;
    }

    it('runs a job with a copy of its payload and its id', async () => {
      const queue = await start();
      const runs: { payload: unknown; meta: JobMeta }[] = [];
      queue.process('mail.send', async (payload, meta) => {
        runs.push({ payload, meta });
      });
      const payload = { to: 'ada@example.com', tags: ['welcome'], count: 1 };
      await queue.enqueue('mail.send', payload, { jobId: 'welcome-ada' });
      payload.count = 2;
      await waitFor(() => runs.length === 1);
      expect(runs[0]).toEqual({ payload: { to: 'ada@example.com', tags: ['welcome'], count: 1 }, meta: { jobId: 'welcome-ada', attempt: 1 } });
    });

    it('gives every job without an id its own id, and runs each', async () => {
      const queue = await start();
      const ids: string[] = [];
      queue.process('crm.sync', async (_, meta) => {
        ids.push(meta.jobId);
      });
      await queue.enqueue('crm.sync', { n: 1 });
      await queue.enqueue('crm.sync', { n: 1 });
      await waitFor(() => ids.length === 2);
      expect(new Set(ids).size).toBe(2);
      expect(ids.every((id) => id.length > 0)).toBe(true);
    });

    it('keeps jobs enqueued before a handler exists until one does', async () => {
      const queue = await start();
      await queue.enqueue('early.bird', 'first');
      const seen: unknown[] = [];
      queue.process('early.bird', async (payload) => {
        seen.push(payload);
      });
      await waitFor(() => seen.length === 1);
      expect(seen).toEqual(['first']);
    });

    it('de-duplicates by jobId, before and after the job has run, within one job name', async () => {
      const queue = await start();
      const seen: string[] = [];
      await queue.enqueue('order.ship', { n: 1 }, { jobId: 'order:42' });
      await queue.enqueue('order.ship', { n: 2 }, { jobId: 'order:42' });
      await queue.enqueue('order.notify', { n: 3 }, { jobId: 'order:42' });
      queue.process('order.ship', async (payload, meta) => {
        seen.push(`ship ${meta.jobId} ${JSON.stringify(payload)}`);
      });
      queue.process('order.notify', async (payload, meta) => {
        seen.push(`notify ${meta.jobId} ${JSON.stringify(payload)}`);
      });
      await waitFor(() => seen.length === 2);
      await queue.enqueue('order.ship', { n: 4 }, { jobId: 'order:42' });
      await queue.enqueue('order.ship', { n: 5 }, { jobId: '42' });
      await waitFor(() => seen.length === 3);
      await sleep(200);
      expect(seen.sort()).toEqual(['notify order:42 {"n":3}', 'ship 42 {"n":5}', 'ship order:42 {"n":1}']);
    });

    it('adds several jobs of a name in one go, each de-duplicated by its id as enqueue would', async () => {
      const queue = await start();
      const seen: string[] = [];
      await queue.enqueue('outbox.deliver', { n: 0 }, { jobId: 'outbox:1' });
      await queue.enqueueMany('outbox.deliver', [
        { payload: { n: 1 }, options: { jobId: 'outbox:1' } },
        { payload: { n: 2 }, options: { jobId: 'outbox:2', attempts: 1 } },
        { payload: { n: 3 }, options: { jobId: 'outbox:2' } },
        { payload: { n: 4 } },
      ]);
      await queue.enqueueMany('outbox.deliver', []);
      await expect(queue.enqueueMany('outbox.deliver', [{ payload: { n: 5 }, options: { jobId: 'outbox:5' } }, { payload: {}, options: { attempts: 0 } }])).rejects.toThrow(/attempts/);
      await expect(queue.enqueueMany('bad name', [])).rejects.toThrow(/job name/);
      queue.process('outbox.deliver', async (payload, meta) => {
        seen.push(`${meta.jobId.startsWith('outbox:') ? meta.jobId : 'new'} ${JSON.stringify(payload)}`);
      });
      await waitFor(() => seen.length === 3);
      await sleep(200);
      expect(seen.sort()).toEqual(['new {"n":4}', 'outbox:1 {"n":0}', 'outbox:2 {"n":2}']);
    });

    it('retries a failing handler with exponential backoff until it succeeds', async () => {
      const backoffMs = 100;
      const queue = await start(backoffMs);
      const runs: { attempt: number; at: number }[] = [];
      queue.process('flaky', async (_, meta) => {
        runs.push({ attempt: meta.attempt, at: Date.now() });
        if (meta.attempt < 3) throw new Error(`failure ${meta.attempt}`);
      });
      await queue.enqueue('flaky', {}, { jobId: 'flaky-1', attempts: 4 });
      await waitFor(() => runs.length === 3);
      await sleep(backoffMs * 4 + 100);
      expect(runs.map((run) => run.attempt)).toEqual([1, 2, 3]);
      const [first, second, third] = runs.map((run) => run.at) as [number, number, number];
      expect(second - first).toBeGreaterThanOrEqual(backoffMs - CLOCK_SLACK_MS);
      expect(third - second).toBeGreaterThanOrEqual(2 * backoffMs - CLOCK_SLACK_MS);
      expect(failures.map(({ jobId, attempt, willRetry }) => ({ jobId, attempt, willRetry }))).toEqual([
        { jobId: 'flaky-1', attempt: 1, willRetry: true },
        { jobId: 'flaky-1', attempt: 2, willRetry: true },
      ]);
      expect((failures[0]?.error as Error).message).toBe('failure 1');
    });

    it('gives up after the attempts asked for, and reports the last failure as final', async () => {
      const queue = await start();
      let runs = 0;
      queue.process('doomed', async () => {
        runs++;
        throw new Error('always');
      });
      await queue.enqueue('doomed', {}, { jobId: 'doomed-1', attempts: 2 });
      await waitFor(() => failures.length === 2);
      await sleep(300);
      expect(runs).toBe(2);
      expect(failures.map((failure) => failure.willRetry)).toEqual([true, false]);
    });

    it('makes 5 attempts by default', async () => {
      const queue = await start(10);
      let runs = 0;
      queue.process('doomed.default', async () => {
        runs++;
        throw new Error('always');
      });
      await queue.enqueue('doomed.default', {});
      await waitFor(() => failures.some((failure) => !failure.willRetry));
      await sleep(300);
      expect(runs).toBe(5);
      expect(failures.map((failure) => failure.attempt)).toEqual([1, 2, 3, 4, 5]);
    });

    it('honours a delay: the job runs no earlier than asked', async () => {
      const queue = await start();
      let ranAt = 0;
      queue.process('later', async () => {
        ranAt = Date.now();
      });
      const enqueuedAt = Date.now();
      await queue.enqueue('later', {}, { delayMs: 500 });
      await sleep(250);
      expect(ranAt).toBe(0);
      await waitFor(() => ranAt > 0);
      expect(ranAt - enqueuedAt).toBeGreaterThanOrEqual(500 - CLOCK_SLACK_MS);
    });

    it('runs at most `concurrency` jobs of a name at once', async () => {
      const queue = await start();
      let inFlight = 0;
      let most = 0;
      let done = 0;
      queue.process(
        'parallel',
        async () => {
          inFlight++;
          most = Math.max(most, inFlight);
          await sleep(150);
          inFlight--;
          done++;
        },
        { concurrency: 2 },
      );
      for (let i = 0; i < 5; i++) await queue.enqueue('parallel', { i });
      await waitFor(() => done === 5);
      expect(most).toBe(2);
    });

    it('waits on close for a running handler to finish', async () => {
      const queue = await start();
      let started = false;
      let finished = false;
      queue.process('slow', async () => {
        started = true;
        await sleep(300);
        finished = true;
      });
      await queue.enqueue('slow', {});
      await waitFor(() => started);
      await harness?.close();
      harness = undefined;
      expect(finished).toBe(true);
    });

    it('ends a job that throws a PermanentJobError at once, whatever attempts are left', async () => {
      const queue = await start();
      let runs = 0;
      queue.process('refused', async () => {
        runs++;
        throw new PermanentJobError('the payload is not one this job reads');
      });
      await queue.enqueue('refused', {}, { jobId: 'refused-1', attempts: 5 });
      await waitFor(() => failures.length === 1);
      await sleep(300);
      expect(runs).toBe(1);
      expect(failures.map(({ jobId, attempt, willRetry }) => ({ jobId, attempt, willRetry }))).toEqual([{ jobId: 'refused-1', attempt: 1, willRetry: false }]);
      expect((failures[0]?.error as Error).message).toBe('the payload is not one this job reads');
    });

    it('keeps running other jobs while a poison job fails its attempts, and then ends it failed', async () => {
      const queue = await start();
      const done: number[] = [];
      let poisonRuns = 0;
      queue.process('mixed', async (payload) => {
        const { n } = payload as { n: number };
        if (n === 0) {
          poisonRuns++;
          throw new Error('poison');
        }
        done.push(n);
      });
      await queue.enqueue('mixed', { n: 0 }, { jobId: 'poison', attempts: 3, backoffMs: 1000, jitter: 0 });
      for (let n = 1; n <= 5; n++) await queue.enqueue('mixed', { n });
      await waitFor(() => done.length === 5);
      expect(poisonRuns).toBeLessThan(3);
      await waitFor(() => failures.some((failure) => !failure.willRetry));
      await sleep(300);
      expect(poisonRuns).toBe(3);
      expect(done.sort()).toEqual([1, 2, 3, 4, 5]);
      expect(failures.map((failure) => failure.willRetry)).toEqual([true, true, false]);
    });

    it('lets a finished job id be queued again when it de-duplicates only while queued', async () => {
      const queue = await start();
      const seen: unknown[] = [];
      let release!: () => void;
      const gate = new Promise<void>((resolve) => (release = resolve));
      queue.process('outbox.like', async (payload) => {
        seen.push(payload);
        await gate;
      });
      await queue.enqueue('outbox.like', { n: 1 }, { jobId: 'outbox:1', dedupe: 'while-queued' });
      await waitFor(() => seen.length === 1);
      await queue.enqueue('outbox.like', { n: 2 }, { jobId: 'outbox:1', dedupe: 'while-queued' });
      release();
      await sleep(200);
      expect(seen).toEqual([{ n: 1 }]);
      await queue.enqueue('outbox.like', { n: 3 }, { jobId: 'outbox:1', dedupe: 'while-queued' });
      await waitFor(() => seen.length === 2);
      expect(seen).toEqual([{ n: 1 }, { n: 3 }]);
    });

    it('runs a scheduled job once per period, each period under its own id', async () => {
      const queue = await start();
      const runs: { jobId: string; payload: unknown; at: number }[] = [];
      queue.process('tick', async (payload, meta) => {
        runs.push({ jobId: meta.jobId, payload, at: Date.now() });
      });
      const started = Date.now();
      await queue.schedule('tick', { every: 1000 }, { payload: { kind: 'tick' } });
      await queue.schedule('tick', { every: 1000 }, { payload: { kind: 'tick' } });
      await waitFor(() => runs.length >= 2, 5000);
      const elapsed = Date.now() - started;
      expect(new Set(runs.map((run) => run.jobId)).size).toBe(runs.length);
      expect(runs.length).toBeLessThanOrEqual(Math.ceil(elapsed / 1000) + 1);
      expect(runs[0]?.payload).toEqual({ kind: 'tick' });
      await expect(queue.schedule('tick', { every: 10 })).rejects.toThrow(/every/);
      await expect(queue.schedule('tick', { cron: 'every day' })).rejects.toThrow(/cron/);
    });

    it('lets go of a handler that outlasts the grace on close', async () => {
      const queue = await start();
      let started = false;
      let finished = false;
      queue.process('endless', async () => {
        started = true;
        await sleep(3000);
        finished = true;
      });
      await queue.enqueue('endless', {});
      await waitFor(() => started);
      const closing = Date.now();
      await harness?.queue.close({ graceMs: 300 });
      expect(Date.now() - closing).toBeLessThan(2500);
      expect(finished).toBe(false);
    });

    it('refuses bad names and options, and a second handler for a name', async () => {
      const queue = await start();
      await expect(queue.enqueue('has:colon', {})).rejects.toThrow(/job name/);
      await expect(queue.enqueue('', {})).rejects.toThrow(/job name/);
      await expect(queue.enqueue('ok', {}, { attempts: 0 })).rejects.toThrow(/attempts/);
      await expect(queue.enqueue('ok', {}, { delayMs: -1 })).rejects.toThrow(/delayMs/);
      await expect(queue.enqueue('ok', {}, { jobId: '' })).rejects.toThrow(/jobId/);
      await expect(queue.enqueue('ok', {}, { jitter: 2 })).rejects.toThrow(/jitter/);
      await expect(queue.enqueue('ok', {}, { backoffMs: -5 })).rejects.toThrow(/backoffMs/);
      expect(() => queue.process('bad name', async () => undefined)).toThrow(/job name/);
      queue.process('ok', async () => undefined);
      expect(() => queue.process('ok', async () => undefined)).toThrow(/already/);
    });
  });
}

import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import type { JobQueue } from '../../application/ports/job-queue';
import { createBullMqQueue } from '../../adapters/queue/bullmq-queue';
import { createInProcessQueue } from '../../adapters/queue/in-process-queue';
import { redisUrlForTests } from '../support/infra';
import { jobQueueContract } from './job-queue.contract';

jobQueueContract('in-process', async (settings) => {
  const queue = createInProcessQueue(settings);
  return { queue, close: () => queue.close() };
});

const redisUrl = await redisUrlForTests();

if (redisUrl) {
  const run = `test-queue:${randomUUID()}`;
  let test = 0;

  jobQueueContract('bullmq', async (settings) => {
    const prefix = `${run}:${++test}`;
    const queue = createBullMqQueue({ redisUrl, prefix, ...settings });
    return {
      queue,
      close: async () => {
        await queue.close();
        await deleteKeys(redisUrl, `${prefix}:*`);
      },
    };
  });
}

if (redisUrl) {
  describe('JobQueue [bullmq, two workers]', () => {
    const prefix = `test-queue:${randomUUID()}:pair`;
    const queues: JobQueue[] = [];
    afterAll(async () => {
      await Promise.all(queues.map((queue) => queue.close()));
      await deleteKeys(redisUrl, `${prefix}:*`);
    });

    it('runs a repeating job once per period however many workers schedule and run it', async () => {
      const runs: { worker: number; jobId: string }[] = [];
      for (const worker of [1, 2]) {
        const queue = createBullMqQueue({ redisUrl, prefix, onFailure: () => undefined });
        queues.push(queue);
        queue.process('digest.weekly', async (_, meta) => {
          runs.push({ worker, jobId: meta.jobId });
        }, { concurrency: 5 });
        await queue.schedule('digest.weekly', { every: 1000 });
      }
      const started = Date.now();
      await sleep(4500);
      const elapsed = Date.now() - started;
      const ids = runs.map((run) => run.jobId);
      expect(new Set(ids).size).toBe(ids.length);
      expect(runs.length).toBeGreaterThanOrEqual(3);
      expect(runs.length).toBeLessThanOrEqual(Math.ceil(elapsed / 1000) + 1);
    });
  });
}

async function deleteKeys(url: string, pattern: string) {
  const redis = new Redis(url);
  try {
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', pattern, 'COUNT', 1000);
      if (keys.length > 0) await redis.del(...keys);
      cursor = next;
    } while (cursor !== '0');
  } finally {
    await redis.quit();
  }
}

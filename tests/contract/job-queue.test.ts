import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
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

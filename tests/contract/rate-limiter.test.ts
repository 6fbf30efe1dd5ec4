import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { createRateLimiter } from '../../adapters/rate-limit/flexible-rate-limiter';
import { redisUrlForTests } from '../support/infra';
import { rateLimiterContract } from './rate-limiter.contract';

rateLimiterContract('memory', async () => ({
  make(limits) {
    // In-process counters live in their limiter: the one process is its only handle.
    const limiter = createRateLimiter(limits);
    return { limiter, peer: limiter };
  },
  close: async () => undefined,
}));

const redisUrl = await redisUrlForTests();

if (redisUrl) {
  rateLimiterContract('redis', async () => {
    // The same key prefix on every connection, as compose.ts gives each API process.
    const prefix = `test:rl:${randomUUID()}:`;
    const clients: Redis[] = [];
    const client = () => {
      const redis = new Redis(redisUrl, { keyPrefix: prefix });
      clients.push(redis);
      return redis;
    };
    return {
      make(limits) {
        return { limiter: createRateLimiter(limits, client()), peer: createRateLimiter(limits, client()) };
      },
      async close() {
        const admin = new Redis(redisUrl);
        let cursor = '0';
        do {
          const [next, keys] = await admin.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 1000);
          if (keys.length > 0) await admin.del(...keys);
          cursor = next;
        } while (cursor !== '0');
        await Promise.all([admin, ...clients].map((redis) => redis.quit()));
      },
    };
  });
}

/**
 * BullMQ keeps jobs as ordinary Redis keys: a Redis that evicts keys under memory pressure
 * (any maxmemory-policy but noeviction) silently drops queued jobs and their locks. The worker
 * refuses to start on one, naming the setting. INFO is read rather than CONFIG GET, which managed
 * Redis services often rename or forbid.
 */
import type { Redis } from 'ioredis';
import { printableUrl } from '../config';
import { StartError } from '../start-error';

export async function maxmemoryPolicyOf(redis: Redis): Promise<string | null> {
  const info = await redis.info('memory');
  return /^maxmemory_policy:(\S+)/m.exec(info)?.[1] ?? null;
}

export async function requireNoEviction(redis: Redis, url: string): Promise<void> {
  const policy = await maxmemoryPolicyOf(redis);
  if (policy !== null && policy !== 'noeviction') {
    throw new StartError('REDIS_URL', printableUrl(url), `Redis maxmemory-policy is ${policy}; the job queue needs maxmemory-policy noeviction (an evicting Redis drops queued jobs)`);
  }
}

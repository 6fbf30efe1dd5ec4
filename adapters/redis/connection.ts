/**
 * The check made before a start goes on: Redis answers PING within the time given. A client that
 * cannot connect keeps retrying in the background and reports only through its `error` event, so
 * the last such error is kept as the reason.
 */
import type { Redis } from 'ioredis';
import { printableUrl } from '../config';
import { errorReason, StartError } from '../start-error';

export async function checkRedis(redis: Redis, url: string, timeoutMs = 5000): Promise<void> {
  let lastError: unknown;
  const remember = (error: unknown) => {
    lastError = error;
  };
  redis.on('error', remember);
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer to PING within ${timeoutMs} ms`)), timeoutMs);
  });
  try {
    await Promise.race([redis.ping(), timedOut]);
  } catch (error) {
    // A reply (NOAUTH, WRONGPASS) is Redis refusing us; anything else is a connection that never answered.
    const refused = error instanceof Error && error.name === 'ReplyError';
    const reason = refused ? `Redis refused the connection: ${errorReason(error)}` : `Redis does not answer: ${errorReason(lastError ?? error)}`;
    throw new StartError('REDIS_URL', printableUrl(url), reason, { cause: error });
  } finally {
    clearTimeout(timer);
    redis.off('error', remember);
  }
}

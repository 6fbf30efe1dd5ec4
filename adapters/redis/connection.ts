/**
 * How the API's Redis client is configured, and the check made before a start goes on.
 *
 * Fail fast: a request that needs Redis during an outage answers 503 at once rather than waiting
 * on a connection that is not there (adapters/http/errors.ts maps upstream_unavailable to 503).
 * - `enableOfflineQueue: false`: while disconnected a command is refused at once instead of being
 *   queued until a reconnect that may take minutes.
 * - `commandTimeout`: a connection that is up but does not answer (a frozen or overloaded server,
 *   a dropped network path) fails the command after this long instead of hanging.
 * - `maxRetriesPerRequest: 1`: a command caught by a disconnect fails after one reconnect attempt.
 * - `connectTimeout`: a connection attempt to an address that never answers gives up this soon.
 * - `retryStrategy`: reconnect at least every second (ioredis' default backs off to 5 s), so the
 *   service is back within a second of Redis, since nothing waits in a queue meanwhile.
 * The job queue's workers are not built from these (they block on Redis by design: BullMQ).
 */
import type { Redis, RedisOptions } from 'ioredis';
import { printableUrl } from '../config';
import { errorReason, StartError } from '../start-error';

export const REDIS_COMMAND_TIMEOUT_MS = 1000;

export const failFastRedisOptions = {
  enableOfflineQueue: false,
  commandTimeout: REDIS_COMMAND_TIMEOUT_MS,
  maxRetriesPerRequest: 1,
  connectTimeout: 3000,
  retryStrategy: (times: number) => Math.min(times * 100, 1000) + Math.floor(Math.random() * 100),
} as const satisfies RedisOptions;

/** Connection errors seen before the start gives up on Redis: the first attempt and two reconnects. */
const START_ATTEMPTS = 3;

/**
 * Redis answers PING within the time given. The client connects in the background and, without an
 * offline queue, refuses commands until it is ready: so the check first waits for `ready`. A client
 * that cannot connect reports only through its `error` event: the last such error is the reason.
 */
export async function checkRedis(redis: Redis, url: string, timeoutMs = 5000): Promise<void> {
  let lastError: unknown;
  let errors = 0;
  let giveUp: ((error: unknown) => void) | undefined;
  const remember = (error: unknown) => {
    lastError = error;
    if (++errors >= START_ATTEMPTS) giveUp?.(error);
  };
  redis.on('error', remember);
  let timer: NodeJS.Timeout | undefined;
  let onReady: (() => void) | undefined;
  const timedOut = new Promise<never>((_resolve, reject) => {
    giveUp = reject;
    timer = setTimeout(() => reject(new Error(`no answer to PING within ${timeoutMs} ms`)), timeoutMs);
  });
  const ready = new Promise<void>((resolve) => {
    if (redis.status === 'ready') return resolve();
    onReady = resolve;
    redis.once('ready', onReady);
  });
  try {
    await Promise.race([ready.then(() => redis.ping()), timedOut]);
  } catch (error) {
    // A reply (NOAUTH, WRONGPASS) is Redis refusing us; anything else is a connection that never answered.
    const reply = [error, lastError].find((e) => e instanceof Error && e.name === 'ReplyError');
    const reason = reply ? `Redis refused the connection: ${errorReason(reply)}` : `Redis does not answer: ${errorReason(lastError ?? error)}`;
    throw new StartError('REDIS_URL', printableUrl(url), reason, { cause: error });
  } finally {
    clearTimeout(timer);
    if (onReady) redis.off('ready', onReady);
    redis.off('error', remember);
  }
}

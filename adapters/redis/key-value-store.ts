/**
 * The KeyValueStore on Redis (7 or later: `take` is GETDEL). Keys and values are checked by
 * domain/storage before any command is sent; every value is stored as its JSON text with an
 * expiry, so nothing this store writes outlives its TTL.
 */
import type { Redis } from 'ioredis';
import type { KeyValueStore, SetOptions } from '../../application/ports/key-value-store';
import {
  deserializeValue,
  serializeValue,
  storageBackendError,
  storageQuotaExceeded,
  storageUnavailable,
  validateKey,
  validateTtl,
  type StorageBackendErrorCode,
} from '../../domain/storage/rules';

export interface RedisKeyValueStoreOptions {
  /** Prepended to every key as is (end it with `:`), so tests and tenants can share one Redis. */
  namespace?: string;
}

/** Redis answers a write it refuses for lack of memory (maxmemory with noeviction) with `OOM ...`. */
const isOutOfMemory = (error: unknown) => error instanceof Error && error.message.startsWith('OOM');

/**
 * No Redis to ask: not connected (the client refuses commands at once: no offline queue), the
 * connection lost under the command, or no answer within the command timeout. Anything Redis
 * itself answered (a reply error) is not this.
 */
export function isRedisUnreachable(error: unknown): boolean {
  if (!(error instanceof Error) || error.name === 'ReplyError') return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && /^E(CONNREFUSED|CONNRESET|TIMEDOUT|PIPE|NOTFOUND|AI_AGAIN|HOSTUNREACH|NETUNREACH)$/.test(code)) return true;
  return error.name === 'MaxRetriesPerRequestError' || /Stream isn't writeable|Connection is closed|Command timed out/i.test(error.message);
}

export function createRedisKeyValueStore(redis: Redis, options: RedisKeyValueStoreOptions = {}): KeyValueStore {
  const namespace = options.namespace ?? '';

  /** Sends one command; Redis' failures become the store's errors, with the cause kept. */
  async function send<T>(code: StorageBackendErrorCode, command: () => Promise<T>): Promise<T> {
    try {
      return await command();
    } catch (error) {
      if (isOutOfMemory(error)) throw storageQuotaExceeded(error);
      throw isRedisUnreachable(error) ? storageUnavailable(error) : storageBackendError(code, error);
    }
  }

  /** Stored text that is not JSON was written by something else under our namespace: a read failure. */
  function read<T>(text: string | null): T | null {
    if (text === null) return null;
    try {
      return deserializeValue<T>(text);
    } catch (error) {
      throw storageBackendError('REDIS_GET_ERROR', error);
    }
  }

  return {
    async get<T = unknown>(key: string) {
      const full = namespace + validateKey(key);
      return read<T>(await send('REDIS_GET_ERROR', () => redis.get(full)));
    },

    async set(key: string, value: unknown, setOptions: SetOptions = {}) {
      const full = namespace + validateKey(key);
      const text = serializeValue(value);
      const ttlSeconds = validateTtl(setOptions.ttlSeconds);
      const answer = await send('REDIS_SET_ERROR', () =>
        setOptions.onlyIfAbsent ? redis.set(full, text, 'EX', ttlSeconds, 'NX') : redis.set(full, text, 'EX', ttlSeconds),
      );
      return answer === 'OK';
    },

    async remove(key: string) {
      const full = namespace + validateKey(key);
      return (await send('REDIS_REMOVE_ERROR', () => redis.del(full))) > 0;
    },

    async take<T = unknown>(key: string) {
      const full = namespace + validateKey(key);
      return read<T>(await send('REDIS_GET_ERROR', () => redis.getdel(full)));
    },

    async ttl(key: string) {
      const full = namespace + validateKey(key);
      const milliseconds = await send('REDIS_GET_ERROR', () => redis.pttl(full));
      if (milliseconds === -2) return null;
      // -1: a key without expiry, which only a writer other than this store can leave.
      if (milliseconds === -1) return Number.POSITIVE_INFINITY;
      // Rounded up (TTL would round to nearest), so a live key never answers 0, as in memory.
      return Math.ceil(milliseconds / 1000);
    },
  };
}

import { randomUUID } from 'node:crypto';
import { createServer } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { Redis } from 'ioredis';
import { describe, expect, it } from 'vitest';
import { createMemoryKeyValueStore } from '../../adapters/memory/key-value-store';
import { createRedisKeyValueStore } from '../../adapters/redis/key-value-store';
import { redisUrlForTests } from '../support/infra';
import { keyValueStoreContract } from './key-value-store.contract';

function testClock(start = Date.parse('2030-01-01T00:00:00Z')) {
  let now = start;
  return { now: () => new Date(now), advance: (ms: number) => void (now += ms) };
}

const failingClock = {
  now(): Date {
    throw new Error('clock failed');
  },
};

keyValueStoreContract('memory', async () => {
  const clock = testClock();
  const store = createMemoryKeyValueStore({ storeClock: clock });
  return {
    store,
    peer: store,
    elapse: async (seconds) => clock.advance(seconds * 1000),
    full: createMemoryKeyValueStore({ storeClock: clock, maxBytes: 0 }),
    // The memory store has no connection to lose: what can fail inside it is reported with STORAGE_* codes.
    broken: {
      store: createMemoryKeyValueStore({ storeClock: failingClock }),
      codes: { get: 'STORAGE_GET_ERROR', set: 'STORAGE_SET_ERROR', remove: 'STORAGE_REMOVE_ERROR' },
    },
    close: async () => undefined,
  };
});

describe('memory KeyValueStore: time and budget', () => {
  it('expires a key at the instant its time to live ends, and rounds ttl up', async () => {
    const clock = testClock();
    const store = createMemoryKeyValueStore({ storeClock: clock });
    await store.set('k', 'v', { ttlSeconds: 10 });
    clock.advance(9_001);
    expect(await store.ttl('k')).toBe(1);
    clock.advance(998);
    expect(await store.get('k')).toBe('v');
    clock.advance(1);
    expect(await store.get('k')).toBeNull();
  });

  it('counts the UTF-8 bytes of stored JSON against the budget', async () => {
    const store = createMemoryKeyValueStore({ storeClock: testClock(), maxBytes: 10 });
    expect(await store.set('a', 'ééé')).toBe(true); // "ééé" is 2 + 6 = 8 bytes
    await expect(store.set('b', 'xx')).rejects.toMatchObject({ code: 'STORAGE_QUOTA_EXCEEDED', kind: 'storage_full' });
    expect(await store.get('b')).toBeNull();
    expect(await store.set('c', 0)).toBe(true); // 1 byte: 9 of 10 used
  });

  it('frees the budget on overwrite, remove, take and expiry', async () => {
    const clock = testClock();
    const store = createMemoryKeyValueStore({ storeClock: clock, maxBytes: 10 });
    await store.set('a', '12345678'); // 10 bytes: full
    expect(await store.set('a', 'abcdefgh')).toBe(true); // an overwrite replaces its own bytes
    await expect(store.set('b', 1)).rejects.toMatchObject({ code: 'STORAGE_QUOTA_EXCEEDED' });
    await store.remove('a');
    await store.set('b', '12345678');
    expect(await store.take('b')).toBe('12345678');
    await store.set('c', '12345678', { ttlSeconds: 1 });
    clock.advance(1_000);
    // 'c' has expired but was never read again: the write purges it to make room.
    expect(await store.set('d', '12345678')).toBe(true);
  });

  it('checks the value limits before the budget, and a refused claim before the budget', async () => {
    const store = createMemoryKeyValueStore({ storeClock: testClock(), maxBytes: 3 });
    await expect(store.set('big', 'x'.repeat(5_242_880))).rejects.toMatchObject({ code: 'VALUE_TOO_LARGE' });
    await store.set('k', 1);
    expect(await store.set('k', 'too long for the budget', { onlyIfAbsent: true })).toBe(false);
  });

  it('refuses a budget that is not a number of bytes', () => {
    expect(() => createMemoryKeyValueStore({ maxBytes: Number.NaN })).toThrow(RangeError);
  });
});

/** A port nothing listens on, so a client pointed at it fails at once. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  if (address === null || typeof address === 'string') throw new Error('no port');
  return address.port;
}

/**
 * The client, except that SET is answered by Redis itself with the error a full server sends
 * (maxmemory reached under noeviction). Lowering maxmemory for real would disturb the suites that
 * share this Redis.
 */
function withOutOfMemoryWrites(redis: Redis): Redis {
  const outOfMemory = () => redis.eval(`return redis.error_reply("OOM command not allowed when used memory > 'maxmemory'.")`, 0);
  return new Proxy(redis, {
    get(target, property) {
      if (property === 'set') return outOfMemory;
      const value: unknown = Reflect.get(target, property);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

/** The client, except that every command the store sends is answered by Redis with an error reply. */
function withFailingCommands(redis: Redis): Redis {
  const failing = () => redis.eval(`return redis.error_reply("ERR the command failed")`, 0);
  return new Proxy(redis, {
    get(target, property) {
      if (property === 'get' || property === 'set' || property === 'del' || property === 'getdel' || property === 'pttl') return failing;
      const value: unknown = Reflect.get(target, property);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

/** A client of a Redis nobody can reach: nothing listens on its port. */
async function unreachableRedis(): Promise<Redis> {
  const unreachable = new Redis({
    host: '127.0.0.1',
    port: await closedPort(),
    lazyConnect: true,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
  });
  unreachable.on('error', () => undefined);
  return unreachable;
}

async function deleteNamespace(redis: Redis, namespace: string) {
  let cursor = '0';
  do {
    const [next, keys] = await redis.scan(cursor, 'MATCH', `${namespace}*`, 'COUNT', 1000);
    if (keys.length > 0) await redis.del(...keys);
    cursor = next;
  } while (cursor !== '0');
}

const redisUrl = await redisUrlForTests();

if (redisUrl) {
  const run = `test:kv:${randomUUID()}:`;
  let test = 0;

  keyValueStoreContract('redis', async () => {
    const namespace = `${run}${++test}:`;
    const redis = new Redis(redisUrl);
    const peerRedis = new Redis(redisUrl);
    return {
      store: createRedisKeyValueStore(redis, { namespace }),
      peer: createRedisKeyValueStore(peerRedis, { namespace }),
      elapse: (seconds) => sleep(seconds * 1000),
      full: createRedisKeyValueStore(withOutOfMemoryWrites(redis), { namespace }),
      // Redis answers, with an error: the REDIS_* codes. A Redis that cannot be reached is STORAGE_UNAVAILABLE (below).
      broken: {
        store: createRedisKeyValueStore(withFailingCommands(redis), { namespace }),
        codes: { get: 'REDIS_GET_ERROR', set: 'REDIS_SET_ERROR', remove: 'REDIS_REMOVE_ERROR' },
      },
      close: async () => {
        await deleteNamespace(redis, namespace);
        await Promise.all([redis.quit(), peerRedis.quit()]);
      },
    };
  });

  describe('redis KeyValueStore: a Redis that cannot be reached', () => {
    it('answers STORAGE_UNAVAILABLE (503, Retry-After 5 s) on every operation, with the cause kept', async () => {
      const unreachable = await unreachableRedis();
      const store = createRedisKeyValueStore(unreachable, { namespace: `${run}gone:` });
      try {
        for (const attempt of [store.get('k'), store.take('k'), store.ttl('k'), store.set('k', 'v'), store.remove('k')]) {
          const error = await attempt.then(() => undefined, (e: unknown) => e);
          expect(error).toMatchObject({ kind: 'upstream_unavailable', code: 'STORAGE_UNAVAILABLE', message: 'Storage is unavailable', retryAfterSeconds: 5 });
          expect((error as Error).cause).toBeInstanceOf(Error);
        }
        // Rule failures still come first: a bad key is the key's error, reachable or not.
        await expect(store.get('a b')).rejects.toMatchObject({ code: 'INVALID_KEY_CHARS' });
      } finally {
        unreachable.disconnect();
      }
    });
  });

  describe('redis KeyValueStore: namespace and stored form', () => {
    it('keeps namespaces apart and stores JSON text with an expiry under the namespaced key', async () => {
      const redis = new Redis(redisUrl);
      const one = `${run}ns-one:`;
      const two = `${run}ns-two:`;
      try {
        await createRedisKeyValueStore(redis, { namespace: one }).set('k', { a: 1 }, { ttlSeconds: 90 });
        expect(await createRedisKeyValueStore(redis, { namespace: two }).get('k')).toBeNull();
        expect(await redis.get(`${one}k`)).toBe('{"a":1}');
        expect(await redis.ttl(`${one}k`)).toBeGreaterThan(85);
      } finally {
        await deleteNamespace(redis, run);
        await redis.quit();
      }
    });

    it('reports text that is not JSON, written by someone else, as REDIS_GET_ERROR', async () => {
      const redis = new Redis(redisUrl);
      const namespace = `${run}foreign:`;
      try {
        await redis.set(`${namespace}k`, 'not json', 'EX', 60);
        await expect(createRedisKeyValueStore(redis, { namespace }).get('k')).rejects.toMatchObject({ code: 'REDIS_GET_ERROR' });
      } finally {
        await deleteNamespace(redis, namespace);
        await redis.quit();
      }
    });
  });
}

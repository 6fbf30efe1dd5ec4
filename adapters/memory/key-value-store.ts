/**
 * The in-process KeyValueStore: the embedded default when REDIS_URL is unset, and the fast test
 * double. It behaves as the Redis adapter does (tests/contract/key-value-store.contract.ts), with
 * a byte budget standing in for Redis' maxmemory.
 *
 * Time: like Redis, the store expires keys on its own time (the system's), never on the product
 * clock. Records that must end at a product instant carry that instant and are checked against
 * the product clock by their use case (domain/auth/README.md "Sessions", passkey challenges);
 * the TTL only bounds how long a record is kept. Running the TTL on the product clock made the
 * embedded store drop records a test clock had moved past while Redis kept them, so the two
 * adapters answered differently (issue 11).
 */
import type { Clock } from '../../application/ports/clock';
import type { KeyValueStore, SetOptions } from '../../application/ports/key-value-store';
import { isAppError } from '../../domain/shared/errors';
import {
  deserializeValue,
  serializeValue,
  storageBackendError,
  storageQuotaExceeded,
  utf8ByteLength,
  validateKey,
  validateTtl,
  type StorageBackendErrorCode,
} from '../../domain/storage/rules';

/** 64 MiB of serialised values unless told otherwise, so a forgotten key cannot grow a process without bound. */
export const DEFAULT_MEMORY_STORE_MAX_BYTES = 64 * 1024 * 1024;

export interface MemoryKeyValueStoreOptions {
  /**
   * The store's own time, the system's unless a store test simulates it (as a real Redis' clock
   * would run); never the product clock, which tests move without the store's time passing.
   */
  storeClock?: Clock;
  /** The budget, in UTF-8 bytes of the stored JSON texts; a write beyond it is STORAGE_QUOTA_EXCEEDED. */
  maxBytes?: number;
}

interface Entry {
  text: string;
  bytes: number;
  expiresAtMs: number;
}

const systemClock: Clock = { now: () => new Date() };

export function createMemoryKeyValueStore(options: MemoryKeyValueStoreOptions = {}): KeyValueStore {
  const clock = options.storeClock ?? systemClock;
  const maxBytes = options.maxBytes ?? DEFAULT_MEMORY_STORE_MAX_BYTES;
  if (!(maxBytes >= 0)) throw new RangeError(`maxBytes must be a number of bytes, not ${maxBytes}`);
  const entries = new Map<string, Entry>();
  let usedBytes = 0;

  const nowMs = () => clock.now().getTime();

  function drop(key: string, entry: Entry) {
    entries.delete(key);
    usedBytes -= entry.bytes;
  }

  /** The live entry under the key; an expired one is purged on the way. */
  function live(key: string, now: number): Entry | undefined {
    const entry = entries.get(key);
    if (entry && entry.expiresAtMs <= now) {
      drop(key, entry);
      return undefined;
    }
    return entry;
  }

  function purgeExpired(now: number) {
    for (const [key, entry] of entries) if (entry.expiresAtMs <= now) drop(key, entry);
  }

  /**
   * Runs one operation. Rule failures (AppError) pass through; anything else thrown inside is a
   * failure of this store, reported with the operation's code.
   */
  function guard<T>(code: StorageBackendErrorCode, operation: () => T): T {
    try {
      return operation();
    } catch (error) {
      throw isAppError(error) ? error : storageBackendError(code, error);
    }
  }

  return {
    async get<T = unknown>(key: string) {
      const checked = validateKey(key);
      return guard('STORAGE_GET_ERROR', () => {
        const entry = live(checked, nowMs());
        return entry ? deserializeValue<T>(entry.text) : null;
      });
    },

    async set(key: string, value: unknown, setOptions: SetOptions = {}) {
      const checked = validateKey(key);
      const text = serializeValue(value);
      const ttlSeconds = validateTtl(setOptions.ttlSeconds);
      return guard('STORAGE_SET_ERROR', () => {
        const now = nowMs();
        const previous = live(checked, now);
        if (previous && setOptions.onlyIfAbsent) return false;
        const bytes = utf8ByteLength(text);
        const fits = () => usedBytes - (previous?.bytes ?? 0) + bytes <= maxBytes;
        if (!fits()) purgeExpired(now);
        if (!fits()) throw storageQuotaExceeded();
        if (previous) drop(checked, previous);
        entries.set(checked, { text, bytes, expiresAtMs: now + ttlSeconds * 1000 });
        usedBytes += bytes;
        return true;
      });
    },

    async remove(key: string) {
      const checked = validateKey(key);
      return guard('STORAGE_REMOVE_ERROR', () => {
        const entry = live(checked, nowMs());
        if (!entry) return false;
        drop(checked, entry);
        return true;
      });
    },

    async take<T = unknown>(key: string) {
      const checked = validateKey(key);
      // One synchronous step: no other call can run between the read and the removal.
      return guard('STORAGE_GET_ERROR', () => {
        const entry = live(checked, nowMs());
        if (!entry) return null;
        drop(checked, entry);
        return deserializeValue<T>(entry.text);
      });
    },

    async ttl(key: string) {
      const checked = validateKey(key);
      return guard('STORAGE_GET_ERROR', () => {
        const now = nowMs();
        const entry = live(checked, now);
        // Rounded up, so a live key never answers 0.
        return entry ? Math.ceil((entry.expiresAtMs - now) / 1000) : null;
      });
    },
  };
}

/**
 * A small typed key-value store with TTLs (spec 002 §8-9 "storage helper").
 * Keys and values are validated by domain/storage before they reach the backend; every failure
 * surfaces as an AppError with one of the spec's storage codes.
 */
export interface SetOptions {
  /** Seconds to live; defaults to DEFAULT_TTL_SECONDS (604800). */
  ttlSeconds?: number;
  /** Write only when the key is absent (an atomic claim). Answers false when it was present. */
  onlyIfAbsent?: boolean;
}

export interface KeyValueStore {
  get<T = unknown>(key: string): Promise<T | null>;
  /** Answers true when written (always true unless onlyIfAbsent found the key present). */
  set(key: string, value: unknown, options?: SetOptions): Promise<boolean>;
  /** Answers true when a value was removed. */
  remove(key: string): Promise<boolean>;
  /** Atomically reads and removes a value: the building block of single-use tokens. */
  take<T = unknown>(key: string): Promise<T | null>;
  /** Seconds left to live, or null when the key is absent. */
  ttl(key: string): Promise<number | null>;
}

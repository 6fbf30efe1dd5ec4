/**
 * The storage helper's rules (spec 002 §8-9): what a key and a value may be, the limits, and the
 * errors every KeyValueStore adapter raises. Pure: no I/O, no Node globals, so the web client can
 * share it. The order of the checks is part of the contract; README.md in this folder explains it.
 */
import { AppError } from '../shared/errors';

export const MAX_KEY_LENGTH = 250;
export const MAX_VALUE_BYTES = 5_242_880;
export const DEFAULT_TTL_SECONDS = 604_800;
export const AUTH_KEY_PREFIX = 'auth:';

/** A key holds only these: ASCII letters, digits and `: _ - . @ + =`. */
export const KEY_SAFE_CHARACTERS = /^[A-Za-z0-9:_\-.@+=]*$/;
const PATH_ESCAPE = /\.\.|[/\\]/;
/** C0 controls other than tab, line feed and carriage return, and DEL. */
const FORBIDDEN_VALUE_CHARACTER = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;

export const StorageErrorCode = {
  INVALID_KEY: 'INVALID_KEY',
  EMPTY_KEY: 'EMPTY_KEY',
  KEY_TOO_LONG: 'KEY_TOO_LONG',
  INVALID_KEY_CHARS: 'INVALID_KEY_CHARS',
  PATH_TRAVERSAL: 'PATH_TRAVERSAL',
  INVALID_VALUE_TYPE: 'INVALID_VALUE_TYPE',
  VALUE_TOO_LARGE: 'VALUE_TOO_LARGE',
  INVALID_VALUE_CHARS: 'INVALID_VALUE_CHARS',
  INVALID_TTL: 'INVALID_TTL',
  STORAGE_QUOTA_EXCEEDED: 'STORAGE_QUOTA_EXCEEDED',
  STORAGE_UNAVAILABLE: 'STORAGE_UNAVAILABLE',
  STORAGE_GET_ERROR: 'STORAGE_GET_ERROR',
  STORAGE_SET_ERROR: 'STORAGE_SET_ERROR',
  STORAGE_REMOVE_ERROR: 'STORAGE_REMOVE_ERROR',
  REDIS_GET_ERROR: 'REDIS_GET_ERROR',
  REDIS_SET_ERROR: 'REDIS_SET_ERROR',
  REDIS_REMOVE_ERROR: 'REDIS_REMOVE_ERROR',
} as const;
export type StorageErrorCode = (typeof StorageErrorCode)[keyof typeof StorageErrorCode];

/** The codes an adapter raises when its backend fails (kind upstream_unavailable). */
export type StorageBackendErrorCode =
  | 'STORAGE_UNAVAILABLE'
  | 'STORAGE_GET_ERROR'
  | 'STORAGE_SET_ERROR'
  | 'STORAGE_REMOVE_ERROR'
  | 'REDIS_GET_ERROR'
  | 'REDIS_SET_ERROR'
  | 'REDIS_REMOVE_ERROR';

const keyError = (code: StorageErrorCode, message: string) =>
  new AppError('invalid_input', code, message, { errors: [{ path: 'key', message }] });

const valueTooLarge = (cause?: unknown) => {
  const message = `Storage value must be at most ${MAX_VALUE_BYTES} bytes`;
  return new AppError('payload_too_large', 'VALUE_TOO_LARGE', message, { errors: [{ path: 'value', message }], cause });
};

const valueError = (code: StorageErrorCode, message: string) =>
  new AppError('invalid_input', code, message, { errors: [{ path: 'value', message }] });

/**
 * Answers the key unchanged when it is usable, else throws. Checks, first failure wins:
 * INVALID_KEY (not a string), EMPTY_KEY, KEY_TOO_LONG (over 250 characters, counted as code
 * points), PATH_TRAVERSAL (`..`, `/` or `\` anywhere), INVALID_KEY_CHARS (anything else outside
 * the safe set).
 */
export function validateKey(key: unknown): string {
  if (typeof key !== 'string') throw keyError('INVALID_KEY', 'Storage key must be a string');
  if (key.length === 0) throw keyError('EMPTY_KEY', 'Storage key must not be empty');
  // A string's UTF-16 length is at least its code-point count, so only long ones need counting.
  if (key.length > MAX_KEY_LENGTH && codePointCount(key) > MAX_KEY_LENGTH) {
    throw keyError('KEY_TOO_LONG', `Storage key must be at most ${MAX_KEY_LENGTH} characters`);
  }
  if (PATH_ESCAPE.test(key)) {
    throw keyError('PATH_TRAVERSAL', 'Storage key must not contain "..", "/" or "\\"');
  }
  if (!KEY_SAFE_CHARACTERS.test(key)) {
    throw keyError('INVALID_KEY_CHARS', 'Storage key may contain only letters, digits and : _ - . @ + =');
  }
  return key;
}

/** `auth:` followed by the parts joined with `:`, validated like any key. */
export function authKey(...parts: string[]): string {
  return validateKey(AUTH_KEY_PREFIX + parts.join(':'));
}

/** Answers the time to live in whole seconds: DEFAULT_TTL_SECONDS when absent, else a positive integer. */
export function validateTtl(ttlSeconds: unknown): number {
  if (ttlSeconds === undefined) return DEFAULT_TTL_SECONDS;
  if (typeof ttlSeconds !== 'number' || !Number.isSafeInteger(ttlSeconds) || ttlSeconds < 1) {
    const message = 'Storage time to live must be a whole number of seconds, at least 1';
    throw new AppError('invalid_input', 'INVALID_TTL', message, { errors: [{ path: 'ttlSeconds', message }] });
  }
  return ttlSeconds;
}

/**
 * The JSON text stored for a value, or throws. Values are JSON values: null, booleans, finite
 * numbers, strings, arrays and plain objects of them, so what is read back equals what was
 * written. Checks, first failure wins: INVALID_VALUE_TYPE (anywhere in the value), then
 * INVALID_VALUE_CHARS (any string, object keys included), then VALUE_TOO_LARGE (UTF-8 bytes of
 * the JSON text). An object property whose value is undefined is left out, as JSON does.
 */
export function serializeValue(value: unknown): string {
  const problems: Problems = {};
  deeplyNested(() => inspect(value, 'value', [], problems, false));
  if (problems.type) {
    throw valueError('INVALID_VALUE_TYPE', `Storage value must be JSON: ${problems.type.what} at ${problems.type.at}`);
  }
  if (problems.chars) {
    throw valueError('INVALID_VALUE_CHARS', `Storage value holds a forbidden control character at ${problems.chars}`);
  }
  const text = deeplyNested(() => JSON.stringify(value));
  if (utf8ByteLength(text) > MAX_VALUE_BYTES) {
    throw valueTooLarge();
  }
  return text;
}

/**
 * Both walks of a value recurse, and JSON text has an engine limit: a value nested deeply enough
 * to exhaust the call stack is refused as not JSON, one too long for a string as too large.
 */
function deeplyNested<T>(walk: () => T): T {
  try {
    return walk();
  } catch (cause) {
    if (!(cause instanceof RangeError)) throw cause;
    if (!/call stack/i.test(cause.message)) throw valueTooLarge(cause);
    const message = 'Storage value must be JSON: it is nested too deeply';
    throw new AppError('invalid_input', 'INVALID_VALUE_TYPE', message, { errors: [{ path: 'value', message }], cause });
  }
}

/** The value held in stored JSON text (the inverse of serializeValue). */
export function deserializeValue<T = unknown>(text: string): T {
  return JSON.parse(text) as T;
}

export const storageQuotaExceeded = (cause?: unknown) =>
  new AppError('storage_full', 'STORAGE_QUOTA_EXCEEDED', 'Storage is full', { cause });

const backendMessages: Record<StorageBackendErrorCode, string> = {
  STORAGE_UNAVAILABLE: 'Storage is unavailable',
  STORAGE_GET_ERROR: 'Could not read from storage',
  STORAGE_SET_ERROR: 'Could not write to storage',
  STORAGE_REMOVE_ERROR: 'Could not remove from storage',
  REDIS_GET_ERROR: 'Could not read from Redis',
  REDIS_SET_ERROR: 'Could not write to Redis',
  REDIS_REMOVE_ERROR: 'Could not remove from Redis',
};

/** A backend failure; the cause is kept for the logs and never sent to a client. */
export const storageBackendError = (code: StorageBackendErrorCode, cause?: unknown) =>
  new AppError('upstream_unavailable', code, backendMessages[code], { cause, ...(code === 'STORAGE_UNAVAILABLE' ? { retryAfterSeconds: STORAGE_UNAVAILABLE_RETRY_AFTER_SECONDS } : {}) });

/** How long a client is asked to wait (Retry-After) when a store cannot be reached at all. */
export const STORAGE_UNAVAILABLE_RETRY_AFTER_SECONDS = 5;

/** A store (the database, Redis) cannot be reached at all: 503 STORAGE_UNAVAILABLE with Retry-After. */
export const storageUnavailable = (cause?: unknown) => storageBackendError('STORAGE_UNAVAILABLE', cause);

interface Problems {
  type?: { what: string; at: string };
  chars?: string;
}

/** Records the first type problem and the first forbidden character, walking depth first. */
function inspect(value: unknown, at: string, ancestors: object[], problems: Problems, isObjectProperty: boolean): void {
  if (problems.type) return;
  const fail = (what: string) => {
    problems.type = { what, at };
  };
  switch (typeof value) {
    case 'string':
      if (!problems.chars && FORBIDDEN_VALUE_CHARACTER.test(value)) problems.chars = at;
      return;
    case 'number':
      if (!Number.isFinite(value)) fail(String(value));
      return;
    case 'boolean':
      return;
    case 'undefined':
      // Inside an object JSON leaves the property out; at the top or in an array it would change the value.
      if (!isObjectProperty) fail('undefined');
      return;
    case 'function':
      return fail('a function');
    case 'symbol':
      return fail('a symbol');
    case 'bigint':
      return fail('a bigint');
  }
  if (value === null) return;
  const object = value as object;
  if (ancestors.includes(object)) return fail('a cyclic reference');
  ancestors.push(object);
  if (Array.isArray(object)) {
    for (let i = 0; i < object.length; i++) inspect(object[i], `${at}[${i}]`, ancestors, problems, false);
  } else {
    const prototype = Object.getPrototypeOf(object);
    if (prototype !== Object.prototype && prototype !== null) {
      fail(`a ${prototype?.constructor?.name ?? 'non-plain'} object`);
    } else if (Object.getOwnPropertySymbols(object).length > 0) {
      fail('a symbol-keyed property');
    } else {
      for (const [name, item] of Object.entries(object)) {
        const here = `${at}${/^[A-Za-z_$][\w$]*$/.test(name) ? `.${name}` : `[${JSON.stringify(name)}]`}`;
        if (!problems.chars && FORBIDDEN_VALUE_CHARACTER.test(name)) problems.chars = here;
        inspect(item, here, ancestors, problems, true);
      }
    }
  }
  ancestors.pop();
}

function codePointCount(text: string): number {
  let count = 0;
  for (const _ of text) count++;
  return count;
}

/** Bytes of the text in UTF-8; a lone surrogate counts as the 3 bytes of U+FFFD. */
export function utf8ByteLength(text: string): number {
  let bytes = 0;
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    if (unit < 0x80) bytes += 1;
    else if (unit < 0x800) bytes += 2;
    else if (unit >= 0xd800 && unit <= 0xdbff && i + 1 < text.length) {
      const next = text.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) {
        bytes += 4;
        i++;
      } else bytes += 3;
    } else bytes += 3;
  }
  return bytes;
}

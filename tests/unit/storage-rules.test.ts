import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ERROR_TRANSPORT, INTERNAL_MESSAGE, errorEnvelope } from '../../adapters/http/errors';
import { AppError, type ErrorKind } from '../../domain/shared/errors';
import {
  AUTH_KEY_PREFIX,
  DEFAULT_TTL_SECONDS,
  KEY_SAFE_CHARACTERS,
  MAX_KEY_LENGTH,
  MAX_VALUE_BYTES,
  authKey,
  deserializeValue,
  serializeValue,
  storageBackendError,
  storageQuotaExceeded,
  utf8ByteLength,
  validateKey,
  validateTtl,
} from '../../domain/storage/rules';

/** The AppError thrown by the call (fails the test when it throws nothing or something else). */
function thrown(call: () => unknown): AppError {
  try {
    call();
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error('expected an AppError');
}

const SAFE = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789:_-.@+=';
const validKey = fc
  .string({ unit: fc.constantFrom(...SAFE), minLength: 1, maxLength: MAX_KEY_LENGTH })
  .filter((key) => !key.includes('..'));
const FORBIDDEN_CONTROLS = [...Array(32).keys()]
  .filter((code) => ![9, 10, 13].includes(code))
  .concat(127)
  .map((code) => String.fromCharCode(code));

describe('storage constants (spec 002 §9)', () => {
  it('has the spec limits', () => {
    expect(MAX_KEY_LENGTH).toBe(250);
    expect(MAX_VALUE_BYTES).toBe(5242880);
    expect(DEFAULT_TTL_SECONDS).toBe(604800);
    expect(AUTH_KEY_PREFIX).toBe('auth:');
  });
});

describe('validateKey', () => {
  it('answers a valid key unchanged', () => {
    for (const key of ['theme', 'auth:refresh:3f9a', 'user@example.com', 'a-b_c.d+e=f:g', 'x'.repeat(250), '.', 'a.b.c']) {
      expect(validateKey(key)).toBe(key);
    }
  });

  it.each([
    [undefined, 'INVALID_KEY'],
    [null, 'INVALID_KEY'],
    [42, 'INVALID_KEY'],
    [{}, 'INVALID_KEY'],
    [['a'], 'INVALID_KEY'],
    [new String('a'), 'INVALID_KEY'],
    ['', 'EMPTY_KEY'],
    ['x'.repeat(251), 'KEY_TOO_LONG'],
    ['..', 'PATH_TRAVERSAL'],
    ['../secrets', 'PATH_TRAVERSAL'],
    ['a..b', 'PATH_TRAVERSAL'],
    ['a/b', 'PATH_TRAVERSAL'],
    ['/etc', 'PATH_TRAVERSAL'],
    ['a\\b', 'PATH_TRAVERSAL'],
    ['a b', 'INVALID_KEY_CHARS'],
    [' ', 'INVALID_KEY_CHARS'],
    ['key\n', 'INVALID_KEY_CHARS'],
    ['key\u0000', 'INVALID_KEY_CHARS'],
    ['caf\u00e9', 'INVALID_KEY_CHARS'],
    ['%2e%2e%2f', 'INVALID_KEY_CHARS'],
    ['a*', 'INVALID_KEY_CHARS'],
    ['{tag}', 'INVALID_KEY_CHARS'],
  ])('refuses %j with %s', (key, code) => {
    const error = thrown(() => validateKey(key));
    expect(error.code).toBe(code);
    expect(error.kind).toBe('invalid_input');
    expect(error.errors).toEqual([{ path: 'key', message: error.message }]);
  });

  it('says what is wrong in words', () => {
    expect(thrown(() => validateKey(1)).message).toBe('Storage key must be a string');
    expect(thrown(() => validateKey('')).message).toBe('Storage key must not be empty');
    expect(thrown(() => validateKey('x'.repeat(251))).message).toBe('Storage key must be at most 250 characters');
    expect(thrown(() => validateKey('a/b')).message).toBe('Storage key must not contain "..", "/" or "\\"');
    expect(thrown(() => validateKey('a b')).message).toBe('Storage key may contain only letters, digits and : _ - . @ + =');
  });

  it('checks in order: type, empty, length, traversal, characters', () => {
    expect(thrown(() => validateKey(`/${'x'.repeat(250)} `)).code).toBe('KEY_TOO_LONG');
    expect(thrown(() => validateKey('../a b')).code).toBe('PATH_TRAVERSAL');
  });

  it('counts characters, not UTF-16 units, toward the length limit', () => {
    expect(thrown(() => validateKey('😀'.repeat(250))).code).toBe('INVALID_KEY_CHARS');
    expect(thrown(() => validateKey('😀'.repeat(251))).code).toBe('KEY_TOO_LONG');
  });

  it('property: every key of safe characters without ".." is accepted as is', () => {
    fc.assert(
      fc.property(validKey, (key) => {
        expect(validateKey(key)).toBe(key);
      }),
    );
  });

  it('property: a character outside the safe set gives INVALID_KEY_CHARS', () => {
    const outside = fc
      .string({ unit: 'binary', minLength: 1, maxLength: 1 })
      .filter((char) => !KEY_SAFE_CHARACTERS.test(char) && char !== '/' && char !== '\\');
    fc.assert(
      fc.property(validKey, outside, fc.nat(), (key, char, at) => {
        const base = key.slice(0, MAX_KEY_LENGTH - 1);
        const i = at % (base.length + 1);
        expect(thrown(() => validateKey(base.slice(0, i) + char + base.slice(i))).code).toBe('INVALID_KEY_CHARS');
      }),
    );
  });

  it('property: "..", "/" or "\\" anywhere gives PATH_TRAVERSAL, whatever else the key holds', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 100 }), fc.constantFrom('..', '/', '\\'), fc.string({ maxLength: 100 }), (before, escape, after) => {
        expect(thrown(() => validateKey(before + escape + after)).code).toBe('PATH_TRAVERSAL');
      }),
    );
  });

  it('property: any string over 250 characters gives KEY_TOO_LONG', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', minLength: 251, maxLength: 400 }), (key) => {
        fc.pre([...key].length > MAX_KEY_LENGTH);
        expect(thrown(() => validateKey(key)).code).toBe('KEY_TOO_LONG');
      }),
    );
  });

  it('property: anything that is not a string gives INVALID_KEY', () => {
    fc.assert(
      fc.property(
        fc.anything().filter((v) => typeof v !== 'string'),
        (key) => {
          expect(thrown(() => validateKey(key)).code).toBe('INVALID_KEY');
        },
      ),
    );
  });
});

describe('authKey', () => {
  it('prefixes auth: and joins the parts with ":"', () => {
    expect(authKey('refresh', 'abc123')).toBe('auth:refresh:abc123');
    expect(authKey('magic')).toBe('auth:magic');
  });

  it('validates the key it builds', () => {
    expect(thrown(() => authKey('refresh', 'a/b')).code).toBe('PATH_TRAVERSAL');
    expect(thrown(() => authKey('x'.repeat(250))).code).toBe('KEY_TOO_LONG');
  });
});

describe('validateTtl', () => {
  it('defaults to 604800 seconds and accepts whole seconds from 1', () => {
    expect(validateTtl(undefined)).toBe(604800);
    expect(validateTtl(1)).toBe(1);
    expect(validateTtl(900)).toBe(900);
  });

  it.each([0, -5, 1.5, Number.NaN, Number.POSITIVE_INFINITY, '60', null])('refuses %j with INVALID_TTL', (ttl) => {
    const error = thrown(() => validateTtl(ttl));
    expect(error).toMatchObject({ kind: 'invalid_input', code: 'INVALID_TTL' });
  });
});

describe('serializeValue', () => {
  it('stores JSON values as their JSON text', () => {
    for (const value of [null, true, false, 0, -1.5, 'text', '', [], {}, [1, 'a', null], { a: { b: [true] } }, 'tab\tline\nreturn\r']) {
      expect(serializeValue(value)).toBe(JSON.stringify(value));
    }
  });

  it('accepts shared (not cyclic) references and objects without a prototype', () => {
    const shared = { x: 1 };
    expect(serializeValue({ a: shared, b: [shared, shared] })).toBe('{"a":{"x":1},"b":[{"x":1},{"x":1}]}');
    const bare = Object.assign(Object.create(null) as object, { a: 1 });
    expect(serializeValue(bare)).toBe('{"a":1}');
  });

  it('leaves out object properties that are undefined, as JSON does', () => {
    expect(serializeValue({ a: 1, b: undefined })).toBe('{"a":1}');
  });

  const cyclic: Record<string, unknown> = { name: 'loop' };
  cyclic.self = cyclic;
  class Lesson {
    title = 'x';
  }
  it.each([
    ['undefined', undefined, 'undefined at value'],
    ['undefined in an array', [1, undefined], 'undefined at value[1]'],
    ['an array hole', [1, , 3], 'undefined at value[1]'],
    ['a function', () => 1, 'a function at value'],
    ['a nested function', { a: { run() {} } }, 'a function at value.a.run'],
    ['a symbol', Symbol('s'), 'a symbol at value'],
    ['a bigint', 10n, 'a bigint at value'],
    ['NaN', Number.NaN, 'NaN at value'],
    ['Infinity', { n: [Number.POSITIVE_INFINITY] }, 'Infinity at value.n[0]'],
    ['-Infinity', Number.NEGATIVE_INFINITY, '-Infinity at value'],
    ['a cycle', cyclic, 'a cyclic reference at value.self'],
    ['a Date', { at: new Date(0) }, 'a Date object at value.at'],
    ['a Map', new Map([[1, 2]]), 'a Map object at value'],
    ['a Set', new Set([1]), 'a Set object at value'],
    ['a class instance', new Lesson(), 'a Lesson object at value'],
    ['a symbol-keyed property', { [Symbol('k')]: 1 }, 'a symbol-keyed property at value'],
    ['a toJSON method', { toJSON: () => 'x' }, 'a function at value.toJSON'],
    ['an odd property name', { 'my key': () => 1 }, 'a function at value["my key"]'],
  ])('refuses %s with INVALID_VALUE_TYPE', (_, value, where) => {
    const error = thrown(() => serializeValue(value));
    expect(error).toMatchObject({ kind: 'invalid_input', code: 'INVALID_VALUE_TYPE' });
    expect(error.message).toBe(`Storage value must be JSON: ${where}`);
    expect(error.errors).toEqual([{ path: 'value', message: error.message }]);
  });

  it('refuses values nested too deeply to walk with INVALID_VALUE_TYPE', () => {
    let deep: unknown = 1;
    for (let i = 0; i < 200_000; i++) deep = [deep];
    const error = thrown(() => serializeValue(deep));
    expect(error).toMatchObject({ code: 'INVALID_VALUE_TYPE', message: 'Storage value must be JSON: it is nested too deeply' });
  });

  it.each(FORBIDDEN_CONTROLS.map((char) => [char.charCodeAt(0), char]))(
    'refuses control character %i in a string with INVALID_VALUE_CHARS',
    (_, char) => {
      const error = thrown(() => serializeValue({ list: ['ok', `a${char}b`] }));
      expect(error).toMatchObject({ kind: 'invalid_input', code: 'INVALID_VALUE_CHARS' });
      expect(error.message).toBe('Storage value holds a forbidden control character at value.list[1]');
    },
  );

  it('refuses a control character in an object key, and in a top-level string', () => {
    expect(thrown(() => serializeValue({ ['k\u0001']: 1 })).code).toBe('INVALID_VALUE_CHARS');
    expect(thrown(() => serializeValue('\u001b[31m')).code).toBe('INVALID_VALUE_CHARS');
  });

  it('checks in order: type, then characters, then size', () => {
    expect(thrown(() => serializeValue(['\u0000', () => 1])).code).toBe('INVALID_VALUE_TYPE');
    expect(thrown(() => serializeValue(`\u0000${'x'.repeat(MAX_VALUE_BYTES)}`)).code).toBe('INVALID_VALUE_CHARS');
  });

  it('measures size in UTF-8 bytes of the JSON text: 5242880 pass, 5242881 give VALUE_TOO_LARGE (413)', () => {
    const twoByteChars = 'é'.repeat((MAX_VALUE_BYTES - 2) / 2); // quotes + 2 bytes per char = exactly the limit
    expect(serializeValue(twoByteChars)).toHaveLength(twoByteChars.length + 2);
    const error = thrown(() => serializeValue(`${twoByteChars}a`));
    expect(error).toMatchObject({ kind: 'payload_too_large', code: 'VALUE_TOO_LARGE', message: 'Storage value must be at most 5242880 bytes' });
    // Escapes count as written: a quote inside a string takes 2 bytes.
    expect(thrown(() => serializeValue('"'.repeat(MAX_VALUE_BYTES / 2))).code).toBe('VALUE_TOO_LARGE');
  });

  it('property: any JSON value round-trips to what JSON gives back', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        const text = serializeValue(value);
        expect(text).toBe(JSON.stringify(value));
        expect(deserializeValue(text)).toEqual(JSON.parse(JSON.stringify(value)));
      }),
    );
  });

  it('property: any string, in any Unicode, without a forbidden control character round-trips', () => {
    const text = fc.string({ unit: 'binary' }).filter((s) => !FORBIDDEN_CONTROLS.some((c) => s.includes(c)));
    fc.assert(
      fc.property(text, text, (key, value) => {
        expect(deserializeValue(serializeValue({ [key]: value }))).toEqual({ [key]: value });
      }),
    );
  });

  it('property: a forbidden control character anywhere in a string gives INVALID_VALUE_CHARS', () => {
    fc.assert(
      fc.property(fc.string(), fc.constantFrom(...FORBIDDEN_CONTROLS), fc.string(), fc.boolean(), (before, char, after, asKey) => {
        const dirty = before + char + after;
        expect(thrown(() => serializeValue(asKey ? { [dirty]: 1 } : [{ a: dirty }])).code).toBe('INVALID_VALUE_CHARS');
      }),
    );
  });

  it('property: a value is either refused with a value code or read back equal, never silently changed', () => {
    const leaf = fc.oneof(
      fc.string({ unit: 'binary' }),
      fc.double().map((n) => n + 0), // -0 is written as 0 by JSON, which is the same number
      fc.integer(),
      fc.boolean(),
      fc.constant(null),
      fc.constant(undefined),
      fc.bigInt(),
    );
    const anything = fc.anything({ values: [leaf], withMap: true, withSet: true, withDate: true, withSparseArray: true, withNullPrototype: true, withBoxedValues: true });
    fc.assert(
      fc.property(anything, (value) => {
        let text: string;
        try {
          text = serializeValue(value);
        } catch (error) {
          expect(error).toBeInstanceOf(AppError);
          expect(['INVALID_VALUE_TYPE', 'INVALID_VALUE_CHARS']).toContain((error as AppError).code);
          return;
        }
        expect(deserializeValue(text)).toEqual(value);
      }),
    );
  });

  it('property: the byte count is the UTF-8 length', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (text) => {
        expect(utf8ByteLength(text)).toBe(Buffer.byteLength(text, 'utf8'));
      }),
    );
    fc.assert(
      fc.property(fc.string({ unit: 'binary-ascii' }), (text) => {
        expect(utf8ByteLength(text)).toBe(text.length);
      }),
    );
  });
});

describe('storage errors', () => {
  it('maps quota exhaustion to storage_full (507) and backend failures to upstream_unavailable (503)', () => {
    const cause = new Error('boom');
    expect(storageQuotaExceeded(cause)).toMatchObject({ kind: 'storage_full', code: 'STORAGE_QUOTA_EXCEEDED', cause });
    for (const code of [
      'STORAGE_UNAVAILABLE',
      'STORAGE_GET_ERROR',
      'STORAGE_SET_ERROR',
      'STORAGE_REMOVE_ERROR',
      'REDIS_GET_ERROR',
      'REDIS_SET_ERROR',
      'REDIS_REMOVE_ERROR',
    ] as const) {
      const error = storageBackendError(code, cause);
      expect(error).toMatchObject({ kind: 'upstream_unavailable', code, cause });
      expect(error.message).not.toContain('boom');
    }
  });
});

/**
 * No operation writes a caller's data into the KeyValueStore, so the storage codes reach a client
 * only through adapters/http/errors.ts, the one table of kinds to statuses: checked here with the
 * errors the storage rules really raise.
 */
describe('storage errors on the wire (adapters/http/errors.ts)', () => {
  const cases: [string, () => unknown, number, string][] = [
    ['a key that is not a string', () => validateKey(7), 400, 'INVALID_KEY'],
    ['an empty key', () => validateKey(''), 400, 'EMPTY_KEY'],
    ['a key over 250 characters', () => validateKey('k'.repeat(MAX_KEY_LENGTH + 1)), 400, 'KEY_TOO_LONG'],
    ['a key with a space', () => validateKey('a b'), 400, 'INVALID_KEY_CHARS'],
    ['a key that escapes', () => validateKey('a/../b'), 400, 'PATH_TRAVERSAL'],
    ['a function as value', () => serializeValue(() => 1), 400, 'INVALID_VALUE_TYPE'],
    ['a control character in a value', () => serializeValue('bell\u0007'), 400, 'INVALID_VALUE_CHARS'],
    ['a value over 5242880 bytes', () => serializeValue('x'.repeat(MAX_VALUE_BYTES)), 413, 'VALUE_TOO_LARGE'],
    ['a time to live of 0', () => validateTtl(0), 400, 'INVALID_TTL'],
    ['a full store', () => { throw storageQuotaExceeded(new Error('OOM')); }, 507, 'STORAGE_QUOTA_EXCEEDED'],
    ['a Redis read failure', () => { throw storageBackendError('REDIS_GET_ERROR', new Error('ECONNRESET')); }, 503, 'REDIS_GET_ERROR'],
    ['a memory write failure', () => { throw storageBackendError('STORAGE_SET_ERROR', new Error('clock')); }, 503, 'STORAGE_SET_ERROR'],
  ];

  it.each(cases)('%s answers %i with its code in the REST envelope', (_name, call, status, code) => {
    const error = thrown(call);
    const envelope = errorEnvelope(error, 'req-1');
    expect(envelope.status).toBe(status);
    expect(envelope.body).toEqual({ success: false, code, message: error.message, errors: error.errors ?? [], requestId: 'req-1' });
    expect(JSON.stringify(envelope.body)).not.toMatch(/OOM|ECONNRESET|clock/);
  });

  it('maps every error kind to the status and tRPC code of the error map of docs/architecture.md §3', () => {
    const table: Record<ErrorKind, [number, string]> = {
      invalid_input: [400, 'BAD_REQUEST'],
      unauthenticated: [401, 'UNAUTHORIZED'],
      forbidden: [403, 'FORBIDDEN'],
      not_found: [404, 'NOT_FOUND'],
      conflict: [409, 'CONFLICT'],
      rule_violation: [422, 'UNPROCESSABLE_CONTENT'],
      payload_too_large: [413, 'PAYLOAD_TOO_LARGE'],
      method_not_allowed: [405, 'METHOD_NOT_SUPPORTED'],
      rate_limited: [429, 'TOO_MANY_REQUESTS'],
      upstream_unavailable: [503, 'SERVICE_UNAVAILABLE'],
      storage_full: [507, 'INTERNAL_SERVER_ERROR'],
      internal: [500, 'INTERNAL_SERVER_ERROR'],
    };
    expect(Object.keys(ERROR_TRANSPORT).sort()).toEqual(Object.keys(table).sort());
    for (const [kind, [http, trpc]] of Object.entries(table) as [ErrorKind, [number, string]][]) {
      expect(ERROR_TRANSPORT[kind]).toEqual({ http, trpc });
      const { status, body } = errorEnvelope(new AppError(kind, `SOME_${kind.toUpperCase()}`, 'What went wrong'));
      expect(status).toBe(http);
      expect(body).toMatchObject({ success: false, code: `SOME_${kind.toUpperCase()}`, message: kind === 'internal' ? INTERNAL_MESSAGE : 'What went wrong' });
    }
  });
});


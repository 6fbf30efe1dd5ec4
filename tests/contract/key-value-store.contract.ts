/**
 * The KeyValueStore contract, written once and run against every adapter (memory and Redis), so
 * the embedded default cannot drift from production.
 */
import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { KeyValueStore } from '../../application/ports/key-value-store';
import { DEFAULT_TTL_SECONDS, MAX_KEY_LENGTH, MAX_VALUE_BYTES, authKey } from '../../domain/storage/rules';

export interface KeyValueStoreHarness {
  store: KeyValueStore;
  /** A second handle on the same data (for Redis, over another connection). */
  peer: KeyValueStore;
  /** Lets time pass for the store: a test clock for memory, real waiting for Redis (keep it short). */
  elapse(seconds: number): Promise<void>;
  /** A store on the same kind of backend that refuses every write for lack of space. */
  full: KeyValueStore;
  /** A store whose backend fails every command, and the codes it must answer with. */
  broken: { store: KeyValueStore; codes: { get: string; set: string; remove: string } };
  close(): Promise<void>;
}

const SAFE = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789:_-.@+=';
const validKey = fc
  .string({ unit: fc.constantFrom(...SAFE), minLength: 1, maxLength: MAX_KEY_LENGTH })
  .filter((key) => !key.includes('..'));
/** JSON values without the control characters the rules refuse; compared with what JSON itself gives back. */
const storableValue = fc.jsonValue({ maxDepth: 4 }).map((value) => JSON.parse(JSON.stringify(value)) as unknown);

const safeChar = fc.constantFrom(...SAFE);
/** Characters outside the safe set that are not path separators either: any Unicode but `/`, `\\` and the safe set. */
const unsafeChar = fc.string({ unit: 'grapheme', minLength: 1, maxLength: 1 }).filter((c) => [...c].some((ch) => !SAFE.includes(ch)) && !/[/\\]/.test(c));
const keyAround = (middle: fc.Arbitrary<string>, room: number) =>
  fc.tuple(fc.string({ unit: safeChar, maxLength: room }), middle, fc.string({ unit: safeChar, maxLength: room })).map(([before, m, after]) => before + m + after);

/** Keys each rule refuses, built so that no earlier rule catches them first (the order is in domain/storage/rules.ts). */
const rejectedKeys = {
  KEY_TOO_LONG: fc.string({ unit: fc.oneof(safeChar, fc.constantFrom('/', '..', ' ', 'é', '\u{1F600}')), minLength: MAX_KEY_LENGTH + 1, maxLength: MAX_KEY_LENGTH + 40 }).filter((key) => [...key].length > MAX_KEY_LENGTH),
  INVALID_KEY_CHARS: keyAround(fc.string({ unit: unsafeChar, minLength: 1, maxLength: 3 }), 100).filter((key) => !key.includes('..') && [...key].length <= MAX_KEY_LENGTH),
  PATH_TRAVERSAL: keyAround(fc.constantFrom('..', '/', '\\', '../', '..\\', '/etc/passwd', '%2F..', 'a/b'), 100),
} as const;

const FORBIDDEN_CONTROLS = [...Array(32).keys()].filter((code) => ![9, 10, 13].includes(code)).concat(127).map((code) => String.fromCharCode(code));
/** Values the rules refuse, by code: something JSON cannot hold somewhere inside, or a forbidden control character. */
const rejectedValues = {
  INVALID_VALUE_TYPE: fc
    .tuple(fc.constantFrom<unknown>(() => 1, Symbol('s'), 10n, Number.NaN, Number.POSITIVE_INFINITY, new Date(0), new Map(), new Set([1]), undefined), fc.constantFrom('top', 'array', 'object'))
    // Inside an object an undefined property is left out, as JSON does: the bad value sits in an array there.
    .map(([bad, where]) => (where === 'top' ? bad : where === 'array' ? ['ok', bad] : { ok: 1, nested: [{ fine: true }, bad] })),
  INVALID_VALUE_CHARS: fc
    .tuple(fc.string({ maxLength: 20 }), fc.constantFrom(...FORBIDDEN_CONTROLS), fc.string({ maxLength: 20 }), fc.constantFrom('string', 'array', 'key'))
    .map(([before, control, after, where]) => {
      const dirty = before + control + after;
      return where === 'string' ? dirty : where === 'array' ? [1, { text: dirty }] : { [dirty]: true };
    }),
} as const;

export function keyValueStoreContract(name: string, make: () => Promise<KeyValueStoreHarness>) {
  describe(`KeyValueStore [${name}]`, () => {
    let h: KeyValueStoreHarness;
    beforeEach(async () => {
      h = await make();
    });
    afterEach(async () => {
      await h.close();
    });

    it('round-trips a value', async () => {
      const value = { user: 'ada@example.com', roles: ['TEACHER'], count: 3, nested: { ok: true, none: null } };
      expect(await h.store.set('profile:1', value)).toBe(true);
      expect(await h.store.get('profile:1')).toEqual(value);
      expect(await h.peer.get('profile:1')).toEqual(value);
    });

    it('round-trips any JSON value under any valid key', async () => {
      await fc.assert(
        fc.asyncProperty(validKey, storableValue, async (key, value) => {
          await h.store.set(key, value);
          expect(await h.store.get(key)).toEqual(value);
        }),
        { numRuns: 40 },
      );
    });

    it('answers null for a missing key, and false when removing or claiming nothing', async () => {
      expect(await h.store.get('missing')).toBeNull();
      expect(await h.store.take('missing')).toBeNull();
      expect(await h.store.ttl('missing')).toBeNull();
      expect(await h.store.remove('missing')).toBe(false);
    });

    it('stores falsy values as values, not as absence', async () => {
      for (const value of [null, false, 0, '', [], {}]) {
        await h.store.set('falsy', value);
        expect(await h.store.get('falsy')).toEqual(value);
        // A stored null reads as absence through get; ttl tells them apart.
        expect(await h.store.ttl('falsy')).not.toBeNull();
      }
    });

    it('applies the default time to live of 604800 seconds', async () => {
      await h.store.set('default-ttl', 1);
      const ttl = await h.store.ttl('default-ttl');
      expect(ttl).toBeLessThanOrEqual(DEFAULT_TTL_SECONDS);
      expect(ttl).toBeGreaterThanOrEqual(DEFAULT_TTL_SECONDS - 2);
    });

    it('applies a custom time to live, and a rewrite renews it', async () => {
      await h.store.set('custom-ttl', 1, { ttlSeconds: 120 });
      expect(await h.store.ttl('custom-ttl')).toBeGreaterThanOrEqual(118);
      expect(await h.store.ttl('custom-ttl')).toBeLessThanOrEqual(120);
      await h.store.set('custom-ttl', 2, { ttlSeconds: 3600 });
      expect(await h.store.ttl('custom-ttl')).toBeGreaterThan(3500);
    });

    it('refuses a time to live that is not a positive whole number of seconds', async () => {
      for (const ttlSeconds of [0, -1, 1.5, Number.NaN]) {
        await expect(h.store.set('bad-ttl', 1, { ttlSeconds })).rejects.toMatchObject({ kind: 'invalid_input', code: 'INVALID_TTL' });
      }
      expect(await h.store.get('bad-ttl')).toBeNull();
    });

    it('forgets a value once its time to live has passed', async () => {
      await h.store.set('short', 'soon gone', { ttlSeconds: 1 });
      await h.store.set('long', 'still here', { ttlSeconds: 60 });
      await h.elapse(1.1);
      expect(await h.store.get('short')).toBeNull();
      expect(await h.store.take('short')).toBeNull();
      expect(await h.store.ttl('short')).toBeNull();
      expect(await h.store.remove('short')).toBe(false);
      expect(await h.store.get('long')).toBe('still here');
      // An expired key is absent, so it can be claimed again.
      expect(await h.store.set('short', 'again', { onlyIfAbsent: true })).toBe(true);
    });

    it('writes with onlyIfAbsent only when the key is absent', async () => {
      expect(await h.store.set('claim', 'first', { onlyIfAbsent: true })).toBe(true);
      expect(await h.peer.set('claim', 'second', { onlyIfAbsent: true })).toBe(false);
      expect(await h.store.get('claim')).toBe('first');
      expect(await h.store.set('claim', 'third')).toBe(true);
      expect(await h.store.get('claim')).toBe('third');
    });

    it('lets exactly one of many concurrent onlyIfAbsent writers win', async () => {
      const writers = Array.from({ length: 20 }, (_, i) => (i % 2 ? h.peer : h.store).set('race', i, { onlyIfAbsent: true }));
      const won = (await Promise.all(writers)).filter(Boolean);
      expect(won).toHaveLength(1);
    });

    it('removes a value', async () => {
      await h.store.set('gone', 'x');
      expect(await h.store.remove('gone')).toBe(true);
      expect(await h.store.get('gone')).toBeNull();
      expect(await h.store.remove('gone')).toBe(false);
    });

    it('takes a value once: the second take finds nothing', async () => {
      await h.store.set(authKey('magic', 'abc123'), { userId: 'u1' });
      expect(await h.store.take(authKey('magic', 'abc123'))).toEqual({ userId: 'u1' });
      expect(await h.store.take(authKey('magic', 'abc123'))).toBeNull();
      expect(await h.store.get(authKey('magic', 'abc123'))).toBeNull();
    });

    it('gives a value to exactly one of many concurrent takers', async () => {
      await h.store.set('token', 'secret');
      const takers = Array.from({ length: 20 }, (_, i) => (i % 2 ? h.peer : h.store).take('token'));
      const got = (await Promise.all(takers)).filter((value) => value !== null);
      expect(got).toEqual(['secret']);
    });

    it('accepts a value of exactly 5242880 bytes and refuses one byte more with VALUE_TOO_LARGE', async () => {
      const largest = 'a'.repeat(MAX_VALUE_BYTES - 2); // the two quotes of the JSON string make up the rest
      expect(await h.store.set('large', largest, { ttlSeconds: 60 })).toBe(true);
      expect(((await h.store.get<string>('large')) ?? '').length).toBe(largest.length);
      await expect(h.store.set('large', `${largest}a`)).rejects.toMatchObject({ kind: 'payload_too_large', code: 'VALUE_TOO_LARGE' });
      expect(((await h.store.get<string>('large')) ?? '').length).toBe(largest.length);
    });

    it('refuses bad keys with the spec codes on every operation, before reaching the backend', async () => {
      const cases: [unknown, string][] = [
        ['', 'EMPTY_KEY'],
        [42, 'INVALID_KEY'],
        ['k'.repeat(MAX_KEY_LENGTH + 1), 'KEY_TOO_LONG'],
        ['a b', 'INVALID_KEY_CHARS'],
        ['../etc/passwd', 'PATH_TRAVERSAL'],
      ];
      for (const store of [h.store, h.broken.store]) {
        for (const [key, code] of cases) {
          const k = key as string;
          const operations = [() => store.get(k), () => store.set(k, 1), () => store.remove(k), () => store.take(k), () => store.ttl(k)];
          for (const operation of operations) {
            await expect(operation()).rejects.toMatchObject({ kind: 'invalid_input', code });
          }
        }
      }
    });

    it('refuses bad values with the spec codes and keeps the previous value', async () => {
      await h.store.set('v', 'kept');
      await expect(h.store.set('v', () => 1)).rejects.toMatchObject({ kind: 'invalid_input', code: 'INVALID_VALUE_TYPE' });
      await expect(h.store.set('v', { bad: 'bell\u0007' })).rejects.toMatchObject({ kind: 'invalid_input', code: 'INVALID_VALUE_CHARS' });
      await expect(h.broken.store.set('v', undefined)).rejects.toMatchObject({ code: 'INVALID_VALUE_TYPE' });
      expect(await h.store.get('v')).toBe('kept');
    });

    for (const [code, keys] of Object.entries(rejectedKeys)) {
      it(`property: refuses any key of its kind with ${code}, before reaching the backend, and stores nothing`, async () => {
        await fc.assert(
          fc.asyncProperty(keys, storableValue, async (key, value) => {
            // The full and the broken store answer every write that reaches their backend with a
            // storage error: the key's code from them too means the write never got that far.
            for (const store of [h.store, h.full, h.broken.store]) {
              await expect(store.set(key, value)).rejects.toMatchObject({ kind: 'invalid_input', code });
              await expect(store.set(key, value, { onlyIfAbsent: true })).rejects.toMatchObject({ code });
            }
            for (const read of [() => h.store.get(key), () => h.store.take(key), () => h.store.ttl(key), () => h.store.remove(key)]) {
              await expect(read()).rejects.toMatchObject({ code });
            }
          }),
          { numRuns: 25 },
        );
      });
    }

    for (const [code, values] of Object.entries(rejectedValues)) {
      it(`property: refuses any value of its kind with ${code}, keeping what the key held`, async () => {
        let run = 0;
        await fc.assert(
          fc.asyncProperty(values, fc.boolean(), async (value, heldBefore) => {
            const key = `rejected:${code}:${++run}`;
            if (heldBefore) await h.store.set(key, 'kept');
            for (const store of [h.store, h.full, h.broken.store]) {
              await expect(store.set(key, value)).rejects.toMatchObject({ kind: 'invalid_input', code });
            }
            await expect(h.store.set(key, value, { onlyIfAbsent: true })).rejects.toMatchObject({ code });
            expect(await h.store.get(key)).toBe(heldBefore ? 'kept' : null);
            expect(await h.peer.ttl(key)).toEqual(heldBefore ? expect.any(Number) : null);
          }),
          { numRuns: 25 },
        );
      });
    }

    it('answers STORAGE_QUOTA_EXCEEDED (storage_full) when the backend has no room', async () => {
      await expect(h.full.set('k', 'v')).rejects.toMatchObject({ kind: 'storage_full', code: 'STORAGE_QUOTA_EXCEEDED' });
    });

    it('reports backend failures with the adapter codes, as upstream_unavailable with the cause kept', async () => {
      const { store, codes } = h.broken;
      const expectFailure = async (attempt: Promise<unknown>, code: string) => {
        const error = await attempt.then(
          () => undefined,
          (e: unknown) => e,
        );
        expect(error).toMatchObject({ kind: 'upstream_unavailable', code });
        expect((error as Error).cause).toBeInstanceOf(Error);
      };
      await expectFailure(store.get('k'), codes.get);
      await expectFailure(store.take('k'), codes.get);
      await expectFailure(store.ttl('k'), codes.get);
      await expectFailure(store.set('k', 'v'), codes.set);
      await expectFailure(store.remove('k'), codes.remove);
    });
  });
}

/** The free-form JSON caps (domain/shared/json.ts): depth without recursion, size as jsonb writes it. */
import { PGlite } from '@electric-sql/pglite';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jsonLimitProblem, jsonObject, jsonStoredBytes, jsonTextDepth, jsonValueDepth, MAX_JSON_BYTES } from '../../domain/shared/json';

describe('depth', () => {
  it('reads the depth of JSON text in one pass, strings and escapes skipped', () => {
    expect(jsonTextDepth('1')).toBe(0);
    expect(jsonTextDepth('{}')).toBe(1);
    expect(jsonTextDepth('{"a":[1,{"b":[]}]}')).toBe(4);
    expect(jsonTextDepth('{"a":"[[[[\\"[[[["}')).toBe(1);
    expect(jsonTextDepth(Buffer.from('[[["\\\\"]]]'))).toBe(3);
    expect(jsonTextDepth('['.repeat(1_000_000), 32)).toBe(33);
  });

  it('measures a parsed value 200,000 levels deep without overflowing the stack', () => {
    let deep: unknown = 1;
    for (let i = 0; i < 200_000; i++) deep = [deep];
    expect(jsonValueDepth(deep)).toBe(200_000);
    expect(jsonValueDepth(deep, 16)).toBe(17);
    expect(jsonLimitProblem({ deep }, 'Metadata')).toBe('Metadata must be nested at most 16 levels deep');
    expect(jsonObject('Metadata').safeParse({ deep }).error?.issues[0]?.message).toBe('Metadata must be nested at most 16 levels deep');
  });

  it('counts text depth and value depth alike', () => {
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 8 }), (value) => {
        expect(jsonTextDepth(JSON.stringify(value))).toBe(jsonValueDepth(value));
      }),
    );
  });
});

describe('size, as PostgreSQL writes jsonb', () => {
  let pglite: PGlite;
  beforeAll(async () => {
    pglite = new PGlite();
    await pglite.waitReady;
  }, 60_000);
  afterAll(async () => pglite.close());

  it('equals octet_length(value::jsonb::text) for any JSON value PostgreSQL can hold', async () => {
    // jsonb holds neither NUL nor lone surrogates; -0 and integers past 2^53 are beside the point here.
    const storable = fc.jsonValue({ maxDepth: 4 }).filter((v) => !/\\u0000|\\ud[89a-f]/i.test(JSON.stringify(v)));
    const samples = fc.sample(storable, 150).concat([1e21, -1.5e300, 1e-7, 2.5e-10, { a: [1, 'x', null, true, false] }, 'ünïcode ✓ 𝄞', []]);
    for (const value of samples) {
      const text = JSON.stringify(value);
      const { rows } = await pglite.query<{ n: number }>('select octet_length($1::jsonb::text) as n', [text]);
      expect(jsonStoredBytes(value), text).toBe(Number(rows[0]!.n));
    }
  }, 60_000);

  it('stops counting past the limit', () => {
    expect(jsonStoredBytes({ notes: 'x'.repeat(10 * MAX_JSON_BYTES) }, MAX_JSON_BYTES)).toBeGreaterThan(MAX_JSON_BYTES);
    expect(jsonLimitProblem({ n: Array.from({ length: 300 }, () => 1e300) }, 'Metadata')).toBe(`Metadata must be at most ${MAX_JSON_BYTES} bytes as JSON`);
    expect(jsonLimitProblem({ notes: 'x'.repeat(1000) }, 'Metadata')).toBeUndefined();
  });
});

/**
 * HTTP-level limits and refusals (issue 11 §7): free-form JSON capped by depth and size (after a
 * merge too), bodies nested too deeply refused before they are parsed, tRPC batches capped before
 * any call runs, and tRPC's and REST's 404 and 405 answered with their own codes, never
 * INTERNAL_ERROR.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_JSON_BYTES } from '../../domain/shared/json';
import { MAX_BATCH_CALLS } from '../../domain/shared/product';
import { startLibraryServer, slug, type LibraryServer } from '../support/library';

let lib: LibraryServer;
let url: string;
beforeAll(async () => {
  lib = await startLibraryServer();
  url = lib.server.url;
});
afterAll(async () => lib.server.close());

const nested = (depth: number, leaf = '1') => '{"a":'.repeat(depth) + leaf + '}'.repeat(depth);
const nestedArray = (depth: number) => '['.repeat(depth) + ']'.repeat(depth);

async function post(path: string, text: string, headers: Record<string, string> = {}) {
  const res = await fetch(url + path, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: text });
  return { status: res.status, headers: res.headers, json: (await res.json()) as any };
}

describe('a body nested too deeply', () => {
  it('is refused with 400 JSON_TOO_DEEP before it is parsed, on REST and tRPC, with or without an Idempotency-Key', async () => {
    for (const depth of [33, 10_000, 200_000]) {
      const text = `{"email":${nestedArray(depth)}}`;
      for (const path of ['/api/auth/magic-link', '/trpc/auth.requestMagicLink']) {
        const answer = await post(path, text, { 'idempotency-key': `deep-${depth}-${path.length}` });
        expect(answer.status, `${path} at ${depth}`).toBe(400);
        const code = path.startsWith('/trpc') ? answer.json.error.data.appCode : answer.json.code;
        expect(code).toBe('JSON_TOO_DEEP');
      }
    }
    const rest = await post('/api/auth/magic-link', `{"email":${nestedArray(10_000)}}`);
    expect(rest.json).toEqual({ success: false, code: 'JSON_TOO_DEEP', message: "The request's JSON is nested too deeply (at most 32 levels)", errors: [], requestId: expect.any(String) });
  });

  it('is refused in a tRPC GET input too', async () => {
    const input = encodeURIComponent(nestedArray(1_000));
    const res = await fetch(`${url}/trpc/system.config?input=${input}`);
    expect(res.status).toBe(400);
    expect(((await res.json()) as any).error.data.appCode).toBe('JSON_TOO_DEEP');
  });

  it('passes at the limit, where the schema answers', async () => {
    const answer = await post('/api/auth/magic-link', `{"email":${nestedArray(31)}}`);
    expect(answer.status).toBe(400);
    expect(answer.json.code).toBe('VALIDATION_ERROR');
  });
});

describe('progress metadata (free-form JSON)', () => {
  let contentId: string;
  beforeAll(async () => {
    const book = await lib.editor.post('/api/books', { slug: slug('books'), status: 'PUBLISHED', title: 'Anthem', formats: ['EBOOK'] });
    expect(book.status, JSON.stringify(book.json)).toBe(201);
    contentId = book.json.book.id;
  });

  const write = (metadata: string) =>
    fetch(`${url}/api/progress/content`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: [...lib.member.cookies].map(([k, v]) => `${k}=${v}`).join('; ') },
      body: `{"contentId":"${contentId}","metadata":${metadata}}`,
    }).then(async (res) => ({ status: res.status, json: (await res.json()) as any }));

  it('refuses metadata nested deeper than 16 levels with 400 and the field named', async () => {
    const answer = await write(nested(17));
    expect(answer.status).toBe(400);
    expect(answer.json).toMatchObject({ code: 'VALIDATION_ERROR', message: 'Metadata must be nested at most 16 levels deep', errors: [{ path: 'metadata', message: 'Metadata must be nested at most 16 levels deep' }] });
    expect((await write(nested(16))).status).toBe(200);
  });

  it('refuses 10,000 levels with 400, never 500', async () => {
    expect((await write(nested(10_000))).status).toBe(400);
  });

  it('refuses metadata over 64 KB with 400, and a body over the parser limit with 413', async () => {
    const big = await write(JSON.stringify({ notes: 'x'.repeat(5 * 1024 * 1024) }));
    expect(big.status).toBe(400);
    expect(big.json).toMatchObject({ code: 'VALIDATION_ERROR', errors: [{ path: 'metadata', message: `Metadata must be at most ${MAX_JSON_BYTES} bytes as JSON` }] });
    // Numbers are counted as PostgreSQL writes them: 1e300 is 301 digits there.
    expect((await write(JSON.stringify({ n: Array.from({ length: 300 }, () => 1e300) }))).status).toBe(400);
    const huge = await write(JSON.stringify({ notes: 'x'.repeat(7 * 1024 * 1024) }));
    expect(huge.status).toBe(413);
    expect(huge.json.code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('refuses a merge whose result would pass 64 KB, and leaves the stored progress as it was', async () => {
    const half = 'y'.repeat(40 * 1024);
    const first = await write(JSON.stringify({ one: half }));
    expect(first.status, JSON.stringify(first.json)).toBe(200);
    const before = first.json.progress;
    const second = await write(JSON.stringify({ two: half }));
    expect(second.status).toBe(400);
    expect(second.json).toMatchObject({ code: 'VALIDATION_ERROR', errors: [{ path: 'metadata', message: `Metadata must be at most ${MAX_JSON_BYTES} bytes as JSON` }] });
    const read = await lib.member.get(`/api/progress/content/${contentId}`);
    expect(Object.keys(read.json.progress.metadata).sort()).toEqual(Object.keys(before.metadata).sort());
    expect(read.json.progress.updatedAt).toBe(before.updatedAt);
    // Replacing a key with something no larger always lands.
    expect((await write(JSON.stringify({ one: 'short' }))).status).toBe(200);
    expect((await write(JSON.stringify({ two: half }))).status).toBe(200);
  });

  it('caps a content item’s JSON fields the same way', async () => {
    const answer = await lib.editor.post('/api/books', { slug: slug('books'), title: 'Deep', formats: ['EBOOK'], tableOfContents: nested(20) });
    expect(answer.status).toBe(400);
    expect(answer.json.errors).toEqual([{ path: 'tableOfContents', message: expect.stringMatching(/nested at most 16 levels deep$/) }]);
  });
});

describe('tRPC batches', () => {
  it(`run up to ${MAX_BATCH_CALLS} calls`, async () => {
    const paths = Array.from({ length: MAX_BATCH_CALLS }, () => 'system.config').join(',');
    const res = await fetch(`${url}/trpc/${paths}?batch=1`);
    expect(res.status).toBe(200);
    expect((await res.json()) as unknown[]).toHaveLength(MAX_BATCH_CALLS);
  });

  it('refuse a larger batch with 400 BATCH_TOO_LARGE before any call runs', async () => {
    const emails = Array.from({ length: 200 }, (_, i) => `batch-${i}-${Date.now()}@example.org`);
    const res = await fetch(`${url}/trpc/${emails.map(() => 'auth.requestMagicLink').join(',')}?batch=1`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(Object.fromEntries(emails.map((email, i) => [i, { email }]))),
    });
    expect(res.status).toBe(400);
    const answers = (await res.json()) as any[];
    expect(answers[0].error.data.appCode).toBe('BATCH_TOO_LARGE');
    expect(answers[0].error.message).toBe(`A batch may hold at most ${MAX_BATCH_CALLS} calls; this one has 200`);
    for (const email of emails) expect(lib.server.services.devMailbox?.list(email) ?? []).toEqual([]);

    const get = await fetch(`${url}/trpc/${Array.from({ length: 200 }, () => 'system.config').join(',')}?batch=1`);
    expect(get.status).toBe(400);
  });
});

describe('unknown procedures and wrong methods', () => {
  it('answers an unknown tRPC procedure 404 NOT_FOUND', async () => {
    const res = await fetch(`${url}/trpc/system.nothing`);
    expect(res.status).toBe(404);
    const json = (await res.json()) as any;
    expect(json.error.data).toMatchObject({ code: 'NOT_FOUND', httpStatus: 404, appCode: 'NOT_FOUND' });
    expect(json.error.message).toBe('No procedure found on path "system.nothing"');
  });

  it('answers a tRPC input that is not JSON 400 INVALID_JSON', async () => {
    const res = await fetch(`${url}/trpc/system.config?input=%7Bnot-json`);
    expect(res.status).toBe(400);
    const json = (await res.json()) as any;
    expect(json.error.message).toBe('The request input is not valid JSON');
    expect(json.error.data).toMatchObject({ httpStatus: 400, appCode: 'INVALID_JSON' });
  });

  it('answers a tRPC mutation by GET, or a query by POST, 405 with Allow', async () => {
    const get = await fetch(`${url}/trpc/auth.logout`);
    expect(get.status).toBe(405);
    expect(get.headers.get('allow')).toBe('POST');
    expect(((await get.json()) as any).error.data).toMatchObject({ httpStatus: 405, appCode: 'METHOD_NOT_ALLOWED' });

    const postQuery = await post('/trpc/system.config', '{}');
    expect(postQuery.status).toBe(405);
    expect(postQuery.headers.get('allow')).toBe('GET');
    expect(postQuery.json.error.data.appCode).toBe('METHOD_NOT_ALLOWED');
  });

  it('answers an unknown /api route 404 and a known one under another method 405 with Allow, in the envelope', async () => {
    const missing = await fetch(`${url}/api/no-such-route`);
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ success: false, code: 'NOT_FOUND', message: 'No route for GET /api/no-such-route', errors: [], requestId: expect.any(String) });

    const wrong = await fetch(`${url}/api/config`, { method: 'PUT', headers: { 'content-type': 'application/json' }, body: '{}' });
    expect(wrong.status).toBe(405);
    expect(wrong.headers.get('allow')).toBe('GET, HEAD');
    expect(await wrong.json()).toEqual({ success: false, code: 'METHOD_NOT_ALLOWED', message: 'PUT is not allowed on /api/config; use GET or HEAD', errors: [], allow: ['GET', 'HEAD'], requestId: expect.any(String) });

    const withParams = await fetch(`${url}/api/books/id/00000000-0000-4000-8000-000000000000`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    expect(withParams.status).toBe(405);
    expect(withParams.headers.get('allow')).toBe('GET, HEAD, PATCH, DELETE');
  });
});

/**
 * The lean GET lane (adapters/http/lean-get.ts) against express' own middleware chain, on one set
 * of services: the same requests must get the same status, headers and body from both. A second
 * listener with `leanGet: false` is express alone.
 */
import path from 'node:path';
import { tmpdir } from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoContentSeeder } from '../../scripts/seed/content';
import { startHttpServer, type RunningServer } from '../../adapters/server';
import { ApiClient } from '../support/client';
import { startTestServer, type TestServer } from '../support/server';

const PARTNER = 'https://partner.example.org';
let server: TestServer;
let expressOnly: RunningServer;
let member: ApiClient;
let bearer: string;

beforeAll(async () => {
  server = await startTestServer({ CORS_ORIGINS: PARTNER, RATE_LIMIT_MAGIC_LINK_POINTS: '100', RATE_LIMIT_MAGIC_LINK_IP_POINTS: '100' });
  expressOnly = await startHttpServer(server.services, { port: 0, host: '127.0.0.1', leanGet: false, clientDir: path.join(tmpdir(), 'olp-no-client') });
  await demoContentSeeder.run(server.services);
  // A member signed in by bearer token, so both listeners can be asked as the same member.
  member = new ApiClient(server.url, { 'x-auth-transport': 'bearer' });
  const registered = await member.post('/api/auth/register', { email: 'lean-lane@example.org', password: 'Galt-Gulch-Motor-1957', firstName: 'Lean', lastName: 'Lane' });
  expect(registered.status, JSON.stringify(registered.json)).toBe(200);
  bearer = `Bearer ${registered.json.accessToken as string}`;
});
afterAll(async () => {
  await expressOnly.stop();
  await server.close();
});

/** Headers that legitimately differ between two answers (time, a fresh request id). */
const VARYING = new Set(['date', 'x-request-id', 'keep-alive', 'connection']);

async function both(pathAndQuery: string, headers: Record<string, string> = {}) {
  const ask = async (base: string) => {
    const res = await fetch(base + pathAndQuery, { headers: { 'x-request-id': 'parity-check', ...headers } });
    const text = await res.text();
    const kept = [...res.headers].filter(([name]) => !VARYING.has(name)).sort(([a], [b]) => a.localeCompare(b));
    return { status: res.status, headers: kept, requestId: res.headers.get('x-request-id'), body: text };
  };
  return { lean: await ask(server.url), plain: await ask(expressOnly.url) };
}

describe('the lean GET lane answers as express does', () => {
  it.each([
    ['a list page', '/api/books/list?page=1&limit=2'],
    ['a list with filter[x] (the extended query parser)', '/api/books/list?filter%5Bfeatured%5D=true&limit=3'],
    ['an item by slug, with relations', '/api/books/atlas-shrugged?includeRelations=true'],
    ['an item by id that does not exist (404 envelope)', '/api/books/id/00000000-0000-0000-0000-000000000000'],
    ['a slug with an escaped character', '/api/books/atlas%2Dshrugged'],
    ['bad input (400 envelope)', '/api/books/list?page=0'],
    ['a signed-in route without a session (401)', '/api/auth/me'],
    ['a query that must be one of a few values', '/api/auth/rate-limit?action=nope'],
    ['the app config', '/api/config'],
    ['a path in another case, with a trailing slash', '/API/Books/List/'],
  ])('%s', async (_label, url) => {
    const { lean, plain } = await both(url);
    expect(lean.status).toBe(plain.status);
    expect(lean.headers).toEqual(plain.headers);
    expect(lean.body).toBe(plain.body);
    expect(lean.requestId).toBe('parity-check');
  });

  it('echoes an allow-listed Origin, and only that one, as express does', async () => {
    for (const origin of [PARTNER, 'https://evil.example']) {
      const { lean, plain } = await both('/api/books/list?limit=1', { origin });
      expect(lean.headers).toEqual(plain.headers);
      const allowOrigin = lean.headers.find(([name]) => name === 'access-control-allow-origin')?.[1];
      expect(allowOrigin).toBe(origin === PARTNER ? PARTNER : undefined);
    }
  });

  it('reads the session from the same credentials', async () => {
    const { lean, plain } = await both('/api/auth/me', { authorization: bearer });
    expect(lean.status).toBe(200);
    expect(JSON.parse(lean.body).user.email).toBe('lean-lane@example.org');
    expect(lean.body).toBe(plain.body);
  });

  it('leaves what is not a GET operation to express: HEAD, preflights, unknown API paths, the probes', async () => {
    for (const [method, url] of [
      ['HEAD', '/api/books/list'],
      ['OPTIONS', '/api/books/list'],
      ['GET', '/api/no-such-thing'],
      ['GET', '/healthz'],
    ] as const) {
      const headers = { 'x-request-id': 'parity-check', ...(method === 'OPTIONS' ? { origin: PARTNER, 'access-control-request-method': 'GET' } : {}) };
      const [a, b] = await Promise.all([server.url, expressOnly.url].map((base) => fetch(base + url, { method, headers })));
      expect(a!.status, `${method} ${url}`).toBe(b!.status);
      expect(await a!.text()).toBe(await b!.text());
    }
  });
});

describe('compression in the lean lane, as the compression middleware does it', () => {
  it.each([
    ['br', 'br'],
    ['gzip', 'gzip'],
    ['a browser’s list', 'gzip, deflate, br, zstd'],
    ['deflate only', 'deflate'],
    ['a coding nobody supports', 'zstd'],
    ['weights (left to express)', 'gzip;q=1, br;q=0.5'],
    ['none', ''],
  ])('%s: the same encoding, headers and decoded body', async (_label, acceptEncoding) => {
    for (const url of ['/api/books/list?limit=20', '/api/books/list?limit=1', '/api/auth/me']) {
      const { lean, plain } = await both(url, { 'accept-encoding': acceptEncoding, authorization: bearer });
      expect(lean.status, url).toBe(plain.status);
      expect(lean.headers, url).toEqual(plain.headers);
      expect(lean.body, url).toBe(plain.body);
    }
  });

  it('compresses a large list and leaves a tiny answer and the session check alone', async () => {
    const large = await both('/api/books/list?limit=20', { 'accept-encoding': 'gzip, br' });
    expect(large.lean.body.length).toBeGreaterThan(1024);
    expect(large.lean.headers).toContainEqual(['content-encoding', 'br']);
    const tiny = await both('/api/books/list?limit=1&page=9999', { 'accept-encoding': 'gzip, br' });
    expect(tiny.lean.headers.find(([name]) => name === 'content-encoding')).toBeUndefined();
    const me = await both('/api/auth/me', { 'accept-encoding': 'gzip, br', authorization: bearer });
    expect(me.lean.status).toBe(200);
    expect(me.lean.headers.find(([name]) => name === 'content-encoding')).toBeUndefined();
  });
});

/**
 * API answers are compressed from 1 KB up, brotli or gzip by Accept-Encoding, through express (here)
 * and the lean GET lane (tests/api/lean-get.test.ts); sign-in answers never are (BREACH).
 */
import { request } from 'node:http';
import { gunzipSync, brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

function raw(method: string, url: string, headers: Record<string, string>, body?: string) {
  return new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }>((resolve, reject) => {
    const req = request(server.url + url, { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

describe('API compression', () => {
  it('compresses a large JSON answer with brotli, or gzip for a client without it', async () => {
    const br = await raw('GET', '/api/openapi.json', { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.status).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/Accept-Encoding/);
    const document = JSON.parse(brotliDecompressSync(br.body).toString('utf8')) as { openapi: string };
    expect(document.openapi).toMatch(/^3\./);
    expect(br.body.length).toBeLessThan(brotliDecompressSync(br.body).length / 3);

    const gz = await raw('GET', '/api/openapi.json', { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.body).toString('utf8')).toBe(brotliDecompressSync(br.body).toString('utf8'));

    const plain = await raw('GET', '/api/openapi.json', {});
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString('utf8')).toBe(gunzipSync(gz.body).toString('utf8'));
  });

  it('leaves a tiny answer uncompressed', async () => {
    const res = await raw('GET', '/healthz', { 'accept-encoding': 'gzip, br' });
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(res.body.toString('utf8'))).toEqual({ success: true, status: 'alive' });
  });

  it('never compresses a sign-in answer, however large', async () => {
    // A 400 listing what is wrong with a large body: above the threshold, on a sign-in route.
    const res = await raw(
      'POST',
      '/api/auth/register',
      { 'accept-encoding': 'gzip, br', 'content-type': 'application/json', 'sec-fetch-site': 'same-origin' },
      JSON.stringify({ email: 'not-an-address', password: 'x', firstName: 'F'.repeat(3000), lastName: '' }),
    );
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(res.body.toString('utf8')).success).toBe(false);
  });
});

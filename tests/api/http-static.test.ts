/**
 * The built client as the server serves it (adapters/http/static.ts), from a client folder made
 * here: source maps are never served, a missing asset is a 404, client routes get index.html, and
 * an asset's precompressed copy is sent to a browser that accepts it.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/server';

const APP_JS = 'console.log("the application");\n'.repeat(64);
let clientDir: string;
let server: TestServer;

beforeAll(async () => {
  clientDir = mkdtempSync(path.join(tmpdir(), 'olp-client-'));
  mkdirSync(path.join(clientDir, 'assets'));
  writeFileSync(path.join(clientDir, 'index.html'), '<!doctype html><title>Static fixture</title><div id="root"></div>');
  writeFileSync(path.join(clientDir, 'assets', 'app-abc123.js'), APP_JS);
  // Stand-ins for the build's copies: marked so the test sees which file was sent.
  writeFileSync(path.join(clientDir, 'assets', 'app-abc123.js.br'), 'BROTLI COPY');
  writeFileSync(path.join(clientDir, 'assets', 'app-abc123.js.gz'), 'GZIP COPY');
  writeFileSync(path.join(clientDir, 'assets', 'only-gzip-1.css'), 'body{}');
  writeFileSync(path.join(clientDir, 'assets', 'only-gzip-1.css.gz'), 'GZIP CSS COPY');
  writeFileSync(path.join(clientDir, 'assets', 'app-abc123.js.map'), '{"version":3,"sources":["secret-source.ts"]}');
  writeFileSync(path.join(clientDir, 'stray.js.map'), '{"version":3,"sources":["secret-source.ts"]}');
  server = await startTestServer({}, { clientDir });
});
afterAll(async () => {
  await server.close();
  rmSync(clientDir, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}) => fetch(server.url + url, { headers });

/** The raw answer (fetch would try to decode a Content-Encoding). */
function raw(url: string, headers: Record<string, string>) {
  return new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: string }>((resolve, reject) => {
    request(server.url + url, { headers }, (res) => {
      let body = '';
      res.setEncoding('latin1');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    })
      .on('error', reject)
      .end();
  });
}

describe('the built client', () => {
  it('serves an asset with a long immutable cache', async () => {
    const res = await raw('/assets/app-abc123.js', {});
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toContain('immutable');
    expect(res.body).toBe(APP_JS);
  });

  it.each(['/assets/app-abc123.js.map', '/assets/app-abc123.js%2Emap', '/assets/APP-abc123.js.MAP', '/stray.js.map'])('never serves a source map: %s is 404', async (url) => {
    const res = await get(url, { accept: '*/*' });
    expect(res.status).toBe(404);
    expect(await res.text()).not.toContain('secret-source');
  });

  it('answers 404, not 500 nor the page, for an asset that does not exist', async () => {
    for (const accept of ['*/*', 'text/html']) {
      const res = await get('/assets/gone-123.js', { accept });
      expect(res.status).toBe(404);
      expect(await res.text()).not.toContain('Static fixture');
    }
  });

  it('still answers a client route with index.html', async () => {
    const res = await get('/library/books/anthem', { accept: 'text/html' });
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('Static fixture');
  });
});

describe('precompressed assets', () => {
  it('sends the .br copy to a browser that accepts brotli, typed as the original, cached and varied', async () => {
    const res = await raw('/assets/app-abc123.js', { 'accept-encoding': 'gzip, deflate, br, zstd' });
    expect(res.status).toBe(200);
    expect(res.body).toBe('BROTLI COPY');
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/^text\/javascript|^application\/javascript/);
    expect(res.headers.vary).toMatch(/Accept-Encoding/i);
    expect(res.headers['cache-control']).toContain('immutable');
  });

  it('sends the .gz copy to one that accepts only gzip, and the original to one that accepts neither', async () => {
    const gz = await raw('/assets/app-abc123.js', { 'accept-encoding': 'gzip' });
    expect(gz.body).toBe('GZIP COPY');
    expect(gz.headers['content-encoding']).toBe('gzip');
    const plain = await raw('/assets/app-abc123.js', {});
    expect(plain.body).toBe(APP_JS);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toMatch(/Accept-Encoding/i);
  });

  it('falls back to gzip when an asset has no brotli copy', async () => {
    const res = await raw('/assets/only-gzip-1.css', { 'accept-encoding': 'br, gzip' });
    expect(res.body).toBe('GZIP CSS COPY');
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers['content-type']).toMatch(/^text\/css/);
  });
});

/**
 * The built client as the server serves it (adapters/http/static.ts), from a client folder made
 * here: source maps are never served, a missing asset is a 404, client routes get index.html.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
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
  writeFileSync(path.join(clientDir, 'assets', 'app-abc123.js.map'), '{"version":3,"sources":["secret-source.ts"]}');
  writeFileSync(path.join(clientDir, 'stray.js.map'), '{"version":3,"sources":["secret-source.ts"]}');
  server = await startTestServer({}, { clientDir });
});
afterAll(async () => {
  await server.close();
  rmSync(clientDir, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}) => fetch(server.url + url, { headers });

describe('the built client', () => {
  it('serves an asset with a long immutable cache', async () => {
    const res = await get('/assets/app-abc123.js');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toContain('immutable');
    expect(await res.text()).toBe(APP_JS);
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

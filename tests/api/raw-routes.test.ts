/**
 * Raw routes (adapters/http/raw-route.ts): the shapes of the routes that are not JSON operations,
 * held here with routes this test registers (no product route of these kinds exists yet): a
 * raw-body route gets the exact bytes sent, whatever their type, before the JSON parser and the
 * JSON-only rule; a server-sent events route streams through express' chain (the lean GET lane
 * leaves it alone); both, and the product's redirect and development routes, are in the OpenAPI
 * document.
 */
import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRequestListener } from '../../adapters/http/app';
import { JSON_ONLY_MESSAGE } from '../../adapters/http/csrf';
import { defineRawRoute } from '../../adapters/http/raw-route';
import { freePort, startTestServer, type TestServer } from '../support/server';

const rawEcho = defineRawRoute({
  kind: 'raw-body',
  method: 'post',
  path: '/api/test/raw-echo',
  id: 'test.rawEcho',
  summary: 'Echoes the bytes of the body (a test shape)',
  tags: ['test'],
  rawBody: { type: '*/*', limit: '1kb' },
  openapi: { responses: { '200': { description: 'The bytes, base64' } } },
  async handler(req, res) {
    const body = req.body as unknown;
    res.json({ success: true, isBuffer: Buffer.isBuffer(body), base64: Buffer.isBuffer(body) ? body.toString('base64') : null });
  },
});

const ticks = defineRawRoute({
  kind: 'events',
  method: 'get',
  path: '/api/test/ticks/{count}',
  id: 'test.ticks',
  summary: 'Streams count events (a test shape)',
  tags: ['test'],
  openapi: { parameters: [{ name: 'count', in: 'path', required: true, schema: { type: 'integer' } }], responses: { '200': { description: 'text/event-stream' } } },
  async handler(req, res) {
    res.writeHead(200, { 'Content-Type': 'text/event-stream', Connection: 'keep-alive' });
    for (let n = 1; n <= Number(req.params.count); n++) res.write(`event: tick\ndata: ${JSON.stringify({ n })}\n\n`);
    res.end();
  },
});

describe('raw routes', () => {
  let server: TestServer;
  let http: Server;
  let url: string;
  beforeAll(async () => {
    server = await startTestServer();
    const port = await freePort();
    http = createServer(createRequestListener(server.services, { rawRoutes: [rawEcho, ticks] }));
    await new Promise<void>((resolve) => http.listen(port, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${port}`;
  });
  afterAll(async () => {
    await new Promise((resolve) => http.close(resolve));
    await server.close();
  });

  it('hands a raw-body route the exact bytes sent, JSON or not, before the JSON parser and the JSON-only rule', async () => {
    const signed = '{"id": "evt_1",  "amount":100 }';
    const json = await fetch(`${url}/api/test/raw-echo`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: signed });
    expect(json.status).toBe(200);
    expect(await json.json()).toEqual({ success: true, isBuffer: true, base64: Buffer.from(signed).toString('base64') });
    const form = await fetch(`${url}/api/test/raw-echo`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'a=1&b=2' });
    expect(form.status).toBe(200);
    expect(((await form.json()) as { base64: string }).base64).toBe(Buffer.from('a=1&b=2').toString('base64'));
    // The operations keep the JSON-only rule.
    const operation = await fetch(`${url}/api/auth/magic-link`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'email=a@example.org' });
    expect(operation.status).toBe(400);
    expect(((await operation.json()) as { message: string }).message).toBe(JSON_ONLY_MESSAGE);
    // Cross-site browsers are refused before any body is read, as everywhere under /api.
    const crossSite = await fetch(`${url}/api/test/raw-echo`, { method: 'POST', headers: { 'content-type': 'text/plain', origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' }, body: 'x' });
    expect(crossSite.status).toBe(403);
  });

  it('streams server-sent events through express\' chain, with its headers (the lean GET lane leaves raw routes alone)', async () => {
    const res = await fetch(`${url}/api/test/ticks/2`, { headers: { 'x-request-id': 'sse-1' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/event-stream');
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.get('x-request-id')).toBe('sse-1');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(await res.text()).toBe('event: tick\ndata: {"n":1}\n\nevent: tick\ndata: {"n":2}\n\n');
  });

  it('lists every raw route in the OpenAPI document with its kind', async () => {
    const doc = (await (await fetch(`${url}/api/openapi.json`)).json()) as { paths: Record<string, Record<string, { operationId: string; 'x-route-kind': string }>> };
    expect(doc.paths['/api/test/raw-echo']!.post).toMatchObject({ operationId: 'test.rawEcho', 'x-route-kind': 'raw-body' });
    expect(doc.paths['/api/test/ticks/{count}']!.get).toMatchObject({ operationId: 'test.ticks', 'x-route-kind': 'events' });
    expect(doc.paths['/api/auth/connect/{provider}']!.get).toMatchObject({ operationId: 'social.connect', 'x-route-kind': 'redirect' });
    expect(doc.paths['/api/auth/connect/{provider}/callback']!.get).toMatchObject({ operationId: 'social.callback', 'x-route-kind': 'redirect' });
    expect(doc.paths['/api/dev/magic-links/expire']!.post).toMatchObject({ operationId: 'dev.expireMagicLinks', 'x-route-kind': 'development' });
    expect(doc.paths['/api/dev/mailbox']!.get).toMatchObject({ operationId: 'dev.mailbox', 'x-route-kind': 'development' });
    // The product's own server has the test's routes nowhere.
    const product = (await (await fetch(`${server.url}/api/openapi.json`)).json()) as { paths: Record<string, unknown> };
    expect(product.paths['/api/test/raw-echo']).toBeUndefined();
    expect((await fetch(`${server.url}/api/test/ticks/1`)).status).toBe(404);
  });

  it('mounts no development route in production, nor lists one', async () => {
    const production = await startTestServer({ NODE_ENV: 'production', SMTP_URL: 'smtp://127.0.0.1:9', SESSION_SECRET: 'a-production-secret-for-this-test-only' });
    try {
      const mailbox = await fetch(`${production.url}/api/dev/mailbox`);
      expect(mailbox.status).toBe(404);
      expect(((await mailbox.json()) as { code: string }).code).toBe('NOT_FOUND');
      const doc = (await (await fetch(`${production.url}/api/openapi.json`)).json()) as { paths: Record<string, unknown> };
      expect(doc.paths['/api/dev/mailbox']).toBeUndefined();
      expect(doc.paths['/api/dev/magic-links/expire']).toBeUndefined();
      expect(doc.paths['/api/auth/connect/{provider}']).toBeDefined();
    } finally {
      await production.close();
    }
  });

  it('refuses a raw route shape that cannot work', () => {
    expect(() => defineRawRoute({ ...rawEcho, path: '/webhooks/stripe' })).toThrow(/under \/api/);
    expect(() => defineRawRoute({ ...ticks, rawBody: { type: '*/*', limit: '1kb' } })).toThrow(/rawBody/);
  });
});

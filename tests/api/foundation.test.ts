/** The foundation's HTTP contract against a real server: probes, config, envelope, OpenAPI, tRPC, hardening. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMemoryKeyValueStore } from '../../adapters/memory/key-value-store';
import { body } from '../support/http';
import { redisUrlForTests } from '../support/infra';
import { freePort, startTestServer, type TestServer } from '../support/server';

const SECRETS = {
  STRIPE_SECRET_KEY: 'sk_test_supersecretstripe',
  STRIPE_PUBLISHABLE_KEY: 'pk_test_publicstripe',
  STRIPE_WEBHOOK_SECRET: 'whsec_secretwebhook',
  HUBSPOT_ACCESS_TOKEN: 'pat-na1-secrettoken',
  HUBSPOT_PORTAL_ID: '4242',
  SESSION_SECRET: 'session-secret-that-is-long-enough-to-pass-32',
  PLACES_API_KEY: 'places-browser-key',
  ANALYTICS_ID: 'G-TEST123',
  SUPPORT_EMAIL: 'help@example.org',
  CORS_ORIGINS: 'https://partner.example.org',
  FEATURE_AI_SEARCH: 'true',
};

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer(SECRETS);
});
afterAll(async () => server.close());

const get = (path: string, init?: RequestInit) => fetch(server.url + path, init);

describe('probes', () => {
  it('GET /healthz answers alive', async () => {
    const res = await get('/healthz');
    expect(res.status).toBe(200);
    expect(await body(res)).toEqual({ success: true, status: 'alive' });
  });

  it('GET /readyz answers 200 when the database and Redis answer', async () => {
    const res = await get('/readyz');
    expect(res.status).toBe(200);
    const json = await body(res);
    expect(json.success).toBe(true);
    expect(json.database).toBe('ok');
    expect(json.redis).toBe((await redisUrlForTests()) ? 'ok' : 'not configured');
  });

  it('GET /readyz answers 503 when the database does not', async () => {
    const broken = await startTestServer();
    try {
      await broken.services.database.close();
      const res = await fetch(`${broken.url}/readyz`);
      expect(res.status).toBe(503);
      const json = await body(res);
      expect(json).toMatchObject({ success: false, code: 'NOT_READY', database: 'unavailable' });
    } finally {
      await broken.close().catch(() => undefined);
    }
  });
});

describe('readiness of Redis', () => {
  it('GET /readyz answers 503 when Redis does not', async () => {
    // Nothing listens on a port just freed: every connection attempt is refused.
    const withoutRedis = await startTestServer({ REDIS_URL: `redis://127.0.0.1:${await freePort()}` });
    try {
      const res = await fetch(`${withoutRedis.url}/readyz`);
      expect(res.status).toBe(503);
      expect(await body(res)).toMatchObject({ success: false, code: 'NOT_READY', database: 'ok', redis: 'unavailable' });
      // Alive all the same: the process runs, it just cannot serve yet.
      expect((await fetch(`${withoutRedis.url}/healthz`)).status).toBe(200);
    } finally {
      await withoutRedis.close().catch(() => undefined);
    }
  });
});

describe('a full key-value store', () => {
  it('answers STORAGE_QUOTA_EXCEEDED with 507 in the REST envelope, and nothing acts', async () => {
    const full = await startTestServer({}, { overrides: { kv: createMemoryKeyValueStore({ maxBytes: 0 }) } });
    try {
      // The Idempotency-Key's record is the first write the request needs.
      const res = await fetch(`${full.url}/api/auth/magic-link`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'idempotency-key': 'full-store-1' },
        body: JSON.stringify({ email: 'ada@example.org' }),
      });
      expect(res.status).toBe(507);
      const json = await body(res);
      expect(json).toEqual({ success: false, code: 'STORAGE_QUOTA_EXCEEDED', message: 'Storage is full', errors: [], requestId: expect.any(String) });
      expect(full.services.devMailbox?.list('ada@example.org')).toEqual([]);
    } finally {
      await full.close();
    }
  });
});

describe('Idempotency-Key on a tRPC batch', () => {
  it('lets two calls of one mutation in a batch under one key both act, and replays both on a retry', async () => {
    const stamp = `${Date.now()}-${process.pid}`;
    const emails = [`batch-one-${stamp}@example.org`, `batch-two-${stamp}@example.org`];
    const send = () =>
      get('/trpc/auth.requestMagicLink,auth.requestMagicLink?batch=1', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'idempotency-key': `batch-${stamp}` },
        body: JSON.stringify({ 0: { email: emails[0] }, 1: { email: emails[1] } }),
      });
    const first = await send();
    expect(first.status).toBe(200);
    const answers = await body(first);
    expect(answers).toHaveLength(2);
    for (const answer of answers) expect(answer.result.data).toEqual({ message: 'If that address can receive mail, a sign-in link is on its way.' });
    for (const email of emails) expect(server.services.devMailbox?.list(email)).toHaveLength(1);

    // The client's retry of the same batch: each call's first answer, and no second mail.
    const retry = await send();
    expect(retry.status).toBe(200);
    expect(retry.headers.get('idempotent-replayed')).toBe('true');
    expect(await body(retry)).toEqual(answers);
    for (const email of emails) expect(server.services.devMailbox?.list(email)).toHaveLength(1);
  });
});

describe('GET /api/config', () => {
  it('answers the bootstrap and dynamic parts in the envelope', async () => {
    const res = await get('/api/config');
    expect(res.status).toBe(200);
    const json = await body(res);
    expect(json.success).toBe(true);
    expect(json.bootstrap).toEqual({ apiGatewayUrl: '', basePath: '' });
    expect(json.dynamic.corsOrigin).toEqual([`http://localhost:${new URL(server.url).port}`, 'https://partner.example.org']);
    expect(json.dynamic.featureFlags).toEqual({ newAdminUI: false, aiSearchEnabled: true });
    expect(json.dynamic.publicKeys).toEqual({ placesBrowserKey: 'places-browser-key', crmPortalId: '4242', stripePublishableKey: 'pk_test_publicstripe' });
    expect(json.dynamic.analytics).toEqual({ analyticsId: 'G-TEST123', crmPortalId: '4242' });
    expect(json.dynamic.supportEmail).toBe('help@example.org');
  });

  it('never contains a secret', async () => {
    const text = await (await get('/api/config')).text();
    for (const secret of [SECRETS.STRIPE_SECRET_KEY, SECRETS.STRIPE_WEBHOOK_SECRET, SECRETS.HUBSPOT_ACCESS_TOKEN, SECRETS.SESSION_SECRET]) {
      expect(text).not.toContain(secret);
    }
  });

  it('is the same through tRPC', async () => {
    const res = await get('/trpc/system.config');
    expect(res.status).toBe(200);
    const json = await body(res);
    const rest = await body(await get('/api/config'));
    const { success, ...payload } = rest;
    expect(success).toBe(true);
    expect(json.result.data).toEqual(payload);
  });
});

describe('error envelope', () => {
  it('answers an unknown API route with NOT_FOUND', async () => {
    const res = await get('/api/no-such-thing');
    expect(res.status).toBe(404);
    expect(await body(res)).toMatchObject({ success: false, code: 'NOT_FOUND', errors: [] });
  });

  it('answers malformed JSON with 400 and no stack', async () => {
    const res = await get('/api/config', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"broken":' });
    expect(res.status).toBe(400);
    const json = await body(res);
    expect(json).toMatchObject({ success: false, code: 'INVALID_JSON' });
    expect(JSON.stringify(json)).not.toMatch(/at .*\.ts:\d+/);
  });

  it('answers a body over the limit with 413', async () => {
    const res = await get('/api/config', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ big: 'x'.repeat(7 * 1024 * 1024) }) });
    expect(res.status).toBe(413);
    expect(await body(res)).toMatchObject({ success: false, code: 'PAYLOAD_TOO_LARGE' });
  });

  it('answers an unknown tRPC procedure with NOT_FOUND', async () => {
    const res = await get('/trpc/system.nothing');
    expect(res.status).toBe(404);
  });
});

describe('OpenAPI', () => {
  it('documents every REST route with full paths', async () => {
    const res = await get('/api/openapi.json');
    expect(res.status).toBe(200);
    const doc = await body(res);
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.paths['/api/config'].get.operationId).toBe('system.config');
    expect(doc.paths['/api/config'].get.responses['200'].content['application/json'].schema.properties.success).toEqual({ const: true });
  });
});

describe('hardening', () => {
  it('sets security headers, a request id and no-store on the API', async () => {
    const res = await get('/api/config');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('content-security-policy')).toContain("default-src 'self'");
    expect(res.headers.get('x-powered-by')).toBeNull();
    expect(res.headers.get('x-request-id')).toMatch(/^[\w-]{8,}$/);
    expect(res.headers.get('cache-control')).toBe('no-store');
  });

  it('keeps a well-formed incoming request id', async () => {
    const res = await get('/healthz', { headers: { 'x-request-id': 'trace-123' } });
    expect(res.headers.get('x-request-id')).toBe('trace-123');
  });

  it('echoes only allow-listed origins, with credentials and never *', async () => {
    const allowed = await get('/api/config', { headers: { origin: 'https://partner.example.org' } });
    expect(allowed.headers.get('access-control-allow-origin')).toBe('https://partner.example.org');
    expect(allowed.headers.get('access-control-allow-credentials')).toBe('true');
    const foreign = await get('/api/config', { headers: { origin: 'https://evil.example' } });
    expect(foreign.headers.get('access-control-allow-origin')).toBeNull();
    const preflight = await get('/api/config', { method: 'OPTIONS', headers: { origin: 'https://evil.example', 'access-control-request-method': 'POST' } });
    expect(preflight.headers.get('access-control-allow-origin')).toBeNull();
  });
});

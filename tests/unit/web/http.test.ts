import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  ApiError,
  apiFetch,
  configureApiGatewayUrl,
  IDEMPOTENCY_HEADER,
  retryingFetch,
} from '../../../web/src/lib/http';

type FetchCall = { url: string; init: RequestInit };

function json(status: number, body: unknown, headers: Record<string, string> = {}) {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', ...headers } });
}

/** A fetch stub answering from a script of responses (or errors to throw), recording each call. */
function stubFetch(...script: Array<Response | Error | (() => Promise<Response>)>) {
  const calls: FetchCall[] = [];
  const fetchMock = vi.fn(async (url: string, init: RequestInit) => {
    calls.push({ url, init });
    const next = script.length > 1 ? script.shift()! : script[0]!;
    if (next instanceof Error) throw next;
    if (typeof next === 'function') return next();
    return next.clone();
  });
  vi.stubGlobal('fetch', fetchMock);
  return calls;
}

function header(call: FetchCall | undefined, name: string) {
  return new Headers(call?.init.headers).get(name);
}

/** Lets retries and their 1 s delays run under fake timers; returns the settled outcome. */
async function settle<T>(promise: Promise<T>, ms = 10_000): Promise<{ value?: T; error?: unknown }> {
  const outcome = promise.then(
    (value) => ({ value }),
    (error: unknown) => ({ error }),
  );
  await vi.advanceTimersByTimeAsync(ms);
  return outcome;
}

beforeEach(() => {
  vi.useFakeTimers();
  configureApiGatewayUrl('https://api.example.test/');
});

afterEach(() => {
  vi.useRealTimers();
});

describe('apiFetch: configuration', () => {
  it('joins paths to the configured gateway and sends credentials', async () => {
    const calls = stubFetch(json(200, { success: true, user: { id: 'u1' } }));
    const body = await apiFetch('/api/auth/me');
    expect(body).toEqual({ success: true, user: { id: 'u1' } });
    expect(calls[0]?.url).toBe('https://api.example.test/api/auth/me');
    expect(calls[0]?.init.credentials).toBe('include');
    expect(calls[0]?.init.method).toBe('GET');
  });

  it('treats an empty gateway URL as the same origin', async () => {
    configureApiGatewayUrl('');
    const calls = stubFetch(json(200, { success: true }));
    await apiFetch('/api/auth/auth-status', { query: { a: 1, skip: undefined, b: 'x y' } });
    expect(calls[0]?.url).toBe('/api/auth/auth-status?a=1&b=x+y');
  });

  it("fails with the spec's message when no gateway URL was configured", async () => {
    vi.resetModules();
    const fresh = await import('../../../web/src/lib/http');
    stubFetch(json(200, { success: true }));
    await expect(fresh.apiFetch('/api/auth/me')).rejects.toThrow(
      'API Gateway URL not configured. Call configureApiGatewayUrl first.',
    );
  });
});

describe('apiFetch: errors', () => {
  it('treats success: false as an error carrying status, code, body and the body message', async () => {
    const body = { success: false, code: 'VALIDATION_ERROR', message: 'Invalid email format', errors: [{ path: 'email', message: 'Invalid email format' }] };
    stubFetch(json(400, body));
    const { error } = await settle(apiFetch('/api/auth/magic-link', { method: 'POST', json: { email: 'x' } }));
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 400, code: 'VALIDATION_ERROR', message: 'Invalid email format', body });
  });

  it('treats success: false as an error even with a 2xx status', async () => {
    stubFetch(json(200, { success: false, code: 'NOPE', message: 'Not allowed here' }));
    const { error } = await settle(apiFetch('/api/x'));
    expect(error).toMatchObject({ status: 200, code: 'NOPE', message: 'Not allowed here' });
  });

  it("falls back to the body's error text, then to 'An error occurred'", async () => {
    stubFetch(json(409, { success: false, error: 'Already taken' }));
    expect((await settle(apiFetch('/api/x'))).error).toMatchObject({ message: 'Already taken', code: 'HTTP_409' });

    stubFetch(json(403, { success: false }));
    expect((await settle(apiFetch('/api/x'))).error).toMatchObject({ status: 403, message: 'An error occurred' });

    stubFetch(new Response('<html>Forbidden</html>', { status: 403 }));
    expect((await settle(apiFetch('/api/x'))).error).toMatchObject({ status: 403, message: 'An error occurred', body: '<html>Forbidden</html>' });
  });

  it("reads an unparsable success body as 'Invalid API response format'", async () => {
    stubFetch(new Response('not json', { status: 200 }));
    const { error } = await settle(apiFetch('/api/x'));
    expect(error).toMatchObject({ status: 200, code: 'INVALID_RESPONSE', message: 'Invalid API response format' });
  });
});

describe('apiFetch: timeout and retries', () => {
  it('gives up on an attempt after 10 seconds without retrying it', async () => {
    const calls: FetchCall[] = [];
    vi.stubGlobal('fetch', (url: string, init: RequestInit) => {
      calls.push({ url, init });
      return new Promise((_, reject) => init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))));
    });
    const outcome = settle(apiFetch('/api/slow'), 0);
    await vi.advanceTimersByTimeAsync(9_999);
    expect(calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    const { error } = await outcome;
    expect(error).toMatchObject({ status: 0, code: 'TIMEOUT', message: 'An error occurred' });
    await vi.advanceTimersByTimeAsync(30_000);
    expect(calls).toHaveLength(1);
  });

  it('retries a 5xx up to 3 times, 1 second apart, then fails with the last answer', async () => {
    const calls = stubFetch(json(503, { success: false, code: 'UPSTREAM_UNAVAILABLE', message: 'Try later' }));
    const outcome = settle(apiFetch('/api/x'), 0);
    await vi.advanceTimersByTimeAsync(0);
    expect(calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(999);
    expect(calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(2_000);
    expect(calls).toHaveLength(4);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(calls).toHaveLength(4);
    expect((await outcome).error).toMatchObject({ status: 503, code: 'UPSTREAM_UNAVAILABLE', message: 'Try later' });
  });

  it('retries network errors and succeeds when the network comes back', async () => {
    const calls = stubFetch(new TypeError('Failed to fetch'), new TypeError('Failed to fetch'), json(200, { success: true, ok: 1 }));
    const { value } = await settle(apiFetch('/api/x'));
    expect(value).toEqual({ success: true, ok: 1 });
    expect(calls).toHaveLength(3);
  });

  it('reports a network failure after the last retry', async () => {
    const calls = stubFetch(new TypeError('Failed to fetch'));
    const { error } = await settle(apiFetch('/api/x'));
    expect(calls).toHaveLength(4);
    expect(error).toMatchObject({ status: 0, code: 'NETWORK_ERROR', message: 'An error occurred' });
  });

  it.each([400, 401, 403, 404, 409, 422, 429])('never retries a %i', async (status) => {
    const calls = stubFetch(json(status, { success: false, code: 'X', message: 'No' }));
    const { error } = await settle(apiFetch('/api/x'));
    expect(calls).toHaveLength(1);
    expect(error).toMatchObject({ status });
  });

  it('stops retrying when the caller aborts', async () => {
    const calls = stubFetch(json(500, { success: false }));
    const controller = new AbortController();
    const outcome = settle(apiFetch('/api/x', { signal: controller.signal }), 0);
    await vi.advanceTimersByTimeAsync(500);
    controller.abort();
    const { error } = await outcome;
    await vi.advanceTimersByTimeAsync(5_000);
    expect(calls).toHaveLength(1);
    expect(error).not.toBeInstanceOf(ApiError);
  });
});

describe('Idempotency-Key', () => {
  it('is sent on every non-GET request and is the same on each retry', async () => {
    const calls = stubFetch(new TypeError('Failed to fetch'), json(502, {}), json(200, { success: true }));
    await settle(apiFetch('/api/auth/magic-link', { method: 'POST', json: { email: 'a@b.co' } }));
    expect(calls).toHaveLength(3);
    const keys = calls.map((call) => header(call, IDEMPOTENCY_HEADER));
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(new Set(keys).size).toBe(1);
    expect(header(calls[0], 'Content-Type')).toBe('application/json');
    expect(calls[0]?.init.body).toBe('{"email":"a@b.co"}');
  });

  it('differs between two requests', async () => {
    const calls = stubFetch(json(200, { success: true }));
    await apiFetch('/api/x', { method: 'PUT', json: {} });
    await apiFetch('/api/x', { method: 'DELETE' });
    expect(header(calls[0], IDEMPOTENCY_HEADER)).not.toBe(header(calls[1], IDEMPOTENCY_HEADER));
    expect(header(calls[1], IDEMPOTENCY_HEADER)).toBeTruthy();
  });

  it('is absent on GET', async () => {
    const calls = stubFetch(json(200, { success: true }));
    await apiFetch('/api/x');
    expect(header(calls[0], IDEMPOTENCY_HEADER)).toBeNull();
  });

  it('is added by the fetch used for tRPC mutations too', async () => {
    const calls = stubFetch(json(500, {}), json(200, [{ result: { data: 1 } }]));
    const { value } = await settle(retryingFetch('https://api.example.test/trpc/x.y', { method: 'POST', body: '{}' }));
    expect(value?.status).toBe(200);
    expect(calls).toHaveLength(2);
    expect(header(calls[0], IDEMPOTENCY_HEADER)).toBe(header(calls[1], IDEMPOTENCY_HEADER));
  });
});

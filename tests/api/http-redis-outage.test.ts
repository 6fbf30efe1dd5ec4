/**
 * A Redis outage: rate-limited routes answer 503 UPSTREAM_UNAVAILABLE at once instead of hanging
 * and then failing with 500 (adapters/redis/connection.ts failFastRedisOptions, the rate limiter's
 * error mapping). The Redis here is this file's own `redis-server` on a free port, frozen (SIGSTOP)
 * and stopped as an outage would: never the machine's shared Redis.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, startTestServer, type TestServer } from '../support/server';

/** Long enough for any sane answer, far shorter than the ~15 s hang this guards against. */
const HANG_GUARD_MS = 5000;

async function askMagicLink(server: TestServer, email: string) {
  const res = await fetch(`${server.url}/api/auth/magic-link`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'sec-fetch-site': 'same-origin' },
    body: JSON.stringify({ email }),
    signal: AbortSignal.timeout(HANG_GUARD_MS),
  });
  return { status: res.status, retryAfter: res.headers.get('retry-after'), json: (await res.json()) as { success: boolean; code?: string; message?: string } };
}

const expectUnavailable = (answer: Awaited<ReturnType<typeof askMagicLink>>) => {
  expect(answer.status).toBe(503);
  expect(answer.json).toMatchObject({ success: false, code: 'UPSTREAM_UNAVAILABLE', message: 'The service is temporarily unavailable. Please try again in a moment.' });
  expect(Number(answer.retryAfter)).toBeGreaterThan(0);
};

describe('Redis at an address nobody listens on', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ REDIS_URL: `redis://127.0.0.1:${await freePort()}` });
  });
  afterAll(() => server.close());

  it('answers a magic-link request 503 upstream_unavailable at once', async () => {
    expectUnavailable(await askMagicLink(server, 'nobody-listens@example.org'));
  });

  it('reports Redis in /readyz', async () => {
    const res = await fetch(`${server.url}/readyz`, { signal: AbortSignal.timeout(HANG_GUARD_MS) });
    expect(res.status).toBe(503);
    expect(await res.json()).toMatchObject({ redis: 'unavailable' });
  });
});

describe('a Redis that freezes, then stops', () => {
  let redis: ChildProcess;
  let redisExited: Promise<unknown>;
  let server: TestServer;

  beforeAll(async () => {
    const port = await freePort();
    redis = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
    redisExited = new Promise((resolve) => redis.once('exit', resolve));
    server = await startTestServer({ REDIS_URL: `redis://127.0.0.1:${port}` });
    // Up once the server's own client is connected.
    for (let i = 0; i < 50 && server.services.redis?.status !== 'ready'; i++) await new Promise((r) => setTimeout(r, 100));
  });
  afterAll(async () => {
    if (redis.exitCode === null && redis.signalCode === null) {
      redis.kill('SIGCONT');
      redis.kill('SIGKILL');
      await redisExited;
    }
    await server.close();
  });

  it('serves the request while Redis answers', async () => {
    const answer = await askMagicLink(server, 'before-the-outage@example.org');
    expect(answer.status).toBe(200);
  });

  it('answers 503 when Redis holds the connection open but does not answer (command timeout)', async () => {
    redis.kill('SIGSTOP');
    try {
      expectUnavailable(await askMagicLink(server, 'frozen-redis@example.org'));
    } finally {
      redis.kill('SIGCONT');
    }
  });

  it('answers 503 once Redis has stopped (no queue of commands waiting for a reconnect)', async () => {
    redis.kill('SIGKILL');
    await redisExited;
    expectUnavailable(await askMagicLink(server, 'stopped-redis@example.org'));
  });
});

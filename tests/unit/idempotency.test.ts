/** Idempotency-Key (docs/architecture.md §3) on a real express app with the in-process key-value store. */
import type { AddressInfo } from 'node:net';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMemoryKeyValueStore } from '../../adapters/memory/key-value-store';
import { errorEnvelope, toAppError } from '../../adapters/http/errors';
import { idempotency } from '../../adapters/http/idempotency';
import { body } from '../support/http';

let url: string;
let calls = 0;
let close: () => void;

beforeAll(async () => {
  const app = express();
  app.use(express.json());
  app.use(idempotency(createMemoryKeyValueStore()));
  app.post('/act', async (req, res) => {
    calls += 1;
    if (req.body.slow) await new Promise((r) => setTimeout(r, 300));
    if (req.body.fail) return res.status(503).json({ success: false, code: 'DOWN' });
    if (req.body.login) res.cookie('olp_session', 'fresh');
    res.status(201).json({ success: true, call: calls });
  });
  app.use((error: unknown, _req: express.Request, res: express.Response, _next: express.NextFunction) => {
    const { status, body } = errorEnvelope(toAppError(error));
    res.status(status).json(body);
  });
  const server = app.listen(0);
  await new Promise((r) => server.once('listening', r));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  close = () => server.close();
});
afterAll(() => close());

const post = (body: unknown, key?: string, headers: Record<string, string> = {}) =>
  fetch(`${url}/act`, { method: 'POST', headers: { 'content-type': 'application/json', ...(key ? { 'idempotency-key': key } : {}), ...headers }, body: JSON.stringify(body) });

describe('Idempotency-Key', () => {
  it('replays the first answer for a repeated key, acting once', async () => {
    const before = calls;
    const first = await post({ a: 1 }, 'key-replay');
    const second = await post({ a: 1 }, 'key-replay');
    expect(first.status).toBe(201);
    expect(second.status).toBe(201);
    expect(await body(second)).toEqual(await body(first));
    expect(second.headers.get('idempotent-replayed')).toBe('true');
    expect(calls - before).toBe(1);
  });

  it('acts every time without a key', async () => {
    const before = calls;
    await post({ a: 1 });
    await post({ a: 1 });
    expect(calls - before).toBe(2);
  });

  it('refuses the same key with a different body', async () => {
    await post({ a: 1 }, 'key-mismatch');
    const res = await post({ a: 2 }, 'key-mismatch');
    expect(res.status).toBe(422);
    expect((await body(res)).code).toBe('IDEMPOTENCY_KEY_MISMATCH');
  });

  it('answers 409 while the first request is still in flight', async () => {
    const first = post({ slow: true }, 'key-inflight');
    await new Promise((r) => setTimeout(r, 50));
    const second = await post({ slow: true }, 'key-inflight');
    expect(second.status).toBe(409);
    expect((await body(second)).code).toBe('IDEMPOTENCY_IN_PROGRESS');
    expect((await first).status).toBe(201);
  });

  it('does not store 5xx answers, so a retry acts again', async () => {
    const before = calls;
    await post({ fail: true }, 'key-5xx');
    await post({ fail: true }, 'key-5xx');
    expect(calls - before).toBe(2);
  });

  it('never stores an answer that carries fresh credentials', async () => {
    const before = calls;
    await post({ login: true }, 'key-cookie');
    const again = await post({ login: true }, 'key-cookie');
    expect(again.headers.get('idempotent-replayed')).toBeNull();
    expect(calls - before).toBe(2);
  });

  it('scopes keys to the caller', async () => {
    const before = calls;
    await post({ a: 1 }, 'key-scope', { authorization: 'Bearer one' });
    await post({ a: 1 }, 'key-scope', { authorization: 'Bearer two' });
    expect(calls - before).toBe(2);
  });

  it('refuses a malformed key', async () => {
    const res = await post({ a: 1 }, 'x'.repeat(300));
    expect(res.status).toBe(400);
    expect((await body(res)).code).toBe('INVALID_IDEMPOTENCY_KEY');
  });
});

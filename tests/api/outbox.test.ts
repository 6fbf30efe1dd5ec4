/** The outbox relay delivers rows written with a change, through the job queue, exactly once per success. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWorkers, type RunningWorkers } from '../../workers/runtime';
import { startTestServer, type TestServer } from '../support/server';

let server: TestServer;
let workers: RunningWorkers;
const seen: string[] = [];
let flaky = 0;

beforeAll(async () => {
  server = await startTestServer();
  workers = startWorkers(server.services, {
    pollMs: 50,
    handlers: {
      'test.delivered': async (payload) => {
        seen.push(String(payload.note));
      },
      'test.flaky': async (payload) => {
        flaky += 1;
        if (flaky < 2) throw new Error('first attempt fails');
        seen.push(String(payload.note));
      },
    },
  });
});
afterAll(async () => {
  await workers.stop();
  await server.close();
});

async function until(check: () => Promise<boolean>, ms = 10_000) {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 50));
  }
}

const rowOf = (id: number) => server.services.database.db.selectFrom('outbox').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const add = async (type: string, note: string) =>
  (await server.services.database.db.insertInto('outbox').values({ type, payload: JSON.stringify({ note }) }).returning('id').executeTakeFirstOrThrow()).id;

describe('outbox relay', () => {
  it('delivers a row and marks it delivered', async () => {
    const id = await add('test.delivered', 'hello');
    await until(async () => (await rowOf(id)).delivered_at !== null);
    expect(seen).toContain('hello');
    expect(seen.filter((s) => s === 'hello')).toHaveLength(1);
  });

  it('retries a failing handler until it succeeds', async () => {
    const id = await add('test.flaky', 'eventually');
    await until(async () => (await rowOf(id)).delivered_at !== null, 20_000);
    expect(flaky).toBeGreaterThanOrEqual(2);
    expect(seen).toContain('eventually');
  });

  it('keeps a row with no handler undelivered, for a later release to deliver', async () => {
    const id = await add('test.unknown', 'later');
    await until(async () => (await rowOf(id)).attempts > 0);
    await new Promise((r) => setTimeout(r, 300));
    const row = await rowOf(id);
    expect(row.delivered_at).toBeNull();
    expect(row.next_attempt_at.getTime()).toBeGreaterThan(Date.now());
  });
});

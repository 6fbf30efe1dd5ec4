/**
 * A database that goes away (spec 002 §8 STORAGE_UNAVAILABLE): the adapters raise it, every face
 * of the API answers it alike (503, Retry-After, the envelope: errors.ts renderError used by
 * express, the lean GET lane and tRPC), and the service comes back with the database.
 */
import { connect, createServer, type Server, type Socket } from 'node:net';
import { PGlite } from '@electric-sql/pglite';
import { Kysely, PostgresDialect, sql } from 'kysely';
import { PGliteDialect } from 'kysely-pglite-dialect';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reportingUnavailable } from '../../adapters/postgres/unavailable';
import { createPostgresTestDatabase, type TestDatabase } from '../support/database';
import { postgresUrlForTests } from '../support/infra';
import { freePort, startTestServer, type TestServer } from '../support/server';

const UNAVAILABLE = { kind: 'upstream_unavailable', code: 'STORAGE_UNAVAILABLE', message: 'Storage is unavailable', retryAfterSeconds: 5 };

describe('the database adapters', () => {
  it('report a closed embedded database as STORAGE_UNAVAILABLE', async () => {
    const pglite = new PGlite();
    const db = new Kysely<unknown>({ dialect: reportingUnavailable(new PGliteDialect(pglite)) });
    await sql`select 1`.execute(db);
    await pglite.close();
    await expect(sql`select 1`.execute(db)).rejects.toMatchObject(UNAVAILABLE);
  });

  it('report a PostgreSQL nobody listens for as STORAGE_UNAVAILABLE, with the driver error kept', async () => {
    const pool = new pg.Pool({ connectionString: `postgres://postgres@127.0.0.1:${await freePort()}/none`, connectionTimeoutMillis: 2000 });
    const db = new Kysely<unknown>({ dialect: reportingUnavailable(new PostgresDialect({ pool })) });
    try {
      const error = await sql`select 1`.execute(db).then(() => undefined, (e: unknown) => e);
      expect(error).toMatchObject(UNAVAILABLE);
      expect(String((error as Error).cause)).toMatch(/ECONNREFUSED/);
    } finally {
      await db.destroy();
    }
  });

  it('let every other failure through as it is', async () => {
    const pglite = new PGlite();
    const db = new Kysely<unknown>({ dialect: reportingUnavailable(new PGliteDialect(pglite)) });
    try {
      await expect(sql`select * from no_such_table`.execute(db)).rejects.toMatchObject({ message: expect.stringMatching(/no_such_table/) });
    } finally {
      await db.destroy();
    }
  });
});

/** A TCP relay in front of PostgreSQL that the test can take away (and bring back on the same port). */
class Relay {
  private server: Server | undefined;
  private readonly sockets = new Set<Socket>();
  constructor(private readonly target: { host: string; port: number }, readonly port: number) {}

  async open() {
    if (this.server?.listening) return;
    this.server = createServer((client) => {
      const upstream = connect(this.target.port, this.target.host);
      for (const s of [client, upstream]) {
        this.sockets.add(s);
        s.on('close', () => this.sockets.delete(s));
        s.on('error', () => undefined);
      }
      client.pipe(upstream).pipe(client);
    });
    await new Promise<void>((resolve, reject) => {
      this.server!.once('error', reject);
      this.server!.listen(this.port, '127.0.0.1', resolve);
    });
  }

  async close() {
    if (!this.server?.listening) return;
    await new Promise<void>((resolve) => {
      this.server!.close(() => resolve());
      for (const s of this.sockets) s.destroy();
    });
  }
}

/**
 * One error, three faces (issue 12 §8): the lean GET lane, express (a weighted Accept-Encoding
 * takes that road) and tRPC answer it with the same status, headers and envelope, since all three
 * write errors.ts renderError. Here the error is a Redis nobody can reach under a rate-limited GET.
 */
describe('one error on every face', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ REDIS_URL: `redis://127.0.0.1:${await freePort()}` });
  });
  afterAll(() => server.close());

  it('is answered alike by the lean lane, express and tRPC', async () => {
    const email = 'faces@example.org';
    const lean = await fetch(`${server.url}/api/auth/check-email?email=${email}`);
    const viaExpress = await fetch(`${server.url}/api/auth/check-email?email=${email}`, { headers: { 'accept-encoding': 'gzip;q=1.0, identity;q=0.5' } });
    const trpc = await fetch(`${server.url}/trpc/auth.checkEmail?input=${encodeURIComponent(JSON.stringify({ email }))}`);

    const same = ['retry-after', 'cache-control', 'content-type', 'x-content-type-options', 'content-security-policy', 'referrer-policy'];
    const headersOf = (res: Response) => Object.fromEntries(same.map((name) => [name, res.headers.get(name)]));
    expect(lean.status).toBe(503);
    expect(headersOf(lean)).toMatchObject({ 'retry-after': '5', 'cache-control': 'no-store', 'content-type': 'application/json; charset=utf-8' });
    for (const res of [viaExpress, trpc]) {
      expect(res.status).toBe(lean.status);
      expect(headersOf(res)).toEqual(headersOf(lean));
    }
    const { requestId: _lean, ...envelope } = (await lean.json()) as Record<string, unknown>;
    const { requestId: _express, ...expressEnvelope } = (await viaExpress.json()) as Record<string, unknown>;
    expect(envelope).toMatchObject({ success: false, code: 'UPSTREAM_UNAVAILABLE', errors: [] });
    expect(expressEnvelope).toEqual(envelope);
    const { error } = (await trpc.json()) as { error: { message: string; data: Record<string, unknown> } };
    expect({ success: false, code: error.data.appCode, message: error.message, errors: error.data.errors }).toEqual(envelope);
    expect(error.data.httpStatus).toBe(503);
  });
});

const serverUrl = await postgresUrlForTests();
if (serverUrl) {
  describe('a server whose database goes away [postgresql]', () => {
    let relay: Relay;
    let database: TestDatabase;
    let server: TestServer;

    beforeAll(async () => {
      database = await createPostgresTestDatabase(serverUrl);
      const real = new URL(database.url!);
      relay = new Relay({ host: real.hostname, port: Number(real.port || 5432) }, await freePort());
      await relay.open();
      const relayed = new URL(database.url!);
      relayed.hostname = '127.0.0.1';
      relayed.port = String(relay.port);
      server = await startTestServer({ DATABASE_URL: relayed.toString() });
    });
    afterAll(async () => {
      await server?.close();
      await relay.close();
      await database.drop();
    });

    it('answers 503 STORAGE_UNAVAILABLE with Retry-After on every face alike, and recovers when it is back', async () => {
      expect((await fetch(`${server.url}/api/books`)).status).toBe(200);
      await relay.close();

      const lean = await fetch(`${server.url}/api/books`);
      // Weighted Accept-Encoding is negotiated by express, so this one takes express' road.
      const viaExpress = await fetch(`${server.url}/api/books`, { headers: { 'accept-encoding': 'gzip;q=1.0, identity;q=0.5' } });
      const trpc = await fetch(`${server.url}/trpc/books.list?input=${encodeURIComponent("{}")}`);
      const write = await fetch(`${server.url}/api/auth/magic-link`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'ada@example.org' }) });

      const envelope = { success: false, code: 'STORAGE_UNAVAILABLE', message: 'Storage is unavailable', errors: [], requestId: expect.any(String) };
      for (const res of [lean, viaExpress, write]) {
        expect(res.status, `${res.url}: ${await res.clone().text()}`).toBe(503);
        expect(res.headers.get('retry-after')).toBe('5');
        expect(res.headers.get('cache-control')).toBe('no-store');
        expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
        expect(await res.json()).toEqual(envelope);
      }
      expect(trpc.status).toBe(503);
      expect(trpc.headers.get('retry-after')).toBe('5');
      const { error } = (await trpc.json()) as { error: { message: string; data: Record<string, unknown> } };
      expect(error.message).toBe(envelope.message);
      expect(error.data).toMatchObject({ code: 'SERVICE_UNAVAILABLE', httpStatus: 503, appCode: 'STORAGE_UNAVAILABLE', errors: [] });

      await relay.open();
      let back = 0;
      for (let attempt = 0; attempt < 20 && back !== 200; attempt++) {
        back = (await fetch(`${server.url}/api/books`)).status;
        if (back !== 200) await new Promise((r) => setTimeout(r, 250));
      }
      expect(back).toBe(200);
    });
  });
}

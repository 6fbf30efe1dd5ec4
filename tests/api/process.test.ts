/**
 * The real entrypoints as child processes: a bad configuration, a database that does not answer or
 * a port in use stops the start with one line naming the variable; the demo data is loaded on an
 * empty database only; SIGTERM stops accepting, lets an in-flight request finish, closes pools and
 * exits 0.
 */
import { spawn, spawnSync, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { connect, createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, type DatabaseTarget } from '../../adapters/postgres/database';
import { createTestDatabase, type TestDatabase } from '../support/database';
import { postgresUrlForTests, redisUrlForTests } from '../support/infra';
import { freePort } from '../support/server';

const tsx = path.resolve('node_modules/.bin/tsx');
const postgresServer = await postgresUrlForTests();
const baseEnv = () => ({ PATH: process.env.PATH ?? '', NODE_ENV: 'test', LOG_LEVEL: 'info', SEED_DEMO_DATA: 'false', DATA_DIR: mkdtempSync(path.join(tmpdir(), 'olp-proc-')) });

/** Runs a script to its end; its stderr lines, less npm's own warnings about the machine's npmrc. */
function run(script: string, env: Record<string, string>) {
  const result = spawnSync(tsx, [script], { env: { ...baseEnv(), ...env }, encoding: 'utf8', timeout: 30_000 });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr, lines: result.stderr.trim().split('\n').filter((l) => l && !l.includes('nodedir')) };
}

interface ServerProcess {
  port: number;
  child: ChildProcessWithoutNullStreams;
  output(): string;
  exited: Promise<number | null>;
}

/** `main/api.ts` on a free port, once /readyz answers 200. */
async function startServer(env: Record<string, string>): Promise<ServerProcess> {
  const port = await freePort();
  const child = spawn(tsx, ['main/api.ts'], { env: { ...baseEnv(), PORT: String(port), HOST: '127.0.0.1', ...env }, stdio: ['pipe', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr.on('data', (d: Buffer) => (output += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const deadline = Date.now() + 45_000;
  for (;;) {
    const ready = await fetch(`http://127.0.0.1:${port}/readyz`).then((r) => r.ok).catch(() => false);
    if (ready) break;
    if (child.exitCode !== null || Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`server did not start: ${output}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return { port, child, output: () => output, exited };
}

async function stopServer(server: ServerProcess) {
  server.child.kill('SIGTERM');
  expect(await server.exited).toBe(0);
}

describe('a bad configuration', () => {
  it.each([
    [{ PORT: 'eighty' }, /^Invalid configuration: PORT /],
    [{ PORT: '99999' }, /^Invalid configuration: PORT /],
    [{ DATABASE_URL: 'mysql://root:secret@localhost/app' }, /^Invalid configuration: DATABASE_URL /],
    [{ NODE_ENV: 'production' }, /^Invalid configuration: (SMTP_URL|SESSION_SECRET) /],
    [{ TRUSTED_PROXIES: 'loopback,proxy.internal' }, /^Invalid configuration: TRUSTED_PROXIES /],
  ])('%j stops the start with one line naming the variable', (env, pattern) => {
    const result = run('main/api.ts', env);
    expect(result.status).toBe(1);
    expect(result.lines).toHaveLength(1);
    expect(result.lines[0]).toMatch(pattern);
    expect(result.stderr).not.toContain('secret');
  });

  it.each(['scripts/migrate.ts', 'scripts/seed.ts'])('stops %s with one line naming the variable', (script) => {
    const result = run(script, { DATABASE_URL: 'mysql://root:secret@localhost/app' });
    expect(result.status).toBe(1);
    expect(result.lines).toEqual([expect.stringMatching(/^Invalid configuration: DATABASE_URL /)]);
    expect(result.stderr).not.toContain('secret');
  });
});

describe('a database that does not answer', () => {
  // Nothing listens on port 1: the connection is refused at once.
  const unreachable = 'postgres://postgres:hunter2@127.0.0.1:1/olp';

  it.each(['main/api.ts', 'scripts/migrate.ts', 'scripts/seed.ts'])('stops %s with one line naming DATABASE_URL, not a migration, and no password', (script) => {
    const result = run(script, { DATABASE_URL: unreachable });
    expect(result.status).toBe(1);
    expect(result.lines).toHaveLength(1);
    expect(result.lines[0]).toMatch(/^Failed to (start|migrate|seed): DATABASE_URL \(postgres:\/\/postgres:\*\*\*@127\.0\.0\.1:1\/olp\): PostgreSQL does not answer: connect ECONNREFUSED/);
    expect(result.lines[0]).not.toMatch(/migration/i);
    expect(result.stderr + result.stdout).not.toContain('hunter2');
  });

  // Only a real server can refuse credentials (the embedded database has none): run where the tests have one.
  if (postgresServer) {
    it('stops with one line naming DATABASE_URL when PostgreSQL refuses the credentials', () => {
      const url = new URL(postgresServer);
      url.username = 'olp_no_such_role';
      url.password = 'hunter2';
      const result = run('main/api.ts', { DATABASE_URL: url.toString() });
      expect(result.status).toBe(1);
      expect(result.lines).toEqual([expect.stringMatching(/^Failed to start: DATABASE_URL \(postgres:\/\/olp_no_such_role:\*\*\*@[^)]+\): PostgreSQL refused the connection: .*olp_no_such_role/)]);
      expect(result.stderr + result.stdout).not.toContain('hunter2');
    });
  }

  it('names REDIS_URL when Redis does not answer', () => {
    const result = run('main/api.ts', { REDIS_URL: 'redis://:hunter2@127.0.0.1:1' });
    expect(result.status).toBe(1);
    expect(result.lines).toEqual([expect.stringMatching(/^Failed to start: REDIS_URL \(redis:\/\/:\*\*\*@127\.0\.0\.1:1\): Redis does not answer: connect ECONNREFUSED/)]);
    expect(result.stderr + result.stdout).not.toContain('hunter2');
  });
});

describe('a port in use', () => {
  let holder: Server;
  let port: number;
  beforeAll(async () => {
    port = await freePort();
    holder = createServer();
    await new Promise<void>((resolve) => holder.listen(port, '127.0.0.1', resolve));
  });
  afterAll(() => new Promise((resolve) => holder.close(resolve)));

  it('stops the start with one line naming PORT', () => {
    const result = run('main/api.ts', { PORT: String(port), HOST: '127.0.0.1' });
    expect(result.status).toBe(1);
    expect(result.lines).toEqual([`Failed to start: PORT (127.0.0.1, port ${port}): the port is already in use by another process`]);
  });
});

describe('demo data', () => {
  let database: TestDatabase;
  let dataDir: string;
  let target: DatabaseTarget;
  let env: Record<string, string>;
  beforeAll(async () => {
    database = await createTestDatabase();
    dataDir = mkdtempSync(path.join(tmpdir(), 'olp-seed-'));
    // The children and this test must see one database: PostgreSQL when the tests have one, else the embedded one in DATA_DIR.
    target = database.url ? { kind: 'postgres', url: database.url } : { kind: 'embedded', dir: path.join(dataDir, 'pglite') };
    env = { DATA_DIR: dataDir, SEED_DEMO_DATA: 'true', ...(database.url ? { DATABASE_URL: database.url } : {}) };
  });
  afterAll(async () => database.drop());

  /** What of the demo set is in the database (opened while no child holds it). */
  async function demoPresent() {
    const handle = createDatabase(target);
    try {
      const member = await handle.db.selectFrom('users').select('id').where('email', '=', 'member@demo.objectivism.test').executeTakeFirst();
      const book = await handle.db.selectFrom('content').select('id').where('slug', '=', 'atlas-shrugged').executeTakeFirst();
      return { member: member !== undefined, book: book !== undefined };
    } finally {
      await handle.close();
    }
  }

  it('is loaded by the start on an empty database only; npm run db:seed loads it again', async () => {
    await stopServer(await startServer(env));
    expect(await demoPresent()).toEqual({ member: true, book: true });

    // Someone removes part of the demo set: a restart must not bring it back.
    const handle = createDatabase(target);
    try {
      await handle.db.deleteFrom('users').where('email', '=', 'member@demo.objectivism.test').execute();
      await handle.db.deleteFrom('content').where('slug', '=', 'atlas-shrugged').execute();
    } finally {
      await handle.close();
    }
    const restarted = await startServer(env);
    await stopServer(restarted);
    expect(restarted.output()).toContain('demo data not loaded: the database is not empty');
    expect(await demoPresent()).toEqual({ member: false, book: false });

    const seeded = run('scripts/seed.ts', env);
    expect(seeded.status).toBe(0);
    expect(seeded.stdout).toMatch(/Demo data added: users 1, content [1-9]/);
    expect(await demoPresent()).toEqual({ member: true, book: true });
  }, 120_000);
});

describe('graceful shutdown', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => database.drop());

  it('finishes an in-flight request after SIGTERM, refuses new ones, and exits 0', async () => {
    const redisUrl = await redisUrlForTests();
    const server = await startServer({
      // Runs share one Redis (and one client address): a generous allowance keeps repeated runs from meeting the limit.
      RATE_LIMIT_MAGIC_LINK_POINTS: '100000',
      RATE_LIMIT_MAGIC_LINK_IP_POINTS: '100000',
      ...(database.url ? { DATABASE_URL: database.url } : {}),
      ...(redisUrl ? { REDIS_URL: redisUrl } : {}),
    });
    const { port, child } = server;
    try {
      // An in-flight request: headers sent, body not yet complete.
      const body = JSON.stringify({ email: `in-flight-${Date.now()}-${process.pid}@example.org` });
      const socket = connect(port, '127.0.0.1');
      await new Promise((r) => socket.once('connect', r));
      let response = '';
      socket.on('data', (d) => (response += d.toString()));
      const closed = new Promise((r) => socket.once('close', r));
      socket.write(`POST /api/auth/magic-link HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n${body.slice(0, 5)}`);
      await new Promise((r) => setTimeout(r, 200));

      child.kill('SIGTERM');
      await new Promise((r) => setTimeout(r, 500));
      const refused = await fetch(`http://127.0.0.1:${port}/healthz`).then(() => false).catch(() => true);
      expect(refused).toBe(true);

      socket.write(body.slice(5));
      await closed;
      expect(response).toMatch(/^HTTP\/1\.1 200 /);
      expect(response).toContain('"success":true');
      expect(await server.exited).toBe(0);
      expect(server.output()).toContain('stopped');
    } finally {
      child.kill('SIGKILL');
    }
  }, 60_000);
});

/**
 * The real entrypoint as a child process: a bad configuration stops the start with one line naming
 * the variable; SIGTERM stops accepting, lets an in-flight request finish, closes pools and exits 0.
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../support/database';
import { redisUrlForTests } from '../support/infra';
import { freePort } from '../support/server';

const tsx = path.resolve('node_modules/.bin/tsx');
const baseEnv = () => ({ PATH: process.env.PATH ?? '', NODE_ENV: 'test', LOG_LEVEL: 'info', SEED_DEMO_DATA: 'false', DATA_DIR: mkdtempSync(path.join(tmpdir(), 'olp-proc-')) });

describe('a bad configuration', () => {
  it.each([
    [{ PORT: 'eighty' }, /^Invalid configuration: PORT /],
    [{ PORT: '99999' }, /^Invalid configuration: PORT /],
    [{ DATABASE_URL: 'mysql://root:secret@localhost/app' }, /^Invalid configuration: DATABASE_URL /],
    [{ NODE_ENV: 'production' }, /^Invalid configuration: (SMTP_URL|SESSION_SECRET) /],
  ])('%j stops the start with one line naming the variable', (env, pattern) => {
    const result = spawnSync(tsx, ['adapters/main.ts'], { env: { ...baseEnv(), ...env }, encoding: 'utf8', timeout: 30_000 });
    expect(result.status).toBe(1);
    const lines = result.stderr.trim().split('\n').filter((l) => !l.includes('nodedir'));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(pattern);
    expect(result.stderr).not.toContain('secret');
  });
});

describe('graceful shutdown', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => database.drop());

  it('finishes an in-flight request after SIGTERM, refuses new ones, and exits 0', async () => {
    const port = await freePort();
    const redisUrl = await redisUrlForTests();
    const child = spawn(tsx, ['adapters/main.ts'], {
      // Runs share one Redis (and one client address): a generous allowance keeps repeated runs from meeting the limit.
      env: { ...baseEnv(), PORT: String(port), HOST: '127.0.0.1', RATE_LIMIT_MAGIC_LINK_POINTS: '100000', ...(database.url ? { DATABASE_URL: database.url } : {}), ...(redisUrl ? { REDIS_URL: redisUrl } : {}) },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr.on('data', (d: Buffer) => (output += d.toString()));
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    try {
      const deadline = Date.now() + 30_000;
      for (;;) {
        const ready = await fetch(`http://127.0.0.1:${port}/readyz`).then((r) => r.ok).catch(() => false);
        if (ready) break;
        if (Date.now() > deadline) throw new Error(`server did not start: ${output}`);
        await new Promise((r) => setTimeout(r, 200));
      }

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
      expect(await exited).toBe(0);
      expect(output).toContain('stopped');
    } finally {
      child.kill('SIGKILL');
    }
  }, 60_000);
});

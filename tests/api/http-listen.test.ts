/**
 * The start-up line names the address the server really bound (adapters/server.ts boundAddress),
 * not the configured APP_URL: an operator reading the log sees which interface and port answer.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { boundAddress } from '../../adapters/server';
import { createTestDatabase } from '../support/database';
import { freePort } from '../support/server';

describe('boundAddress', () => {
  it.each([
    [{ address: '127.0.0.1', family: 'IPv4', port: 8080 }, '127.0.0.1:8080'],
    [{ address: '0.0.0.0', family: 'IPv4', port: 3000 }, '0.0.0.0:3000 (all interfaces)'],
    [{ address: '::', family: 'IPv6', port: 3000 }, '[::]:3000 (all interfaces)'],
    [{ address: '::1', family: 'IPv6', port: 4000 }, '[::1]:4000'],
  ])('%j is shown as %s', (address, shown) => {
    expect(boundAddress(address)).toBe(shown);
  });
});

describe('the entrypoint', () => {
  it('logs the address and port it is listening on, not APP_URL', async () => {
    const port = await freePort();
    // The test PostgreSQL when there is one: migrating an embedded database is slow on a busy machine.
    const database = await createTestDatabase();
    const tsx = path.resolve('node_modules/.bin/tsx');
    const env = {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'test',
      LOG_LEVEL: 'info',
      SEED_DEMO_DATA: 'false',
      DATA_DIR: mkdtempSync(path.join(tmpdir(), 'olp-listen-')),
      PORT: String(port),
      HOST: '127.0.0.1',
      // A public origin that names neither this host nor this port.
      APP_URL: 'https://learn.example.org',
      ...(database.url ? { DATABASE_URL: database.url } : {}),
    };
    const child = spawn(tsx, ['main/api.ts', '--role=api'], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr.on('data', (d: Buffer) => (output += d.toString()));
    const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
    try {
      const deadline = Date.now() + 100_000;
      while (!output.includes('"listening"') && child.exitCode === null && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
      const line = output.split('\n').find((l) => l.includes('"listening"'));
      expect(line, output).toBeDefined();
      const entry = JSON.parse(line!) as { msg: string; listening: string };
      expect(entry.listening).toBe(`127.0.0.1:${port}`);
      expect(entry.msg).toBe(`listening on 127.0.0.1:${port}, serving https://learn.example.org`);
    } finally {
      child.kill('SIGTERM');
      await exited;
      await database.drop();
    }
  }, 120_000);
});

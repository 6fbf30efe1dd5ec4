/**
 * The server of the client benchmark (bench/client.ts): the product's composition root and app in
 * production mode, serving the built client (web/dist) and the demo content, on
 * http://localhost:<free port> (the origin the browser uses: cookies and the CSRF check read it).
 * Prints `ready <url>` and serves until SIGTERM.
 *
 * BENCH_DATABASE_URL: a PostgreSQL server where it may create (and at the end drop) a database of
 * its own; else the embedded database in a temporary directory.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { compose } from '../adapters/compose';
import { loadConfig } from '../adapters/config';
import { demoContentSeeder } from '../scripts/seed/content';
import { startHttpServer } from '../adapters/server';

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

async function admin(serverUrl: string, sql: string) {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

const serverUrl = process.env.BENCH_DATABASE_URL;
const dataDir = mkdtempSync(path.join(tmpdir(), 'olp-bench-client-'));
const database = `olp_bench_client_${randomBytes(4).toString('hex')}`;
let databaseUrl: string | undefined;
if (serverUrl) {
  await admin(serverUrl, `create database ${database}`);
  const url = new URL(serverUrl);
  url.pathname = `/${database}`;
  databaseUrl = url.toString();
}

const port = await freePort();
const config = loadConfig({
  NODE_ENV: 'production',
  PORT: String(port),
  HOST: '127.0.0.1',
  APP_URL: `http://localhost:${port}`,
  DATA_DIR: dataDir,
  CLIENT_DIR: path.resolve('web/dist'),
  LOG_LEVEL: 'silent',
  SEED_DEMO_DATA: 'false',
  // Production requires both; no mail is sent here.
  SESSION_SECRET: randomBytes(32).toString('base64url'),
  SMTP_URL: 'smtp://127.0.0.1:1',
  ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
});
const services = compose(config, { namespace: `benchclient${process.pid}` });
await services.database.migrate();
await demoContentSeeder.run(services);
const http = await startHttpServer(services, { clientDir: config.clientDir });
process.stdout.write(`ready http://localhost:${port}\n`);

process.once('SIGTERM', () => {
  void (async () => {
    await http.stop();
    await services.close();
    if (serverUrl) await admin(serverUrl, `drop database if exists ${database}`).catch(() => undefined);
    rmSync(dataDir, { recursive: true, force: true });
    process.exit(0);
  })();
});

/**
 * One process of the foundation benchmark (bench/foundation.ts starts two): `server` is the
 * product's own server (composition root, lean GET lane and express app), with a signed-in member
 * whose bearer token it prints; `baseline` is a bare `node:http` server answering, for each path,
 * the bytes the server answered. Each prints one line `ready <url> <json>` and serves until
 * SIGTERM; the load generator runs in a third process, so no server shares its event loop.
 *
 * Environment: BENCH_DATABASE_URL / BENCH_REDIS_URL (else the embedded adapters), BENCH_BODIES
 * (baseline: a JSON object of path -> body).
 */
import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { compose } from '../adapters/compose';
import { loadConfig } from '../adapters/config';
import { startHttpServer } from '../adapters/server';

async function serveProduct() {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'olp-bench-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    PORT: '3999',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    SEED_DEMO_DATA: 'false',
    RATE_LIMIT_MAGIC_LINK_POINTS: '100000000',
    RATE_LIMIT_MAGIC_LINK_IP_POINTS: '100000000',
    RATE_LIMIT_PASSWORD_POINTS: '100000000',
    RATE_LIMIT_PASSWORD_IP_POINTS: '100000000',
    ...(process.env.BENCH_DATABASE_URL ? { DATABASE_URL: process.env.BENCH_DATABASE_URL } : {}),
    ...(process.env.BENCH_REDIS_URL ? { REDIS_URL: process.env.BENCH_REDIS_URL } : {}),
  });
  const services = compose(config, { namespace: `bench${process.pid}` });
  await services.database.migrate();
  const http = await startHttpServer(services, { port: 0, clientDir: path.join(dataDir, 'none') });
  // A signed-in member for the session-check hot path, signed in as a third-party client would be.
  const json = { 'content-type': 'application/json' };
  await fetch(`${http.url}/api/auth/magic-link`, { method: 'POST', headers: json, body: JSON.stringify({ email: 'bench@example.org' }) });
  const token = new URL(/https?:\/\/\S+token=\S+/.exec(services.devMailbox!.list('bench@example.org')[0]!.text)![0]).searchParams.get('token')!;
  const verified = await fetch(`${http.url}/api/auth/verify`, { method: 'POST', headers: { ...json, 'x-auth-transport': 'bearer' }, body: JSON.stringify({ token }) });
  const accessToken = ((await verified.json()) as { accessToken: string }).accessToken;
  // A member with a password, for the password sign-in rows.
  const registered = await fetch(`${http.url}/api/auth/register`, { method: 'POST', headers: { ...json, 'x-auth-transport': 'bearer' }, body: JSON.stringify({ email: 'bench-password@example.org', password: 'Galt-Gulch-Motor-1957', firstName: 'Bench', lastName: 'Member' }) });
  // 409: registered by an earlier run on the same database, with the same password.
  if (!registered.ok && registered.status !== 409) throw new Error(`register for the bench: ${registered.status} ${await registered.text()}`);
  return { url: http.url, info: { accessToken }, stop: async () => { await http.stop(); await services.close(); } };
}

async function serveBaseline() {
  const bodies = JSON.parse(process.env.BENCH_BODIES ?? '{}') as Record<string, string>;
  const server = createServer((req, res) => {
    const body = bodies[req.url ?? ''];
    if (body === undefined) return res.writeHead(404).end();
    res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(body) });
    res.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, info: {}, stop: async () => void server.close() };
}

const role = process.argv[2];
if (role === 'server' || role === 'baseline') {
  const running = role === 'server' ? await serveProduct() : await serveBaseline();
  process.on('SIGTERM', () => void running.stop().finally(() => process.exit(0)));
  console.log(`ready ${running.url} ${JSON.stringify(running.info)}`);
}

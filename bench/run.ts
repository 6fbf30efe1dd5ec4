/**
 * `npm run bench`: autocannon against a real server, beside a bare `node:http` baseline that
 * answers the same bytes, in the same run (ARCHITECTURE.md §2). Reports requests/s, p50/p99 and
 * the ratio to the baseline. Uses BENCH_DATABASE_URL / BENCH_REDIS_URL (or TEST_*) when set,
 * else the embedded adapters. Rate limits are raised so the load is not throttled.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { compose } from '../adapters/compose';
import { loadConfig } from '../adapters/config';
import { startHttpServer } from '../adapters/server';

const duration = Number(process.env.BENCH_SECONDS ?? 8);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);

interface Row {
  name: string;
  rps: number;
  p50: number;
  p99: number;
  non2xx: number;
}

async function load(name: string, url: string, headers: Record<string, string> = {}, options: Partial<autocannon.Options> = {}): Promise<Row> {
  const result = await autocannon({ url, connections, duration, headers, ...options });
  return { name, rps: Math.round(result.requests.average), p50: result.latency.p50, p99: result.latency.p99, non2xx: result.non2xx };
}

function baseline(bodies: Record<string, { body: string; headers: Record<string, string> }>) {
  const server = createServer((req, res) => {
    const answer = bodies[req.url ?? ''];
    if (!answer) return res.writeHead(404).end();
    res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', ...answer.headers });
    res.end(answer.body);
  });
  return new Promise<{ url: string; close: () => void }>((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve({ url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, close: () => server.close() })),
  );
}

const dataDir = mkdtempSync(path.join(tmpdir(), 'olp-bench-'));
const databaseUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
const redisUrl = process.env.BENCH_REDIS_URL ?? process.env.TEST_REDIS_URL;
const config = loadConfig({
  NODE_ENV: 'test',
  PORT: '3999',
  HOST: '127.0.0.1',
  DATA_DIR: dataDir,
  LOG_LEVEL: 'silent',
  SEED_DEMO_DATA: 'false',
  RATE_LIMIT_MAGIC_LINK_POINTS: '100000000',
  ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  ...(redisUrl ? { REDIS_URL: redisUrl } : {}),
});
const services = compose(config, { namespace: `bench${Date.now()}` });
await services.database.migrate();
const http = await startHttpServer(services, { clientDir: path.join(dataDir, 'none') });

// A signed-in member for the session-check hot path.
await fetch(`${http.url}/api/auth/magic-link`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'bench@example.org' }) });
const token = new URL(/https?:\/\/\S+token=\S+/.exec(services.devMailbox!.list('bench@example.org')[0]!.text)![0]).searchParams.get('token')!;
const verified = await fetch(`${http.url}/api/auth/verify`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-auth-transport': 'bearer' }, body: JSON.stringify({ token }) });
const accessToken = ((await verified.json()) as { accessToken: string }).accessToken;
const auth = { authorization: `Bearer ${accessToken}` };

const configBody = await (await fetch(`${http.url}/api/config`)).text();
const meBody = await (await fetch(`${http.url}/api/auth/me`, { headers: auth })).text();
const twin = await baseline({ '/api/config': { body: configBody, headers: {} }, '/api/auth/me': { body: meBody, headers: {} } });

const rows: Row[] = [];
rows.push(await load('baseline node:http  GET /api/config', `${twin.url}/api/config`));
rows.push(await load('server              GET /api/config', `${http.url}/api/config`));
rows.push(await load('baseline node:http  GET /api/auth/me', `${twin.url}/api/auth/me`));
rows.push(await load('server (session)    GET /api/auth/me', `${http.url}/api/auth/me`, auth));
const magic = (email: string) => ({ method: 'POST' as const, body: JSON.stringify({ email }), headers: { 'content-type': 'application/json' } });
rows.push(await load('magic-link, known address  ', `${http.url}/api/auth/magic-link`, {}, { ...magic('bench@example.org'), connections: 10 }));
rows.push(await load('magic-link, unknown address', `${http.url}/api/auth/magic-link`, {}, { ...magic('nobody-here@example.org'), connections: 10 }));

twin.close();
await http.stop();
await services.close();

const ratio = (a: Row, b: Row) => (b.rps / a.rps).toFixed(2);
const lines = [
  `# Benchmark ${new Date().toISOString()} (${duration}s per row, ${connections} connections; database ${databaseUrl ? 'postgresql' : 'pglite'}, ${redisUrl ? 'redis' : 'in-process'})`,
  '',
  '| row | requests/s | p50 ms | p99 ms | non-2xx |',
  '| --- | ---: | ---: | ---: | ---: |',
  ...rows.map((r) => `| ${r.name.trim()} | ${r.rps} | ${r.p50} | ${r.p99} | ${r.non2xx} |`),
  '',
  `GET /api/config at ${ratio(rows[0]!, rows[1]!)}x the bare node:http baseline; GET /api/auth/me (session checked on the server) at ${ratio(rows[2]!, rows[3]!)}x.`,
  `Magic-link request, known vs unknown address: ${rows[4]!.p50} ms vs ${rows[5]!.p50} ms at p50 (the same work on both paths).`,
];
console.log(lines.join('\n'));
mkdirSync('bench/results', { recursive: true });
writeFileSync('bench/results/latest.md', `${lines.join('\n')}\n`);
process.exit(0);

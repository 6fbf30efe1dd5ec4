/**
 * The foundation's hot paths beside a bare `node:http` baseline that answers the same bytes
 * (ARCHITECTURE.md §2): a fixed JSON body (GET /api/config), the session check (GET /api/auth/me)
 * and the magic-link request for a known and an unknown address. Uses the database and Redis it is
 * given, else the embedded adapters; rate limits are raised so the load is not throttled.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { compose } from '../adapters/compose';
import { loadConfig } from '../adapters/config';
import { startHttpServer } from '../adapters/server';
import { measure, tableOf, type Row } from './measure';

export interface FoundationBenchOptions {
  databaseUrl: string | undefined;
  redisUrl: string | undefined;
  seconds: number;
  connections: number;
  log: (line: string) => void;
}

function baseline(bodies: Record<string, string>) {
  const server = createServer((req, res) => {
    const body = bodies[req.url ?? ''];
    if (body === undefined) return res.writeHead(404).end();
    res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' });
    res.end(body);
  });
  return new Promise<{ url: string; close: () => void }>((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve({ url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, close: () => server.close() })),
  );
}

export async function foundationBench(o: FoundationBenchOptions): Promise<string[]> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'olp-bench-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    PORT: '3999',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    SEED_DEMO_DATA: 'false',
    RATE_LIMIT_MAGIC_LINK_POINTS: '100000000',
    ...(o.databaseUrl ? { DATABASE_URL: o.databaseUrl } : {}),
    ...(o.redisUrl ? { REDIS_URL: o.redisUrl } : {}),
  });
  const services = compose(config, { namespace: `bench${Date.now()}` });
  try {
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
    const twin = await baseline({ '/api/config': configBody, '/api/auth/me': meBody });

    const rows: Row[] = [];
    const step = async (name: string, url: string, extra: Partial<Parameters<typeof measure>[2]> = {}) => {
      o.log(`measuring: ${name}`);
      rows.push(await measure(name, url, { connections: o.connections, seconds: o.seconds, ...extra }));
    };
    await step('baseline node:http: GET /api/config', `${twin.url}/api/config`);
    await step('server: GET /api/config', `${http.url}/api/config`);
    await step('baseline node:http: GET /api/auth/me', `${twin.url}/api/auth/me`);
    await step('server (session checked): GET /api/auth/me', `${http.url}/api/auth/me`, { headers: auth });
    const magic = (email: string) => ({ method: 'POST' as const, body: JSON.stringify({ email }), headers: { 'content-type': 'application/json' }, connections: 10 });
    await step('magic-link, known address', `${http.url}/api/auth/magic-link`, magic('bench@example.org'));
    await step('magic-link, unknown address', `${http.url}/api/auth/magic-link`, magic('nobody-here@example.org'));
    twin.close();
    await http.stop();

    const ratio = (a: Row, b: Row) => (b.rps / a.rps).toFixed(2);
    return [
      `# Foundation benchmark ${new Date().toISOString()}`,
      '',
      `${o.seconds} s per row after a 2 s warm-up; database ${o.databaseUrl ? 'PostgreSQL' : 'PGlite'}, ${o.redisUrl ? 'Redis' : 'in-process'} key-value store.`,
      '',
      ...tableOf(rows),
      '',
      `- GET /api/config at ${ratio(rows[0]!, rows[1]!)}x the bare node:http baseline; GET /api/auth/me (session checked on the server) at ${ratio(rows[2]!, rows[3]!)}x.`,
      `- Magic-link request, known vs unknown address: ${rows[4]!.p50} ms vs ${rows[5]!.p50} ms at p50 (the same work on both paths).`,
    ];
  } finally {
    await services.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

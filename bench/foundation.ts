/**
 * The foundation's hot paths beside a bare `node:http` baseline that answers the same bytes
 * (docs/architecture.md §2): a fixed JSON body (GET /api/config), the session check (GET /api/auth/me)
 * and the magic-link request for a known and an unknown address. The server and the baseline are
 * processes of their own (bench/foundation-peer.ts); autocannon runs here. Uses the database and
 * Redis it is given, else the embedded adapters; rate limits are raised so the load is not throttled.
 */
import { measure, tableOf, type Row } from './measure';
import { cpuMillis, startPeer, type Peer } from './peers';

export interface FoundationBenchOptions {
  databaseUrl: string | undefined;
  redisUrl: string | undefined;
  seconds: number;
  connections: number;
  log: (line: string) => void;
}

export async function foundationBench(o: FoundationBenchOptions): Promise<string[]> {
  const peers: Peer[] = [];
  try {
    const server = await startPeer('foundation-peer.ts', 'server', { ...(o.databaseUrl ? { BENCH_DATABASE_URL: o.databaseUrl } : {}), ...(o.redisUrl ? { BENCH_REDIS_URL: o.redisUrl } : {}) });
    peers.push(server);
    const auth = { authorization: `Bearer ${server.info.accessToken as string}` };
    const configBody = await (await fetch(`${server.url}/api/config`)).text();
    const meBody = await (await fetch(`${server.url}/api/auth/me`, { headers: auth })).text();
    const baseline = await startPeer('foundation-peer.ts', 'baseline', { BENCH_BODIES: JSON.stringify({ '/api/config': configBody, '/api/auth/me': meBody }) });
    peers.push(baseline);

    const rows: Row[] = [];
    const cpu: number[] = [];
    const step = async (name: string, peer: Peer, url: string, extra: Partial<Parameters<typeof measure>[2]> = {}) => {
      o.log(`measuring: ${name}`);
      const before = cpuMillis(peer.pid);
      const row = await measure(name, peer.url + url, { connections: o.connections, seconds: o.seconds, ...extra });
      // The warm-up's requests are in the CPU figure too, so it is spread over an estimate of them.
      cpu.push((cpuMillis(peer.pid) - before) / Math.max(1, row.requests * (1 + 2 / o.seconds)));
      rows.push(row);
    };
    await step('baseline node:http: GET /api/config', baseline, '/api/config');
    await step('server: GET /api/config', server, '/api/config');
    await step('baseline node:http: GET /api/auth/me', baseline, '/api/auth/me');
    await step('server (session checked): GET /api/auth/me', server, '/api/auth/me', { headers: auth });
    const magic = (email: string) => ({ method: 'POST' as const, body: JSON.stringify({ email }), headers: { 'content-type': 'application/json' }, connections: 10 });
    await step('magic-link, known address', server, '/api/auth/magic-link', magic('bench@example.org'));
    await step('magic-link, unknown address', server, '/api/auth/magic-link', magic('nobody-here@example.org'));
    const login = (email: string) => ({ method: 'POST' as const, body: JSON.stringify({ email, password: 'Galt-Gulch-Motor-1957' }), headers: { 'content-type': 'application/json', 'x-auth-transport': 'bearer' }, connections: 8 });
    await step('password sign-in, known member (argon2id)', server, '/api/auth/login', login('bench-password@example.org'));
    await step('password sign-in, unknown address (401)', server, '/api/auth/login', login('nobody-here@example.org'));

    const ratio = (a: Row, b: Row) => (b.rps / a.rps).toFixed(2);
    return [
      `# Foundation benchmark ${new Date().toISOString()}`,
      '',
      `${o.seconds} s per row after a 2 s warm-up; database ${o.databaseUrl ? 'PostgreSQL' : 'PGlite'}, ${o.redisUrl ? 'Redis' : 'in-process'} key-value store; the server, the baseline and autocannon are three processes.`,
      '',
      ...tableOf(rows).map((line, i) => `${line} ${i === 0 ? 'process CPU ms per request |' : i === 1 ? '---: |' : `${cpu[i - 2]!.toFixed(2)} |`}`),
      '',
      `- GET /api/config at ${ratio(rows[0]!, rows[1]!)}x the bare node:http baseline; GET /api/auth/me (the session checked on the server: the access token in Redis, then the session, the member and their linked methods in one PostgreSQL statement) at ${ratio(rows[2]!, rows[3]!)}x, against a baseline that answers the same bytes without looking anything up.`,
      `- Magic-link request, known vs unknown address: ${rows[4]!.p50} ms vs ${rows[5]!.p50} ms at p50 (the same work on both paths).`,
      `- Password sign-in at 8 connections, known member vs unknown address: ${rows[6]!.p50} ms vs ${rows[7]!.p50} ms at p50 (one argon2id check on both paths; bench/passwords.ts gives one check's cost).`,
    ];
  } finally {
    for (const peer of peers.reverse()) await peer.stop().catch(() => undefined);
  }
}

/**
 * `npm run bench`: autocannon against real servers, each beside a hand-written twin, in one run
 * (bench/README.md): the foundation's hot paths (bench/foundation.ts) and the library's list and
 * search over 100,000 items in PostgreSQL (bench/content.ts), and the client's JavaScript per route
 * and first paint in Chromium (bench/client.ts). Writes bench/results/latest.md and
 * appends the same to bench/results/history.md.
 *
 * BENCH_DATABASE_URL / BENCH_REDIS_URL (else TEST_DATABASE_URL / TEST_REDIS_URL): the servers to
 * use; the library part needs PostgreSQL and fails without it. BENCH_PARTS=foundation,passwords,content,jobs,client
 * picks the parts (passwords: bench/passwords.ts, where argon2id runs; jobs: the jobs and outbox
 * figures of bench/jobs.ts; client: bench/client.ts, which builds the client first); BENCH_SECONDS (10), BENCH_CONNECTIONS (50, foundation), BENCH_ITEMS (100000)
 * and BENCH_WORDS (250) size them.
 */
import { appendFileSync, mkdirSync, writeFileSync } from 'node:fs';
import { clientBench } from './client';
import { contentBench } from './content';
import { foundationBench } from './foundation';
import { jobsBench } from './jobs';
import { passwordsBench } from './passwords';

const env = process.env;
const parts = new Set((env.BENCH_PARTS ?? 'foundation,passwords,content,jobs,client').split(',').map((p) => p.trim()));
const seconds = Number(env.BENCH_SECONDS ?? 10);
const databaseUrl = env.BENCH_DATABASE_URL ?? env.TEST_DATABASE_URL;
const redisUrl = env.BENCH_REDIS_URL ?? env.TEST_REDIS_URL;
const log = (line: string) => console.error(`[bench] ${line}`);

const sections: string[][] = [];
if (parts.has('foundation')) sections.push(await foundationBench({ databaseUrl, redisUrl, seconds, connections: Number(env.BENCH_CONNECTIONS ?? 50), log }));
if (parts.has('passwords')) sections.push(await passwordsBench({ checks: Number(env.BENCH_PASSWORD_CHECKS ?? 64), concurrency: Number(env.BENCH_PASSWORD_CONCURRENCY ?? 8), log }));
if (parts.has('content')) {
  if (!databaseUrl) {
    console.error('The library benchmark needs PostgreSQL: set BENCH_DATABASE_URL (or TEST_DATABASE_URL) to a server where it may create a database.');
    process.exit(1);
  }
  sections.push((await contentBench({ serverUrl: databaseUrl, items: Number(env.BENCH_ITEMS ?? 100_000), words: Number(env.BENCH_WORDS ?? 250), seconds, log })).lines);
}

if (parts.has('jobs')) sections.push(await jobsBench({ databaseUrl, redisUrl, seconds, log }));
if (parts.has('client')) sections.push(await clientBench({ databaseUrl, log }));

const text = `${sections.map((s) => s.join('\n')).join('\n\n')}\n`;
console.log(text);
mkdirSync('bench/results', { recursive: true });
writeFileSync('bench/results/latest.md', text);
appendFileSync('bench/results/history.md', `${text}\n---\n\n`);
process.exit(0);

/**
 * The library's benchmark (issue 6), part of `npm run bench`: 100,000 published content items
 * (books and essays of a few hundred words each) in a fresh PostgreSQL database, the real server,
 * and a hand-written `node:http` + `pg` twin that runs the same SQL (captured from the server's own
 * use case and repository) and builds the same bytes from the rows it gets:
 * - GET /api/books/list?page=50, server beside twin at 50 connections (the framework's cost, as a ratio);
 * - a two-term search (GET /api/content/search), server beside the same search done with ILIKE
 *   (in the twin, so ILIKE pays no framework cost) at 10 connections; EXPLAIN shows the GIN index.
 * The twin's bytes are checked against the server's before anything is measured.
 */
import { randomBytes } from 'node:crypto';
import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { migrateToLatest } from '../adapters/postgres/database';
import type { Database } from '../adapters/postgres/schema';
import { ILIKE_PATH, LIST_PATH, searchPath } from './library-peer';
import { measure, tableOf, type Row } from './measure';
import { cpuMillis, startPeer } from './peers';

export interface ContentBenchOptions {
  serverUrl: string;
  items: number;
  words: number;
  seconds: number;
  log: (line: string) => void;
}

export interface ContentBenchResult {
  lines: string[];
}

async function adminQuery(serverUrl: string, text: string) {
  const url = new URL(serverUrl);
  url.pathname = '/postgres';
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

/** Pronounceable made-up words, distinct by construction (two syllables are two base-126 digits). */
export function vocabulary(size: number): string[] {
  const onsets = ['b', 'c', 'd', 'f', 'g', 'l', 'm', 'n', 'p', 'r', 's', 't', 'v', 'z', 'br', 'st', 'tr', 'pl'];
  const vowels = ['a', 'e', 'i', 'o', 'u', 'ai', 'ou'];
  const syllables = onsets.flatMap((o) => vowels.map((v) => o + v));
  const endings = ['n', 'r', 'l', 'x', 'th', 'nd', 'mp'];
  return Array.from({ length: size }, (_, i) => syllables[i % syllables.length]! + syllables[Math.floor(i / syllables.length) % syllables.length]! + endings[i % endings.length]!);
}

/** A deterministic random source, so every run seeds the same library. */
function random32(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Seeds the benchmark's library (published items of `o.words` random words each); answers the seconds it took. */
export async function seedLibrary(db: Kysely<Database>, o: Pick<ContentBenchOptions, 'items' | 'words' | 'log'>, words: string[]) {
  const started = Date.now();
  const random = random32(6);
  const text = (n: number) => Array.from({ length: n }, () => words[Math.floor(random() * words.length)]!).join(' ');
  // Building the GIN index once at the end is much faster than keeping it up to date row by row.
  await sql`drop index content_search_idx`.execute(db);
  const batch = 2_000;
  for (let from = 1; from <= o.items; from += batch) {
    const to = Math.min(o.items, from + batch - 1);
    const titles: string[] = [];
    const descriptions: string[] = [];
    const bodies: string[] = [];
    for (let g = from; g <= to; g++) {
      const t = text(3);
      titles.push(t.charAt(0).toUpperCase() + t.slice(1));
      descriptions.push(text(30));
      bodies.push(text(o.words));
    }
    // 7 in 10 items are books, the rest essays; the newest first by number.
    await sql`
      insert into content (type, title, slug, description, status, published, published_at, tags, author, search_text, body_text, created_at, updated_at)
      select case when g % 10 < 7 then 'BOOK' else 'ESSAY' end, t.title, 'bench-' || g, t.description, 'PUBLISHED', true, now() - make_interval(secs => g),
        array['topic-' || (g % 40)], 'Author ' || (g % 500),
        case when g % 10 < 7 then t.body else '' end, case when g % 10 < 7 then '' else t.body end,
        now() - make_interval(secs => g), now() - make_interval(secs => g)
      from unnest(${titles}::text[], ${descriptions}::text[], ${bodies}::text[]) with ordinality as t(title, description, body, k),
        lateral (select ${from}::int + t.k::int - 1 as g) s`.execute(db);
    if (to % 10_000 === 0 || to === o.items) o.log(`seeding: ${to.toLocaleString('en-US')} / ${o.items.toLocaleString('en-US')} items (${((Date.now() - started) / 1000).toFixed(0)} s)`);
  }
  // The text is the book's summary (catalogue text, searched by everyone) or the essay's body (searched
  // by those who may open it: everyone, as the essays are OPEN), as domain/content/model.ts searchableText splits them.
  await sql`insert into books (content_id, formats, summary, themes, language) select id, '{PAPERBACK,EBOOK}', search_text, tags, 'en' from content where type = 'BOOK'`.execute(db);
  await sql`insert into essays (content_id, content_text, word_count, reading_time, topics) select id, body_text, ${o.words}::int, ${Math.ceil(o.words / 250)}::int, tags from content where type = 'ESSAY'`.execute(db);
  o.log('building the search index');
  await sql`create index content_search_idx on content using gin (search)`.execute(db);
  await sql`vacuum analyze`.execute(db);
  return (Date.now() - started) / 1000;
}

function firstDifference(a: string, b: string) {
  let i = 0;
  while (i < a.length && a[i] === b[i]) i++;
  return `at byte ${i}: server …${a.slice(Math.max(0, i - 60), i + 60)}… twin …${b.slice(Math.max(0, i - 60), i + 60)}…`;
}

export async function contentBench(o: ContentBenchOptions): Promise<ContentBenchResult> {
  const name = `olp_bench_${randomBytes(4).toString('hex')}`;
  o.log(`creating database ${name}`);
  await adminQuery(o.serverUrl, `create database ${name}`);
  const dbUrl = new URL(o.serverUrl);
  dbUrl.pathname = `/${name}`;
  const poolSize = 10;
  const pool = new pg.Pool({ connectionString: dbUrl.toString(), max: 2 });
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  const peers: { stop: () => Promise<void> }[] = [];
  try {
    await migrateToLatest(db);
    const words = vocabulary(5000);
    const seedSeconds = await seedLibrary(db, o, words);
    o.log(`seeded ${o.items.toLocaleString('en-US')} items in ${seedSeconds.toFixed(0)} s`);

    const terms = `${words[42]} ${words[1042]}`;
    const env = { BENCH_DB_URL: dbUrl.toString(), BENCH_TERMS: terms, BENCH_POOL: String(poolSize) };
    const server = await startPeer('library-peer.ts', 'server', env);
    peers.push(server);
    const twin = await startPeer('library-peer.ts', 'twin', env);
    peers.push(twin);

    const search = searchPath(terms);
    for (const p of [LIST_PATH, search]) {
      const [mine, hand] = await Promise.all([fetch(server.url + p).then((r) => r.text()), fetch(twin.url + p).then((r) => r.text())]);
      if (mine !== hand) throw new Error(`the twin does not answer the server's bytes for ${p} ${firstDifference(mine, hand)}`);
    }
    const listBytes = Buffer.byteLength(await (await fetch(server.url + LIST_PATH)).text());
    const searchTotal = ((await (await fetch(server.url + search)).json()) as { total: number }).total;
    const ilikeTotal = ((await (await fetch(twin.url + ILIKE_PATH)).json()) as { total: number }).total;
    if (ilikeTotal < searchTotal) throw new Error(`ILIKE found ${ilikeTotal} items, fewer than the text search's ${searchTotal}`);

    const plans = (await (await fetch(`${twin.url}/plans`)).json()) as Record<'list' | 'search', { sql: string; parameters: unknown[] }>;
    const explain = async (q: { sql: string; parameters: unknown[] }) =>
      (await pool.query<{ 'QUERY PLAN': string }>(`explain (analyze, costs off, timing off, summary off) ${q.sql}`, q.parameters)).rows.map((r) => r['QUERY PLAN']);
    const searchPlan = await explain(plans.search);
    const listPlan = await explain(plans.list);
    const ginLine = searchPlan.find((l) => l.includes('content_search_idx'))?.trim() ?? '(the plan does not use content_search_idx)';

    const rows: Row[] = [];
    const cpu: number[] = [];
    const step = async (label: string, peer: { url: string; pid: number }, p: string, connections: number, slow = false) => {
      o.log(`measuring: ${label}`);
      // ILIKE takes seconds a request: no warm-up (its queries would still run into the measured time),
      // a longer run and a generous timeout, so its figures come from requests that finished.
      const options = slow ? { connections, seconds: Math.max(o.seconds, 30), warmupSeconds: 0, timeoutSeconds: 120 } : { connections, seconds: o.seconds, warmupSeconds: 2 };
      const before = cpuMillis(peer.pid);
      const row = await measure(label, peer.url + p, options);
      // The warm-up's requests are in the CPU figure too, so it is spread over an estimate of them.
      cpu.push((cpuMillis(peer.pid) - before) / Math.max(1, row.requests * (1 + options.warmupSeconds / options.seconds)));
      rows.push(row);
    };
    await step('twin node:http + pg: GET /api/books/list?page=50', twin, LIST_PATH, 50);
    await step('server: GET /api/books/list?page=50', server, LIST_PATH, 50);
    await step('twin node:http + pg: two-term search (tsvector, same SQL)', twin, search, 10);
    await step('server: GET /api/content/search (two terms)', server, search, 10);
    await step('twin node:http + pg: the same search with ILIKE', twin, ILIKE_PATH, 10, true);

    const [listTwin, list, searchTwin, searched, ilike] = rows as [Row, Row, Row, Row, Row];
    const verdict = (ok: boolean) => (ok ? 'met' : 'NOT met');
    const listRatio = list.rps / listTwin.rps;
    // Requests/s of a row with few, slow requests is better read from its requests over its seconds.
    const speedup = searched.rps / Math.max(ilike.requests / Math.max(o.seconds, 30), 1e-9);
    const version = (await sql<{ server_version: string }>`show server_version`.execute(db)).rows[0]!.server_version;
    const lines = [
      `# Library benchmark ${new Date().toISOString()}`,
      '',
      `${o.items.toLocaleString('en-US')} published items (7 in 10 books, the rest essays) of ${o.words} words each in PostgreSQL ${version}, seeded in ${seedSeconds.toFixed(0)} s. The server, the twin and autocannon run as three processes; ${o.seconds} s per row after a 2 s warm-up; ${poolSize} database connections for the server and for the twin; ${listBytes.toLocaleString('en-US')} bytes per list page, byte-identical from both.`,
      '',
      ...tableOf(rows).map((line, i) => `${line} ${i === 0 ? 'process CPU ms per request |' : i === 1 ? '---: |' : `${cpu[i - 2]!.toFixed(2)} |`}`),
      '',
      `- CPU per request (the serving process's own CPU time, a figure that other load on the machine disturbs far less than requests/s): list ${cpu[1]!.toFixed(2)} ms in the server vs ${cpu[0]!.toFixed(2)} ms in the twin (a ${(cpu[0]! / cpu[1]!).toFixed(2)}x ratio on a core of its own); search ${cpu[3]!.toFixed(2)} ms vs ${cpu[2]!.toFixed(2)} ms.`,
      `- List, page 50 of the books (total from content_counts): the server at **${listRatio.toFixed(2)}x** the twin's requests/s (aim >= 0.6x: ${verdict(listRatio >= 0.6)}), p99 **${list.p99} ms** at 50 connections (aim < 50 ms: ${verdict(list.p99 < 50)}).`,
      `- Search "${terms}" (${searchTotal} matches; ILIKE finds ${ilikeTotal}): server p95 **${searched.p95} ms** at 10 connections (aim < 20 ms: ${verdict(searched.p95 < 20)}); **${speedup.toFixed(0)}x** the requests/s of ILIKE (aim >= 20x: ${verdict(speedup >= 20)}), p50 ${searched.p50} ms vs ${ilike.p50} ms; the twin with the same SQL at ${searchTwin.rps} requests/s (the server at ${(searched.rps / searchTwin.rps).toFixed(2)}x).`,
      `- GIN index in the search plan: \`${ginLine}\``,
      '',
      'Search plan (`EXPLAIN ANALYZE`):',
      '',
      '```',
      ...searchPlan,
      '```',
      '',
      'List plan (`EXPLAIN ANALYZE`):',
      '',
      '```',
      ...listPlan,
      '```',
    ];
    return { lines };
  } finally {
    for (const peer of peers.reverse()) await peer.stop().catch(() => undefined);
    await db.destroy().catch(() => undefined);
    await adminQuery(o.serverUrl, `drop database if exists ${name} with (force)`).catch(() => undefined);
  }
}

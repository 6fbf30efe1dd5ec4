/**
 * One process of the library benchmark (bench/content.ts starts two): `server` is the product's
 * own server (the composition root and express app of production); `twin` is a hand-written
 * `node:http` + `pg` server that runs the same SQL, captured from the server's own use cases and
 * repository, and builds the same bytes from the rows it gets by its own mapping. Each prints one
 * line `ready <url>` and serves until SIGTERM. The load generator runs in a third process, so
 * neither server shares an event loop with it.
 *
 * Environment: BENCH_DB_URL (the seeded database), BENCH_TERMS (the two search words),
 * BENCH_POOL (database connections, the same for both).
 */
import { mkdtempSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Kysely, PostgresDialect, type CompiledQuery } from 'kysely';
import pg from 'pg';
import { compose } from '../adapters/compose';
import { loadConfig } from '../adapters/config';
import { postgresContent } from '../adapters/postgres/content/repository';
import type { Database } from '../adapters/postgres/schema';
import { startHttpServer } from '../adapters/server';
import { accessPolicy } from '../application/content/access';
import { listContent } from '../application/content/read';
import { searchContent } from '../application/content/search';
import { contentListQuerySchemaFor, contentSearchSchema } from '../domain/content/schemas';

export const LIST_PATH = '/api/books/list?page=50';
export const searchPath = (terms: string) => `/api/content/search?q=${encodeURIComponent(terms)}`;
export const ILIKE_PATH = '/ilike';

const dbUrl = process.env.BENCH_DB_URL!;
const terms = process.env.BENCH_TERMS!;
const poolSize = Number(process.env.BENCH_POOL ?? 10);

async function serveProduct() {
  const config = loadConfig({ NODE_ENV: 'production', SESSION_SECRET: 'bench-secret-bench-secret-bench-secret', SMTP_URL: 'smtp://127.0.0.1:1', PORT: '3998', HOST: '127.0.0.1', DATA_DIR: mkdtempSync(path.join(tmpdir(), 'olp-bench-peer-')), LOG_LEVEL: 'silent', SEED_DEMO_DATA: 'false', DATABASE_URL: dbUrl, DATABASE_POOL_SIZE: String(poolSize) });
  const services = compose(config, { namespace: `benchpeer${process.pid}` });
  const http = await startHttpServer(services, { port: 0, clientDir: path.join(tmpdir(), 'olp-bench-no-client') });
  return { url: http.url, stop: async () => { await http.stop(); await services.close(); } };
}

/** The SQL a call makes, captured through a logging Kysely. */
async function capture(pool: pg.Pool, call: (db: Kysely<Database>) => Promise<unknown>): Promise<CompiledQuery> {
  const queries: CompiledQuery[] = [];
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }), log: (event) => void queries.push(event.query) });
  await call(db);
  if (queries.length !== 1) throw new Error(`expected one query, the server ran ${queries.length}`);
  return queries[0]!;
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** The twin's own mapping of a books-list row, in the order the API document gives the fields. */
// any: the twin reads pg's rows as they come, untyped, as a hand-written server would
function book(r: Record<string, any>) {
  return {
    id: r.id,
    contentId: r.id,
    isbn: r.isbn,
    publisher: r.publisher,
    publicationDate: r.publicationDate,
    totalPages: r.totalPages,
    language: r.language,
    formats: r.formats,
    newVersion: r.newVersion,
    purchaseLink: r.purchaseLink,
    bookType: r.bookType,
    tableOfContents: r.tableOfContents,
    background: r.background,
    summary: r.summary,
    excerpt: r.excerpt,
    whyRead: r.whyRead,
    themes: r.themes,
    characters: r.characters,
    authorBio: r.authorBio,
    faq: r.faq,
    essaysOverview: r.essaysOverview,
    rating: r.rating,
    pricing: r.pricing,
    type: r.bookType,
    content: {
      id: r.id,
      type: r.type,
      title: r.title,
      subtitle: r.subtitle,
      slug: r.slug,
      description: r.description,
      status: r.status,
      published: r.published,
      featured: r.featured,
      publishedAt: iso(r.published_at),
      tags: r.tags,
      coverImage: r.cover_image,
      metaTitle: r.meta_title,
      metaDescription: r.meta_description,
      accessType: r.access_type,
      difficulty: r.difficulty,
      author: r.author,
      contributors: r.contributors,
      createdAt: r.created_at.toISOString(),
      updatedAt: r.updated_at.toISOString(),
    },
    createdAt: r.created_at.toISOString(),
    updatedAt: r.updated_at.toISOString(),
    // The bench's books are OPEN and have no body to withhold (application/content/access.ts).
    locked: false,
  };
}

// any: as above
const hit = (r: Record<string, any>) => ({ id: r.id, type: r.type, slug: r.slug, title: r.title, subtitle: r.subtitle, description: r.description, coverImage: r.cover_image, status: r.status, published: r.published, accessType: r.access_type, rank: r.rank });

function send(res: ServerResponse, body: string) {
  res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(body) });
  res.end(body);
}

async function serveTwin() {
  const pool = new pg.Pool({ connectionString: dbUrl, max: poolSize });
  const listInput = contentListQuerySchemaFor('BOOK').parse({ page: '50' });
  const list = await capture(pool, (db) => listContent({ content: postgresContent(db), media: undefined as never, access: accessPolicy([]) }, null, 'BOOK', listInput));
  const search = await capture(pool, (db) => searchContent({ content: postgresContent(db), access: accessPolicy([]) }, null, contentSearchSchema.parse({ q: terms })));
  const [first, second] = terms.split(' ');
  // ILIKE: the same two words anywhere in the same text, a page of 10 and the count of all matches.
  const text = `(title || ' ' || coalesce(subtitle, '') || ' ' || coalesce(description, '') || ' ' || search_text || ' ' || body_text)`;
  const ilike = {
    sql: `select id, type, slug, title, subtitle, description, cover_image, status, published, access_type, 0 as rank, (count(*) over ())::int as total
      from content where published and ${text} ilike $1 and ${text} ilike $2 order by title, id limit 10`,
    parameters: [`%${first}%`, `%${second}%`],
  };
  const searchUrl = searchPath(terms);
  const server = createServer(async (req: IncomingMessage, res: ServerResponse) => {
    try {
      if (req.url === LIST_PATH) {
        const { rows } = await pool.query(list.sql, [...list.parameters]);
        const total = rows[0]?.total ?? 0;
        return send(res, JSON.stringify({ success: true, books: rows.map(book), total, page: listInput.page, limit: listInput.limit, totalPages: Math.ceil(total / listInput.limit) }));
      }
      if (req.url === searchUrl || req.url === ILIKE_PATH) {
        const q = req.url === ILIKE_PATH ? ilike : search;
        const { rows } = await pool.query(q.sql, [...q.parameters]);
        const total = rows[0]?.total ?? 0;
        return send(res, JSON.stringify({ success: true, results: rows.map(hit), total, page: 1, limit: 10, totalPages: Math.ceil(total / 10) }));
      }
      if (req.url === '/plans') return send(res, JSON.stringify({ list, search }));
      res.writeHead(404).end();
    } catch {
      res.writeHead(500).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, stop: async () => { server.close(); await pool.end(); } };
}

const role = process.argv[2];
if (role === 'server' || role === 'twin') {
  const running = role === 'server' ? await serveProduct() : await serveTwin();
  process.on('SIGTERM', () => void running.stop().finally(() => process.exit(0)));
  console.log(`ready ${running.url}`);
}

/**
 * Lists (domain/content/README.md "Lists and totals"): a page chosen from `content` alone in its
 * order, then joined to its type's table; the total read from the counts the database keeps when
 * only type and status filter (migrations/0007_content_counts.ts, 0008), else counted beside the
 * page; the query compiled once per filter shape.
 */
import { CompiledQuery, sql, type Kysely, type RawBuilder } from 'kysely';
import type { ContentQuery, ContentRepository } from '../../../application/ports/content-repository';
import type { ContentStatus } from '../../../domain/content/constants';
import { detailsFromRow } from './details';
import type { Database } from '../schema';
import { filtered, leavesOutHiddenChildren } from './filter';
import { matchQuery } from './match';
import { CONTENT_COLUMNS, hydrate, ORDERED_TYPES, readLinks, toItem, withDetails, type ContentRow } from './rows';

interface SortKey {
  /** A content column, or the name a computed key is selected as. */
  name: string;
  expression?: RawBuilder<unknown>;
  direction: 'asc' | 'desc';
}

/** A list's order as named keys, so a page chosen in a subquery can be put back in order outside it. */
function sortKeys(query: Omit<ContentQuery, 'page' | 'limit'>): SortKey[] {
  const ordered = query.type && query.sort === 'order' ? ORDERED_TYPES[query.type] : undefined;
  if (query.searchWords) return [{ name: 'sort_rank', expression: sql`ts_rank(content.search_head, ${matchQuery(query.searchWords, query.bodyKeys)})`, direction: 'desc' }, { name: 'title', direction: 'asc' }, { name: 'id', direction: 'asc' }];
  if (ordered) return [{ name: 'sort_position', expression: sql`(select d.order_index from ${sql.table(ordered)} as d where d.content_id = content.id)`, direction: 'asc' }, { name: 'title', direction: 'asc' }, { name: 'id', direction: 'asc' }];
  if (query.sort === 'title' || query.sort === 'order') return [{ name: 'title', direction: 'asc' }, { name: 'id', direction: 'asc' }];
  return [{ name: 'created_at', direction: 'desc' }, { name: 'id', direction: 'desc' }];
}

type CompiledPages = Map<string, { sql: string; fixed: readonly unknown[] }>;
const COMPILED_PAGES_KEPT = 500;

/** Keeps a list query compiled for its filter shape (list() below); a few hundred shapes at most. */
function rememberCompiled(compiledPages: CompiledPages, shape: string, compiled: CompiledQuery, limit: number, offset: number) {
  const p = compiled.parameters;
  // Kept only when the page and its size are indeed the last two parameters.
  if (p.length < 2 || p[p.length - 2] !== limit || p[p.length - 1] !== offset) return;
  if (compiledPages.size >= COMPILED_PAGES_KEPT) compiledPages.delete(compiledPages.keys().next().value!);
  compiledPages.set(shape, { sql: compiled.sql, fixed: p.slice(0, -2) });
}

const ALL_STATUSES: readonly ContentStatus[] = ['DRAFT', 'REVIEW', 'PUBLISHED', 'ARCHIVED'];

/**
 * The total of a list filtered by nothing but type and status, read from content_counts (kept exact
 * by triggers, migrations/0007_content_counts.ts); null when another filter asks for a real count.
 */
function countedTotal(query: Omit<ContentQuery, 'page' | 'limit'>) {
  const other = query.featured !== undefined || query.tag || query.creatorId || query.accessType || query.difficulty || query.searchWords || (query.details && Object.keys(query.details).length > 0);
  if (other) return null;
  let statuses = query.statuses ?? ALL_STATUSES;
  if (query.status) statuses = statuses.filter((s) => s === query.status);
  if (query.published !== undefined) statuses = statuses.filter((s) => (s === 'PUBLISHED') === query.published);
  // The public's view of types with parents: content_public_counts leaves out items with an unpublished parent.
  if (leavesOutHiddenChildren(query.statuses, query.type) && statuses.length > 0) {
    if (statuses.length > 1 || statuses[0] !== 'PUBLISHED') return null;
    return sql<number>`(select coalesce(sum(n), 0)::int from content_public_counts ${query.type ? sql`where type = ${query.type}` : sql``})`;
  }
  const typeFilter = query.type ? sql`type = ${query.type} and ` : sql``;
  return sql<number>`(select coalesce(sum(n), 0)::int from content_counts where ${typeFilter}status = any(${[...statuses]}::text[]))`;
}

/** The list read; each repository keeps its own compiled pages. */
export function contentList(db: Kysely<Database>): Pick<ContentRepository, 'list'> {
  const compiledPages: CompiledPages = new Map();
  return {
    async list(query) {
      const type = query.type;
      const counted = countedTotal(query);
      // The page is chosen from content alone (its index gives the order), then joined to its type's
      // table: 10 lookups for page 50, not 500.
      const limit = query.limit;
      const offset = (query.page - 1) * query.limit;
      // Building and compiling this query costs more than running it: it is compiled once per filter
      // shape, and only the page and its size (its last two parameters) change between calls.
      const shape = JSON.stringify({ ...query, page: undefined, limit: undefined });
      const known = compiledPages.get(shape);
      let compiled: CompiledQuery;
      if (known) compiled = CompiledQuery.raw(known.sql, [...known.fixed, limit, offset]);
      else {
        const keys = sortKeys(query);
        let page = filtered(db, query).select(CONTENT_COLUMNS).select(keys.filter((k) => k.expression).map((k) => k.expression!.as(k.name)));
        // The total rides along with the page when content_counts knows it (migrations/0007_content_counts.ts).
        if (counted) page = page.select(counted.as('total'));
        for (const k of keys) page = page.orderBy(k.expression ?? sql.ref(`content.${k.name}`), k.direction);
        page = page.limit(limit).offset(offset);
        let rowsQuery = page;
        if (type) {
          let joined = withDetails(db.selectFrom(page.as('content')).selectAll('content'), type);
          for (const k of keys) joined = joined.orderBy(sql.ref(`content.${k.name}`), k.direction);
          rowsQuery = joined as unknown as typeof page;
        }
        compiled = rowsQuery.compile();
        rememberCompiled(compiledPages, shape, compiled, limit, offset);
      }
      const count = counted ? null : filtered(db, query).select(sql<number>`count(*)::int`.as('total')).executeTakeFirstOrThrow();
      const [{ rows }, counts] = await Promise.all([db.executeQuery<ContentRow & Record<string, unknown> & { total?: number }>(compiled), count]);
      const total = counts ? counts.total : (rows[0]?.total ?? (await sql<{ total: number }>`select ${counted} as total`.execute(db)).rows[0]!.total);
      if (!type) return { items: await hydrate(db, rows), total };
      const links = await readLinks(db, rows);
      return { items: rows.map((row) => toItem(row, detailsFromRow(type, row), links.get(row.id) ?? {})), total };
    },
  };
}

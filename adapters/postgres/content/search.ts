/**
 * The ranked search (domain/content/README.md "Search"): one query, the page of matches with the
 * count of all of them beside each row. `searchPage` is that query unexecuted, so the plan test
 * (tests/contract/content-repositories.test.ts) explains the very query search() runs.
 */
import { sql, type Kysely } from 'kysely';
import type { ContentQuery, ContentRepository } from '../../../application/ports/content-repository';
import type { Database } from '../schema';
import { filtered } from './filter';
import { matchQuery } from './match';
import { CONTENT_COLUMNS, toSummary } from './rows';

/**
 * The page of a ranked search, with the count of all matches beside each row (they are all found
 * to be ranked anyway).
 */
export function searchPage(db: Kysely<Database>, query: ContentQuery & { searchWords: readonly string[] }) {
  // Ranked by the small head vector (title, subtitle, description, author); matched on what the caller may search.
  const rank = sql<number>`ts_rank(content.search_head, ${matchQuery(query.searchWords, query.bodyKeys)})`;
  return filtered(db, query)
    .select(CONTENT_COLUMNS)
    .select(rank.as('rank'))
    .select(sql<number>`(count(*) over ())::int`.as('total'))
    .orderBy('rank', 'desc')
    .orderBy('content.title')
    .orderBy('content.id')
    .limit(query.limit)
    .offset((query.page - 1) * query.limit);
}

export function contentSearch(db: Kysely<Database>): Pick<ContentRepository, 'search'> {
  return {
    async search(query) {
      const rows = await searchPage(db, query).execute();
      const total = rows[0]?.total ?? (query.page > 1 ? (await filtered(db, query).select(sql<number>`count(*)::int`.as('total')).executeTakeFirstOrThrow()).total : 0);
      return { items: rows.map((row) => ({ ...toSummary(row, 0), rank: row.rank })), total };
    },
  };
}

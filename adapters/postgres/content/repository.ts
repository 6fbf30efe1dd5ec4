/**
 * The library's content in PostgreSQL (migrations/0006_content.ts): the shared `content` row, its
 * type's row, its ordered links, creators and relations, written in one transaction. This file
 * assembles the repository from its parts (README.md in this folder says what each holds).
 * tests/contract/content-repositories.test.ts holds it to the port's contract on PostgreSQL and PGlite.
 */
import type { CompiledQuery, Kysely } from 'kysely';
import type { ContentQuery, ContentRepository } from '../../../application/ports/content-repository';
import type { Database } from '../schema';
import { contentFacets } from './facets';
import { contentList } from './list';
import { contentReads } from './reads';
import { contentRecommendations } from './recommendations';
import { contentSearch, searchPage } from './search';
import { contentWrites } from './writes';

export { matchQuery } from './match';
export { toItem } from './rows';

/** The repository, and the query its search runs (for the plan test, tests/contract/content-repositories.test.ts). */
export type PostgresContentRepository = ContentRepository & { searchPage(query: ContentQuery & { searchWords: readonly string[] }): { compile(): CompiledQuery } };

export function postgresContent(db: Kysely<Database>): PostgresContentRepository {
  return {
    searchPage: (query) => searchPage(db, query),
    ...contentWrites(db),
    ...contentReads(db),
    ...contentList(db),
    ...contentSearch(db),
    ...contentFacets(db),
    ...contentRecommendations(db),
  };
}

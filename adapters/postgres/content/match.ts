/**
 * What was typed, as PostgreSQL full-text conditions (migrations/0009_search_lexemes.ts,
 * 0011_search_access.ts): the text query of the typed words, and whether an item matches it for a
 * caller. Used by every filtered read (./filter.ts) and to rank (./list.ts, ./search.ts).
 */
import { sql, type RawBuilder, type SqlBool } from 'kysely';
import type { BodyKeys } from '../../../application/ports/content-access';

/** How many whole words one typed prefix may stand for before GIN's own prefix match is used for it. */
const MAX_PREFIX_WORDS = 64;

/**
 * The text query for what was typed, as a scalar subquery (migrations/0009_search_lexemes.ts,
 * 0011_search_access.ts): each word is stemmed as the documents were (`english`; a stop word drops
 * out, as in to_tsquery), then expanded through `search_lexemes` into the whole lexemes it is a
 * prefix of, OR-ed; all words AND-ed. Only lexemes the caller may match expand (those that came
 * under locks the caller holds; absent keys: the catalogue text of published items), so a prefix
 * that occurs only in gated bodies or drafts stands for nothing. A prefix of more than
 * MAX_PREFIX_WORDS lexemes keeps GIN's own prefix match (`'w':*`), so nothing is ever cut off. The
 * lexemes reach the query quoted, never parsed.
 */
export function matchQuery(words: readonly string[], keys: BodyKeys | undefined): RawBuilder<string> {
  const mayMatch = keys === 'all' ? sql`` : sql`and locks <@ ${[...(keys ?? [])]}::text[]`;
  return sql<string>`(
    select string_agg(
      case when cardinality(w.lexemes) between 1 and ${MAX_PREFIX_WORDS}
        then '(' || array_to_string(array(select quote_literal(l) from unnest(w.lexemes) as l), ' | ') || ')'
        else quote_literal(w.stem) || ':*' end,
      ' & ' order by w.ord)::tsquery
    from (
      select typed.ord, stem, array(
        select lexeme from search_lexemes where lexeme >= stem and lexeme < stem || chr(1114111) ${mayMatch}
        group by lexeme order by lexeme limit ${MAX_PREFIX_WORDS + 1}
      ) as lexemes
      from unnest(${[...words]}::text[]) with ordinality as typed(word, ord)
        cross join lateral unnest(tsvector_to_array(to_tsvector('english', typed.word))) as stem
    ) as w
  )`;
}

/**
 * Whether an item matches what was typed for a caller holding `keys` (0011_search_access.ts): the
 * GIN index finds every item whose whole text (`search`) matches, and of those an item stays when
 * the caller holds every lock of its body, or its catalogue text (`search_public`) matches alone.
 * Absent keys hold no lock (a body's locks are never empty): the catalogue text only.
 */
export function matches(words: readonly string[], keys: BodyKeys | undefined): RawBuilder<SqlBool> {
  const query = matchQuery(words, keys);
  if (keys === 'all') return sql<SqlBool>`content.search @@ ${query}`;
  return sql<SqlBool>`content.search @@ ${query} and (content.body_locks <@ ${[...(keys ?? [])]}::text[] or content.search_public @@ ${query})`;
}

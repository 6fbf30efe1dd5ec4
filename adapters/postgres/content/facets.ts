/**
 * The library browser's facets (domain/content/README.md "Browsing"): items by type and by tag, and
 * lexicon terms by first letter, read from the counts the database keeps exact (migrations/0007,
 * 0008), so the cost follows the number of distinct tags, not of items.
 */
import { sql, type Kysely } from 'kysely';
import type { ContentRepository } from '../../../application/ports/content-repository';
import type { ContentType } from '../../../domain/content/constants';
import type { Database } from '../schema';

export function contentFacets(db: Kysely<Database>): Pick<ContentRepository, 'facets'> {
  return {
    async facets(view) {
      // Counts kept by the database (migrations/0007, 0008): a few hundred rows read, however large the library.
      const everything = view === 'everything';
      const [types, tags, letters] = await Promise.all([
        everything
          ? sql<{ type: string; count: number }>`select type, sum(n)::int as count from content_counts group by type having sum(n) > 0 order by type`.execute(db)
          : sql<{ type: string; count: number }>`select type, n::int as count from content_public_counts where n > 0 order by type`.execute(db),
        everything
          ? sql<{ tag: string; count: number }>`select tag, sum(n)::int as count from content_tag_counts group by tag having sum(n) > 0 order by count desc, tag`.execute(db)
          : sql<{ tag: string; count: number }>`select tag, n::int as count from content_tag_counts where public and n > 0 order by count desc, tag`.execute(db),
        // As many rows as the lexicon has terms (never the whole library); lexicon terms have no parents.
        sql<{ letter: string; count: number }>`select upper(t.first_letter) as letter, count(*)::int as count from lexicon_terms t join content on content.id = t.content_id ${everything ? sql`` : sql`where content.published`} group by upper(t.first_letter) order by letter`.execute(db),
      ]);
      return { types: types.rows.map((r) => ({ type: r.type as ContentType, count: r.count })), tags: tags.rows, letters: letters.rows };
    },
  };
}

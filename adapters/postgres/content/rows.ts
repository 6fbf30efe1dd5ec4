/**
 * A `content` row and what it becomes: the columns every read selects, the row as an item or a
 * summary (with its type's details and its links, read in a fixed number of queries), and the link
 * tables of a parent's children. Shared by every part of the repository (./repository.ts).
 */
import { sql, type Kysely, type Selectable, type SelectQueryBuilder, type Transaction } from 'kysely';
import type { ChildKind } from '../../../application/ports/content-repository';
import type { AccessType, ContentStatus, ContentType, Difficulty } from '../../../domain/content/constants';
import type { ContentItem, ContentLinks, ContentSummary } from '../../../domain/content/model';
import { DETAIL_TABLES, detailColumns, readDetails } from './details';
import type { Database } from '../schema';
import type { ContentTable } from './schema';

/** The database, or the transaction a write reads its own rows back in. */
export type Db = Kysely<Database> | Transaction<Database>;
export type ContentRow = Omit<Selectable<ContentTable>, 'search' | 'search_public' | 'search_text' | 'body_text'>;

/**
 * A row as a content item, in one object literal: spreading a record and adding fields after it
 * leaves V8 a dictionary-mode object (~5 KB each instead of ~0.3 KB), which on a list page is
 * most of what the collector has to sweep.
 */
export const toItem = (row: ContentRow, details: Record<string, unknown>, links: ContentLinks): ContentItem => ({
  id: row.id,
  type: row.type as ContentType,
  title: row.title,
  subtitle: row.subtitle,
  slug: row.slug,
  description: row.description,
  status: row.status as ContentStatus,
  published: row.published,
  featured: row.featured,
  publishedAt: row.published_at,
  tags: row.tags,
  coverImage: row.cover_image,
  metaTitle: row.meta_title,
  metaDescription: row.meta_description,
  accessType: row.access_type as AccessType,
  difficulty: row.difficulty as Difficulty | null,
  author: row.author,
  contributors: row.contributors,
  createdAt: row.created_at,
  updatedAt: row.updated_at,
  details,
  links,
});

export const toSummary = (row: ContentRow, orderIndex: number): ContentSummary => ({
  id: row.id,
  type: row.type as ContentType,
  slug: row.slug,
  title: row.title,
  subtitle: row.subtitle,
  description: row.description,
  coverImage: row.cover_image,
  status: row.status as ContentStatus,
  published: row.published,
  accessType: row.access_type as AccessType,
  orderIndex,
});

export const CONTENT_COLUMNS = [
  'content.id', 'content.type', 'content.title', 'content.subtitle', 'content.slug', 'content.description', 'content.status',
  'content.published', 'content.featured', 'content.published_at', 'content.tags', 'content.cover_image', 'content.meta_title',
  'content.meta_description', 'content.access_type', 'content.difficulty', 'content.author', 'content.contributors',
  'content.created_at', 'content.updated_at',
] as const;

export const CHILDREN: Record<ChildKind, { table: string; parent: string; child: string; order: string }> = {
  chapters: { table: 'chapters', parent: 'book_id', child: 'content_id', order: 'order_index' },
  bookEssays: { table: 'book_essays', parent: 'book_id', child: 'essay_id', order: 'order_index' },
  lessons: { table: 'lessons', parent: 'course_id', child: 'content_id', order: 'order_index' },
  lectures: { table: 'lectures', parent: 'playlist_id', child: 'content_id', order: 'order_index' },
  termExcerpts: { table: 'lexicon_term_excerpts', parent: 'lexicon_term_id', child: 'excerpt_id', order: 'order_index' },
  discussionEssays: { table: 'discussion_essays', parent: 'discussion_id', child: 'essay_id', order: 'order_index' },
  trackItems: { table: 'track_items', parent: 'track_id', child: 'content_id', order: 'order_index' },
};

/** The types placed in a parent by an order_index of their own. */
export const ORDERED_TYPES: Partial<Record<ContentType, string>> = { CHAPTER: 'chapters', LESSON: 'lessons', LECTURE: 'lectures' };

/** Joins a type's table as `detail` and selects its fields, named as the fields are. */
export function withDetails<Q>(q: Q, type: ContentType): Q {
  // any: the type tables are addressed by name from the field table, not through the typed schema (details.ts)
  const untyped = q as unknown as SelectQueryBuilder<any, any, any>;
  return untyped.innerJoin(sql.table(DETAIL_TABLES[type]).as('detail'), (join) => join.on(sql<boolean>`detail.content_id = content.id`)).select(detailColumns(type, 'detail')) as unknown as Q;
}

/** Rows grouped by the id each belongs to, every asked id present (with [] when it has none). */
export function grouped<R, T>(ids: readonly string[], rows: R[], keyOf: (row: R) => string, map: (row: R) => T): Map<string, T[]> {
  const result = new Map<string, T[]>(ids.map((id) => [id, []]));
  for (const row of rows) result.get(keyOf(row))?.push(map(row));
  return result;
}

/** Rows as whole items: each type's details in one query per type, the links in one per link table. */
export async function hydrate(tx: Db, rows: ContentRow[]): Promise<ContentItem[]> {
  if (rows.length === 0) return [];
  const byType = new Map<ContentType, string[]>();
  for (const row of rows) byType.set(row.type as ContentType, [...(byType.get(row.type as ContentType) ?? []), row.id]);
  const details = new Map<string, Record<string, unknown>>();
  for (const [type, ids] of byType) for (const [id, d] of await readDetails(tx, type, ids)) details.set(id, d);
  const links = await readLinks(tx, rows);
  return rows.map((row) => toItem(row, details.get(row.id) ?? {}, links.get(row.id) ?? {}));
}

/** The links of essays (books, discussions), excerpts (lexicon terms) and tracks (items), by item id. */
export async function readLinks(tx: Db, rows: ContentRow[]): Promise<Map<string, ContentLinks>> {
  const result = new Map<string, ContentLinks>();
  const idsOf = (type: ContentType) => rows.filter((r) => r.type === type).map((r) => r.id);
  const essays = idsOf('ESSAY');
  if (essays.length) {
    const books = await tx.selectFrom('book_essays').select(['essay_id', 'book_id', 'order_index']).where('essay_id', 'in', essays).orderBy('order_index').execute();
    const discussions = await tx.selectFrom('discussion_essays').select(['essay_id', 'discussion_id', 'order_index']).where('essay_id', 'in', essays).orderBy('order_index').execute();
    for (const id of essays)
      result.set(id, {
        books: books.filter((b) => b.essay_id === id).map((b) => ({ bookId: b.book_id, orderIndex: b.order_index })),
        discussions: discussions.filter((d) => d.essay_id === id).map((d) => ({ discussionId: d.discussion_id, orderIndex: d.order_index })),
      });
  }
  const excerpts = idsOf('EXCERPT');
  if (excerpts.length) {
    const terms = await tx.selectFrom('lexicon_term_excerpts').select(['excerpt_id', 'lexicon_term_id', 'order_index']).where('excerpt_id', 'in', excerpts).orderBy('order_index').execute();
    for (const id of excerpts) result.set(id, { lexiconTerms: terms.filter((t) => t.excerpt_id === id).map((t) => ({ lexiconTermId: t.lexicon_term_id, orderIndex: t.order_index })) });
  }
  const tracks = idsOf('TRACK');
  if (tracks.length) {
    const items = await tx.selectFrom('track_items').selectAll().where('track_id', 'in', tracks).orderBy('order_index').orderBy('content_id').execute();
    for (const id of tracks)
      result.set(id, { items: items.filter((i) => i.track_id === id).map((i) => ({ contentId: i.content_id, orderIndex: i.order_index, description: i.description, isRequired: i.is_required })) });
  }
  return result;
}

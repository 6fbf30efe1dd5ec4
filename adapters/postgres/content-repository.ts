/**
 * The library's content in PostgreSQL (migrations/0006_content.ts): the shared `content` row, its
 * type's row, its ordered links, creators and relations, written in one transaction.
 * tests/contract/content-repository.test.ts holds it to the port's contract on PostgreSQL and PGlite.
 */
import { CompiledQuery, sql, type Expression, type ExpressionBuilder, type Kysely, type RawBuilder, type Selectable, type SelectQueryBuilder, type SqlBool, type Transaction } from 'kysely';
import type { BodyKeys } from '../../application/ports/content-access';
import type { ChildKind, ContentChange, ContentPage, ContentQuery, ContentRepository, ContentWriteResult, LibraryFacets, NewContent, SearchHit } from '../../application/ports/content-repository';
import { TYPES_WITH_PARENTS, type AccessType, type ContentStatus, type ContentType, type Difficulty } from '../../domain/content/constants';
import type { ContentCreatorLink, ContentRelationLink } from '../../domain/content/links';
import type { ContentItem, ContentLinks, ContentShared, ContentSummary, CreatorCredit, RelatedContent } from '../../domain/content/model';
import { columnOf, DETAIL_TABLES, detailColumns, detailsFromRow, fieldsOf, insertDetails, readDetails, sqlValue, updateDetails } from './content-details';
import type { Database } from './schema';
import type { ContentTable } from './schema-content';
import { isUuid } from './uuid';

type Db = Kysely<Database> | Transaction<Database>;
type ContentRow = Omit<Selectable<ContentTable>, 'search' | 'search_public' | 'search_text' | 'body_text'>;

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

const CONTENT_COLUMNS = [
  'content.id', 'content.type', 'content.title', 'content.subtitle', 'content.slug', 'content.description', 'content.status',
  'content.published', 'content.featured', 'content.published_at', 'content.tags', 'content.cover_image', 'content.meta_title',
  'content.meta_description', 'content.access_type', 'content.difficulty', 'content.author', 'content.contributors',
  'content.created_at', 'content.updated_at',
] as const;

function sharedColumns(shared: Partial<ContentShared>) {
  const c: Record<string, unknown> = {};
  if (shared.title !== undefined) c.title = shared.title;
  if (shared.subtitle !== undefined) c.subtitle = shared.subtitle;
  if (shared.slug !== undefined) c.slug = shared.slug;
  if (shared.description !== undefined) c.description = shared.description;
  if (shared.featured !== undefined) c.featured = shared.featured;
  if (shared.tags !== undefined) c.tags = [...shared.tags];
  if (shared.coverImage !== undefined) c.cover_image = shared.coverImage;
  if (shared.metaTitle !== undefined) c.meta_title = shared.metaTitle;
  if (shared.metaDescription !== undefined) c.meta_description = shared.metaDescription;
  if (shared.accessType !== undefined) c.access_type = shared.accessType;
  if (shared.difficulty !== undefined) c.difficulty = shared.difficulty;
  if (shared.author !== undefined) c.author = shared.author;
  if (shared.contributors !== undefined) c.contributors = [...shared.contributors];
  return c;
}

/** A write's refusal (a unique violation it names), else the error goes on up. */
function refusedOrThrow(error: unknown): ContentWriteResult {
  const refusal = refusalOf(error);
  if (refusal) return refusal;
  throw error;
}

/** A unique violation, by the constraint it names (pg and PGlite both carry `code` and `constraint`). */
function refusalOf(error: unknown): ContentWriteResult | null {
  const e = error as { code?: string; constraint?: string; message?: string };
  if (e?.code !== '23505') return null;
  const name = e.constraint ?? e.message ?? '';
  if (name.includes('content_type_slug_key')) return { ok: false, reason: 'slug_taken' };
  if (name.includes('lexicon_terms_normalized_key')) return { ok: false, reason: 'term_taken' };
  if (/_order_key/.test(name)) return { ok: false, reason: 'order_taken' };
  return null;
}

const CHILDREN: Record<ChildKind, { table: string; parent: string; child: string; order: string }> = {
  chapters: { table: 'chapters', parent: 'book_id', child: 'content_id', order: 'order_index' },
  bookEssays: { table: 'book_essays', parent: 'book_id', child: 'essay_id', order: 'order_index' },
  lessons: { table: 'lessons', parent: 'course_id', child: 'content_id', order: 'order_index' },
  lectures: { table: 'lectures', parent: 'playlist_id', child: 'content_id', order: 'order_index' },
  termExcerpts: { table: 'lexicon_term_excerpts', parent: 'lexicon_term_id', child: 'excerpt_id', order: 'order_index' },
  discussionEssays: { table: 'discussion_essays', parent: 'discussion_id', child: 'essay_id', order: 'order_index' },
  trackItems: { table: 'track_items', parent: 'track_id', child: 'content_id', order: 'order_index' },
};

/** The types placed in a parent by an order_index of their own. */
const ORDERED_TYPES: Partial<Record<ContentType, string>> = { CHAPTER: 'chapters', LESSON: 'lessons', LECTURE: 'lectures' };

/** Joins a type's table as `detail` and selects its fields, named as the fields are. */
function withDetails<Q>(q: Q, type: ContentType): Q {
  // any: the type tables are addressed by name from the field table, not through the typed schema (content-details.ts)
  const untyped = q as unknown as SelectQueryBuilder<any, any, any>;
  return untyped.innerJoin(sql.table(DETAIL_TABLES[type]).as('detail'), (join) => join.on(sql<boolean>`detail.content_id = content.id`)).select(detailColumns(type, 'detail')) as unknown as Q;
}

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
function matches(words: readonly string[], keys: BodyKeys | undefined): RawBuilder<SqlBool> {
  const query = matchQuery(words, keys);
  if (keys === 'all') return sql<SqlBool>`content.search @@ ${query}`;
  return sql<SqlBool>`content.search @@ ${query} and (content.body_locks <@ ${[...(keys ?? [])]}::text[] or content.search_public @@ ${query})`;
}

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
 * Whether a view (ContentQuery.statuses) of items of this type (undefined: any type) must leave out
 * items with an unpublished parent (`content.parent_unpublished`, migrations/0008_content_visibility.ts).
 * Books and the other parentless types never have one, so their queries stay as they were.
 */
const leavesOutHiddenChildren = (statuses: readonly ContentStatus[] | undefined, type: ContentType | undefined) => statuses !== undefined && (type === undefined || TYPES_WITH_PARENTS.includes(type));

/** The condition of a view on `content` rows, for hand-written SQL (filtered() for the built queries). */
function visibleSql(statuses: readonly ContentStatus[] | undefined): RawBuilder<SqlBool> {
  if (!statuses) return sql<SqlBool>`true`;
  const status = statuses.length === 1 && statuses[0] === 'PUBLISHED' ? sql`content.published` : sql`content.status = any(${[...statuses]}::text[])`;
  return sql<SqlBool>`${status} and not content.parent_unpublished`;
}

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

/** The repository, and the query its search runs (for the plan test, tests/contract/content-repositories.test.ts). */
export type PostgresContentRepository = ContentRepository & { searchPage(query: ContentQuery & { searchWords: readonly string[] }): { compile(): CompiledQuery } };

export function postgresContent(db: Kysely<Database>): PostgresContentRepository {
  const compiledPages: CompiledPages = new Map();
  async function hydrate(rows: ContentRow[], tx: Db = db): Promise<ContentItem[]> {
    if (rows.length === 0) return [];
    const byType = new Map<ContentType, string[]>();
    for (const row of rows) byType.set(row.type as ContentType, [...(byType.get(row.type as ContentType) ?? []), row.id]);
    const details = new Map<string, Record<string, unknown>>();
    for (const [type, ids] of byType) for (const [id, d] of await readDetails(tx, type, ids)) details.set(id, d);
    const links = await readLinks(tx, rows);
    return rows.map((row) => toItem(row, details.get(row.id) ?? {}, links.get(row.id) ?? {}));
  }

  async function readLinks(tx: Db, rows: ContentRow[]): Promise<Map<string, ContentLinks>> {
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

  async function writeLinks(tx: Transaction<Database>, id: string, links: ContentLinks) {
    if (links.books) {
      await tx.deleteFrom('book_essays').where('essay_id', '=', id).execute();
      if (links.books.length) await tx.insertInto('book_essays').values(links.books.map((l) => ({ essay_id: id, book_id: l.bookId, order_index: l.orderIndex }))).execute();
    }
    if (links.discussions) {
      await tx.deleteFrom('discussion_essays').where('essay_id', '=', id).execute();
      if (links.discussions.length) await tx.insertInto('discussion_essays').values(links.discussions.map((l) => ({ essay_id: id, discussion_id: l.discussionId, order_index: l.orderIndex }))).execute();
    }
    if (links.lexiconTerms) {
      await tx.deleteFrom('lexicon_term_excerpts').where('excerpt_id', '=', id).execute();
      if (links.lexiconTerms.length) await tx.insertInto('lexicon_term_excerpts').values(links.lexiconTerms.map((l) => ({ excerpt_id: id, lexicon_term_id: l.lexiconTermId, order_index: l.orderIndex }))).execute();
    }
    if (links.items) {
      await tx.deleteFrom('track_items').where('track_id', '=', id).execute();
      if (links.items.length)
        await tx.insertInto('track_items').values(links.items.map((l) => ({ track_id: id, content_id: l.contentId, order_index: l.orderIndex, description: l.description, is_required: l.isRequired }))).execute();
    }
  }

  async function writeCreators(tx: Transaction<Database>, id: string, creators: ContentCreatorLink[] | undefined) {
    if (!creators) return;
    await tx.deleteFrom('content_creators').where('content_id', '=', id).execute();
    if (creators.length) await tx.insertInto('content_creators').values(creators.map((c) => ({ content_id: id, creator_id: c.creatorId, role: c.role, order_index: c.orderIndex }))).execute();
  }

  async function writeRelations(tx: Transaction<Database>, id: string, relations: ContentRelationLink[] | undefined) {
    if (!relations) return;
    await tx.deleteFrom('content_relations').where('content_id', '=', id).execute();
    if (relations.length)
      await tx.insertInto('content_relations').values(relations.map((r) => ({ content_id: id, related_content_id: r.relatedContentId, relation_type: r.relationType, order_index: r.orderIndex }))).execute();
  }

  /** The write's links, creators and relations, then the item as it now stands (same transaction). */
  async function writeAssociationsAndRead(tx: Transaction<Database>, id: string, write: Pick<ContentChange, 'links' | 'creators' | 'relations'>): Promise<ContentWriteResult> {
    await writeLinks(tx, id, write.links);
    await writeCreators(tx, id, write.creators);
    await writeRelations(tx, id, write.relations);
    const row = await tx.selectFrom('content').select(CONTENT_COLUMNS).where('id', '=', id).executeTakeFirstOrThrow();
    return { ok: true as const, item: (await hydrate([row], tx))[0]! };
  }

  async function one(where: (eb: ExpressionBuilder<Database, 'content'>) => Expression<SqlBool>): Promise<ContentItem | null> {
    const row = await db.selectFrom('content').select(CONTENT_COLUMNS).where(where).executeTakeFirst();
    return row ? ((await hydrate([row]))[0] ?? null) : null;
  }

  function filtered(query: Omit<ContentQuery, 'page' | 'limit'>) {
    let q = db.selectFrom('content');
    if (query.type) q = q.where('content.type', '=', query.type);
    // PUBLISHED alone is `published` (the check constraint makes them one), which the listing index covers.
    if (query.statuses?.length === 1 && query.statuses[0] === 'PUBLISHED') q = q.where('content.published', '=', true);
    else if (query.statuses) q = q.where('content.status', 'in', query.statuses.length ? [...query.statuses] : ['__none__']);
    if (leavesOutHiddenChildren(query.statuses, query.type)) q = q.where(sql<boolean>`not content.parent_unpublished`);
    if (query.status) q = q.where('content.status', '=', query.status);
    if (query.published !== undefined) q = q.where('content.published', '=', query.published);
    if (query.featured !== undefined) q = q.where('content.featured', '=', query.featured);
    if (query.tag) q = q.where(sql<boolean>`content.tags @> array[${query.tag}]::text[]`);
    if (query.accessType) q = q.where('content.access_type', '=', query.accessType);
    if (query.difficulty) q = q.where('content.difficulty', '=', query.difficulty);
    if (query.creatorId) {
      const creatorId = isUuid(query.creatorId) ? query.creatorId : '00000000-0000-0000-0000-000000000000';
      q = q.where((eb) => eb.exists(eb.selectFrom('content_creators as cc').select(sql`1`.as('one')).whereRef('cc.content_id', '=', 'content.id').where('cc.creator_id', '=', creatorId)));
    }
    if (query.searchWords) q = q.where(matches(query.searchWords, query.bodyKeys));
    if (query.details && query.type) {
      const type = query.type;
      const kinds = new Map(fieldsOf(type).map(([field, def]) => [field, def.kind]));
      const conditions = Object.entries(query.details)
        .filter(([field]) => kinds.has(field))
        .map(([field, value]) => {
          const column = sql`detail.${sql.ref(columnOf(field))}`;
          const kind = kinds.get(field)!;
          if (kind === 'list') return sql`${column} @> array[${String(value)}]::text[]`;
          if (kind === 'text') return sql`lower(${column}) = lower(${String(value)})`;
          return sql`${column} = ${sqlValue(kind, value)}`;
        });
      if (conditions.length)
        q = q.where(sql<boolean>`exists (select 1 from ${sql.table(DETAIL_TABLES[type])} as detail where detail.content_id = content.id and ${sql.join(conditions, sql` and `)})`);
    }
    return q;
  }

  /** The children of these parents, each parent's in order. */
  async function summaries(kind: ChildKind, parentIds: readonly string[], statuses?: readonly ContentStatus[]): Promise<(ContentRow & { order_index: number; parent_id: string })[]> {
    const ids = [...new Set(parentIds.filter(isUuid))];
    if (ids.length === 0) return [];
    const link = CHILDREN[kind];
    const columns = sql.join(CONTENT_COLUMNS.map((c) => sql.ref(c)));
    const { rows } = await sql<ContentRow & { order_index: number; parent_id: string }>`
      select ${columns}, link.${sql.ref(link.order)} as order_index, link.${sql.ref(link.parent)} as parent_id
      from content join ${sql.table(link.table)} as link on link.${sql.ref(link.child)} = content.id
      where link.${sql.ref(link.parent)} = any(${ids}::uuid[]) and ${visibleSql(statuses)}
      order by link.${sql.ref(link.parent)}, link.${sql.ref(link.order)}, content.title`.execute(db);
    return rows;
  }

  /** Rows grouped by the id each belongs to, every asked id present (with [] when it has none). */
  function grouped<R, T>(ids: readonly string[], rows: R[], keyOf: (row: R) => string, map: (row: R) => T): Map<string, T[]> {
    const result = new Map<string, T[]>(ids.map((id) => [id, []]));
    for (const row of rows) result.get(keyOf(row))?.push(map(row));
    return result;
  }

  const toSummary = (row: ContentRow, orderIndex: number): ContentSummary => ({
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

  /**
   * The page of a ranked search, with the count of all matches beside each row (they are all found
   * to be ranked anyway). Its own function so the plan test explains the very query search() runs.
   */
  function searchPage(query: ContentQuery & { searchWords: readonly string[] }) {
    // Ranked by the small head vector (title, subtitle, description, author); matched on what the caller may search.
    const rank = sql<number>`ts_rank(content.search_head, ${matchQuery(query.searchWords, query.bodyKeys)})`;
    return filtered(query)
      .select(CONTENT_COLUMNS)
      .select(rank.as('rank'))
      .select(sql<number>`(count(*) over ())::int`.as('total'))
      .orderBy('rank', 'desc')
      .orderBy('content.title')
      .orderBy('content.id')
      .limit(query.limit)
      .offset((query.page - 1) * query.limit);
  }

  return {
    searchPage,

    async create(item: NewContent, now: Date): Promise<ContentWriteResult> {
      try {
        return await db.transaction().execute(async (tx) => {
          const { id } = await tx
            .insertInto('content')
            .values({
              ...(sharedColumns(item.shared) as { title: string; slug: string }),
              type: item.type,
              status: item.status,
              published: item.status === 'PUBLISHED',
              published_at: item.publishedAt,
              search_text: item.searchText,
              body_text: item.bodyText,
              created_at: now,
              updated_at: now,
            })
            .returning('id')
            .executeTakeFirstOrThrow();
          await insertDetails(tx, item.type, id, item.details);
          return writeAssociationsAndRead(tx, id, item);
        });
      } catch (error) {
        return refusedOrThrow(error);
      }
    },

    async update(id: string, change: ContentChange, now: Date): Promise<ContentWriteResult | null> {
      if (!isUuid(id)) return null;
      try {
        return await db.transaction().execute(async (tx) => {
          // NO KEY UPDATE: a writer linking to this item (a track item, a relation) takes KEY SHARE and need not wait.
          const current = await tx.selectFrom('content').select(['id', 'type']).where('id', '=', id).forNoKeyUpdate().executeTakeFirst();
          if (!current) return null;
          await tx
            .updateTable('content')
            .set({ ...sharedColumns(change.shared), status: change.status, published: change.status === 'PUBLISHED', published_at: change.publishedAt, search_text: change.searchText, body_text: change.bodyText, updated_at: now })
            .where('id', '=', id)
            .execute();
          await updateDetails(tx, current.type as ContentType, id, change.details);
          return writeAssociationsAndRead(tx, id, change);
        });
      } catch (error) {
        return refusedOrThrow(error);
      }
    },

    async delete(id) {
      if (!isUuid(id)) return false;
      return db.transaction().execute(async (tx) => {
        // A book's chapters, a course's lessons and a playlist's lectures are content rows of their own: they go with their parent.
        const children = await sql<{ id: string }>`
          select content_id as id from chapters where book_id = ${id}::uuid
          union all select content_id from lessons where course_id = ${id}::uuid
          union all select content_id from lectures where playlist_id = ${id}::uuid`.execute(tx);
        const ids = [id, ...children.rows.map((r) => r.id)];
        const deleted = await tx.deleteFrom('content').where('id', 'in', ids).returning('id').execute();
        return deleted.some((r) => r.id === id);
      });
    },

    byId: (id) => (isUuid(id) ? one((eb) => eb('content.id', '=', id)) : Promise.resolve(null)),

    async byIds(ids) {
      const valid = [...new Set(ids.filter(isUuid))];
      if (valid.length === 0) return [];
      return hydrate(await db.selectFrom('content').select(CONTENT_COLUMNS).where('content.id', 'in', valid).execute());
    },
    bySlug: (type, slug) => one((eb) => eb.and([eb('content.type', '=', type), eb('content.slug', '=', slug)])),

    async typesOf(ids) {
      const valid = [...new Set(ids.filter(isUuid))];
      if (valid.length === 0) return new Map();
      const rows = await db.selectFrom('content').select(['id', 'type']).where('id', 'in', valid).execute();
      return new Map(rows.map((r) => [r.id, r.type as ContentType]));
    },

    async list(query): Promise<ContentPage> {
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
        let page = filtered(query).select(CONTENT_COLUMNS).select(keys.filter((k) => k.expression).map((k) => k.expression!.as(k.name)));
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
      const count = counted ? null : filtered(query).select(sql<number>`count(*)::int`.as('total')).executeTakeFirstOrThrow();
      const [{ rows }, counts] = await Promise.all([db.executeQuery<ContentRow & Record<string, unknown> & { total?: number }>(compiled), count]);
      const total = counts ? counts.total : (rows[0]?.total ?? (await sql<{ total: number }>`select ${counted} as total`.execute(db)).rows[0]!.total);
      if (!type) return { items: await hydrate(rows), total };
      const links = await readLinks(db, rows);
      return { items: rows.map((row) => toItem(row, detailsFromRow(type, row), links.get(row.id) ?? {})), total };
    },

    async childItems(parentId, kind, statuses) {
      return hydrate(await summaries(kind, [parentId], statuses));
    },

    async children(parentIds, kind, statuses) {
      return grouped(parentIds, await summaries(kind, parentIds, statuses), (row) => row.parent_id, (row) => toSummary(row, row.order_index));
    },

    async creditsOf(contentIds): Promise<Map<string, CreatorCredit[]>> {
      const ids = [...new Set(contentIds.filter(isUuid))];
      const rows = ids.length === 0 ? [] : await db
        .selectFrom('content_creators as cc')
        .innerJoin('creators as c', 'c.id', 'cc.creator_id')
        .select(['cc.content_id', 'cc.creator_id', 'c.name', 'c.slug', 'c.image_url', 'cc.role', 'cc.order_index'])
        .where('cc.content_id', 'in', ids)
        .orderBy('cc.content_id')
        .orderBy('cc.order_index')
        .orderBy('c.name')
        .execute();
      return grouped(contentIds, rows, (r) => r.content_id, (r) => ({ creatorId: r.creator_id, name: r.name, slug: r.slug, imageUrl: r.image_url, role: r.role, orderIndex: r.order_index }));
    },

    async relatedOf(contentIds, statuses): Promise<Map<string, RelatedContent[]>> {
      const ids = [...new Set(contentIds.filter(isUuid))];
      const rows = ids.length === 0 ? [] : await db
        .selectFrom('content_relations as r')
        .innerJoin('content', 'content.id', 'r.related_content_id')
        .select(CONTENT_COLUMNS)
        .select(['r.content_id as owner_id', 'r.relation_type', 'r.order_index'])
        .where('r.content_id', 'in', ids)
        .where(visibleSql(statuses))
        .orderBy('r.content_id')
        .orderBy('r.order_index')
        .orderBy('content.title')
        .execute();
      return grouped(contentIds, rows, (row) => row.owner_id, (row) => ({ ...toSummary(row, row.order_index), relationType: row.relation_type }));
    },

    async search(query): Promise<ContentPage<SearchHit>> {
      const rows = await searchPage(query).execute();
      const total = rows[0]?.total ?? (query.page > 1 ? (await filtered(query).select(sql<number>`count(*)::int`.as('total')).executeTakeFirstOrThrow()).total : 0);
      return { items: rows.map((row) => ({ ...toSummary(row, 0), rank: row.rank })), total };
    },

    async facets(view): Promise<LibraryFacets> {
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

    async recommendedFor({ userId, types, statuses, limit }): Promise<ContentItem[]> {
      if (!isUuid(userId) || types.length === 0) return [];
      // Seeds: the member's 100 most recent entries not dismissed, each child standing also for its
      // parent; their tags and creators, and what is never suggested (all the member started, and the seeds).
      const { rows: [seeds] } = await sql<{ tags: string[]; creators: string[]; excluded: string[] }>`
        with mine as (select content_id, was_dismissed, last_accessed_at from content_progress where user_id = ${userId}::uuid),
        recent as (select content_id from mine where not was_dismissed order by last_accessed_at desc limit 100),
        seeds as (
          select content_id as id from recent
          union select ch.book_id from chapters ch join recent on recent.content_id = ch.content_id
          union select l.course_id from lessons l join recent on recent.content_id = l.content_id
          union select l.playlist_id from lectures l join recent on recent.content_id = l.content_id
        )
        select
          array(select distinct unnest(c.tags) from content c where c.id in (select id from seeds)) as tags,
          array(select distinct creator_id from content_creators where content_id in (select id from seeds)) as creators,
          array(select content_id from mine union select id from seeds) as excluded`.execute(db);
      const { tags, creators, excluded } = seeds!;
      const visible = visibleSql(statuses);
      const unstarted = sql`content.id <> all(${excluded}::uuid[])`;
      const columns = sql`content.id, content.tags, content.featured, content.created_at`;
      // The candidates, each set read through an index and bounded, so the cost does not grow with the
      // library; the seeds' tags and creators are constants here, so each type's branch is planned with
      // what the statistics say about them (walk the newest for a common tag, the GIN index for a rare one):
      // - per type, the 200 newest unstarted items sharing a seed tag;
      // - the 1,000 newest unstarted items of the seed creators;
      // - per type, the first 2 x limit unstarted items by featured, then newest (content_recommend_idx):
      //   when fewer than `limit` candidates score, the rest of the answer is among these.
      const branches = [
        ...(tags.length ? types.map((type) => sql`(select ${columns} from content where content.type = ${type} and ${visible} and ${unstarted} and content.tags && ${tags}::text[] order by content.created_at desc limit 200)`) : []),
        ...(creators.length
          ? [sql`(select ${columns} from content where content.type = any(${[...types]}::text[]) and ${visible} and ${unstarted}
              and exists (select 1 from content_creators cc where cc.content_id = content.id and cc.creator_id = any(${creators}::uuid[]))
              order by content.created_at desc limit 1000)`]
          : []),
        ...types.map((type) => sql`(select ${columns} from content where content.type = ${type} and ${visible} and ${unstarted} order by content.featured desc, content.created_at desc, content.id limit ${2 * limit})`),
      ];
      const { rows } = await sql<{ id: string }>`
        select c.id from (${sql.join(branches, sql` union `)}) as c
        order by
          (select count(*) from unnest(c.tags) as t where t = any(${tags}::text[]))
            + 2 * (select count(*) from content_creators cc where cc.content_id = c.id and cc.creator_id = any(${creators}::uuid[])) desc,
          c.featured desc, c.created_at desc, c.id
        limit ${limit}`.execute(db);
      if (rows.length === 0) return [];
      const items = await hydrate(await db.selectFrom('content').select(CONTENT_COLUMNS).where('content.id', 'in', rows.map((r) => r.id)).execute());
      const byId = new Map(items.map((i) => [i.id, i]));
      return rows.map((r) => byId.get(r.id)).filter((i): i is ContentItem => i !== undefined);
    },
  };
}

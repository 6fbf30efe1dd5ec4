import type { ContentStatus, ContentType, AccessType, Difficulty } from '../../domain/content/constants';
import type { ContentLinks, ContentItem, ContentShared, ContentSummary, CreatorCredit, RelatedContent } from '../../domain/content/model';
import type { ContentCreatorLink, ContentRelationLink } from '../../domain/content/links';
import type { BodyKeys } from './content-access';

export interface ContentQuery {
  type?: ContentType | undefined;
  /**
   * The caller's view: undefined sees everything (editors); given, only items in these statuses
   * whose parents (a chapter's book, an essay's books, ...; domain/content/model.ts parentIdsOf) are
   * all published, so a draft book's published chapters stay private.
   */
  statuses?: readonly ContentStatus[] | undefined;
  status?: ContentStatus | undefined;
  published?: boolean | undefined;
  featured?: boolean | undefined;
  tag?: string | undefined;
  creatorId?: string | undefined;
  accessType?: AccessType | undefined;
  difficulty?: Difficulty | undefined;
  /** What was typed, as words (domain/content/search.ts searchWords): each must match as a prefix; results are ranked by them. */
  searchWords?: readonly string[] | undefined;
  /**
   * Whose bodies the search words may match (AccessPolicy.bodyKeys): 'all', or the locks the caller
   * holds; an item whose body the caller may not open is found by its catalogue text only (title,
   * subtitle, description, tags, author, descriptive fields). Absent: catalogue text only.
   */
  bodyKeys?: BodyKeys | undefined;
  /** Equality on the type's own fields (a list field contains the value; text compares case-insensitively). Needs `type`. */
  details?: Record<string, string | boolean> | undefined;
  /** newest first (default), by title, or (with children of one parent) in the parent's order. */
  sort?: 'newest' | 'title' | 'order' | undefined;
  page: number;
  limit: number;
}

export interface ContentPage<T = ContentItem> {
  items: T[];
  total: number;
}

export interface NewContent {
  type: ContentType;
  shared: ContentShared;
  status: ContentStatus;
  publishedAt: Date | null;
  details: Record<string, unknown>;
  links: ContentLinks;
  /** What the catalogue shows beyond title, subtitle and description (tags, author, descriptive fields): matched for everyone. */
  searchText: string;
  /** The body's text: matched only for callers who may open the item (ContentQuery.bodyKeys). */
  bodyText: string;
  creators: ContentCreatorLink[];
  relations: ContentRelationLink[];
}

export interface ContentChange {
  shared: Partial<ContentShared>;
  status: ContentStatus;
  publishedAt: Date | null;
  details: Record<string, unknown>;
  /** Only the link lists named are replaced. */
  links: ContentLinks;
  /** What the catalogue shows beyond title, subtitle and description (tags, author, descriptive fields): matched for everyone. */
  searchText: string;
  /** The body's text: matched only for callers who may open the item (ContentQuery.bodyKeys). */
  bodyText: string;
  creators: ContentCreatorLink[] | undefined;
  relations: ContentRelationLink[] | undefined;
}

/** Why a write was refused by the data it would clash with. */
export type ContentWriteRefusal = { ok: false; reason: 'slug_taken' | 'order_taken' | 'term_taken' };
export type ContentWriteResult = { ok: true; item: ContentItem } | ContentWriteRefusal;

/** Children read through their parent (spec 002 §3 parent links), in their order. */
export type ChildKind = 'chapters' | 'bookEssays' | 'lessons' | 'lectures' | 'termExcerpts' | 'discussionEssays' | 'trackItems';

export interface SearchHit extends ContentSummary {
  rank: number;
}

/** How much visible content the library holds of each type, under each tag and per lexicon letter (its filters). */
export interface LibraryFacets {
  types: { type: ContentType; count: number }[];
  tags: { tag: string; count: number }[];
  /** The lexicon's first letters (upper case) with how many terms each has. */
  letters: { letter: string; count: number }[];
}

export interface RecommendationQuery {
  userId: string;
  types: readonly ContentType[];
  statuses?: readonly ContentStatus[] | undefined;
  limit: number;
}

export interface ContentRepository {
  /** Creates the item with its details, links, creators and relations in one transaction. */
  create(item: NewContent, now: Date): Promise<ContentWriteResult>;
  /** Applies the change in one transaction; null when there is no such item. */
  update(id: string, change: ContentChange, now: Date): Promise<ContentWriteResult | null>;
  /** Deletes the item and everything that belongs to it (its type row, links, a book's chapters); false when absent. */
  delete(id: string): Promise<boolean>;
  byId(id: string): Promise<ContentItem | null>;
  /** The items of these ids that exist, in no particular order (malformed ids are skipped). */
  byIds(ids: readonly string[]): Promise<ContentItem[]>;
  bySlug(type: ContentType, slug: string): Promise<ContentItem | null>;
  /** The types of the given ids that exist (to check references before a write). */
  typesOf(ids: readonly string[]): Promise<Map<string, ContentType>>;
  list(query: ContentQuery): Promise<ContentPage>;
  /** Full children (a book's chapters with their text), in order, as the view (`statuses`) sees them. */
  childItems(parentId: string, kind: ChildKind, statuses?: readonly ContentStatus[]): Promise<ContentItem[]>;
  /** Short references to the children of each parent, in order, in one query (a parent without any maps to []). */
  children(parentIds: readonly string[], kind: ChildKind, statuses?: readonly ContentStatus[]): Promise<Map<string, ContentSummary[]>>;
  /** The creators credited on each item, in order, in one query. */
  creditsOf(contentIds: readonly string[]): Promise<Map<string, CreatorCredit[]>>;
  /** The related items of each item, in order, in one query. */
  relatedOf(contentIds: readonly string[], statuses?: readonly ContentStatus[]): Promise<Map<string, RelatedContent[]>>;
  /** Ranked full-text search (query.searchWords required, at least one). */
  search(query: ContentQuery & { searchWords: readonly string[] }): Promise<ContentPage<SearchHit>>;
  /**
   * Counts by type and by tag (tags most used first) and lexicon letters: of what the public sees
   * (published, with published parents), or of everything. Read from counts kept by the database.
   */
  facets(view: 'public' | 'everything'): Promise<LibraryFacets>;
  /**
   * Items of the given types the member has not started, most alike first: tags and creators shared
   * with what they have started (a chapter, lesson or lecture counts as its book, course or
   * playlist), then featured, then newest. Only a bounded set of candidates is scored
   * (domain/content/README.md "Browsing"), so the cost does not grow with the library.
   */
  recommendedFor(query: RecommendationQuery): Promise<ContentItem[]>;
}

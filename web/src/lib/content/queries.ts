/**
 * The library's reads, shared by every page that shows content (TanStack Query over the typed tRPC
 * client). Keys are tRPC's own (`[['books', 'bySlug'], { input, type: 'query' }]`), so a content
 * change refreshes them with `trpc.<group>.pathFilter()` (spec 002 §7; see `contentQueryFilters`).
 * A 404 stays an error: pages tell "not found" from a failure with `isNotFound` (lib/query-client).
 */
import { keepPreviousData, useQueries, useQuery } from '@tanstack/react-query';
import type { inferRouterOutputs } from '@trpc/server';
import type { ContentType } from '../../../../domain/content/constants';
import { useTRPC, type AppRouter } from '../trpc';

export type RouterOutputs = inferRouterOutputs<AppRouter>;

/** The shared record of any item (spec 002 §3 Content), as lists across types answer it. */
export type ContentRecord = RouterOutputs['library']['list']['items'][number];
export type SearchResult = RouterOutputs['library']['search']['results'][number];
export type ContentSummary = NonNullable<RouterOutputs['books']['bySlug']['book']['chapters']>[number];
/** A book as spec 001 §3 reads it; its own fields are declared by the server at run time, so they read as unknown here (see `textOf`). */
export type Book = RouterOutputs['books']['bySlug']['book'] & Record<string, unknown>;
export type Chapter = RouterOutputs['books']['chapters']['chapters'][number];
export type Essay = RouterOutputs['books']['essays']['essays'][number];
export type Creator = RouterOutputs['creators']['bySlug']['creator'];
export type CreatorCredit = NonNullable<Book['creators']>[number];
export type MediaAsset = RouterOutputs['media']['byContent']['mediaAssets'][number];
export type LibraryFacets = RouterOutputs['library']['facets'];
export type LexiconTerm = RouterOutputs['lexiconTerms']['bySlug']['item'] & Record<string, unknown>;

/** Any item other than a book, read by slug: the shared record, its type's own fields and its relations. */
export type ContentItem = ContentRecord &
  Record<string, unknown> & {
    creators?: CreatorCredit[];
    mediaAssets?: MediaAsset[];
    relatedContent?: (ContentSummary & { relationType: string })[];
    children?: Record<string, ContentSummary[]>;
    previous?: ContentSummary | null;
    next?: ContentSummary | null;
  };

/** A type's own field read for display: text, a number or a list of strings, else null or []. */
export const textOf = (value: unknown): string | null => (typeof value === 'string' && value.trim() !== '' ? value : null);
export const numberOf = (value: unknown): number | null => (typeof value === 'number' && Number.isFinite(value) ? value : null);
export const listOf = (value: unknown): string[] => (Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : []);

/** The tRPC group of each type's procedures. */
export const TYPE_GROUPS = {
  BOOK: 'books',
  CHAPTER: 'chapters',
  ESSAY: 'essays',
  EXCERPT: 'excerpts',
  LEXICON_TERM: 'lexiconTerms',
  COURSE: 'courses',
  LESSON: 'lessons',
  PLAYLIST: 'playlists',
  LECTURE: 'lectures',
  INTERVIEW: 'interviews',
  CLIP: 'clips',
  ARTIFACT: 'artifacts',
  DISCUSSION: 'discussions',
  TRACK: 'tracks',
} as const satisfies Record<ContentType, keyof AppRouter['_def']['record']>;

type ItemGroup = Exclude<(typeof TYPE_GROUPS)[ContentType], 'books'>;

/** Lists page by 12: rows of 2, 3 and 4 cards all come out even. */
export const LIBRARY_PAGE_SIZE = 12;

export interface LibraryQuery {
  q: string;
  type: ContentType | null;
  tag: string | null;
  page: number;
}

/**
 * The library browser's one read: full-text search (ranked) when there is text, else the newest
 * items; both filtered by type and tag. The previous page stays on screen while the next loads.
 */
export function useLibraryBrowse({ q, type, tag, page }: LibraryQuery) {
  const trpc = useTRPC();
  const searching = q.trim() !== '';
  const search = useQuery({
    ...trpc.library.search.queryOptions({ q, type: type ?? undefined, tag: tag ?? undefined, page, limit: LIBRARY_PAGE_SIZE }),
    enabled: searching,
    placeholderData: keepPreviousData,
  });
  const list = useQuery({
    ...trpc.library.list.queryOptions({ page, limit: LIBRARY_PAGE_SIZE, sort: 'newest', includeRelations: false, filter: { type: type ?? undefined, tag: tag ?? undefined } }),
    enabled: !searching,
    placeholderData: keepPreviousData,
  });
  return searching ? { searching, query: search, items: search.data?.results, page: search.data } : { searching, query: list, items: list.data?.items, page: list.data };
}

/** Featured items of every type (the home page and the library's shelf). */
export function useFeatured(limit = 8) {
  const trpc = useTRPC();
  return useQuery(trpc.library.list.queryOptions({ page: 1, limit, sort: 'newest', includeRelations: false, filter: { featured: true } }));
}

/** Suggestions for the signed-in member; call only when signed in. */
export function useRecommendations(limit = 6) {
  const trpc = useTRPC();
  return useQuery(trpc.library.recommendations.queryOptions({ limit }));
}

/** Counts by type and tag: what the library's filters offer. */
export function useLibraryFacets() {
  const trpc = useTRPC();
  return useQuery(trpc.library.facets.queryOptions({}));
}

/** A book with its chapters, essays, creators, media and related items. */
export function useBook(slug: string) {
  const trpc = useTRPC();
  return useQuery({ ...trpc.books.bySlug.queryOptions({ slug, includeRelations: true }), select: (data) => data.book as Book });
}

/** Any other item by slug, with its relations and children. */
export function useContentItem(type: Exclude<ContentType, 'BOOK'>, slug: string) {
  const trpc = useTRPC();
  const group = TYPE_GROUPS[type] as ItemGroup;
  // Every group's bySlug takes the same input; the answer is read through the shared ContentItem shape.
  const procedure = trpc[group].bySlug as unknown as typeof trpc.courses.bySlug;
  return useQuery({ ...procedure.queryOptions({ slug, includeRelations: true }), select: (data) => data.item as unknown as ContentItem });
}

/** The lexicon's terms, A-Z (at most 100 a page; the letter filter narrows it). */
export function useLexiconTerms(firstLetter: string | null, page = 1) {
  const trpc = useTRPC();
  return useQuery({
    ...trpc.lexiconTerms.listPage.queryOptions({ sort: 'title', limit: 100, page, includeRelations: false, filter: firstLetter ? { firstLetter } : {} }),
    placeholderData: keepPreviousData,
    select: (data) => ({ ...data, items: data.items as LexiconTerm[] }),
  });
}

/** A lexicon term's excerpts, in order. */
export function useTermExcerpts(slug: string) {
  const trpc = useTRPC();
  return useQuery({ ...trpc.lexiconTerms.children.queryOptions({ slug }), select: (data) => data.items as unknown as ContentItem[] });
}

/** The media assets of several items at once (a playlist's lectures), one query each. */
export function useMediaOfContent(contentIds: readonly string[]) {
  const trpc = useTRPC();
  return useQueries({ queries: contentIds.map((contentId) => trpc.media.byContent.queryOptions({ contentId })) });
}

export function useCreator(slug: string) {
  const trpc = useTRPC();
  return useQuery(trpc.creators.bySlug.queryOptions({ slug }));
}

export function useCreatorContent(slug: string, page: number) {
  const trpc = useTRPC();
  return useQuery({ ...trpc.creators.content.queryOptions({ slug, page, limit: LIBRARY_PAGE_SIZE }), placeholderData: keepPreviousData });
}

/**
 * Whether the caller may open the item (GET /api/entitlements/content/{id}); disabled until an id is
 * known. The answer depends on who is signed in, which its key does not say, so it is never kept:
 * each page that shows it asks again.
 */
export function useEntitlement(contentId: string | undefined) {
  const trpc = useTRPC();
  return useQuery({ ...trpc.entitlements.content.queryOptions({ id: contentId ?? '' }), enabled: Boolean(contentId), staleTime: 0, gcTime: 0 });
}

/**
 * What to refresh after a content change (spec 002 §7: content, creators, creator content, media
 * assets, related items): every content group, creators, media, the library's lists and the
 * entitlement answers. Use as `for (const f of contentQueryFilters(trpc)) queryClient.invalidateQueries(f)`.
 */
export function contentQueryFilters(trpc: ReturnType<typeof useTRPC>) {
  return [
    ...Object.values(TYPE_GROUPS).map((group) => trpc[group].pathFilter()),
    trpc.creators.pathFilter(),
    trpc.media.pathFilter(),
    trpc.library.pathFilter(),
    trpc.entitlements.pathFilter(),
  ];
}

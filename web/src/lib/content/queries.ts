/**
 * The library's reads, shared by every page that shows content (TanStack Query over the typed tRPC
 * client). Keys are tRPC's own (`[['books', 'bySlug'], { input, type: 'query' }]`), so a content
 * change refreshes them by their tRPC path (spec 002 §7; see `contentChangeKeys`).
 * A 404 follows spec 001 §8 (lib/query-client): an item lookup answers null, which a page shows as
 * "not found", and a list answers its empty page.
 */
import { keepPreviousData, useQueries, useQuery, type QueryClient, type QueryKey } from '@tanstack/react-query';
import type { inferRouterOutputs } from '@trpc/server';
import type { ContentType } from '../../../../domain/content/constants';
import { emptyPage, itemLookup, listLookup } from '../query-client';
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
    /** A chapter's neighbours in its book (spec 002 §3). */
    previousChapter?: ContentSummary | null;
    nextChapter?: ContentSummary | null;
    /** A lesson's or a lecture's neighbours in its course or playlist. */
    previous?: ContentSummary | null;
    next?: ContentSummary | null;
    /** True when the server withheld the body: the caller may not open the item. */
    locked: boolean;
  };

/** A type's own field read for display: text, a number or a list of strings, else null or []. */
export const textOf = (value: unknown): string | null => (typeof value === 'string' && value.trim() !== '' ? value : null);
export const numberOf = (value: unknown): number | null => (typeof value === 'number' && Number.isFinite(value) ? value : null);
export const listOf = (value: unknown): string[] => (Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : []);

type Trpc = ReturnType<typeof useTRPC>;

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

export type TypeGroup = (typeof TYPE_GROUPS)[ContentType];
type ItemGroup = Exclude<TypeGroup, 'books'>;

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
    ...listLookup(trpc.library.search.queryOptions({ q, type: type ?? undefined, tag: tag ?? undefined, page, limit: LIBRARY_PAGE_SIZE }), emptyPage('results', page, LIBRARY_PAGE_SIZE)),
    enabled: searching,
    placeholderData: keepPreviousData,
  });
  const list = useQuery({
    ...listLookup(trpc.library.list.queryOptions({ page, limit: LIBRARY_PAGE_SIZE, sort: 'newest', includeRelations: false, filter: { type: type ?? undefined, tag: tag ?? undefined } }), emptyPage('items', page, LIBRARY_PAGE_SIZE)),
    enabled: !searching,
    placeholderData: keepPreviousData,
  });
  return searching ? { searching, query: search, items: search.data?.results, page: search.data } : { searching, query: list, items: list.data?.items, page: list.data };
}

/** Featured items of every type (the home page and the library's shelf). */
export function useFeatured(limit = 8) {
  const trpc = useTRPC();
  return useQuery(listLookup(trpc.library.list.queryOptions({ page: 1, limit, sort: 'newest', includeRelations: false, filter: { featured: true } }), emptyPage('items', 1, limit)));
}

/** Suggestions for the signed-in member; call only when signed in. */
export function useRecommendations(limit = 6) {
  const trpc = useTRPC();
  return useQuery(listLookup(trpc.library.recommendations.queryOptions({ limit }), { items: [] }));
}

/** Counts by type and tag: what the library's filters offer. */
export function useLibraryFacets() {
  const trpc = useTRPC();
  return useQuery(listLookup(trpc.library.facets.queryOptions({}), { types: [], tags: [], letters: [] }));
}

/** A book with its chapters, essays, creators, media and related items; null when there is none. */
export function useBook(slug: string) {
  const trpc = useTRPC();
  return useQuery({ ...itemLookup(trpc.books.bySlug.queryOptions({ slug, includeRelations: true })), select: (data) => (data ? (data.book as Book) : null) });
}

/** Any other item by slug, with its relations and children; null when there is none. */
export function useContentItem(type: Exclude<ContentType, 'BOOK'>, slug: string) {
  const trpc = useTRPC();
  const group = TYPE_GROUPS[type] as ItemGroup;
  // Every group's bySlug takes the same input; the answer is read through the shared ContentItem shape.
  const procedure = trpc[group].bySlug as unknown as typeof trpc.courses.bySlug;
  return useQuery({ ...itemLookup(procedure.queryOptions({ slug, includeRelations: true })), select: (data) => (data ? (data.item as unknown as ContentItem) : null) });
}

/** The lexicon's terms, A-Z (at most 100 a page; the letter filter narrows it). */
export function useLexiconTerms(firstLetter: string | null, page = 1) {
  const trpc = useTRPC();
  return useQuery({
    ...listLookup(trpc.lexiconTerms.listPage.queryOptions({ sort: 'title', limit: 100, page, includeRelations: false, filter: firstLetter ? { firstLetter } : {} }), emptyPage('items', page, 100)),
    placeholderData: keepPreviousData,
    select: (data) => ({ ...data, items: data.items as LexiconTerm[] }),
  });
}

/** A lexicon term's excerpts, in order. */
export function useTermExcerpts(slug: string) {
  const trpc = useTRPC();
  return useQuery({ ...listLookup(trpc.lexiconTerms.children.queryOptions({ slug }), { items: [] }), select: (data) => data.items as unknown as ContentItem[] });
}

/** The media assets of several items at once (a playlist's lectures), one query each. */
export function useMediaOfContent(contentIds: readonly string[]) {
  const trpc = useTRPC();
  return useQueries({ queries: contentIds.map((contentId) => listLookup(trpc.media.byContent.queryOptions({ contentId }), { mediaAssets: [] })) });
}

/** A creator and a page of what they are credited on; null when there is no such creator. */
export function useCreatorContent(slug: string, page: number) {
  const trpc = useTRPC();
  return useQuery({ ...itemLookup(trpc.creators.content.queryOptions({ slug, page, limit: LIBRARY_PAGE_SIZE })), placeholderData: keepPreviousData });
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
 * Every cached query a content change can make stale (spec 002 §7: content, creators, creator
 * content, media assets and related items): each type's reads (items, lists, children, related
 * content), the cross-type list and search, creators with their content, media assets, the
 * entitlement answers (an item's access may have changed) and the members' progress lists, which
 * show the titles of what they are reading.
 */
export function contentChangeKeys(trpc: Trpc): QueryKey[] {
  return [
    ...Object.values(TYPE_GROUPS).map((group) => trpc[group].pathKey()),
    trpc.library.pathKey(),
    trpc.creators.pathKey(),
    trpc.media.pathKey(),
    trpc.entitlements.pathKey(),
    trpc.progress.pathKey(),
  ];
}

/** Marks those queries stale; the ones on screen are read again at once. */
export async function refreshAfterContentChange(queryClient: QueryClient, trpc: Trpc): Promise<void> {
  await Promise.all(contentChangeKeys(trpc).map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}

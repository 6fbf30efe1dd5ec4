/**
 * The admin pages' calls, through the tRPC client, and the query keys they are cached under (the
 * tRPC keys, so a change can refresh every page that shows content: spec 002 §7).
 *
 * The thirteen types other than books answer through routers built by one factory
 * (adapters/http/operations/content-types.ts), so one interface describes them all; each router is
 * assigned to it below, which the compiler checks. Books keep spec 001's shape (`book`, with the
 * shared fields under `content`).
 */
import type { QueryClient, QueryKey } from '@tanstack/react-query';
import type { ContentStatus, ContentType } from '../../../../domain/content/constants';
import type { TrpcClient, useTRPC } from '../../lib/trpc';

type Trpc = ReturnType<typeof useTRPC>;

export type ContentAnswer = Record<string, unknown> & { id: string };

/** A `/list` query (every key is sent: the server's schema gives each its default when it is empty). */
export interface ListInput {
  search: string | undefined;
  page: number;
  limit: number;
  sort: 'newest' | 'title' | 'order' | undefined;
  includeRelations: boolean;
  filter: Record<string, unknown>;
}

/** The part of a type's tRPC router the admin uses (method syntax: each router's own input types fit). */
interface TypeRouterClient {
  byId: { query(input: { id: string; includeRelations: boolean }): Promise<unknown> };
  listPage: { query(input: ListInput): Promise<unknown> };
  create: { mutate(input: Record<string, unknown>): Promise<unknown> };
  update: { mutate(input: Record<string, unknown> & { id: string }): Promise<unknown> };
  delete: { mutate(input: { id: string }): Promise<unknown> };
}

interface TypeRouterKeys {
  byId: { queryKey(input: { id: string; includeRelations: boolean }): QueryKey };
  listPage: { queryKey(input: ListInput): QueryKey };
  pathKey(): QueryKey;
}

type RouterKey =
  | 'books'
  | 'chapters'
  | 'essays'
  | 'excerpts'
  | 'lexiconTerms'
  | 'courses'
  | 'lessons'
  | 'playlists'
  | 'lectures'
  | 'interviews'
  | 'clips'
  | 'artifacts'
  | 'discussions'
  | 'tracks';

export const ROUTER_OF: Record<ContentType, RouterKey> = {
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
};

const ROUTER_KEYS = Object.values(ROUTER_OF);

function clientRouters(client: TrpcClient): Record<RouterKey, TypeRouterClient> {
  return {
    books: client.books,
    chapters: client.chapters,
    essays: client.essays,
    excerpts: client.excerpts,
    lexiconTerms: client.lexiconTerms,
    courses: client.courses,
    lessons: client.lessons,
    playlists: client.playlists,
    lectures: client.lectures,
    interviews: client.interviews,
    clips: client.clips,
    artifacts: client.artifacts,
    discussions: client.discussions,
    tracks: client.tracks,
  };
}

function keyRouters(trpc: Trpc): Record<RouterKey, TypeRouterKeys> {
  return {
    books: trpc.books,
    chapters: trpc.chapters,
    essays: trpc.essays,
    excerpts: trpc.excerpts,
    lexiconTerms: trpc.lexiconTerms,
    courses: trpc.courses,
    lessons: trpc.lessons,
    playlists: trpc.playlists,
    lectures: trpc.lectures,
    interviews: trpc.interviews,
    clips: trpc.clips,
    artifacts: trpc.artifacts,
    discussions: trpc.discussions,
    tracks: trpc.tracks,
  };
}

/** A book answers `{ book }`; every other type `{ item }`. */
const itemOf = (answer: unknown): ContentAnswer => {
  const body = answer as { book?: ContentAnswer; item?: ContentAnswer };
  return (body.book ?? body.item)!;
};

/** The list items of a type's page: books as `books`, others as `items`. */
export interface ListPage {
  items: ContentAnswer[];
  total: number;
  page: number;
  limit: number;
  totalPages: number;
}
const pageOf = (answer: unknown): ListPage => {
  const body = answer as Omit<ListPage, 'items'> & { books?: ContentAnswer[]; items?: ContentAnswer[] };
  return { items: body.books ?? body.items ?? [], total: body.total, page: body.page, limit: body.limit, totalPages: body.totalPages };
};

/** The shared fields of an item, wherever its answer keeps them (a book's under `content`). */
export function sharedOf(answer: ContentAnswer): { id: string; title: string; slug: string; status: ContentStatus; publishedAt: string | null; updatedAt: string } {
  const record = (answer.content as ContentAnswer | undefined) ?? answer;
  return {
    id: answer.id,
    title: record.title as string,
    slug: record.slug as string,
    status: record.status as ContentStatus,
    publishedAt: (record.publishedAt as string | null) ?? null,
    updatedAt: record.updatedAt as string,
  };
}

export function contentApi(client: TrpcClient, trpc: Trpc, type: ContentType) {
  const router = clientRouters(client)[ROUTER_OF[type]];
  const keys = keyRouters(trpc)[ROUTER_OF[type]];
  return {
    byIdKey: (id: string) => keys.byId.queryKey({ id, includeRelations: true }),
    byId: async (id: string) => itemOf(await router.byId.query({ id, includeRelations: true })),
    listKey: (input: ListInput) => keys.listPage.queryKey(input),
    list: async (input: ListInput) => pageOf(await router.listPage.query(input)),
    create: async (input: Record<string, unknown>) => itemOf(await router.create.mutate(input)),
    update: async (id: string, input: Record<string, unknown>) => itemOf(await router.update.mutate({ ...input, id })),
    remove: async (id: string) => {
      await router.delete.mutate({ id });
    },
  };
}

export type ContentApi = ReturnType<typeof contentApi>;

/**
 * Every cached query a content change can make stale (spec 002 §7: content, creators, creator
 * content, media assets and related items): each type's reads (items, lists, children, related
 * content), the cross-type list and search, creators with their content, media assets, and the
 * members' progress lists, which show the titles of what they are reading.
 */
export function contentChangeKeys(trpc: Trpc): QueryKey[] {
  const routers = keyRouters(trpc);
  return [...ROUTER_KEYS.map((key) => routers[key].pathKey()), trpc.library.pathKey(), trpc.creators.pathKey(), trpc.media.pathKey(), trpc.progress.pathKey()];
}

export async function refreshAfterContentChange(queryClient: QueryClient, trpc: Trpc): Promise<void> {
  await Promise.all(contentChangeKeys(trpc).map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}

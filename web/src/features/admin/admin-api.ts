/**
 * The admin pages' calls, through the tRPC client, and the query keys they are cached under (the
 * tRPC keys, so a change can refresh every page that shows content: spec 002 §7).
 *
 * The thirteen types other than books answer through routers built by one factory
 * (adapters/http/operations/content/content-types.ts), so one interface describes them all; the client's
 * routers of every type group are assigned to it in `contentApi`, which the compiler checks. Books
 * keep spec 001's shape (`book`, with the shared fields under `content`).
 */
import type { QueryKey } from '@tanstack/react-query';
import type { ContentStatus, ContentType } from '../../../../domain/content/constants';
import { TYPE_GROUPS, type TypeGroup } from '../../lib/content/queries';
import { emptyPage, itemLookup, listLookup } from '../../lib/query-client';
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
  const routers: Record<TypeGroup, TypeRouterClient> = client;
  const keyRouters: Record<TypeGroup, TypeRouterKeys> = trpc;
  const router = routers[TYPE_GROUPS[type]];
  const keys = keyRouters[TYPE_GROUPS[type]];
  const byIdInput = (id: string) => ({ id, includeRelations: true });
  return {
    byIdKey: (id: string) => keys.byId.queryKey(byIdInput(id)),
    /** The item with its relations; null when there is none (lib/query-client). The answer is kept as the server gave it, under tRPC's key. */
    itemQuery: (id: string) => ({
      ...itemLookup({ queryKey: keys.byId.queryKey(byIdInput(id)), queryFn: () => router.byId.query(byIdInput(id)) }),
      select: (answer: unknown) => (answer === null ? null : itemOf(answer)),
    }),
    /** A page of the type's list; an empty page on a 404. */
    listQuery: (input: ListInput) => ({
      ...listLookup({ queryKey: keys.listPage.queryKey(input), queryFn: () => router.listPage.query(input) }, emptyPage('items', input.page, input.limit)),
      select: pageOf,
    }),
    create: async (input: Record<string, unknown>) => itemOf(await router.create.mutate(input)),
    update: async (id: string, input: Record<string, unknown>) => itemOf(await router.update.mutate({ ...input, id })),
    remove: async (id: string) => {
      await router.delete.mutate({ id });
    },
  };
}

export type ContentApi = ReturnType<typeof contentApi>;

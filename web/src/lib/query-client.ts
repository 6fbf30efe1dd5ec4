/**
 * Query defaults (spec 001 §8-9): cached data stays fresh for 5 minutes. Retrying is the transport's
 * job alone (network errors and 5xx, in lib/http), so the query layer never retries: in particular a
 * 401 or a 404 is never retried. A 404 on an item lookup reads as null and on a list as an empty
 * result: the reads of lib/content and of the admin pages are declared with `itemLookup` and
 * `listLookup`, so a page shows "not found" from `data === null` and an empty list from an empty page.
 */
import { QueryClient, type QueryFunction, type QueryFunctionContext, type QueryKey } from '@tanstack/react-query';
import { isApiError } from './http';

export const QUERY_STALE_TIME_MS = 300_000;

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: QUERY_STALE_TIME_MS, retry: false },
      mutations: { retry: false },
    },
  });
}

/**
 * The HTTP status of a failed REST call (ApiError) or tRPC call (TRPCClientError's `data.httpStatus`,
 * or the transport's ApiError it wraps when no answer came: status 0 for a network error or a timeout).
 */
export function httpStatusOf(error: unknown): number | undefined {
  if (isApiError(error)) return error.status;
  if (typeof error !== 'object' || error === null) return undefined;
  const data = (error as { data?: { httpStatus?: unknown } | null }).data;
  if (typeof data?.httpStatus === 'number') return data.httpStatus;
  const cause = (error as { cause?: unknown }).cause;
  return isApiError(cause) ? cause.status : undefined;
}

export function isNotFound(error: unknown): boolean {
  return httpStatusOf(error) === 404;
}

/** An item lookup: a 404 answers null, any other failure stays a failure. */
export async function orNullOn404<T>(lookup: Promise<T>): Promise<T | null> {
  try {
    return await lookup;
  } catch (error) {
    if (isNotFound(error)) return null;
    throw error;
  }
}

/** A list: a 404 answers the given empty result (for a paged list, see emptyPage). */
export async function orEmptyOn404<T>(list: Promise<T>, empty: T): Promise<T> {
  try {
    return await list;
  } catch (error) {
    if (isNotFound(error)) return empty;
    throw error;
  }
}

export interface PageInfo {
  total: number;
  page: number;
  limit: number;
  totalPages: number;
}

/** The empty page of a list envelope: `{ <itemsKey>: [], total: 0, page, limit, totalPages: 0 }`. */
export function emptyPage<K extends string, T = never>(itemsKey: K, page = 1, limit = 10): Record<K, T[]> & PageInfo {
  return { [itemsKey]: [], total: 0, page, limit, totalPages: 0 } as Record<K, T[]> & PageInfo;
}

/** A read as tRPC's `queryOptions(input)` gives it: its key and the function that asks the server. */
interface Read<K extends QueryKey> {
  queryKey: K;
  queryFn?: unknown;
}
type ReadData<O> = O extends { queryFn?: infer F } ? (F extends (...args: never[]) => infer R ? Awaited<R> : never) : never;

/** The key and the read with the rule applied; the other options (enabled, select, placeholderData...) go to `useQuery` beside them. */
interface Lookup<K extends QueryKey, T> {
  queryKey: K;
  queryFn: QueryFunction<T, K>;
}

function withRule<O extends Read<QueryKey>, T>(options: O, rule: (read: Promise<ReadData<O>>) => Promise<T>): Lookup<O['queryKey'], T> {
  const read = options.queryFn as QueryFunction<ReadData<O>, O['queryKey']>;
  return { queryKey: options.queryKey, queryFn: (context: QueryFunctionContext<O['queryKey']>) => rule(Promise.resolve(read(context))) };
}

/** An item lookup: a 404 answers null (`useQuery(itemLookup(trpc.books.bySlug.queryOptions(input)))`). */
export const itemLookup = <O extends Read<QueryKey>>(options: O) => withRule(options, (read) => orNullOn404(read));

/** A list: a 404 answers `empty` (for a paged list, `emptyPage(...)`). */
export const listLookup = <O extends Read<QueryKey>>(options: O, empty: NoInfer<ReadData<O>>) => withRule(options, (read) => orEmptyOn404(read, empty));

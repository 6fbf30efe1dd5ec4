/**
 * Query defaults (spec 001 §8-9): cached data stays fresh for 5 minutes. Retrying is the transport's
 * job alone (network errors and 5xx, in lib/http), so the query layer never retries: in particular a
 * 401 or a 404 is never retried. A 404 on an item lookup reads as null and on a list as an empty result.
 */
import { QueryClient } from '@tanstack/react-query';
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

/** The HTTP status of a failed REST call (ApiError) or tRPC call (TRPCClientError's `data.httpStatus`). */
export function httpStatusOf(error: unknown): number | undefined {
  if (isApiError(error)) return error.status;
  if (typeof error === 'object' && error !== null && 'data' in error) {
    const data = (error as { data?: { httpStatus?: unknown } }).data;
    if (typeof data?.httpStatus === 'number') return data.httpStatus;
  }
  return undefined;
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
export function emptyPage<K extends string, T>(itemsKey: K, page = 1, limit = 10): Record<K, T[]> & PageInfo {
  return { [itemsKey]: [], total: 0, page, limit, totalPages: 0 } as Record<K, T[]> & PageInfo;
}

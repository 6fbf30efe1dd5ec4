import { QueryObserver } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../web/src/lib/http';
import {
  createQueryClient,
  emptyPage,
  httpStatusOf,
  isNotFound,
  itemLookup,
  listLookup,
  orEmptyOn404,
  orNullOn404,
  QUERY_STALE_TIME_MS,
} from '../../../web/src/lib/query-client';

const apiError = (status: number) => new ApiError({ status, code: `HTTP_${status}`, body: {}, message: 'x' });

async function runQuery(queryFn: () => Promise<unknown>) {
  const client = createQueryClient();
  const observer = new QueryObserver(client, { queryKey: ['q'], queryFn });
  return new Promise<void>((resolve) => {
    const unsubscribe = observer.subscribe((result) => {
      if (result.status !== 'pending' && result.fetchStatus === 'idle') {
        unsubscribe();
        resolve();
      }
    });
  });
}

describe('query defaults', () => {
  it('keeps cached data fresh for 5 minutes', () => {
    expect(QUERY_STALE_TIME_MS).toBe(300_000);
    expect(createQueryClient().getDefaultOptions().queries?.staleTime).toBe(300_000);
  });

  it.each([401, 404, 500])('does not retry a %i (retries are the transport’s alone)', async (status) => {
    const queryFn = vi.fn(() => Promise.reject(apiError(status)));
    await runQuery(queryFn);
    expect(queryFn).toHaveBeenCalledTimes(1);
  });
});

describe('404 helpers', () => {
  it('turns a 404 on an item lookup into null', async () => {
    await expect(orNullOn404(Promise.reject(apiError(404)))).resolves.toBeNull();
    await expect(orNullOn404(Promise.resolve({ id: 1 }))).resolves.toEqual({ id: 1 });
  });

  it('turns a 404 on a list into the empty result', async () => {
    const empty = emptyPage('books');
    await expect(orEmptyOn404(Promise.reject(apiError(404)), empty)).resolves.toEqual({
      books: [],
      total: 0,
      page: 1,
      limit: 10,
      totalPages: 0,
    });
  });

  it('keeps other failures as failures', async () => {
    await expect(orNullOn404(Promise.reject(apiError(500)))).rejects.toMatchObject({ status: 500 });
    await expect(orEmptyOn404(Promise.reject(apiError(401)), [])).rejects.toMatchObject({ status: 401 });
  });

  it('recognises a tRPC not-found error by its HTTP status', () => {
    expect(isNotFound({ data: { httpStatus: 404, code: 'NOT_FOUND' } })).toBe(true);
    expect(isNotFound({ data: { httpStatus: 401 } })).toBe(false);
    expect(isNotFound(new Error('x'))).toBe(false);
  });
});

describe('item lookups and lists in the query layer', () => {
  const fetchWith = async (options: { queryKey: readonly unknown[]; queryFn: (context: never) => unknown }) => {
    const client = createQueryClient();
    const data = await client.fetchQuery(options as never).catch((error: unknown) => ({ failed: error }));
    return { data, state: client.getQueryState(options.queryKey) };
  };

  it('gives an item lookup answered 404 the data null, with no error, asked once', async () => {
    const queryFn = vi.fn(() => Promise.reject(apiError(404)));
    const { data, state } = await fetchWith(itemLookup({ queryKey: ['item', 1], queryFn }));
    expect(data).toBeNull();
    expect(state).toMatchObject({ status: 'success', data: null, error: null });
    expect(queryFn).toHaveBeenCalledTimes(1);
  });

  it('gives a list answered 404 its empty page', async () => {
    const list = (): Promise<{ items: string[]; total: number; page: number; limit: number; totalPages: number }> => Promise.reject(apiError(404));
    const { data } = await fetchWith(listLookup({ queryKey: ['list'], queryFn: list }, emptyPage('items', 2, 20)));
    expect(data).toEqual({ items: [], total: 0, page: 2, limit: 20, totalPages: 0 });
  });

  it('keeps the answer, and any other failure', async () => {
    expect((await fetchWith(itemLookup({ queryKey: ['item', 2], queryFn: () => Promise.resolve({ id: 2 }) }))).data).toEqual({ id: 2 });
    expect((await fetchWith(itemLookup({ queryKey: ['item', 3], queryFn: () => Promise.reject(apiError(500)) }))).data).toMatchObject({ failed: { status: 500 } });
  });

  it('reads the status of a tRPC error whose request got no answer from the transport’s error it wraps', () => {
    const network = new ApiError({ status: 0, code: 'NETWORK_ERROR', body: undefined, message: 'An error occurred' });
    expect(httpStatusOf(Object.assign(new Error('fetch failed'), { cause: network }))).toBe(0);
    expect(httpStatusOf({ data: { httpStatus: 503 } })).toBe(503);
    expect(httpStatusOf(new Error('x'))).toBeUndefined();
  });
});

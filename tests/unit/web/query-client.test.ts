import { QueryObserver } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../web/src/lib/http';
import {
  createQueryClient,
  emptyPage,
  isNotFound,
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

/**
 * What the reading and progress component tests share: the app's providers with the real tRPC
 * client, over a scripted server (the sign-in routes of auth-fixtures, and tRPC procedures
 * answering from handlers, batched or not, as @trpc/server would).
 */
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { vi } from 'vitest';
import { createQueryClient } from '../../../web/src/lib/query-client';
import { createThemeStore } from '../../../web/src/lib/theme';
import { AppProviders, fakeAuthServer } from './auth-fixtures';
import { fakeColorScheme } from './fake-media';

export class ProcedureError extends Error {
  constructor(
    readonly code: 'NOT_FOUND' | 'UNAUTHORIZED' | 'INTERNAL_SERVER_ERROR',
    readonly httpStatus: number,
  ) {
    super(code);
  }
}

type Procedure = (input: unknown) => unknown;

export interface ProcedureCall {
  path: string;
  input: unknown;
  type: 'query' | 'mutation';
}

/** The sign-in routes plus tRPC procedures at /trpc/<path>; an unknown procedure is 404. */
export function fakeTrpcServer() {
  const auth = fakeAuthServer();
  const restFetch = globalThis.fetch;
  const procedures = new Map<string, Procedure>();
  const calls: ProcedureCall[] = [];

  const fetchMock = vi.fn(async (input: string, init: RequestInit = {}) => {
    const url = new URL(input, 'http://localhost:3000');
    if (!url.pathname.startsWith('/trpc/')) return restFetch(input, init);
    const paths = decodeURIComponent(url.pathname.slice('/trpc/'.length)).split(',');
    const mutation = (init.method ?? 'GET').toUpperCase() === 'POST';
    const inputs = (mutation ? JSON.parse(String(init.body ?? '{}')) : JSON.parse(url.searchParams.get('input') ?? '{}')) as Record<string, unknown>;
    let status = 200;
    const results = paths.map((path, i) => {
      calls.push({ path, input: inputs[i], type: mutation ? 'mutation' : 'query' });
      const procedure = procedures.get(path);
      try {
        if (!procedure) throw new ProcedureError('NOT_FOUND', 404);
        return { result: { data: procedure(inputs[i]) } };
      } catch (error) {
        const e = error instanceof ProcedureError ? error : new ProcedureError('INTERNAL_SERVER_ERROR', 500);
        if (paths.length === 1) status = e.httpStatus;
        else status = 207;
        return { error: { message: e.code, code: -32000, data: { code: e.code, httpStatus: e.httpStatus } } };
      }
    });
    return new Response(JSON.stringify(results), { status, headers: { 'Content-Type': 'application/json' } });
  });
  vi.stubGlobal('fetch', fetchMock);

  return {
    auth,
    calls,
    callsTo: (path: string) => calls.filter((c) => c.path === path),
    procedure(path: string, handler: Procedure) {
      procedures.set(path, handler);
    },
  };
}

export type FakeTrpcServer = ReturnType<typeof fakeTrpcServer>;

/** Renders `routes` at `path` inside the app's providers with the tRPC client. */
export function renderWithTrpc({ path, routes }: { path: string; routes: RouteObject[] }) {
  const queryClient = createQueryClient();
  const router = createMemoryRouter([...routes, { path: '*', element: <p>Elsewhere</p> }], { initialEntries: [path] });
  const themeStore = createThemeStore({ storage: localStorage, matchMedia: fakeColorScheme(false).matchMedia, root: document.documentElement, events: window });
  const result = render(
    <AppProviders queryClient={queryClient} themeStore={themeStore}>
        <RouterProvider router={router} />
      </AppProviders>,
  );
  return { ...result, router, queryClient };
}

/** A progress entry as GET /api/progress lists it. */
export function anEntry(overrides: { contentId: string; type: string; slug: string; title: string; percentage?: number; metadata?: Record<string, unknown>; status?: string; isFavorited?: boolean; isBookmarked?: boolean }) {
  const { contentId, type, slug, title, percentage = 40, metadata = {}, status = 'IN_PROGRESS', isFavorited = false, isBookmarked = false } = overrides;
  return {
    contentId,
    status,
    percentage,
    position: 3,
    duration: null,
    totalTimeSpent: 60,
    sessionCount: 1,
    rating: null,
    isFavorited,
    isBookmarked,
    wasDismissed: false,
    discoverySource: null,
    metadata,
    startedAt: '2026-03-01T10:00:00.000Z',
    completedAt: null,
    lastAccessedAt: '2026-03-01T11:00:00.000Z',
    updatedAt: '2026-03-01T11:00:00.000Z',
    content: { id: contentId, type, slug, title, subtitle: null, description: null, coverImage: null, status: 'PUBLISHED', published: true, accessType: 'OPEN' },
  };
}

export const listOf = (progress: unknown[]) => ({ progress, total: progress.length, page: 1, limit: 6, totalPages: progress.length ? 1 : 0 });

/**
 * What the library component tests share: catalogue fixtures, a scripted stand-in for the tRPC
 * procedures (answering the real tRPC client's batched GETs through the stubbed `fetch` of
 * auth-fixtures, so the client, its link, the transport and the query layer all run), and the app's
 * providers with the tRPC context around a memory router.
 */
import { act, render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { createMemoryRouter, Outlet, RouterProvider, useLocation, type RouteObject } from 'react-router';
import { vi } from 'vitest';
import type { ContentType } from '../../../domain/content/constants';
import type { ContentRecord, ContentSummary } from '../../../web/src/lib/content/queries';
import { createQueryClient } from '../../../web/src/lib/query-client';
import { createThemeStore } from '../../../web/src/lib/theme';
import { AppProviders, fakeAuthServer, useFakeClock, type FakeAuthServer } from './auth-fixtures';
import { fakeColorScheme } from './fake-media';

export const elapse = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

/** Lets the batched tRPC requests go out, answer and render (a few turns of the fake clock). */
export async function settle() {
  for (let i = 0; i < 6; i++) await elapse(5);
}

let ids = 0;
const nextId = () => `00000000-0000-4000-8000-${String(++ids).padStart(12, '0')}`;

export function aRecord(overrides: Partial<ContentRecord> = {}): ContentRecord {
  const title = overrides.title ?? 'Atlas Shrugged';
  return {
    id: nextId(),
    type: 'BOOK',
    title,
    subtitle: null,
    slug: title.toLowerCase().replace(/[^a-z0-9]+/g, '-'),
    description: null,
    status: 'PUBLISHED',
    published: true,
    featured: false,
    publishedAt: '2026-01-01T00:00:00.000Z',
    tags: [],
    coverImage: null,
    metaTitle: null,
    metaDescription: null,
    accessType: 'OPEN',
    difficulty: null,
    author: null,
    contributors: [],
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}

export function aSummary(type: ContentType, title: string, orderIndex: number, overrides: Partial<ContentSummary> = {}): ContentSummary {
  return { id: nextId(), type, slug: title.toLowerCase().replace(/[^a-z0-9]+/g, '-'), title, subtitle: null, description: null, coverImage: null, status: 'PUBLISHED', published: true, accessType: 'OPEN', orderIndex, ...overrides };
}

/** A media asset as the media reads answer it (spec 002 §3 Media asset), open to the caller. */
export function aMediaAsset(overrides: Record<string, unknown> = {}) {
  return {
    id: nextId(),
    type: 'VIDEO',
    contentId: null,
    url: 'https://cdn.example.test/video/talk.mp4',
    altText: null,
    caption: null,
    credit: null,
    width: null,
    height: null,
    fileSize: null,
    mimeType: null,
    duration: null,
    thumbnailUrl: null,
    videoStreamId: null,
    audioStreamId: null,
    isStreamable: true,
    isDownloadable: false,
    downloadOptions: null,
    transcript: null,
    subtitles: null,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    locked: false,
    ...overrides,
  };
}

/** A page of a list envelope. */
export const pageOf = <T,>(items: T[], { page = 1, limit = 12, total = items.length } = {}) => ({ items, total, page, limit, totalPages: Math.ceil(total / limit) });

export interface TrpcCall {
  path: string;
  input: Record<string, unknown> | undefined;
}

export class TrpcFailure {
  constructor(
    readonly httpStatus: number,
    readonly code: string,
    readonly message: string,
  ) {}
}

export const notFound = (message = 'Not found') => new TrpcFailure(404, 'NOT_FOUND', message);
export const serverError = () => new TrpcFailure(500, 'INTERNAL_SERVER_ERROR', 'An error occurred');

type Procedure = (input: Record<string, unknown> | undefined) => unknown;

const TRPC_CODES: Record<string, number> = { NOT_FOUND: -32004, INTERNAL_SERVER_ERROR: -32603, UNAUTHORIZED: -32001, BAD_REQUEST: -32600 };

/**
 * The sign-in routes (auth-fixtures) and the tRPC procedures, each answering from its handler (a
 * value, a function of the input, or a TrpcFailure). A procedure without a handler is a 404.
 */
export function fakeLibraryServer(procedures: Record<string, unknown> = {}) {
  const auth = fakeAuthServer();
  const restFetch = globalThis.fetch;
  const handlers = new Map<string, Procedure>();
  const calls: TrpcCall[] = [];
  const on = (path: string, reply: unknown) => handlers.set(path, typeof reply === 'function' ? (reply as Procedure) : () => reply);
  on('library.facets', { types: [], tags: [], letters: [] });
  on('entitlements.content', { hasAccess: true });
  on('library.list', pageOf([]));
  for (const [path, reply] of Object.entries(procedures)) on(path, reply);

  const trpcFetch = vi.fn(async (input: string, init: RequestInit = {}) => {
    const url = new URL(input, 'http://localhost:3000');
    if (!url.pathname.startsWith('/trpc/')) return restFetch(input, init);
    const paths = decodeURIComponent(url.pathname.slice('/trpc/'.length)).split(',');
    const inputs = JSON.parse(url.searchParams.get('input') ?? '{}') as Record<string, Record<string, unknown> | undefined>;
    let status = 200;
    const answers = paths.map((path, i) => {
      const callInput = inputs[String(i)];
      calls.push({ path, input: callInput });
      const handler = handlers.get(path);
      const result = handler ? handler(callInput) : notFound(`No procedure ${path}`);
      if (result instanceof TrpcFailure) {
        status = paths.length === 1 ? result.httpStatus : 207;
        return { error: { message: result.message, code: TRPC_CODES[result.code] ?? -32603, data: { code: result.code, httpStatus: result.httpStatus, path, appCode: result.code, errors: [], details: null } } };
      }
      return { result: { data: result } };
    });
    return new Response(JSON.stringify(answers), { status, headers: { 'Content-Type': 'application/json' } });
  });
  vi.stubGlobal('fetch', trpcFetch);

  return {
    auth,
    on,
    calls,
    callsTo: (path: string) => calls.filter((c) => c.path === path),
    lastInput: (path: string) => calls.filter((c) => c.path === path).at(-1)?.input,
  };
}

export type FakeLibraryServer = ReturnType<typeof fakeLibraryServer>;

/** Exposes the router's location to the test. */
export const where: { path: string } = { path: '' };

function Where() {
  const location = useLocation();
  where.path = `${location.pathname}${location.search}`;
  return null;
}

function Providers({ children, queryClient }: { children: ReactNode; queryClient: ReturnType<typeof createQueryClient> }) {
  const themeStore = createThemeStore({ storage: localStorage, matchMedia: fakeColorScheme(false).matchMedia, root: document.documentElement, events: window });
  return (
    <AppProviders queryClient={queryClient} themeStore={themeStore}>
        {children}
      </AppProviders>
  );
}

/**
 * Renders `routes` at `path` over the scripted server (fake clock; the page settled), with a page for
 * any other path so links can be followed.
 */
export async function renderLibrary(path: string, routes: RouteObject[], prepare?: (server: FakeLibraryServer, auth: FakeAuthServer) => void, procedures: Record<string, unknown> = {}) {
  useFakeClock();
  vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
  const server = fakeLibraryServer(procedures);
  prepare?.(server, server.auth);
  const queryClient = createQueryClient();
  const router = createMemoryRouter(
    [
      {
        element: (
          <>
            <Where />
            <Outlet />
          </>
        ),
        children: [...routes, { path: '*', element: <p>Elsewhere</p> }],
      },
    ],
    { initialEntries: [path] },
  );
  const view = render(
    <Providers queryClient={queryClient}>
      <RouterProvider router={router} />
    </Providers>,
  );
  await settle();
  const user = userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) });
  return { ...view, server, router, user, queryClient };
}

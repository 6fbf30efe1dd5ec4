/**
 * What the admin component tests share: the sign-in stand-in of auth-fixtures (a stubbed `fetch`)
 * taught the tRPC procedures the admin pages call (one request per call, `httpLink`, so each is a
 * route of its own), and the app's providers around a memory router, the tRPC provider included.
 */
import { createTRPCClient, httpLink } from '@trpc/client';
import { createTRPCOptionsProxy } from '@trpc/tanstack-react-query';
import { configure, render } from '@testing-library/react';
import { createMemoryRouter, Outlet, RouterProvider, useLocation, type RouteObject } from 'react-router';
import type { AuthUser } from '../../../domain/auth/schemas';
import { adminRoutes } from '../../../web/src/features/admin/admin-routes';
import { createQueryClient } from '../../../web/src/lib/query-client';
import { createThemeStore } from '../../../web/src/lib/theme';
import { type AppRouter } from '../../../web/src/lib/trpc';
import { AppProviders, aUser, fakeAuthServer, type RecordedCall, type Reply } from './auth-fixtures';
import { fakeColorScheme } from './fake-media';

// The content forms are large: role queries over them take a while in jsdom.
configure({ asyncUtilTimeout: 5_000 });

export const anEditor = (overrides: Partial<AuthUser> = {}) => aUser({ roles: ['MEMBER', 'CONTENT_EDITOR'], ...overrides });

/** A tRPC answer (no transformer): `{ result: { data } }`. */
export const trpcOk = (data: unknown): Reply => ({ body: { result: { data } } });

/** A tRPC refusal as the server's error formatter writes it (message, appCode, field errors). */
export function trpcError(httpStatus: number, code: string, appCode: string, message: string, errors: Array<{ path: string; message: string }> = []): Reply {
  return { status: httpStatus, body: { error: { message, code: -32600, data: { code, httpStatus, appCode, errors, details: null } } } };
}

/** The input of a recorded tRPC call: the query's `input` parameter, or the mutation's body. */
export function trpcInput(call: RecordedCall): Record<string, unknown> {
  if (call.method === 'GET') return JSON.parse(call.query.get('input') ?? '{}') as Record<string, unknown>;
  return call.body as Record<string, unknown>;
}

const emptyPage = { total: 0, page: 1, limit: 20, totalPages: 0 };
export const TYPE_ROUTERS = ['books', 'chapters', 'essays', 'excerpts', 'lexiconTerms', 'courses', 'lessons', 'playlists', 'lectures', 'interviews', 'clips', 'artifacts', 'discussions', 'tracks'] as const;

/** The sign-in routes plus empty answers for every list the admin pages read. */
export function fakeAdminServer(user: AuthUser | null = anEditor()) {
  const server = fakeAuthServer();
  if (user) server.signedIn(user);
  for (const router of TYPE_ROUTERS) server.on(`GET /trpc/${router}.listPage`, trpcOk(router === 'books' ? { books: [], ...emptyPage } : { items: [], ...emptyPage }));
  server.on('GET /trpc/library.list', trpcOk({ items: [], ...emptyPage }));
  server.on('GET /trpc/creators.list', trpcOk({ creators: [], ...emptyPage }));
  server.on('GET /trpc/creators.listPage', trpcOk({ creators: [], ...emptyPage }));
  return server;
}

export function createTestTrpc() {
  const queryClient = createQueryClient();
  // Through the global fetch, which the fake server stubs.
  const trpcClient = createTRPCClient<AppRouter>({ links: [httpLink({ url: '/trpc', fetch: (url, init) => fetch(url, init) })] });
  const trpc = createTRPCOptionsProxy<AppRouter>({ client: trpcClient, queryClient });
  return { queryClient, trpcClient, trpc };
}

/** Loads the lazy admin pages once, so a test's first render does not wait for the module graph. */
export async function preloadAdminPages() {
  await Promise.all([
    import('../../../web/src/features/admin/AdminLayout'),
    import('../../../web/src/features/admin/ContentListPage'),
    import('../../../web/src/features/admin/ContentEditorPage'),
    import('../../../web/src/features/admin/CreatorListPage'),
    import('../../../web/src/features/admin/CreatorEditorPage'),
    import('../../../web/src/features/admin/MediaListPage'),
    import('../../../web/src/features/admin/MediaEditorPage'),
  ]);
}

export const where: { path: string } = { path: '' };

function Where() {
  const location = useLocation();
  where.path = `${location.pathname}${location.search}`;
  return null;
}

/** Renders the app's admin routes (or `routes`) at `path` inside the providers the app gives them. */
export function renderAdmin(path: string, routes: RouteObject[] = [adminRoutes], setup = createTestTrpc()) {
  const { queryClient, trpcClient } = setup;
  const themeStore = createThemeStore({ storage: localStorage, matchMedia: fakeColorScheme(false).matchMedia, root: document.documentElement, events: window });
  const router = createMemoryRouter(
    [
      {
        element: (
          <>
            <Where />
            <Outlet />
          </>
        ),
        children: [...routes, { path: 'login', element: <h1>Sign in</h1> }, { path: '*', element: <p>Elsewhere</p> }],
      },
    ],
    { initialEntries: [path] },
  );
  const result = render(
    <AppProviders queryClient={queryClient} themeStore={themeStore} trpcClient={trpcClient}>
        <RouterProvider router={router} />
      </AppProviders>,
  );
  return { ...result, router, ...setup };
}

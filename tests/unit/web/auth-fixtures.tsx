/**
 * What the sign-in component tests share: a member, a scripted stand-in for the sign-in REST routes
 * (answering through a stubbed `fetch`, so the real helper, its retries and the response checks all
 * run), and the providers the screens live in, around a memory router.
 */
import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, Outlet, RouterProvider, useLocation, type RouteObject } from 'react-router';
import { vi } from 'vitest';
import type { AuthUser } from '../../../domain/auth/schemas';
import type { AppConfig } from '../../../domain/shared/app-config';
import { ThemeProvider } from '../../../web/src/lib/theme-context';
import { AuthProvider, useAuth, type AuthContextValue } from '../../../web/src/lib/auth/AuthProvider';
import { AppConfigProvider } from '../../../web/src/lib/app-config';
import { configureApiGatewayUrl } from '../../../web/src/lib/http';
import { createQueryClient } from '../../../web/src/lib/query-client';
import { createThemeStore, type ThemeStore } from '../../../web/src/lib/theme';
import { createTrpcClient, TRPCProvider } from '../../../web/src/lib/trpc';
import { ToastProvider } from '../../../web/src/ui/Toast';
import { fakeColorScheme } from './fake-media';

/**
 * Fake timers that Testing Library also drives: its async wrapper (used by user-event) and waitFor
 * advance the clock only when they see Jest's timer API, so that API is lent to them here.
 */
export function useFakeClock(now = new Date('2026-03-01T12:00:00Z')) {
  vi.useFakeTimers();
  vi.setSystemTime(now);
  vi.stubGlobal('jest', { advanceTimersByTime: (ms: number) => vi.advanceTimersByTime(ms) });
}

export const SUPPORT_EMAIL = 'help@objectivism.test';

export const appConfig: AppConfig = {
  bootstrap: { apiGatewayUrl: '', basePath: '' },
  dynamic: {
    corsOrigin: ['http://localhost:3000'],
    featureFlags: { newAdminUI: false, aiSearchEnabled: false },
    publicKeys: { placesBrowserKey: null, crmPortalId: null, stripePublishableKey: null },
    analytics: { analyticsId: null, crmPortalId: null },
    aiConfig: { model: null, maxQueryLength: 500, maxResults: 10 },
    socialProviders: [],
    supportEmail: SUPPORT_EMAIL,
    environment: 'test',
  },
};

export function aUser(overrides: Partial<AuthUser> = {}): AuthUser {
  return {
    id: 'u-1',
    email: 'hank.rearden@example.org',
    emailVerified: true,
    hasPassword: false,
    hasPasskey: false,
    hasSocialLogin: false,
    preferredAuthMethod: null,
    firstName: 'Hank',
    lastName: 'Rearden',
    phoneNumber: null,
    country: null,
    language: 'en',
    birthYear: null,
    marketingOptIn: false,
    weeklyDigestOptIn: false,
    preferences: { theme: 'system', emailNotifications: true, pushNotifications: false },
    roles: ['MEMBER', 'TEACHER'],
    isActive: true,
    needsProfileCompletion: false,
    hubspotContactId: null,
    lastLoginAt: null,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}

export interface Reply {
  status?: number;
  body: unknown;
}

export interface RecordedCall {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
  headers: Headers;
}

type Handler = (call: RecordedCall) => Reply | Promise<Reply> | Error;

const key = (method: string, path: string) => `${method} ${path}`;

/**
 * The sign-in routes, each answering from its handler (a fixed reply or a function of the call).
 * Unset routes answer like a server with nobody signed in.
 */
export function fakeAuthServer(initial: Record<string, Reply | Handler> = {}) {
  const handlers = new Map<string, Handler>();
  const calls: RecordedCall[] = [];
  const on = (route: string, reply: Reply | Handler) => handlers.set(route, typeof reply === 'function' ? reply : () => reply);
  on('GET /api/auth/auth-status', { body: { success: true, authenticated: false, user: null } });
  on('POST /api/auth/refresh', { status: 401, body: { success: false, code: 'REFRESH_FAILED', message: 'Not authenticated', errors: [] } });
  on('POST /api/auth/logout', { body: { success: true } });
  on('POST /api/auth/magic-link', { body: { success: true, message: 'If that address can receive mail, a sign-in link is on its way.' } });
  on('GET /api/auth/rate-limit', { body: { success: true, action: 'magic-link', remaining: 4, resetsAt: new Date(Date.now() + 900_000).toISOString() } });
  for (const [route, reply] of Object.entries(initial)) on(route, reply);

  const fetchMock = vi.fn(async (input: string, init: RequestInit = {}) => {
    const url = new URL(input, 'http://localhost:3000');
    const method = (init.method ?? 'GET').toUpperCase();
    const text = typeof init.body === 'string' ? init.body : undefined;
    const call: RecordedCall = { method, path: url.pathname, query: url.searchParams, body: text ? JSON.parse(text) : undefined, headers: new Headers(init.headers) };
    calls.push(call);
    const handler = handlers.get(key(method, url.pathname));
    if (!handler) return new Response(JSON.stringify({ success: false, code: 'NOT_FOUND', message: 'No route' }), { status: 404 });
    const reply = await handler(call);
    if (reply instanceof Error) throw reply;
    return new Response(JSON.stringify(reply.body), { status: reply.status ?? 200, headers: { 'Content-Type': 'application/json' } });
  });
  vi.stubGlobal('fetch', fetchMock);
  configureApiGatewayUrl('');

  return {
    on,
    calls,
    callsTo: (route: string) => calls.filter((call) => key(call.method, call.path) === route),
    signedIn(user: AuthUser = aUser()) {
      on('GET /api/auth/auth-status', { body: { success: true, authenticated: true, user } });
      on('GET /api/auth/me', { body: { success: true, user } });
      on('POST /api/auth/refresh', { body: { success: true, user } });
    },
  };
}

export type FakeAuthServer = ReturnType<typeof fakeAuthServer>;

export const failure = (status: number, code: string, message: string, extra: Record<string, unknown> = {}): Reply => ({
  status,
  body: { success: false, code, message, errors: [], ...extra },
});

/** Exposes the auth context and the router's location to the test. */
export const probe: { auth: AuthContextValue | null; path: string } = { auth: null, path: '' };

function Probe() {
  probe.auth = useAuth();
  const location = useLocation();
  probe.path = `${location.pathname}${location.search}`;
  return null;
}

export interface RenderOptions {
  path: string;
  routes: RouteObject[];
  themeStore?: ThemeStore;
  /** Adds a page for any other path (off when the routes bring their own). */
  catchAll?: boolean;
  /** The runtime configuration (default `appConfig`). */
  config?: AppConfig;
}

/** Renders `routes` at `path` inside the app's providers (config cached, theme, toasts, auth). */
export function renderWithAuth({ path, routes, themeStore, catchAll = true, config = appConfig }: RenderOptions) {
  const queryClient = createQueryClient();
  const store = themeStore ?? createThemeStore({ storage: localStorage, matchMedia: fakeColorScheme(false).matchMedia, root: document.documentElement, events: window });
  const router = createMemoryRouter(
    [
      {
        element: <ProbeLayout />,
        children: catchAll ? [...routes, { path: '*', element: <p>Elsewhere</p> }] : routes,
      },
    ],
    { initialEntries: [path] },
  );
  const result = render(
    <AppProviders queryClient={queryClient} themeStore={store} config={config}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...result, router, themeStore: store };
}

function ProbeLayout() {
  return (
    <>
      <Probe />
      <Outlet />
    </>
  );
}

/** The app's providers as the shell stacks them, for a test render: configuration, queries, tRPC, theme, toasts and the session. */
export function AppProviders({
  children,
  queryClient,
  themeStore,
  config = appConfig,
  trpcClient = createTrpcClient(),
}: {
  children: ReactNode;
  queryClient: ReturnType<typeof createQueryClient>;
  themeStore: ThemeStore;
  config?: AppConfig;
  trpcClient?: ReturnType<typeof createTrpcClient>;
}) {
  return (
    <AppConfigProvider config={config}>
      <QueryClientProvider client={queryClient}>
        <TRPCProvider trpcClient={trpcClient} queryClient={queryClient}>
          <ThemeProvider store={themeStore}>
            <ToastProvider>
              <AuthProvider>{children}</AuthProvider>
            </ToastProvider>
          </ThemeProvider>
        </TRPCProvider>
      </QueryClientProvider>
    </AppConfigProvider>
  );
}

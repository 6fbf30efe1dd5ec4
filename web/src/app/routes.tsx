import { trimTrailing } from '../../../domain/shared/strings';
import { isValidElement, lazy } from 'react';
import { createBrowserRouter, matchRoutes, Navigate, type RouteObject } from 'react-router';
import { adminRoutes } from '../features/admin/admin-routes';
import { RequireAuth } from '../lib/auth/RequireAuth';
import { libraryRoutes } from '../features/library/library-routes';
import { mediaRoutes } from '../features/media/media-routes';
import { progressRoutes } from '../features/progress/progress-routes';
import { readerRoutes } from '../features/reader/reader-routes';
import { Layout } from './Layout';
import { lazyPage, preloadPage } from './lazy-page';

export { preloadAllPages } from './lazy-page';
import { RouteErrorPage } from './RouteErrorPage';
import { RouteLoading } from './RouteLoading';

/*
 * Every page is lazy: its code (and the libraries only it uses: the phone-number library,
 * date-fns, react-hook-form, the RPC client) is downloaded when it is first opened, so /login and
 * /auth/callback carry only the shell (docs/architecture.md, "The client"). The layout shows at
 * once, with a spinner where the page will be (Layout's Suspense); a page whose code cannot be
 * downloaded is RouteErrorPage's to explain, with a reload.
 */
const HomePage = lazyPage(() => import('../features/home/HomePage'), 'HomePage');
const TermsPage = lazyPage(() => import('../features/legal/TermsPage'), 'TermsPage');
const PrivacyPage = lazyPage(() => import('../features/legal/PrivacyPage'), 'PrivacyPage');
const LoginPage = lazyPage(() => import('../features/auth/LoginPage'), 'LoginPage');
const RegisterPage = lazyPage(() => import('../features/auth/RegisterPage'), 'RegisterPage');
const AuthCallbackPage = lazyPage(() => import('../features/auth/AuthCallbackPage'), 'AuthCallbackPage');
const LeadPage = lazyPage(() => import('../features/lead/LeadPage'), 'LeadPage');
const DashboardPage = lazyPage(() => import('../features/dashboard/DashboardPage'), 'DashboardPage');
const OnboardingPage = lazyPage(() => import('../features/onboarding/OnboardingPage'), 'OnboardingPage');
const SecurityPage = lazyPage(() => import('../features/account/SecurityPage'), 'SecurityPage');
const SecurityActivityPage = lazyPage(() => import('../features/account/SecurityActivityPage'), 'SecurityActivityPage');
const NotFoundPage = lazyPage(() => import('../ui/NotFoundPage'), 'NotFoundPage');
/** The library's part of the home page: it loads after the page itself (HomePage's Suspense). */
const LibraryHome = lazy(() => import('../features/library/LibraryHome'));
/** The RPC layer (tRPC) and the query cache (TanStack Query) for the pages under it: a page there may call useTRPC() and useQuery(); one outside must not. */
const TrpcOutlet = lazyPage(() => import('./TrpcOutlet'), 'TrpcOutlet');

export const routes: RouteObject[] = [
  {
    element: <Layout />,
    errorElement: <RouteErrorPage />,
    // While the first page's code downloads, when its route is a router-lazy one (the features' lists).
    hydrateFallbackElement: <RouteLoading />,
    children: [
      { path: 'terms', element: <TermsPage /> },
      { path: 'privacy', element: <PrivacyPage /> },
      { path: 'login', element: <LoginPage /> },
      { path: 'register', element: <RegisterPage /> },
      { path: 'auth/callback', element: <AuthCallbackPage /> },
      { path: 'get-started', element: <LeadPage /> },
      {
        element: <TrpcOutlet />,
        children: [
          { index: true, element: <HomePage library={<LibraryHome />} /> },
          // Lazy: the admin pages are downloaded only by those who open them (features/admin).
          adminRoutes,
          // Lazy: the reader, the player and /my-library (features/reader, media, progress).
          ...readerRoutes,
          ...mediaRoutes,
          ...progressRoutes,
          // Lazy: the library's browser and item pages (features/library).
          ...libraryRoutes,
          {
            element: <RequireAuth />,
            children: [
              { path: 'dashboard', element: <DashboardPage /> },
              { path: 'onboarding', element: <OnboardingPage /> },
              // The profile has one page so far: its security settings.
              { path: 'profile', element: <Navigate to="/profile/security" replace /> },
              { path: 'profile/security', element: <SecurityPage /> },
              { path: 'profile/security/activity', element: <SecurityActivityPage /> },
            ],
          },
        ],
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

/** `basePath` from the runtime configuration: where the client lives under APP_URL ('' or '/' for the root). */
export function routerBasename(basePath: string): string {
  const trimmed = trimTrailing(basePath.trim(), '/');
  if (trimmed === '') return '/';
  return trimmed.startsWith('/') ? trimmed : `/${trimmed}`;
}

/**
 * Starts downloading the code of the page at `pathname` (the lazy pages and routes it matches), so
 * it arrives while the start-up still reads the configuration.
 */
export function preloadRoute(pathname: string, basePath = ''): void {
  for (const { route } of matchRoutes(routes, pathname, routerBasename(basePath)) ?? []) {
    if (typeof route.lazy === 'function') void route.lazy().catch(() => undefined);
    if (isValidElement(route.element)) preloadPage(route.element.type);
  }
}

export function createAppRouter(basePath: string) {
  return createBrowserRouter(routes, { basename: routerBasename(basePath) });
}

export type AppRouterInstance = ReturnType<typeof createAppRouter>;

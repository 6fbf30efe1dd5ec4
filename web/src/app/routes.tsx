import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { SecurityPage } from '../features/account/SecurityPage';
import { adminRoutes } from '../features/admin/admin-routes';
import { AuthCallbackPage } from '../features/auth/AuthCallbackPage';
import { LoginPage } from '../features/auth/LoginPage';
import { OnboardingPage } from '../features/onboarding/OnboardingPage';
import { RegisterPage } from '../features/auth/RegisterPage';
import { RequireAuth } from '../features/auth/RequireAuth';
import { DashboardPage } from '../features/dashboard/DashboardPage';
import { HomePage } from '../features/home/HomePage';
import { LeadPage } from '../features/lead/LeadPage';
import { libraryRoutes } from '../features/library/library-routes';
import { PrivacyPage } from '../features/legal/PrivacyPage';
import { TermsPage } from '../features/legal/TermsPage';
import { NotFoundPage } from '../features/not-found/NotFoundPage';
import { readingRoutes } from '../features/reader/reading-routes';
import { Layout } from './Layout';
import { RouteErrorPage } from './RouteErrorPage';

export const routes: RouteObject[] = [
  {
    element: <Layout />,
    errorElement: <RouteErrorPage />,
    children: [
      { index: true, element: <HomePage /> },
      { path: 'terms', element: <TermsPage /> },
      { path: 'privacy', element: <PrivacyPage /> },
      { path: 'login', element: <LoginPage /> },
      { path: 'register', element: <RegisterPage /> },
      { path: 'auth/callback', element: <AuthCallbackPage /> },
      { path: 'get-started', element: <LeadPage /> },
      // Lazy: the admin pages are downloaded only by those who open them (features/admin).
      adminRoutes,
      // Lazy: the reader, the player and /my-library (features/reader, media, progress).
      ...readingRoutes,
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
          // Lazy: the security timeline (features/account/SecurityActivityPage).
          { path: 'profile/security/activity', lazy: async () => ({ Component: (await import('../features/account/SecurityActivityPage')).SecurityActivityPage }) },
        ],
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

/** `basePath` from the runtime configuration: where the client lives under APP_URL ('' or '/' for the root). */
export function routerBasename(basePath: string): string {
  const trimmed = basePath.trim().replace(/\/+$/, '');
  if (trimmed === '') return '/';
  return trimmed.startsWith('/') ? trimmed : `/${trimmed}`;
}

export function createAppRouter(basePath: string) {
  return createBrowserRouter(routes, { basename: routerBasename(basePath) });
}

export type AppRouterInstance = ReturnType<typeof createAppRouter>;

import { createBrowserRouter, type RouteObject } from 'react-router';
import { HomePage } from '../features/home/HomePage';
import { PrivacyPage } from '../features/legal/PrivacyPage';
import { TermsPage } from '../features/legal/TermsPage';
import { NotFoundPage } from '../features/not-found/NotFoundPage';
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

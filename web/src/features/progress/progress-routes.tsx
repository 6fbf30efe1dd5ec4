/**
 * The member's saved items (/my-library), loaded on first visit (React Router `lazy`), for a
 * signed-in member only.
 */
import type { RouteObject } from 'react-router';
import { RequireAuth } from '../../lib/auth/RequireAuth';

export const progressRoutes: RouteObject[] = [
  {
    element: <RequireAuth />,
    children: [{ path: 'my-library', lazy: async () => ({ Component: (await import('./MyLibraryPage')).MyLibraryPage }) }],
  },
];

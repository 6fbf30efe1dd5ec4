/**
 * The admin pages as lazy routes: members who never open them never download them. The guard
 * (AdminLayout) is the parent of every page, so nothing renders before the permission check.
 */
import type { RouteObject } from 'react-router';

export const adminRoutes: RouteObject = {
  path: 'admin',
  lazy: async () => ({ Component: (await import('./AdminLayout')).AdminLayout }),
  children: [
    { index: true, lazy: async () => ({ Component: (await import('./AdminLayout')).AdminHome }) },
    { path: 'content', lazy: async () => ({ Component: (await import('./ContentListPage')).ContentListPage }) },
    { path: 'content/new/:type', lazy: async () => ({ Component: (await import('./ContentEditorPage')).NewContentPage }) },
    { path: 'content/:type/:id', lazy: async () => ({ Component: (await import('./ContentEditorPage')).EditContentPage }) },
    { path: 'creators', lazy: async () => ({ Component: (await import('./CreatorListPage')).CreatorListPage }) },
    { path: 'creators/new', lazy: async () => ({ Component: (await import('./CreatorEditorPage')).NewCreatorPage }) },
    { path: 'creators/:id', lazy: async () => ({ Component: (await import('./CreatorEditorPage')).EditCreatorPage }) },
    { path: 'media', lazy: async () => ({ Component: (await import('./MediaListPage')).MediaListPage }) },
    { path: 'media/new', lazy: async () => ({ Component: (await import('./MediaEditorPage')).NewMediaPage }) },
    { path: 'media/:id', lazy: async () => ({ Component: (await import('./MediaEditorPage')).EditMediaPage }) },
    { path: 'users', lazy: async () => ({ Component: (await import('./users/UserListPage')).UserListPage }) },
    { path: 'users/:id', lazy: async () => ({ Component: (await import('./users/UserDetailPage')).UserDetailPage }) },
  ],
};

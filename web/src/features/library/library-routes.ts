/**
 * The library's routes, each loaded on first visit (React Router `lazy`), so the first page's code
 * does not grow. `/library/books/:slug` and the other pages of their own rank above the generic
 * `/library/:type/:slug`.
 */
import type { RouteObject } from 'react-router';

export const libraryRoutes: RouteObject[] = [
  { path: 'library', lazy: async () => ({ Component: (await import('./LibraryPage')).LibraryPage }) },
  { path: 'library/books/:slug', lazy: async () => ({ Component: (await import('./BookPage')).BookPage }) },
  { path: 'library/courses/:slug', lazy: async () => ({ Component: (await import('./CoursePage')).CoursePage }) },
  { path: 'library/playlists/:slug', lazy: async () => ({ Component: (await import('./PlaylistPage')).PlaylistPage }) },
  { path: 'library/lexicon', lazy: async () => ({ Component: (await import('./LexiconPage')).LexiconPage }) },
  { path: 'library/lexicon/:slug', lazy: async () => ({ Component: (await import('./LexiconTermPage')).LexiconTermPage }) },
  { path: 'library/:type/:slug', lazy: async () => ({ Component: (await import('./ContentPage')).ContentPage }) },
  { path: 'creators/:slug', lazy: async () => ({ Component: (await import('./CreatorPage')).CreatorPage }) },
];

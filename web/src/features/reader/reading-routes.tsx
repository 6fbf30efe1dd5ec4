/**
 * The reader, the player and the member's saved items as lazy routes: their code is downloaded
 * only by those who open them. Reading and watching are open to visitors (OPEN content, nothing
 * saved); /my-library needs a signed-in member.
 */
import type { RouteObject } from 'react-router';
import { RequireAuth } from '../auth/RequireAuth';

export const readingRoutes: RouteObject[] = [
  { path: 'read/chapters/:slug', lazy: async () => ({ Component: (await import('./ReaderPage')).ChapterReaderPage }) },
  { path: 'read/essays/:slug', lazy: async () => ({ Component: (await import('./ReaderPage')).EssayReaderPage }) },
  { path: 'watch/:id', lazy: async () => ({ Component: (await import('../media/WatchPage')).WatchPage }) },
  {
    element: <RequireAuth />,
    children: [{ path: 'my-library', lazy: async () => ({ Component: (await import('../progress/MyLibraryPage')).MyLibraryPage }) }],
  },
];

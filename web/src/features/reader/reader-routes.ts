/**
 * The reader's routes, loaded on first visit (React Router `lazy`): their code is downloaded only by
 * those who open them. Reading is open to visitors (OPEN content, nothing saved).
 */
import type { RouteObject } from 'react-router';

export const readerRoutes: RouteObject[] = [
  { path: 'read/chapters/:slug', lazy: async () => ({ Component: (await import('./ReaderPage')).ChapterReaderPage }) },
  { path: 'read/essays/:slug', lazy: async () => ({ Component: (await import('./ReaderPage')).EssayReaderPage }) },
];

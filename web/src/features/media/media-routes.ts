/**
 * The player's route, loaded on first visit (React Router `lazy`): its code is downloaded only by
 * those who open it. Watching is open to visitors (OPEN content, nothing saved).
 */
import type { RouteObject } from 'react-router';

export const mediaRoutes: RouteObject[] = [{ path: 'watch/:id', lazy: async () => ({ Component: (await import('./WatchPage')).WatchPage }) }];

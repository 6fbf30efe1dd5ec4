import { createContext, useContext, useEffect, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import type { PageTracker } from '../lib/page-tracking';

const PageTrackerContext = createContext<PageTracker | null>(null);

export function PageTrackerProvider({ tracker, children }: { tracker: PageTracker; children: ReactNode }) {
  return <PageTrackerContext.Provider value={tracker}>{children}</PageTrackerContext.Provider>;
}

/** Reports every route change (path and query, never the hash) to the configured trackers. */
export function usePageViews() {
  const tracker = useContext(PageTrackerContext);
  const { pathname, search } = useLocation();
  useEffect(() => {
    tracker?.trackPageView(`${pathname}${search}`);
  }, [tracker, pathname, search]);
}

/**
 * Page-view reporting to the configured web-analytics (gtag) and CRM (HubSpot) trackers, about
 * 300 ms after a route change (spec 000 §1): a burst of changes (a redirect chain) reports once, for
 * where the reader landed. With neither id configured it loads nothing and reports nothing.
 * It is not product behaviour: nothing here may throw into the app.
 */
export const PAGE_VIEW_DELAY_MS = 300;

export interface TrackerIds {
  analyticsId: string | null;
  crmPortalId: string | null;
}

export interface PageTracker {
  /** Schedules a page view for `path`; a later call within the delay replaces it. */
  trackPageView(path: string): void;
  dispose(): void;
}

declare global {
  interface Window {
    dataLayer?: unknown[];
    gtag?: (...args: unknown[]) => void;
    _hsq?: unknown[];
  }
}

const GTAG_SRC = 'https://www.googletagmanager.com/gtag/js';
const HUBSPOT_SRC = 'https://js.hs-scripts.com';

function loadScript(doc: Document, id: string, src: string) {
  if (doc.getElementById(id)) return;
  const script = doc.createElement('script');
  script.id = id;
  script.async = true;
  script.src = src;
  doc.head.appendChild(script);
}

function startGtag(win: Window, analyticsId: string) {
  loadScript(win.document, 'gtag-loader', `${GTAG_SRC}?id=${encodeURIComponent(analyticsId)}`);
  win.dataLayer = win.dataLayer ?? [];
  if (!win.gtag) {
    // gtag.js reads `arguments` objects from the data layer, not arrays: this is its documented stub.
    win.gtag = function gtag() {
      win.dataLayer!.push(arguments);
    };
  }
  win.gtag('js', new Date());
  // Views are sent by route change below; the automatic one would count the first page twice.
  win.gtag('config', analyticsId, { send_page_view: false });
}

function startHubSpot(win: Window, portalId: string) {
  win._hsq = win._hsq ?? [];
  loadScript(win.document, 'hs-script-loader', `${HUBSPOT_SRC}/${encodeURIComponent(portalId)}.js`);
}

const noTracking: PageTracker = { trackPageView() {}, dispose() {} };

export function createPageTracker(ids: TrackerIds, win: Window = window, delayMs = PAGE_VIEW_DELAY_MS): PageTracker {
  const { analyticsId, crmPortalId } = ids;
  if (!analyticsId && !crmPortalId) return noTracking;

  let started = false;
  let hubSpotViews = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;

  function report(path: string) {
    try {
      if (!started) {
        started = true;
        if (analyticsId) startGtag(win, analyticsId);
        if (crmPortalId) startHubSpot(win, crmPortalId);
      }
      if (analyticsId) {
        win.gtag?.('event', 'page_view', { page_path: path, page_location: win.location.href, page_title: win.document.title });
      }
      if (crmPortalId) {
        win._hsq!.push(['setPath', path]);
        // The HubSpot script records the view of the page it loads on by itself (reading the path set
        // above); only the later, client-side views are pushed explicitly, so none counts twice.
        if (hubSpotViews > 0) win._hsq!.push(['trackPageView']);
        hubSpotViews += 1;
      }
    } catch {
      // A tracker failing must never break navigation.
    }
  }

  return {
    trackPageView(path) {
      clearTimeout(timer);
      timer = setTimeout(() => report(path), delayMs);
    },
    dispose() {
      clearTimeout(timer);
    },
  };
}

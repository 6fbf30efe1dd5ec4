import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createPageTracker, PAGE_VIEW_DELAY_MS } from '../../../web/src/lib/page-tracking';

function scripts() {
  return Array.from(document.head.querySelectorAll('script')).map((script) => script.src);
}

function gtagCalls() {
  return (window.dataLayer ?? []).map((entry) => Array.from(entry as ArrayLike<unknown>));
}

beforeEach(() => {
  vi.useFakeTimers();
  document.head.innerHTML = '';
  delete window.dataLayer;
  delete window.gtag;
  delete window._hsq;
});

describe('page tracking', () => {
  it('does nothing when no tracker is configured', async () => {
    const tracker = createPageTracker({ analyticsId: null, crmPortalId: null });
    tracker.trackPageView('/');
    tracker.trackPageView('/terms');
    await vi.advanceTimersByTimeAsync(5_000);
    expect(scripts()).toEqual([]);
    expect(window.dataLayer).toBeUndefined();
    expect(window.gtag).toBeUndefined();
    expect(window._hsq).toBeUndefined();
  });

  it('reports about 300 ms after a route change, once per burst, for where the reader landed', async () => {
    expect(PAGE_VIEW_DELAY_MS).toBe(300);
    const tracker = createPageTracker({ analyticsId: 'G-TEST123', crmPortalId: null });
    tracker.trackPageView('/login');
    await vi.advanceTimersByTimeAsync(200);
    tracker.trackPageView('/dashboard');
    await vi.advanceTimersByTimeAsync(299);
    expect(window.gtag).toBeUndefined();
    await vi.advanceTimersByTimeAsync(1);
    const views = gtagCalls().filter(([command]) => command === 'event');
    expect(views).toEqual([['event', 'page_view', expect.objectContaining({ page_path: '/dashboard' })]]);
  });

  it('loads gtag once, configured without its automatic page view', async () => {
    const tracker = createPageTracker({ analyticsId: 'G-TEST123', crmPortalId: null });
    tracker.trackPageView('/');
    await vi.advanceTimersByTimeAsync(300);
    tracker.trackPageView('/terms');
    await vi.advanceTimersByTimeAsync(300);
    expect(scripts()).toEqual(['https://www.googletagmanager.com/gtag/js?id=G-TEST123']);
    expect(gtagCalls()).toContainEqual(['config', 'G-TEST123', { send_page_view: false }]);
    const paths = gtagCalls()
      .filter(([command]) => command === 'event')
      .map(([, , params]) => (params as { page_path: string }).page_path);
    expect(paths).toEqual(['/', '/terms']);
  });

  it('loads the HubSpot script and pushes setPath and trackPageView for each later route', async () => {
    const tracker = createPageTracker({ analyticsId: null, crmPortalId: '12345' });
    tracker.trackPageView('/');
    await vi.advanceTimersByTimeAsync(300);
    expect(scripts()).toEqual(['https://js.hs-scripts.com/12345.js']);
    // The script counts the page it loads on itself, from the path set before it runs.
    expect(window._hsq).toEqual([['setPath', '/']]);
    tracker.trackPageView('/privacy?from=footer');
    await vi.advanceTimersByTimeAsync(300);
    expect(window._hsq).toEqual([['setPath', '/'], ['setPath', '/privacy?from=footer'], ['trackPageView']]);
    expect(window.gtag).toBeUndefined();
  });

  it('reports to both trackers when both are configured', async () => {
    const tracker = createPageTracker({ analyticsId: 'G-1', crmPortalId: '9' });
    tracker.trackPageView('/');
    await vi.advanceTimersByTimeAsync(300);
    expect(scripts()).toHaveLength(2);
    expect(window._hsq).toEqual([['setPath', '/']]);
    expect(gtagCalls().some(([command]) => command === 'event')).toBe(true);
  });

  it('reports nothing pending once disposed', async () => {
    const tracker = createPageTracker({ analyticsId: 'G-1', crmPortalId: null });
    tracker.trackPageView('/');
    tracker.dispose();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(window.gtag).toBeUndefined();
  });
});

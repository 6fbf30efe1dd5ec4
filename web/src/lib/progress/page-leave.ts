/**
 * The page being left and coming back, as both progress savers (reading, watching) see it: hidden
 * or unloaded means save now, by a request that outlives the page (leave-requests.ts); shown again
 * means the visit goes on. `unloading()` says whether the page may be going away right now.
 */
export interface PageLeave {
  unloading(): boolean;
  stop(): void;
}

export function watchPageLeave(on: { leave: () => void; back: () => void }): PageLeave {
  let unloading = false;
  const onVisibility = () => {
    unloading = document.visibilityState === 'hidden';
    if (unloading) on.leave();
    else on.back();
  };
  const onPageHide = () => {
    unloading = true;
    on.leave();
  };
  document.addEventListener('visibilitychange', onVisibility);
  window.addEventListener('pagehide', onPageHide);
  return {
    unloading: () => unloading,
    stop: () => {
      document.removeEventListener('visibilitychange', onVisibility);
      window.removeEventListener('pagehide', onPageHide);
    },
  };
}

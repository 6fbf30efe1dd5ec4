/**
 * Leaving the app for a server route (a provider's sign-in, say) is a full navigation. It goes
 * through this object so jsdom tests, which cannot navigate, can see where the page would go.
 */
export const pageNavigation = {
  leaveTo(href: string): void {
    window.location.assign(href);
  },
};

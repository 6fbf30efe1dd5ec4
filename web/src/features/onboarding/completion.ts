import { safeRedirect } from '../../lib/auth/redirect';
import { ONBOARDING_PATH } from '../../lib/auth/after-sign-in';

/**
 * Where onboarding ends (spec 000 §4): the redirect remembered at sign-in, else the default. Only a
 * safe path on this site is followed, and never onboarding itself, which would start it over.
 */
export function completionDestination(remembered: string | null | undefined, defaultRedirect: string, origin: string): string {
  const fallback = safeRedirect(defaultRedirect, origin);
  if (!remembered) return fallback;
  const path = safeRedirect(remembered, origin);
  if (path === '/' && remembered.trim() !== '/') return fallback;
  return isOnboarding(path) ? fallback : path;
}

function isOnboarding(path: string): boolean {
  return path === ONBOARDING_PATH || path.startsWith(`${ONBOARDING_PATH}/`) || path.startsWith(`${ONBOARDING_PATH}?`) || path.startsWith(`${ONBOARDING_PATH}#`);
}
